import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { and, asc, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { createServerApp } from '../../server/app.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { action as sessionAction } from '../../app/routes/api/session.ts';
import { action as userAction, loader as userLoader } from '../../app/routes/api/user-ljson.ts';
import { confirmEmailToken } from '../../app/features/account/email-verification.server.ts';
import { emailOutbox } from '../../db/schema/index.ts';

vi.mock('../../app/features/spam/spam-protection.server.ts', () => ({
  verifyBotCheck: vi.fn(async () => true),
  recaptchaScriptHosts: () => [],
  getBotCheckConfig: vi.fn(async () => ({ version: 'off', siteKey: null })),
}));

let database: TestDatabase;
let app: Hono;

/** What React Router does with a route's answer: data() becomes JSON with its status and headers. */
async function asResponse(run: () => Promise<unknown>): Promise<Response> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return result;
  const value = result as { data: unknown; init?: { status?: number; headers?: HeadersInit } | null };
  return Response.json(value.data, { status: value.init?.status ?? 200, headers: value.init?.headers });
}

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
  app = createServerApp({
    getDb: () => database.db,
    logger: pino({ level: 'silent' }),
    sessionSecret: 'test-secret-test-secret-test-secret-00',
    cookie: { secure: false, idleMinutes: 30, absoluteDays: 30 },
    isDevelopment: false,
    maxBodyBytes: 65_536,
    tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    multipartPaths: [],
    handleDocument: async (request, context) => {
      const path = new URL(request.url).pathname;
      const args = { request, context, params: {} } as never;
      if (path === '/session') return asResponse(async () => sessionAction(args));
      if (path === '/user.ljson') {
        return asResponse(async () => (request.method === 'GET' ? userLoader(args) : userAction(args)));
      }
      return Response.json({ token: context.csrfToken });
    },
  });
});

afterAll(async () => {
  setDatabaseHandle(undefined);
  await database?.dispose();
});

async function visit(): Promise<{ cookie: string; token: string }> {
  const response = await app.request('/');
  const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
  const { token } = (await response.json()) as { token: string };
  return { cookie, token };
}

const PASSWORD = 'Kettle-Lamp-Orchard-4';

function registration(token: string, email: string) {
  return {
    client: 'web',
    authenticity_token: token,
    user: { first_name: 'Ann', last_name: 'Lee', email, password: PASSWORD, password_confirmation: PASSWORD },
    marketing_preferences: { opt_in_terms: 'on' },
  };
}

async function subjectsTo(address: string): Promise<string[]> {
  const rows = await database.db
    .select({ subject: emailOutbox.subject })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, address))
    .orderBy(asc(emailOutbox.id));
  return rows.map((row) => row.subject);
}

/** Follows the link emailed at registration, as the address's owner would (the work runs after the answer). */
async function confirmAddress(address: string): Promise<void> {
  let text = '';
  await vi.waitFor(async () => {
    const [mail] = await database.db
      .select({ text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.relatedKind, 'email-verification')));
    expect(mail).toBeDefined();
    text = mail!.text;
  });
  const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(text)![1]!;
  expect(await confirmEmailToken(database.db, token)).toBe('verified');
}

describe('account calls through the server: CSRF, method override, cookies', () => {
  it('refuses registration and sign-in without the authenticity token (422), and stores nothing', async () => {
    const { cookie } = await visit();
    const register = await app.request('/user.ljson', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ user: { first_name: 'Ann', last_name: 'Lee', email: 'csrf@example.com' } }),
    });
    expect(register.status).toBe(422);
    const signIn = await app.request('/session', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=csrf%40example.com&password=whatever',
    });
    expect(signIn.status).toBe(422);
    const { users } = await import('../../db/schema/index.ts');
    expect(await database.db.select().from(users)).toHaveLength(0);
  });

  it('registers with the token in the JSON body without signing in; once confirmed, signs in and out', async () => {
    const { cookie, token } = await visit();
    const register = await app.request('/user.ljson', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(registration(token, 'http@example.com')),
    });
    expect(register.status).toBe(200);
    expect(register.headers.get('cache-control')).toBe('no-store');
    const notYet = await app.request('/user.ljson', { headers: { cookie } });
    expect(((await notYet.json()) as { user_id: number | null }).user_id).toBeNull();
    await confirmAddress('http@example.com');

    const signIn = await app.request('/session', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: `username=http%40example.com&password=${encodeURIComponent(PASSWORD)}&authenticity_token=${encodeURIComponent(token)}`,
    });
    expect(signIn.status).toBe(200);
    const signedInCookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    expect(signedInCookie).not.toBe(cookie);

    const me = await app.request('/user.ljson', { headers: { cookie: signedInCookie } });
    expect(((await me.json()) as { email: string }).email).toBe('http@example.com');
    expect(me.headers.get('cache-control')).toBe('no-store');

    // The token is bound to the session: the old one no longer works, a fresh one does.
    const stale = await app.request('/session', {
      method: 'POST',
      headers: { cookie: signedInCookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: `_method=delete&authenticity_token=${encodeURIComponent(token)}`,
    });
    expect(stale.status).toBe(422);
    const fresh = (await (await app.request('/', { headers: { cookie: signedInCookie } })).json()) as { token: string };
    const signOut = await app.request('/session', {
      method: 'POST',
      headers: { cookie: signedInCookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: `_method=delete&authenticity_token=${encodeURIComponent(fresh.token)}`,
    });
    expect(signOut.status).toBe(200);
    expect(await signOut.json()).toEqual({ message: 'You have been signed out' });
    const after = await app.request('/user.ljson', { headers: { cookie: signedInCookie } });
    expect(((await after.json()) as { user_id: number | null }).user_id).toBeNull();
  });

  it('answers a registration of a known address byte for byte as one of a new address, apart from tokens', async () => {
    const known = 'known-owner@example.com';
    const first = await visit();
    await app.request('/user.ljson', {
      method: 'POST',
      headers: { cookie: first.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(registration(first.token, known)),
    });
    await confirmAddress(known);

    /** Status, headers and body as bytes, with what differs between any two answers (time, ids, nonces) masked. */
    async function attempt(email: string): Promise<string> {
      const visitor = await visit();
      const response = await app.request('/user.ljson', {
        method: 'POST',
        headers: { cookie: visitor.cookie, 'content-type': 'application/json' },
        body: JSON.stringify(registration(visitor.token, email)),
      });
      const headers = [...response.headers.entries()]
        .filter(([name]) => name !== 'date' && name !== 'x-request-id')
        .map(([name, value]) => `${name}: ${value.replace(/'nonce-[^']+'/g, "'nonce-…'")}`);
      const body = Buffer.from(await response.arrayBuffer()).toString('hex');
      return [response.status, ...headers.sort(), body].join('\n');
    }
    const toKnown = await attempt(known);
    const toNew = await attempt('brand-new@example.com');
    expect(toKnown).toBe(toNew);
    expect(toKnown.startsWith('200\n')).toBe(true);
    // Behind the identical answers: a link for the new address, a notice for the known one.
    await vi.waitFor(async () => expect((await subjectsTo('brand-new@example.com')).length).toBe(1));
    expect(await subjectsTo('brand-new@example.com')).toEqual(['Please confirm your email address']);
    await vi.waitFor(async () => expect((await subjectsTo(known)).length).toBe(2));
    expect(await subjectsTo(known)).toEqual([
      'Please confirm your email address',
      'Someone tried to register with your email address',
    ]);
  });

  it('signs in with the token in the X-CSRF-Token header', async () => {
    const { cookie, token } = await visit();
    const response = await app.request('/session', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', 'x-csrf-token': token },
      body: `username=http%40example.com&password=${encodeURIComponent(PASSWORD)}`,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/^doorstep_session=/);
  });
});
