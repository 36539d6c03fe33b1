import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { Hono } from 'hono';
import { createServerApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from '../tests/integration/test-database.ts';
import { MULTIPART_PATHS } from './multipart-paths.ts';

let database: TestDatabase;
let app: Hono;

beforeAll(async () => {
  database = await createTestDatabase();
  app = createServerApp({
    getDb: () => database.db,
    logger: pino({ level: 'silent' }),
    sessionSecret: 'test-secret-test-secret-test-secret-00',
    cookie: { secure: false, idleMinutes: 30, absoluteDays: 30 },
    isDevelopment: false,
    maxBodyBytes: 1024,
    tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    multipartPaths: MULTIPART_PATHS,
    handleDocument: async (request, context) => {
      const url = new URL(request.url);
      if (url.pathname === '/boom') throw new Error('secret internal detail');
      if (url.pathname === '/sign-in') await context.session.signIn(await makeUser());
      const body = request.method === 'GET' ? '' : await request.text();
      return Response.json({
        method: request.method,
        token: context.csrfToken,
        body,
        userId: await context.session.getUserId(),
      });
    },
  });
});

afterAll(async () => {
  await database?.dispose();
});

let userCount = 0;
async function makeUser(): Promise<number> {
  const { users } = await import('../db/schema/index.ts');
  userCount++;
  const [user] = await database.db
    .insert(users)
    .values({
      email: `u${userCount}@example.com`,
      emailLower: `u${userCount}@example.com`,
      passwordHash: 'x',
      firstName: 'A',
      lastName: 'B',
    })
    .returning({ id: users.id });
  return user!.id;
}

async function visit(): Promise<{ cookie: string; token: string }> {
  const response = await app.request('/');
  const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
  const { token } = (await response.json()) as { token: string };
  return { cookie, token };
}

describe('server: sessions and CSRF', () => {
  it('gives a new visitor a random session id cookie, HttpOnly and SameSite=Lax', async () => {
    const response = await app.request('/');
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^doorstep_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  it('accepts a state-changing request with the token as a form field or header', async () => {
    const { cookie, token } = await visit();
    const form = await app.request('/thing', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: `authenticity_token=${encodeURIComponent(token)}&name=x`,
    });
    expect(form.status).toBe(200);
    expect(await form.json()).toMatchObject({ method: 'POST', body: expect.stringContaining('name=x') });
    const header = await app.request('/thing', { method: 'POST', headers: { cookie, 'x-csrf-token': token } });
    expect(header.status).toBe(200);
  });

  it('rejects a missing or wrong token with 422, in JSON for JSON clients and HTML otherwise', async () => {
    const { cookie, token } = await visit();
    const missing = await app.request('/user.ljson', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(missing.status).toBe(422);
    expect(await missing.json()).toMatchObject({ status: 422, error: expect.stringContaining('reload the page') });
    const wrong = await app.request('/thing', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body: `authenticity_token=${token.slice(0, -2)}AA`,
    });
    expect(wrong.status).toBe(422);
    expect(wrong.headers.get('content-type')).toContain('text/html');
    const noSession = await app.request('/thing', { method: 'POST', headers: { 'x-csrf-token': token } });
    expect(noSession.status).toBe(422);
    const otherSession = await visit();
    const crossed = await app.request('/thing', {
      method: 'POST',
      headers: { cookie: otherSession.cookie, 'x-csrf-token': token },
    });
    expect(crossed.status).toBe(422);
  });

  it('rejects a write another site sent, even with a valid token and cookie', async () => {
    const { cookie, token } = await visit();
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }] as Record<
      string,
      string
    >[]) {
      const forged = await app.request('/thing', {
        method: 'POST',
        headers: { cookie, 'x-csrf-token': token, ...headers },
      });
      expect(forged.status).toBe(422);
    }
    const sameOrigin = await app.request('/thing', {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': token, 'sec-fetch-site': 'same-origin', origin: 'http://localhost' },
    });
    expect(sameOrigin.status).toBe(200);
  });

  it('lets a mail client POST the one-click unsubscribe (RFC 8058) without a session, and nothing else', async () => {
    const oneClick = await app.request('/unsubscribe/AbCdEfGhIjKlMnOpQrStUvWx', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.json()).toMatchObject({ method: 'POST', body: 'List-Unsubscribe=One-Click' });
    const deleteOverride = await app.request('/unsubscribe/AbCdEfGhIjKlMnOpQrStUvWx', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '_method=delete',
    });
    expect(deleteOverride.status).toBe(422);
    const elsewhere = await app.request('/unsubscribe/AbCdEfGhIjKlMnOpQrStUvWx/more', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(elsewhere.status).toBe(422);
  });

  it('answers 400 to a NUL character in the address, a form or a JSON body', async () => {
    const { cookie, token } = await visit();
    expect((await app.request('/address_lookup?autocomplete=a%00b')).status).toBe(400);
    expect((await app.request('/forms/a%00')).status).toBe(400);
    const form = await app.request('/thing', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: `authenticity_token=${token}&name=a%00b`,
    });
    expect(form.status).toBe(400);
    const json = await app.request('/thing', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'x-csrf-token': token },
      body: JSON.stringify({ name: 'a\u0000b' }),
    });
    expect(json.status).toBe(400);
    const fine = await app.request('/thing', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'x-csrf-token': token },
      body: JSON.stringify({ name: 'Zoë 😀 <b>' }),
    });
    expect(fine.status).toBe(200);
  });

  it('routes a POST with _method as PUT/PATCH/DELETE and keeps the body', async () => {
    const { cookie, token } = await visit();
    const response = await app.request('/saved_properties/4', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: `_method=delete&authenticity_token=${encodeURIComponent(token)}`,
    });
    expect(await response.json()).toMatchObject({ method: 'DELETE', body: expect.stringContaining('_method=delete') });
    const json = await app.request('/user.ljson', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'x-csrf-token': token },
      body: JSON.stringify({ _method: 'put', first_name: 'Ann' }),
    });
    expect(await json.json()).toMatchObject({ method: 'PUT' });
    const query = await app.request('/saved_searches?_method=put', {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': token },
    });
    expect(await query.json()).toMatchObject({ method: 'PUT' });
  });

  it('answers 400 for a bad override, 400 for malformed JSON, 413 when too large, 415 for stray uploads', async () => {
    const { cookie, token } = await visit();
    const bad = await app.request('/thing?_method=get', { method: 'POST', headers: { cookie, 'x-csrf-token': token } });
    expect(bad.status).toBe(400);
    const malformed = await app.request('/thing', {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': token, 'content-type': 'application/json' },
      body: '{"a":',
    });
    expect(malformed.status).toBe(400);
    const large = await app.request('/thing', {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': token, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a='.padEnd(5000, 'x'),
    });
    expect(large.status).toBe(413);
    const upload = await app.request('/thing', {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': token, 'content-type': 'multipart/form-data; boundary=zz' },
      body: '--zz--',
    });
    expect(upload.status).toBe(415);
  });

  it('issues a new session id on sign-in', async () => {
    const { cookie, token } = await visit();
    const response = await app.request('/sign-in', { method: 'POST', headers: { cookie, 'x-csrf-token': token } });
    expect(response.status).toBe(200);
    const newCookie = response.headers.get('set-cookie')!.split(';')[0]!;
    expect(newCookie).not.toBe(cookie);
    const after = await app.request('/', { headers: { cookie: newCookie } });
    expect(((await after.json()) as { userId: number }).userId).toBeGreaterThan(0);
    const before = await app.request('/', { headers: { cookie } });
    expect(((await before.json()) as { userId: number | null }).userId).toBeNull();
  });
});

describe('server: headers and errors', () => {
  it('sends security headers with a per-response CSP nonce', async () => {
    const first = await app.request('/');
    const second = await app.request('/');
    const csp = first.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toBe(second.headers.get('content-security-policy'));
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(first.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers /healthz', async () => {
    const response = await app.request('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('turns a crash into a generic 500 without internals', async () => {
    const response = await app.request('/boom', { headers: { accept: 'text/html' } });
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(body).toContain('Something went wrong');
    expect(body).not.toContain('secret internal detail');
    expect(body).not.toContain('at ');
  });
});
