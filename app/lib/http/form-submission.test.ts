import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  errorList,
  formPayload,
  formReplyOf,
  parseForm,
  replyTo,
  resultValues,
  secretFieldNames,
} from './form-submission.ts';
import { parseFields, replyDone, replyInvalid, seeOther } from './form-submission.server.ts';

const schema = z
  .object({
    email: z.string().trim().min(1, 'Enter your email').max(10, 'Too long'),
    password: z.string().min(5, 'Password must be at least 5 characters long'),
    password_confirmation: z.string(),
  })
  .refine((value) => value.password === value.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The passwords do not match',
  });

type DataResult = {
  data: { formResult: ReturnType<typeof replyTo> | null; isDone?: boolean };
  init: ResponseInit | null;
};

describe('form submissions (Conform with the shared schema)', () => {
  it('keeps the spec messages: no automatic coercion turns an empty answer into a type error', () => {
    const submission = parseForm(new URLSearchParams({ email: '', password: '', password_confirmation: '' }), schema);
    expect(submission.status).toBe('error');
    expect(errorList(replyTo(submission).error)).toEqual([
      { field: 'email', message: 'Enter your email' },
      { field: 'password', message: 'Password must be at least 5 characters long' },
    ]);
  });

  it('reports one message per field, the first the schema gives', () => {
    const submission = parseForm(new URLSearchParams({ email: '    ', password: 'abc' }), schema);
    const fields = errorList(replyTo(submission).error).map((error) => error.field);
    expect(new Set(fields).size).toBe(fields.length);
  });

  it('answers the valid value as the schema made it', () => {
    const submission = parseForm(
      new URLSearchParams({ email: ' a@b.co ', password: 'secret1', password_confirmation: 'secret1' }),
      schema,
    );
    expect(submission.status).toBe('success');
    if (submission.status === 'success') expect(submission.value.email).toBe('a@b.co');
  });

  it('never echoes a password, token or bot-check proof back into the page', () => {
    const payload = new URLSearchParams({
      email: 'a@b.co',
      password: 'value-a',
      password_confirmation: 'value-b',
      authenticity_token: 'value-c',
      reset_password_token: 'value-d',
      altcha: 'value-e',
      'g-recaptcha-response': 'value-f',
      _method: 'value-g',
    });
    const result = replyTo(parseForm(payload, schema));
    expect(resultValues(result)).toEqual({ email: 'a@b.co' });
    expect(JSON.stringify(result)).not.toMatch(/value-/);
  });

  it('finds secrets in nested names as well', () => {
    expect(secretFieldNames({ user: { password: 'x', name: 'y' }, list: [{ token: 'z' }], email: 'e' })).toEqual([
      'user.password',
      'list[0].token',
    ]);
  });

  it('adds the server’s own errors: whole-form ones first, under "form"', () => {
    const submission = parseForm(
      new URLSearchParams({ email: 'a@b.co', password: 'secret1', password_confirmation: 'secret1' }),
      schema,
    );
    const result = replyTo(submission, [
      { field: 'password', message: 'Password is too common' },
      { field: 'form', message: 'Sign in failed, please try again' },
    ]);
    expect(result.status).toBe('error');
    expect(errorList(result.error)).toEqual([
      { field: 'form', message: 'Sign in failed, please try again' },
      { field: 'password', message: 'Password is too common' },
    ]);
  });

  it('reads a list of one as a list, as a form of checkboxes with one ticked sends it', () => {
    const schema = z.object({ branch: z.array(z.coerce.number()).min(1) });
    for (const branch of [['3'], ['3', '4']]) {
      const submission = parseFields(Object.assign(Object.create(null) as Record<string, unknown>, { branch }), schema);
      expect(submission.status).toBe('success');
      expect(submission.status === 'success' ? submission.value.branch : null).toEqual(branch.map(Number));
    }
  });

  it('reads fields from the request layer (strings and lists) and drops names that could reach a prototype', () => {
    const fields = Object.assign(Object.create(null) as Record<string, unknown>, {
      email: 'a@b.co',
      tags: ['a', 'b'],
      count: 3,
      nested: { ignored: true },
    });
    fields['__proto__'] = 'x';
    expect(formPayload(fields).toString()).toBe('email=a%40b.co&tags%5B0%5D=a&tags%5B1%5D=b&count=3&__proto__=x');
    const submission = parseFields(fields, z.object({ email: z.string() }).passthrough());
    expect(submission.status).toBe('success');
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('answers 422 with the result, the confirmation, or a 303 redirect, never cached', () => {
    const invalid = replyInvalid(parseFields({ email: '' }, schema)) as unknown as DataResult;
    expect(invalid.init?.status).toBe(422);
    expect(new Headers(invalid.init?.headers).get('cache-control')).toBe('no-store');
    expect(formReplyOf(invalid.data).result?.status).toBe('error');

    const refused = replyInvalid(
      parseFields({ email: 'a@b.co', password: 'secret1', password_confirmation: 'secret1' }, schema),
      [{ field: 'form', message: 'Too many attempts' }],
      429,
    ) as unknown as DataResult;
    expect(refused.init?.status).toBe(429);

    const done = replyDone() as unknown as DataResult;
    expect(formReplyOf(done.data)).toEqual({ result: null, isDone: true });

    const redirect = seeOther('/user');
    expect(redirect.status).toBe(303);
    expect(redirect.headers.get('location')).toBe('/user');
  });

  it('finds no reply in other action data', () => {
    expect(formReplyOf(undefined)).toEqual({ result: null, isDone: false });
    expect(formReplyOf({ valuationForm: {} })).toEqual({ result: null, isDone: false });
  });
});

describe('field names that are Object members', () => {
  const answers = z.record(z.string(), z.string());

  it('shows no value for a field nothing was posted for, whatever its name', () => {
    const values = resultValues(replyTo(parseForm(new URLSearchParams({ email: 'a@b.co' }), answers)));
    for (const name of ['constructor', 'toString', 'valueOf', '__proto__']) expect(values[name]).toBeUndefined();
    expect(values.email).toBe('a@b.co');
  });

  it("adds the server's message to such a field instead of failing", () => {
    const result = replyTo(parseForm(new URLSearchParams({ email: 'a@b.co' }), answers), [
      { field: 'toString', message: 'Too long' },
      { field: 'constructor', message: 'Enter a trade' },
    ]);
    expect(errorList(result.error)).toEqual([
      { field: 'toString', message: 'Too long' },
      { field: 'constructor', message: 'Enter a trade' },
    ]);
  });
});
