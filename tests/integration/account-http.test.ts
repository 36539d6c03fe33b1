import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import type { Hono } from 'hono';
import { createServerApp } from '../../server/app.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { action as sessionAction } from '../../app/routes/api/session.ts';
import { action as userAction, loader as userLoader } from '../../app/routes/api/user-ljson.ts';

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
    multipartPaths: new Set(),
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

  it('registers with the token in the JSON body, rotates the session cookie, then signs out with _method=delete', async () => {
    const { cookie, token } = await visit();
    const register = await app.request('/user.ljson', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        client: 'web',
        authenticity_token: token,
        user: {
          first_name: 'Ann',
          last_name: 'Lee',
          email: 'http@example.com',
          password: PASSWORD,
          password_confirmation: PASSWORD,
        },
        marketing_preferences: { opt_in_terms: 'on' },
      }),
    });
    expect(register.status).toBe(200);
    expect(register.headers.get('cache-control')).toBe('no-store');
    const signedInCookie = register.headers.get('set-cookie')!.split(';')[0]!;
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
