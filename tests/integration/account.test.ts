import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import pino from 'pino';
import {
  emailOutbox,
  emailVerificationTokens,
  marketingPreferences,
  passwordResetTokens,
  sessions,
  users,
} from '../../db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { VisitorSession, newSessionId } from '../../app/lib/session.server.ts';
import { RATE_LIMIT_MESSAGE, setRateLimitRuleForTests } from '../../app/lib/rate-limit.server.ts';
import { ACCOUNT_MESSAGES } from '../../app/features/account/account-messages.ts';
import {
  PASSWORD_ERROR_FRAGMENTS,
  RESET_PASSWORD_RULE_MESSAGE,
  passwordErrorLines,
} from '../../app/features/account/account-schemas.ts';
import { RESET_TOKEN_LIFETIME_MS } from '../../app/features/account/accounts.server.ts';
import { action as userAction, loader as userLoader } from '../../app/routes/api/user-ljson.ts';
import { action as sessionAction, loader as sessionLoader } from '../../app/routes/api/session.ts';
import { action as resetAction } from '../../app/routes/api/reset-passwords.ts';
import { action as marketingAction } from '../../app/routes/api/marketing-preferences.ts';
import { action as customMarketingAction } from '../../app/routes/api/custom-marketing-preferences.ts';
import { forgottenPasswordCall } from '../../app/features/account/account-calls.server.ts';
import { action as verifyEmailAction } from '../../app/routes/account/verify-email.tsx';

const botCheck = vi.hoisted(() => ({ passes: true }));
vi.mock('../../app/features/spam/spam-protection.server.ts', () => ({
  verifyBotCheck: vi.fn(async () => botCheck.passes),
  recaptchaScriptHosts: () => [],
  getBotCheckConfig: vi.fn(async () => ({ version: 'altcha', siteKey: null })),
}));

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
});

afterAll(async () => {
  setDatabaseHandle(undefined);
  await database?.dispose();
});

afterEach(() => {
  setRateLimitRuleForTests();
  botCheck.passes = true;
});

const cookieOptions = { secure: false, idleMinutes: 30, absoluteDays: 30 };
let ipCounter = 0;

type Visitor = { session: VisitorSession; clientIp: string };

function newVisitor(): Visitor {
  ipCounter += 1;
  return {
    session: new VisitorSession(newSessionId(), true, () => database.db, cookieOptions),
    clientIp: `198.51.100.${ipCounter}`,
  };
}

type Answer = { status: number; body: Record<string, unknown>; headers: Headers };

async function settle(result: unknown): Promise<Answer> {
  if (result instanceof Response) {
    const text = await result.text();
    return {
      status: result.status,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      headers: result.headers,
    };
  }
  const value = result as { data: Record<string, unknown>; init?: { status?: number; headers?: HeadersInit } | null };
  return { status: value.init?.status ?? 200, body: value.data, headers: new Headers(value.init?.headers ?? {}) };
}

type AnyAction = (args: never) => Promise<unknown> | unknown;

async function call(
  handler: AnyAction,
  visitor: Visitor,
  options: {
    method?: string;
    path?: string;
    json?: Record<string, unknown>;
    form?: string;
    params?: Record<string, string>;
  },
): Promise<Answer> {
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (options.json) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = options.form;
  }
  const request = new Request(`http://localhost${options.path ?? '/'}`, {
    method: options.method ?? 'POST',
    headers,
    body,
  });
  const context = {
    session: visitor.session,
    clientIp: visitor.clientIp,
    origin: 'http://localhost',
    logger: pino({ level: 'silent' }),
    csrfToken: 'token',
  };
  try {
    return await settle(await handler({ request, context, params: options.params ?? {} } as never));
  } catch (thrown) {
    return settle(thrown);
  }
}

const GOOD_PASSWORD = 'Correct-Horse-7-Battery';
let emailCounter = 0;

function registrationFields(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  emailCounter += 1;
  return {
    client: 'web',
    authenticity_token: 'ignored-here',
    user: {
      title: 'Ms',
      first_name: 'Ann',
      last_name: 'Smith-Jones',
      email: `ann${emailCounter}@example.com`,
      tel_home: '01225 123456',
      password: GOOD_PASSWORD,
      password_confirmation: GOOD_PASSWORD,
    },
    marketing_preferences: { opt_in_terms: 'on' },
    body: '',
    ...overrides,
  };
}

/** The emails queued to an address so far, oldest first. */
async function mailsTo(address: string) {
  // Rows come back in heap order unless asked: a status update by the mail runner moves a row.
  return database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address)).orderBy(asc(emailOutbox.id));
}

const confirmationTokenIn = (text: string) => /\/user\/verify-email\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];

/**
 * Registers through POST /user.ljson and waits for the work that runs after the answer (the account and its
 * email): the answer never says which it was.
 */
async function register(
  visitor: Visitor,
  fields: Record<string, unknown>,
): Promise<{ answer: Answer; email: string; mails: (typeof emailOutbox.$inferSelect)[] }> {
  const email = ((fields.user as { email: string }).email ?? '').trim();
  const before = (await mailsTo(email)).length;
  const answer = await call(userAction, visitor, { path: '/user.ljson', json: fields });
  let mails: (typeof emailOutbox.$inferSelect)[] = [];
  if (answer.status === 200) {
    await vi.waitFor(
      async () => {
        mails = await mailsTo(email);
        expect(mails.length).toBeGreaterThan(before);
      },
      { timeout: 10_000, interval: 20 },
    );
  }
  return { answer, email, mails: mails.slice(before) };
}

/** A new account whose address is not confirmed yet (it cannot sign in). */
async function unconfirmedAccount(): Promise<{ email: string; userId: number; token: string }> {
  const { answer, email, mails } = await register(newVisitor(), registrationFields());
  expect(answer.status).toBe(200);
  const [user] = await database.db.select().from(users).where(eq(users.emailLower, email.toLowerCase()));
  return { email, userId: user!.id, token: confirmationTokenIn(mails.at(-1)!.textBody)! };
}

/** A signed-in user, as its owner gets there: register, follow the emailed link, sign in. */
async function registeredVisitor(): Promise<{ visitor: Visitor; email: string; userId: number }> {
  const { email, userId, token } = await unconfirmedAccount();
  const confirmed = await call(verifyEmailAction, newVisitor(), { path: '/user/verify-email', json: { token } });
  expect(confirmed.body.outcome).toBe('verified');
  const visitor = newVisitor();
  const signedIn = await call(sessionAction, visitor, {
    path: '/session',
    json: { username: email, password: GOOD_PASSWORD, authenticity_token: 't' },
  });
  expect(signedIn.status).toBe(200);
  return { visitor, email, userId };
}

describe('GET /user.ljson', () => {
  it('answers the empty default user (user_id null) to a visitor, never cached', async () => {
    const answer = await call(userLoader, newVisitor(), { method: 'GET', path: '/user.ljson' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ user_id: null, email: '', saved_properties: [], saved_searches: [] });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('answers the signed-in user with their details and marketing preferences', async () => {
    const { visitor, email, userId } = await registeredVisitor();
    const answer = await call(userLoader, visitor, { method: 'GET', path: '/user.ljson' });
    expect(answer.body).toMatchObject({
      user_id: userId,
      email,
      first_name: 'Ann',
      last_name: 'Smith-Jones',
      tel_home: '01225123456',
      marketing_preferences: { opt_in_terms: 'on', opt_in_marketing: null },
      marketing_preference_id: expect.any(Number),
    });
    expect(answer.body).not.toHaveProperty('password');
    expect(JSON.stringify(answer.body)).not.toContain('argon2');
  });
});

describe('POST /user.ljson (registration)', () => {
  it('registers without signing anyone in: an unconfirmed account with an argon2id hash and the agreed wording', async () => {
    const visitor = newVisitor();
    const before = visitor.session.id;
    const fields = registrationFields({ marketing_preferences: { opt_in_terms: 'on', opt_in_marketing: 'on' } });
    const { answer, email, mails } = await register(visitor, fields);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: 'You have been successfully registered!' });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(visitor.session.id).toBe(before);
    expect(await visitor.session.getUserId()).toBeNull();
    const [user] = await database.db.select().from(users).where(eq(users.emailLower, email));
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user!.emailVerifiedAt).toBeNull();
    expect(user!.isOptedInToMarketing).toBe(true);
    expect(mails.map((mail) => mail.subject)).toEqual(['Please confirm your email address']);
    const [preference] = await database.db
      .select()
      .from(marketingPreferences)
      .where(eq(marketingPreferences.userId, user!.id));
    expect(preference).toMatchObject({ optInTerms: true, optInMarketing: true });
    expect(preference!.optInTermsAt).toBeInstanceOf(Date);
    expect(preference!.optInMarketingAt).toBeInstanceOf(Date);
    expect(preference!.wording).toContain('I agree to the terms');
  });

  it('accepts a form post with Rails-style nested names', async () => {
    emailCounter += 1;
    const form = new URLSearchParams({
      client: 'web',
      'user[first_name]': 'Bob',
      'user[last_name]': 'Lee',
      'user[email]': `bob${emailCounter}@example.com`,
      'user[password]': GOOD_PASSWORD,
      'user[password_confirmation]': GOOD_PASSWORD,
      'marketing_preferences[opt_in_terms]': 'on',
      body: '',
    }).toString();
    const answer = await call(userAction, newVisitor(), { path: '/user.ljson', form });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(ACCOUNT_MESSAGES.registered);
  });

  it('answers 422 with a list of errors for each broken rule of spec point 5', async () => {
    const answer = await call(userAction, newVisitor(), {
      path: '/user.ljson',
      json: registrationFields({
        user: {
          first_name: 'Ann!',
          last_name: '',
          email: 'not-an-email',
          tel_home: '+1 555 1234',
          password: GOOD_PASSWORD,
          password_confirmation: 'different-password',
        },
        marketing_preferences: {},
      }),
    });
    expect(answer.status).toBe(422);
    const fields = (answer.body.field_errors as { field: string }[]).map((error) => error.field).sort();
    expect(fields).toEqual(['email', 'first_name', 'last_name', 'opt_in_terms', 'password_confirmation', 'tel_home']);
    expect(answer.body.errors).toContain('You must agree to our terms & conditions');
    expect(await database.db.select().from(users).where(eq(users.emailLower, 'not-an-email'))).toHaveLength(0);
  });

  it('accepts +44 and 0 UK numbers of 9 to 10 digits and rejects others', async () => {
    for (const [telephone, status] of [
      ['+441225123456', 200],
      ['0122 512 345', 200],
      ['01225', 422],
      ['441225123456', 422],
    ] as const) {
      const fields = registrationFields();
      (fields.user as Record<string, unknown>).tel_home = telephone;
      const answer = await call(userAction, newVisitor(), { path: '/user.ljson', json: fields });
      expect([telephone, answer.status]).toEqual([telephone, status]);
    }
  });

  it('refuses one of the most common passwords', async () => {
    const fields = registrationFields();
    Object.assign(fields.user as Record<string, unknown>, {
      password: 'Password123',
      password_confirmation: 'Password123',
    });
    const answer = await call(userAction, newVisitor(), { path: '/user.ljson', json: fields });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual([`Password ${PASSWORD_ERROR_FRAGMENTS.common}`]);
  });

  it('refuses breached and guessable passwords (zxcvbn dictionaries, score under 3) with their own message', async () => {
    for (const password of ['Summer2024!', 'P@ssword2024', 'Bristol2024', 'zaq1@WSXcde', 'Ann-Smith-Jones']) {
      const fields = registrationFields();
      Object.assign(fields.user as Record<string, unknown>, { password, password_confirmation: password });
      const answer = await call(userAction, newVisitor(), { path: '/user.ljson', json: fields });
      expect([password, answer.status, answer.body.errors]).toEqual([
        password,
        422,
        [`Password ${PASSWORD_ERROR_FRAGMENTS.guessable}`],
      ]);
    }
  });

  it('answers a known address exactly as a new one, and emails the owner of the known one instead', async () => {
    const { email, userId } = await registeredVisitor();
    const [before] = await database.db.select().from(users).where(eq(users.id, userId));
    const known = registrationFields();
    Object.assign(known.user as Record<string, unknown>, { email: email.toUpperCase(), first_name: 'Mallory' });
    const visitor = newVisitor();
    const duplicate = await register(visitor, known);
    const fresh = await register(newVisitor(), registrationFields());
    expect([duplicate.answer.status, duplicate.answer.body]).toEqual([fresh.answer.status, fresh.answer.body]);
    expect(await visitor.session.getUserId()).toBeNull();
    expect(duplicate.mails.map((mail) => [mail.toAddress, mail.subject])).toEqual([
      [email.toUpperCase(), 'Someone tried to register with your email address'],
    ]);
    expect(fresh.mails.map((mail) => mail.subject)).toEqual(['Please confirm your email address']);
    // The confirmed account is untouched: same password, name and address.
    const [after] = await database.db.select().from(users).where(eq(users.id, userId));
    expect(after).toEqual(before);
  });

  it('lets a later registration of an unconfirmed address replace it: only the newest link and password work', async () => {
    const first = await unconfirmedAccount();
    const again = registrationFields();
    const newPassword = 'Second-Orchard-Lamp-9';
    Object.assign(again.user as Record<string, unknown>, {
      email: first.email,
      first_name: 'Bea',
      password: newPassword,
      password_confirmation: newPassword,
    });
    const { answer, mails } = await register(newVisitor(), again);
    expect(answer.body).toEqual({ message: 'You have been successfully registered!' });
    expect(mails.map((mail) => mail.subject)).toEqual(['Please confirm your email address']);
    const stale = await call(verifyEmailAction, newVisitor(), {
      path: '/user/verify-email',
      json: { token: first.token },
    });
    expect(stale.body.outcome).toBe('invalid');
    const token = confirmationTokenIn(mails[0]!.textBody)!;
    const used = await call(verifyEmailAction, newVisitor(), { path: '/user/verify-email', json: { token } });
    expect(used.body.outcome).toBe('verified');
    const signIn = (password: string) =>
      call(sessionAction, newVisitor(), { path: '/session', json: { username: first.email, password } });
    expect((await signIn(GOOD_PASSWORD)).status).toBe(401);
    expect((await signIn(newPassword)).status).toBe(200);
    const [user] = await database.db.select().from(users).where(eq(users.id, first.userId));
    expect(user!.firstName).toBe('Bea');
  });

  it('drops a submission with the honeypot filled, and one that fails the bot check', async () => {
    const trap = registrationFields({ body: 'I am a bot' });
    const trapped = await call(userAction, newVisitor(), { path: '/user.ljson', json: trap });
    expect(trapped.status).toBe(422);
    const email = (trap.user as { email: string }).email;
    expect(await database.db.select().from(users).where(eq(users.emailLower, email))).toHaveLength(0);
    botCheck.passes = false;
    const robot = await call(userAction, newVisitor(), { path: '/user.ljson', json: registrationFields() });
    expect(robot.status).toBe(422);
    expect(robot.body.errors).toEqual(['We could not confirm you are not a robot. Please try again.']);
  });

  it('answers 429 once the register limit for an address is used up', async () => {
    setRateLimitRuleForTests('register', { limit: 1, windowSeconds: 600 });
    const visitor = newVisitor();
    expect((await call(userAction, visitor, { path: '/user.ljson', json: registrationFields() })).status).toBe(200);
    const second = await call(
      userAction,
      { ...newVisitor(), clientIp: visitor.clientIp },
      {
        path: '/user.ljson',
        json: registrationFields(),
      },
    );
    expect(second.status).toBe(429);
    expect(second.body).toEqual({ error: RATE_LIMIT_MESSAGE });
  });

  it('answers 400 to an unreadable body', async () => {
    const request = new Request('http://localhost/user.ljson', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '[1,2]',
    });
    const visitor = newVisitor();
    let answer: Answer;
    try {
      answer = await settle(await userAction({ request, context: visitor, params: {} } as never));
    } catch (thrown) {
      answer = await settle(thrown);
    }
    expect(answer.status).toBe(400);
  });
});

describe('POST /session', () => {
  it('signs in with a new session id; 200 is success', async () => {
    const { email, userId } = await registeredVisitor();
    const visitor = newVisitor();
    await visitor.session.set('x', 1);
    const before = visitor.session.id;
    const answer = await call(sessionAction, visitor, {
      path: '/session',
      json: { username: email, password: GOOD_PASSWORD, authenticity_token: 't' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ user_id: userId, email });
    expect(visitor.session.id).not.toBe(before);
    expect(await database.db.select().from(sessions).where(eq(sessions.id, before))).toHaveLength(0);
  });

  it('answers an unknown email exactly as a wrong password: same status, body and similar time', async () => {
    const { email } = await registeredVisitor();
    const timings = { unknown: [] as number[], wrong: [] as number[] };
    let unknown: Answer | undefined;
    let wrong: Answer | undefined;
    // Warm up: the first miss derives the dummy hash once; time only the steady state.
    await call(sessionAction, newVisitor(), {
      path: '/session',
      json: { username: 'warm-up@example.com', password: 'Wrong-password-0' },
    });
    for (let attempt = 0; attempt < 7; attempt++) {
      let started = performance.now();
      unknown = await call(sessionAction, newVisitor(), {
        path: '/session',
        json: { username: `nobody${attempt}@example.com`, password: 'Wrong-password-1' },
      });
      timings.unknown.push(performance.now() - started);
      started = performance.now();
      wrong = await call(sessionAction, newVisitor(), {
        path: '/session',
        json: { username: email, password: `Wrong-password-${attempt}` },
      });
      timings.wrong.push(performance.now() - started);
    }
    expect(unknown!.status).toBe(401);
    expect(wrong!.status).toBe(401);
    expect(unknown!.body).toEqual(wrong!.body);
    expect(unknown!.body).toEqual({ error: 'Sign in failed, please try again' });
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[3]!;
    const ratio = median(timings.unknown) / median(timings.wrong);
    expect(ratio).toBeGreaterThan(0.33);
    expect(ratio).toBeLessThan(3);
  });

  it('refuses an account whose address is not confirmed exactly as a wrong password, until it is', async () => {
    const { email, token } = await unconfirmedAccount();
    const unconfirmed = await call(sessionAction, newVisitor(), {
      path: '/session',
      json: { username: email, password: GOOD_PASSWORD },
    });
    const wrong = await call(sessionAction, newVisitor(), {
      path: '/session',
      json: { username: email, password: 'Wrong-password-42' },
    });
    expect([unconfirmed.status, unconfirmed.body]).toEqual([wrong.status, wrong.body]);
    expect(unconfirmed.body).toEqual({ error: 'Sign in failed, please try again' });
    await call(verifyEmailAction, newVisitor(), { path: '/user/verify-email', json: { token } });
    const confirmed = await call(sessionAction, newVisitor(), {
      path: '/session',
      json: { username: email, password: GOOD_PASSWORD },
    });
    expect(confirmed.status).toBe(200);
  });

  it('limits attempts per address (signIn) with 429', async () => {
    setRateLimitRuleForTests('signIn', { limit: 2, windowSeconds: 180 });
    const visitor = newVisitor();
    const attempt = () =>
      call(sessionAction, visitor, { path: '/session', json: { username: 'x@example.com', password: 'whatever1' } });
    expect((await attempt()).status).toBe(401);
    expect((await attempt()).status).toBe(401);
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ error: RATE_LIMIT_MESSAGE });
  });

  it('limits failures per account (signInAccount) from any address, leaving other accounts alone', async () => {
    setRateLimitRuleForTests('signInAccount', { limit: 2, windowSeconds: 3600 });
    const target = await registeredVisitor();
    const other = await registeredVisitor();
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await call(sessionAction, newVisitor(), {
        path: '/session',
        json: { username: target.email, password: 'Wrong-password-1' },
      });
      expect(answer.status).toBe(401);
    }
    const blocked = await call(sessionAction, newVisitor(), {
      path: '/session',
      json: { username: target.email, password: GOOD_PASSWORD },
    });
    expect(blocked.status).toBe(429);
    const fine = await call(sessionAction, newVisitor(), {
      path: '/session',
      json: { username: other.email, password: GOOD_PASSWORD },
    });
    expect(fine.status).toBe(200);

    // The owner resets the password by email: the failure count is forgiven and sign-in works at once.
    const helper = newVisitor();
    await (
      await forgottenPasswordCall(database.db, { email: target.email }, { ...helper, origin: 'http://localhost' })
    ).work;
    const [mail] = await database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, target.email), eq(emailOutbox.relatedKind, 'password-reset')));
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mail!.textBody)![1]!;
    const reset = await call(userAction, newVisitor(), {
      method: 'PUT',
      path: '/user.ljson',
      json: { reset_password_token: token, password: 'Owner-Is-Back-42', password_confirmation: 'Owner-Is-Back-42' },
    });
    expect(reset.status).toBe(302);
    const back = await call(sessionAction, newVisitor(), {
      path: '/session',
      json: { username: target.email, password: 'Owner-Is-Back-42' },
    });
    expect(back.status).toBe(200);
  });

  it('runs the bot check and validates the email pattern and 5-character password', async () => {
    botCheck.passes = false;
    expect(
      (await call(sessionAction, newVisitor(), { path: '/session', json: { username: 'a@b.co', password: 'abcdef' } }))
        .status,
    ).toBe(422);
    botCheck.passes = true;
    const short = await call(sessionAction, newVisitor(), {
      path: '/session',
      json: { username: 'not-an-email', password: 'abc' },
    });
    expect(short.status).toBe(422);
    expect((short.body.field_errors as { field: string }[]).map((error) => error.field)).toEqual([
      'username',
      'password',
    ]);
  });

  it('signs out with _method=delete: the session row is gone', async () => {
    const { visitor } = await registeredVisitor();
    const signedInId = visitor.session.id;
    const answer = await call(sessionAction, visitor, { method: 'DELETE', path: '/session' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: 'You have been signed out' });
    expect(await visitor.session.getUserId()).toBeNull();
    expect(await database.db.select().from(sessions).where(eq(sessions.id, signedInId))).toHaveLength(0);
  });

  it('answers 405 to GET', async () => {
    expect((await call(sessionLoader, newVisitor(), { method: 'GET', path: '/session' })).status).toBe(405);
  });
});

describe('POST /user.ljson with _method=put', () => {
  it('updates the profile and returns the user', async () => {
    const { visitor } = await registeredVisitor();
    const answer = await call(userAction, visitor, {
      method: 'PUT',
      path: '/user.ljson',
      json: { _method: 'put', first_name: 'Annie', tel_mobile: '(07700) 900-123', town: 'Bath', postcode: 'BA1 1AA' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Profile successfully updated.');
    expect(answer.body.user).toMatchObject({
      first_name: 'Annie',
      last_name: 'Smith-Jones',
      tel_mobile: '(07700) 900-123',
      address_html: 'Bath<br>BA1 1AA',
    });
  });

  it('rejects bad names and telephones, and an email change without the current password', async () => {
    const { visitor } = await registeredVisitor();
    const bad = await call(userAction, visitor, {
      method: 'PUT',
      path: '/user.ljson',
      json: { first_name: 'Ann<script>', tel_home: '12345' },
    });
    expect(bad.status).toBe(422);
    expect((bad.body.field_errors as { field: string }[]).map((error) => error.field)).toEqual([
      'first_name',
      'tel_home',
    ]);
    const email = await call(userAction, visitor, {
      method: 'PUT',
      path: '/user.ljson',
      json: { email: 'new@example.com' },
    });
    expect(email.status).toBe(422);
    const withPassword = await call(userAction, visitor, {
      method: 'PUT',
      path: '/user.ljson',
      json: { email: 'new-address@example.com', current_password: GOOD_PASSWORD },
    });
    expect(withPassword.status).toBe(200);
    // The new address must confirm first (tested in 'email verification and email change').
    const confirmations = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'new-address@example.com'));
    expect(confirmations.map((mail) => mail.subject)).toEqual(['Confirm your new email address']);
  });

  it('answers 401 to a visitor', async () => {
    const answer = await call(userAction, newVisitor(), {
      method: 'PUT',
      path: '/user.ljson',
      json: { first_name: 'X' },
    });
    expect(answer.status).toBe(401);
  });

  it('changes the password (current one required) and answers 302 to /user, ending other sessions', async () => {
    const { visitor, email, userId } = await registeredVisitor();
    const elsewhere = newVisitor();
    await call(sessionAction, elsewhere, { path: '/session', json: { username: email, password: GOOD_PASSWORD } });
    expect(await elsewhere.session.getUserId()).toBe(userId);

    const weak = await call(userAction, visitor, {
      method: 'PUT',
      path: '/user.ljson',
      json: {
        user_id: userId,
        password: 'alllowercase',
        password_confirmation: 'alllowercase',
        current_password: GOOD_PASSWORD,
      },
    });
    expect(weak.status).toBe(422);
    expect(passwordErrorLines(weak.body.errors as string[])).toEqual([RESET_PASSWORD_RULE_MESSAGE]);

    const common = await call(userAction, visitor, {
      method: 'PUT',
      path: '/user.ljson',
      json: {
        user_id: userId,
        password: 'Password123',
        password_confirmation: 'Password123',
        current_password: GOOD_PASSWORD,
      },
    });
    expect(common.status).toBe(422);
    expect(common.body.errors).toEqual([PASSWORD_ERROR_FRAGMENTS.common]);

    // Meets the spec's reset rule, but is a breached password with a year added.
    const breached = await call(userAction, visitor, {
      method: 'PUT',
      path: '/user.ljson',
      json: {
        user_id: userId,
        password: 'P@ssword2024',
        password_confirmation: 'P@ssword2024',
        current_password: GOOD_PASSWORD,
      },
    });
    expect(breached.status).toBe(422);
    expect(breached.body.errors).toEqual([PASSWORD_ERROR_FRAGMENTS.guessable]);

    const mismatch = await call(userAction, visitor, {
      method: 'PUT',
      path: '/user.ljson',
      json: {
        user_id: userId,
        password: 'New-Secret-2024x',
        password_confirmation: 'New-Secret-2024y',
        current_password: GOOD_PASSWORD,
      },
    });
    expect(passwordErrorLines(mismatch.body.errors as string[])).toEqual(["Password confirmation doesn't match."]);

    const wrongCurrent = await call(userAction, visitor, {
      method: 'PUT',
      path: '/user.ljson',
      json: {
        user_id: userId,
        password: 'New-Secret-2024x',
        password_confirmation: 'New-Secret-2024x',
        current_password: 'nope-nope',
      },
    });
    expect(wrongCurrent.status).toBe(422);

    const changed = await call(userAction, visitor, {
      method: 'PUT',
      path: '/user.ljson',
      json: {
        user_id: userId,
        password: 'New-Secret-2024x',
        password_confirmation: 'New-Secret-2024x',
        current_password: GOOD_PASSWORD,
      },
    });
    expect(changed.status).toBe(302);
    expect(changed.headers.get('location')).toBe('/user');
    expect(await visitor.session.getUserId()).toBe(userId);
    const fresh = new VisitorSession(elsewhere.session.id, false, () => database.db, cookieOptions);
    expect(await fresh.getUserId()).toBeNull();
    const signIn = await call(sessionAction, newVisitor(), {
      path: '/session',
      json: { username: email, password: 'New-Secret-2024x' },
    });
    expect(signIn.status).toBe(200);
  });
});

describe('POST /reset_passwords and the emailed reset link', () => {
  it('answers a known and an unknown email identically', async () => {
    const { email } = await registeredVisitor();
    const known = await call(resetAction, newVisitor(), {
      path: '/reset_passwords',
      form: `email=${encodeURIComponent(email)}&body=`,
    });
    const unknown = await call(resetAction, newVisitor(), {
      path: '/reset_passwords',
      form: 'email=nobody-here%40example.com&body=',
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toEqual({
      message:
        'If the email you have entered has a user account we will send you a forgotten password reset request now.',
    });
  });

  it('confirms an unconfirmed address when the emailed reset link is used (it reached the address too)', async () => {
    const { email, userId } = await unconfirmedAccount();
    const visitor = newVisitor();
    await (
      await forgottenPasswordCall(
        database.db,
        { email, body: '' },
        { session: visitor.session, clientIp: visitor.clientIp, origin: 'http://localhost' },
      )
    ).work;
    const mail = (await mailsTo(email)).find((row) => row.relatedKind === 'password-reset');
    const token = /\/user\/forgotten_password\?token=([A-Za-z0-9_-]{43})/.exec(mail!.textBody)![1]!;
    const reset = await call(userAction, newVisitor(), {
      method: 'PUT',
      path: '/user.ljson',
      json: { reset_password_token: token, password: 'Brand-New-Pass-7', password_confirmation: 'Brand-New-Pass-7' },
    });
    expect(reset.status).toBe(302);
    const [user] = await database.db.select().from(users).where(eq(users.id, userId));
    expect(user!.emailVerifiedAt).toBeInstanceOf(Date);
    const signIn = await call(sessionAction, newVisitor(), {
      path: '/session',
      json: { username: email, password: 'Brand-New-Pass-7' },
    });
    expect(signIn.status).toBe(200);
  });

  it('emails a single-use link with a hashed token that expires after an hour', async () => {
    const { email, userId } = await registeredVisitor();
    const visitor = newVisitor();
    const { work } = await forgottenPasswordCall(
      database.db,
      { email, body: '' },
      { session: visitor.session, clientIp: visitor.clientIp, origin: 'http://localhost' },
    );
    await work;
    const [mail] = await database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.relatedKind, 'password-reset')));
    const link = /http:\/\/localhost\/user\/forgotten_password\?token=([A-Za-z0-9_-]{43})/.exec(mail!.textBody);
    expect(link).not.toBeNull();
    const token = link![1]!;
    const [stored] = await database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBeLessThanOrEqual(
      RESET_TOKEN_LIFETIME_MS + 1000,
    );

    const reset = await call(userAction, newVisitor(), {
      method: 'PUT',
      path: '/user.ljson',
      json: { reset_password_token: token, password: 'Brand-New-Pass-9', password_confirmation: 'Brand-New-Pass-9' },
    });
    expect(reset.status).toBe(302);
    expect(reset.headers.get('location')).toBe('/user/sign-in?reset=1');
    const again = await call(userAction, newVisitor(), {
      method: 'PUT',
      path: '/user.ljson',
      json: { reset_password_token: token, password: 'Another-Pass-99', password_confirmation: 'Another-Pass-99' },
    });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual([PASSWORD_ERROR_FRAGMENTS.token]);
    const signIn = await call(sessionAction, newVisitor(), {
      path: '/session',
      json: { username: email, password: 'Brand-New-Pass-9' },
    });
    expect(signIn.status).toBe(200);

    await forgottenPasswordCall(database.db, { email }, { ...visitor, origin: 'http://localhost' }).then((r) => r.work);
    await database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, userId));
    const mails = await database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.relatedKind, 'password-reset')))
      .orderBy(asc(emailOutbox.id));
    const expiredToken = /token=([A-Za-z0-9_-]{43})/.exec(mails.at(-1)!.textBody)![1]!;
    const expired = await call(userAction, newVisitor(), {
      method: 'PUT',
      path: '/user.ljson',
      json: {
        reset_password_token: expiredToken,
        password: 'Another-Pass-99',
        password_confirmation: 'Another-Pass-99',
      },
    });
    expect(expired.status).toBe(422);
  });

  it('sends nothing when the honeypot is filled, and limits requests per address', async () => {
    const { email } = await registeredVisitor();
    const visitor = newVisitor();
    const trapped = await forgottenPasswordCall(
      database.db,
      { email, body: 'spam' },
      { ...visitor, origin: 'http://x' },
    );
    await trapped.work;
    expect(trapped.result).toEqual({ status: 200, body: { message: ACCOUNT_MESSAGES.forgottenPassword } });
    expect(
      await database.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.relatedKind, 'password-reset'))),
    ).toHaveLength(0);

    setRateLimitRuleForTests('passwordReset', { limit: 1, windowSeconds: 900 });
    const limited = newVisitor();
    expect((await call(resetAction, limited, { path: '/reset_passwords', form: 'email=a%40b.co' })).status).toBe(200);
    expect((await call(resetAction, limited, { path: '/reset_passwords', form: 'email=a%40b.co' })).status).toBe(429);
  });
});

describe('marketing preferences', () => {
  it('needs a signed-in user', async () => {
    const answer = await call(marketingAction, newVisitor(), {
      method: 'PUT',
      path: '/marketing_preferences/1',
      params: { id: '1' },
      json: { user_id: 1, opt_in_marketing_at: 'optin' },
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: 'Please sign in to update your preferences' });
  });

  it('records an opt-in and opt-out with the time, URL and wording', async () => {
    const { visitor, userId } = await registeredVisitor();
    const view = await call(userLoader, visitor, { method: 'GET', path: '/user.ljson' });
    const preferenceId = String(view.body.marketing_preference_id);
    const optIn = await call(marketingAction, visitor, {
      method: 'PUT',
      path: `/marketing_preferences/${preferenceId}`,
      params: { id: preferenceId },
      form: `_method=put&user_id=${userId}&opt_in_marketing_at=optin&opt_in_marketing_url=%2Fprivacy-policy`,
    });
    expect(optIn.status).toBe(200);
    expect(optIn.body.message).toBe('Your preferences have been successfully updated');
    const [row] = await database.db.select().from(marketingPreferences).where(eq(marketingPreferences.userId, userId));
    expect(row).toMatchObject({ optInMarketing: true, optInMarketingUrl: '/privacy-policy' });
    expect(row!.wording).toContain('emails about properties');
    expect(row!.optInMarketingAt).toBeInstanceOf(Date);

    const optOut = await call(customMarketingAction, visitor, {
      method: 'PUT',
      path: `/custom_marketing_preferences/${userId}`,
      params: { userId: String(userId) },
      form: `user_id=${userId}&opt_in_marketing_at=optin&marketing_preferences%5Bis_opted_in_to_marketing%5D=false`,
    });
    expect(optOut.status).toBe(200);
    expect(optOut.body.user).toMatchObject({
      is_opted_in_to_marketing: false,
      marketing_preferences: { opt_in_marketing: null },
    });
  });

  it("never touches another user's preferences", async () => {
    const owner = await registeredVisitor();
    const intruder = await registeredVisitor();
    const ownerView = await call(userLoader, owner.visitor, { method: 'GET', path: '/user.ljson' });
    const ownerPreference = String(ownerView.body.marketing_preference_id);
    const byId = await call(marketingAction, intruder.visitor, {
      method: 'PUT',
      path: `/marketing_preferences/${ownerPreference}`,
      params: { id: ownerPreference },
      json: { user_id: intruder.userId, opt_in_marketing_at: 'optin' },
    });
    expect(byId.status).toBe(404);
    expect(byId.body).toEqual({ error: 'There was an error updating your preferences' });
    const byUser = await call(customMarketingAction, intruder.visitor, {
      method: 'PUT',
      path: `/custom_marketing_preferences/${owner.userId}`,
      params: { userId: String(owner.userId) },
      json: { user_id: owner.userId, opt_in_marketing_at: 'optin' },
    });
    expect(byUser.status).toBe(403);
    const [row] = await database.db
      .select()
      .from(marketingPreferences)
      .where(eq(marketingPreferences.userId, owner.userId));
    expect(row!.optInMarketing).toBe(false);
  });
});

describe('email verification and email change', () => {
  async function latestMailTo(address: string) {
    // Rows come back in heap order unless asked: a status update by the mail runner moves a row.
    const mails = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, address))
      .orderBy(asc(emailOutbox.id));
    return mails.at(-1);
  }
  const tokenIn = (text: string) => /\/user\/verify-email\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];

  it('emails a single-use link at registration; the address is unverified until it is followed', async () => {
    const { email, userId } = await unconfirmedAccount();
    const [before] = await database.db.select().from(users).where(eq(users.id, userId));
    expect(before!.emailVerifiedAt).toBeNull();
    const mail = await latestMailTo(email);
    expect(mail!.subject).toBe('Please confirm your email address');
    const token = tokenIn(mail!.textBody)!;
    expect(token).toBeTruthy();
    // Only the hash is stored.
    const rows = await database.db
      .select()
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, userId));
    expect(rows.map((row) => row.tokenHash)).not.toContain(token);

    const used = await call(verifyEmailAction, newVisitor(), { path: '/user/verify-email', json: { token } });
    expect(used.status).toBe(200);
    expect(used.body.outcome).toBe('verified');
    const [after] = await database.db.select().from(users).where(eq(users.id, userId));
    expect(after!.emailVerifiedAt).toBeInstanceOf(Date);

    const again = await call(verifyEmailAction, newVisitor(), { path: '/user/verify-email', json: { token } });
    expect([again.status, again.body.outcome]).toEqual([422, 'invalid']);
  });

  it('refuses an expired link', async () => {
    const { email, userId } = await unconfirmedAccount();
    const token = tokenIn((await latestMailTo(email))!.textBody)!;
    await database.db
      .update(emailVerificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerificationTokens.userId, userId));
    const answer = await call(verifyEmailAction, newVisitor(), { path: '/user/verify-email', json: { token } });
    expect(answer.body.outcome).toBe('invalid');
    const [user] = await database.db.select().from(users).where(eq(users.id, userId));
    expect(user!.emailVerifiedAt).toBeNull();
  });

  it('changes the email only when the new address confirms, and tells the old address', async () => {
    const { visitor, email, userId } = await registeredVisitor();
    const newEmail = `moved-${userId}@example.com`;
    const answer = await call(userAction, visitor, {
      method: 'PUT',
      path: '/user.ljson',
      json: { email: newEmail, current_password: GOOD_PASSWORD },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Profile successfully updated.');
    expect((answer.body.user as { email: string }).email).toBe(email);
    expect(answer.body.email_change_sent_to).toBe(newEmail);
    const [unchanged] = await database.db.select().from(users).where(eq(users.id, userId));
    expect(unchanged!.email).toBe(email);

    const notice = await latestMailTo(email);
    expect(notice!.subject).toBe('A change of email address was requested for your account');
    expect(tokenIn(notice!.textBody)).toBeUndefined();
    const confirmation = await latestMailTo(newEmail);
    expect(confirmation!.subject).toBe('Confirm your new email address');
    const token = tokenIn(confirmation!.textBody)!;

    const used = await call(verifyEmailAction, newVisitor(), { path: '/user/verify-email', json: { token } });
    expect(used.body.outcome).toBe('changed');
    const [changed] = await database.db.select().from(users).where(eq(users.id, userId));
    expect([changed!.email, changed!.emailLower]).toEqual([newEmail, newEmail]);
    expect(changed!.emailVerifiedAt).toBeInstanceOf(Date);
  });
});
