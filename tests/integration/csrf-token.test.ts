import pino from 'pino';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerApp } from '../../server/app.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { INVALID_AUTHENTICITY_MESSAGE } from '../../app/lib/http/csrf-fetch.ts';
import { action as tokenAction, loader as tokenLoader } from '../../app/routes/api/csrf-token.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { MULTIPART_PATHS } from '../../server/multipart-paths.ts';

let database: TestDatabase;
let app: Hono;

/** The real server (sessions, CSRF check) in front of GET /csrf-token and an endpoint that accepts any post. */
beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
  app = createServerApp({
    getDb: () => database.db,
    logger: pino({ level: 'silent' }),
    sessionSecret: 'test-secret-test-secret-test-secret-00',
    cookie: { secure: false, idleMinutes: 30, absoluteDays: 30 },
    isDevelopment: false,
    maxBodyBytes: 64 * 1024,
    tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    multipartPaths: MULTIPART_PATHS,
    handleDocument: async (request, context) => {
      const args = { request, context, params: {} } as never;
      if (new URL(request.url).pathname === '/csrf-token') {
        try {
          return request.method === 'GET' ? tokenLoader(args) : (tokenAction(args) as never);
        } catch (answer) {
          if (answer instanceof Response) return answer;
          throw answer;
        }
      }
      return Response.json({ ok: true });
    },
  });
});

afterAll(async () => {
  setDatabaseHandle(undefined);
  await database?.dispose();
});

async function freshToken(cookie?: string): Promise<{ cookie: string; token: string; response: Response }> {
  const response = await app.request('/csrf-token', {
    headers: { Accept: 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
  });
  const body = (await response.clone().json()) as { authenticity_token: string };
  const setCookie = response.headers.get('set-cookie');
  return { cookie: setCookie ? setCookie.split(';')[0]! : cookie!, token: body.authenticity_token, response };
}

function post(cookie: string, token: string) {
  return app.request('/leads', {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': token },
    body: '{}',
  });
}

describe('GET /csrf-token', () => {
  it("answers a token for the browser's session, never cached", async () => {
    const { cookie, token, response } = await freshToken();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('no-store');
    expect(token.length).toBeGreaterThan(40);
    expect((await post(cookie, token)).status).toBe(200);
  });

  it("refuses another session's token with the message the browser recognises, and a fresh token then works", async () => {
    const tabs = await freshToken();
    const other = await freshToken();
    const refused = await post(tabs.cookie, other.token);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: string }).error).toBe(INVALID_AUTHENTICITY_MESSAGE);
    const renewed = await freshToken(tabs.cookie);
    expect((await post(tabs.cookie, renewed.token)).status).toBe(200);
  });

  it('takes no posts', async () => {
    const { cookie, token } = await freshToken();
    const response = await app.request('/csrf-token', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json', 'X-CSRF-Token': token },
      body: '{}',
    });
    expect(response.status).toBe(405);
  });
});
