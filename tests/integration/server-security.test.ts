import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import type { Hono } from 'hono';
import { createServerApp, clientIpFrom, type ServerAppOptions } from '../../server/app.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { action as sessionAction } from '../../app/routes/api/session.ts';

vi.mock('../../app/features/spam/spam-protection.server.ts', () => ({
  verifyBotCheck: vi.fn(async () => true),
  recaptchaScriptHosts: () => [],
  getBotCheckConfig: vi.fn(async () => ({ version: 'off', siteKey: null })),
}));

let database: TestDatabase;

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

function makeApp(overrides: Partial<ServerAppOptions> = {}): Hono {
  return createServerApp({
    getDb: () => database.db,
    logger: pino({ level: 'silent' }),
    sessionSecret: 'test-secret-test-secret-test-secret-00',
    cookie: { secure: false, idleMinutes: 30, absoluteDays: 30 },
    isDevelopment: false,
    maxBodyBytes: 2048,
    tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    multipartPaths: [],
    publicUrl: 'https://agency.example',
    handleDocument: async (request, context) => {
      const path = new URL(request.url).pathname;
      if (path === '/session') return asResponse(async () => sessionAction({ request, context, params: {} } as never));
      if (path === '/db-fails') throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      if (path === '/db-fails-rendered') return new Response('error page', { status: 500 });
      // A loader that asked for caching: a .data answer must not be cached all the same.
      if (path === '/search.data') return new Response('{}', { headers: { 'Cache-Control': 'public, max-age=60' } });
      return Response.json({ origin: context.origin, clientIp: context.clientIp, token: context.csrfToken });
    },
    ...overrides,
  });
}

/** The node-server bindings Hono's getConnInfo reads: the socket's peer address. */
function fromSocket(address: string) {
  return { incoming: { socket: { remoteAddress: address, remotePort: 40000, remoteFamily: 'IPv4' } } };
}

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
});

afterAll(async () => {
  setDatabaseHandle(undefined);
  await database?.dispose();
});

describe('public origin and Host header', () => {
  it('builds absolute URLs from the configured origin, whatever Host the request names', async () => {
    const app = makeApp();
    const response = await app.request('http://evil.example/', { headers: { host: 'evil.example' } });
    expect(((await response.json()) as { origin: string }).origin).toBe('https://agency.example');
  });

  it('answers 421 for an unknown Host when host names are restricted; the public host and loopback are served', async () => {
    const app = makeApp({ allowedHosts: new Set(['agency.example', 'localhost', '127.0.0.1']) });
    const evil = await app.request('http://evil.example/', { headers: { host: 'evil.example' } });
    expect(evil.status).toBe(421);
    expect(evil.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await app.request('http://agency.example/', { headers: { host: 'agency.example' } })).status).toBe(200);
    expect((await app.request('http://127.0.0.1:3000/healthz', { headers: { host: '127.0.0.1:3000' } })).status).toBe(
      200,
    );
  });
});

describe('TRUST_PROXY: only the configured proxy hops are believed', () => {
  it('takes the entry written by the last trusted proxy, not the forgeable leftmost one', () => {
    expect(clientIpFrom('6.6.6.6, 203.0.113.9', '10.0.0.2', 1)).toBe('203.0.113.9');
    expect(clientIpFrom('6.6.6.6, 203.0.113.9, 10.0.0.3', '10.0.0.2', 2)).toBe('203.0.113.9');
    expect(clientIpFrom('203.0.113.9', '10.0.0.2', 5)).toBe('203.0.113.9');
    expect(clientIpFrom('6.6.6.6', '10.0.0.2', 0)).toBe('10.0.0.2');
    expect(clientIpFrom(undefined, '10.0.0.2', 1)).toBe('10.0.0.2');
  });

  it('takes the rightmost address that is not a listed proxy', () => {
    const proxies = ['10.0.0.0/8', '192.0.2.1'];
    expect(clientIpFrom('6.6.6.6, 203.0.113.9', '10.0.0.2', proxies)).toBe('203.0.113.9');
    expect(clientIpFrom('6.6.6.6, 203.0.113.9, 192.0.2.1', '10.0.0.2', proxies)).toBe('203.0.113.9');
    // A forged entry naming a trusted proxy does not hide the address the proxy saw.
    expect(clientIpFrom('10.9.9.9, 203.0.113.9', '10.0.0.2', proxies)).toBe('203.0.113.9');
    // The peer is not a listed proxy: the header is not believed at all.
    expect(clientIpFrom('203.0.113.9', '198.51.100.4', proxies)).toBe('198.51.100.4');
    expect(clientIpFrom(undefined, '10.0.0.2', proxies)).toBe('10.0.0.2');
    expect(clientIpFrom('6.6.6.6', '10.0.0.2', [])).toBe('10.0.0.2');
  });

  it.each([
    ['a hop count', 1],
    ['a list of proxy addresses', ['10.0.0.0/8']],
  ] as const)(
    'rate-limits sign-in per visitor even when every request forges a new X-Forwarded-For (%s)',
    async (_form, trustProxy) => {
      const app = makeApp({ trustProxy, publicUrl: 'http://localhost' });
      const first = await app.request('/', {}, fromSocket('10.0.0.2'));
      const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
      const { token } = (await first.json()) as { token: string };
      // Each form of the setting gets its own visitor address, so the two runs do not share a limit.
      const visitor = typeof trustProxy === 'number' ? '203.0.113.9' : '203.0.113.10';
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 25; attempt++) {
        const response = await app.request(
          '/session',
          {
            method: 'POST',
            headers: {
              cookie,
              'content-type': 'application/json',
              'x-csrf-token': token,
              // The visitor forges the left part; the proxy appends the address it saw.
              'x-forwarded-for': `198.51.100.${attempt}, ${visitor}`,
            },
            body: JSON.stringify({ username: `nobody${attempt}@example.com`, password: 'Wrong-Password-1' }),
          },
          fromSocket('10.0.0.2'),
        );
        statuses.push(response.status);
      }
      expect(statuses).toContain(429);
      expect(statuses.at(-1)).toBe(429);
      // The limit (10 a window by default) is reached after exactly that many attempts.
      expect(statuses.indexOf(429)).toBe(10);
    },
  );
});

describe('security headers on every answer', () => {
  it('sets nosniff and the CSP on health checks, early 413/415/422 answers and 404s', async () => {
    const app = makeApp();
    const answers = [
      await app.request('/healthz'),
      await app.request('/thing', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'x='.padEnd(5000, 'a'),
      }),
      await app.request('/thing', { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x' } }),
      await app.request('/thing', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'a=1',
      }),
    ];
    expect(answers.map((response) => response.status)).toEqual([200, 413, 415, 422]);
    for (const response of answers) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toContain("object-src 'none'");
      // The configured origin is https, so HSTS is sent even though this request came over plain http.
      expect(response.headers.get('strict-transport-security')).toContain('max-age=');
    }
  });

  it('sets nosniff and the CSP on static files and media too', async () => {
    mkdirSync('data', { recursive: true });
    const root = mkdtempSync(path.join(process.cwd(), 'data', 'static-test-'));
    try {
      mkdirSync(path.join(root, 'assets'));
      writeFileSync(path.join(root, 'assets', 'entry-abc123.js'), 'console.log(1);');
      writeFileSync(path.join(root, 'favicon.ico'), 'icon');
      const app = makeApp({
        staticRoot: root,
        // The media route answers from the storage (server/routes.ts); any image answer goes through the same layer.
        extraRoutes: (hono) => hono.get('/media/*', (c) => c.body('image', 200, { 'Content-Type': 'image/jpeg' })),
      });
      const answers = [
        await app.request('/assets/entry-abc123.js'),
        await app.request('/favicon.ico'),
        await app.request('/media/photos/house-01.jpg'),
      ];
      expect(answers.map((response) => response.status)).toEqual([200, 200, 200]);
      for (const response of answers) {
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('content-security-policy')).toContain("object-src 'none'");
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('gives .data answers (root data with the token and user id) Cache-Control: private, no-store', async () => {
    const app = makeApp();
    for (const path of ['/_root.data', '/search.data']) {
      const response = await app.request(path);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
    }
  });
});

describe('while the database is unreachable', () => {
  const down = () => Promise.resolve(false);

  it('answers a failing page with 503, Retry-After and the friendly page', async () => {
    const app = makeApp({ isDatabaseReachable: down });
    for (const path of ['/db-fails', '/db-fails-rendered']) {
      const response = await app.request(path, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('30');
      expect(await response.text()).toContain('temporarily unavailable');
    }
  });

  it('answers a failing JSON call with 503 and a JSON body', async () => {
    const app = makeApp({ isDatabaseReachable: down });
    const response = await app.request('/db-fails', { headers: { accept: 'application/json' } });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 503 });
  });

  it('still answers 500 when the database is fine (a real bug is not hidden as an outage)', async () => {
    const app = makeApp({ isDatabaseReachable: () => Promise.resolve(true) });
    expect((await app.request('/db-fails', { headers: { accept: 'text/html' } })).status).toBe(500);
  });

  it('keeps /healthz at 200 (the process is up); /readyz is 200 with a migrated database', async () => {
    const app = makeApp({ isDatabaseReachable: down });
    expect((await app.request('/healthz')).status).toBe(200);
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });
});
