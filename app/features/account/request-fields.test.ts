import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http/http-error.ts';
import { flattenFields, readRequestFields } from './request-fields.ts';

describe('account request fields', () => {
  it('flattens user[...] and marketing_preferences[...] names, top-level fields winning', () => {
    expect(
      flattenFields({
        'user[first_name]': 'Ann',
        'marketing_preferences[opt_in_terms]': 'on',
        user_id: '4',
        client: 'web',
      }),
    ).toEqual({ first_name: 'Ann', opt_in_terms: 'on', user_id: '4', client: 'web' });
    expect(flattenFields({ user: { email: 'a@b.co' }, email: 'top@b.co' })).toEqual({ email: 'top@b.co' });
  });

  it('reads JSON and form bodies and refuses anything else', async () => {
    const json = new Request('http://x/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"user":{"a":1}}',
    });
    expect(await readRequestFields(json)).toEqual({ a: 1 });
    const form = new Request('http://x/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40b.co&body=',
    });
    expect(await readRequestFields(form)).toEqual({ email: 'a@b.co', body: '' });
    const text = new Request('http://x/', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hi' });
    await expect(readRequestFields(text)).rejects.toBeInstanceOf(HttpError);
  });

  it('keeps prototype-named fields as plain data', async () => {
    const form = new Request('http://x/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '__proto__=a&constructor=b&prototype=c&toString%5Bx%5D=d&__proto__%5Bx%5D=e&user%5B__proto__%5D=f',
    });
    const fields = await readRequestFields(form);
    expect(Object.entries(fields)).toEqual(
      expect.arrayContaining([
        ['constructor', 'b'],
        ['prototype', 'c'],
        ['toString[x]', 'd'],
        ['__proto__[x]', 'e'],
        ['__proto__', 'a'],
      ]),
    );
    expect(Object.getPrototypeOf(fields)).toBeNull();
    const json = new Request('http://x/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"__proto__":{"isAdmin":true},"user":{"__proto__":{"isAdmin":true}}}',
    });
    const fromJson = await readRequestFields(json);
    expect((fromJson as { isAdmin?: unknown }).isAdmin).toBeUndefined();
    expect(({} as { isAdmin?: unknown }).isAdmin).toBeUndefined();
  });
});
