import pino from 'pino';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { leads } from '../../db/schema/index.ts';
import { createServerApp } from '../../server/app.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { action as propertyLeadsAction } from '../../app/routes/api/property-leads.ts';
import { action as leadsAction } from '../../app/routes/api/leads.ts';
import { action as sendToFriendAction } from '../../app/routes/api/send-to-friend.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { insertLeadFixtures } from './leads-fixtures.ts';
import { MULTIPART_PATHS } from '../../server/multipart-paths.ts';

vi.mock('../../app/features/spam/spam-protection.server.ts', () => ({
  verifyBotCheck: () => Promise.resolve(true),
  getBotCheckConfig: () => Promise.resolve({ version: 'off', siteKey: null }),
  recaptchaScriptHosts: () => [],
}));

let database: TestDatabase;
let app: Hono;

/** The real server (sessions, method override, CSRF check) in front of the lead actions. */
beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
  await insertLeadFixtures(database.db);
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
      const url = new URL(request.url);
      const args = { request, context, params: {} as Record<string, string> };
      const viewing = /^\/properties\/(\d+)\/(sales|lettings)\/leads$/.exec(url.pathname);
      if (viewing) {
        args.params = { propertyId: viewing[1]!, channel: viewing[2]! };
        return propertyLeadsAction(args as unknown as Parameters<typeof propertyLeadsAction>[0]);
      }
      if (url.pathname === '/leads') return leadsAction(args as unknown as Parameters<typeof leadsAction>[0]);
      if (url.pathname === '/user/send_to_friend')
        return sendToFriendAction(args as unknown as Parameters<typeof sendToFriendAction>[0]);
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

const viewing = new URLSearchParams({
  'lead_client[first_name]': 'Ann',
  'lead_client[last_name]': 'Lee',
  'lead_client[tel_home]': '0123456789',
  'lead_client[email]': 'ann@example.com',
  'lead[message]': 'Saturday?',
  'marketing_preferences[opt_in_terms]': 'on',
});

async function leadCount() {
  return (await database.db.select({ id: leads.id }).from(leads)).length;
}

describe('lead calls need the authenticity token', () => {
  it.each(['/properties/1/sales/leads', '/leads', '/user/send_to_friend'])(
    'rejects %s without a token and stores nothing',
    async (path) => {
      const { cookie } = await visit();
      const response = await app.request(path, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: viewing.toString(),
      });
      expect(response.status).toBe(422);
      expect(await leadCount()).toBe(0);
    },
  );

  it('accepts the same viewing post with the token as a form field', async () => {
    const { cookie, token } = await visit();
    const body = new URLSearchParams(viewing);
    body.set('authenticity_token', token);
    const response = await app.request('/properties/1/sales/leads', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: body.toString(),
    });
    expect(response.status).toBe(200);
    expect(await leadCount()).toBe(1);
  });

  it('accepts a JSON staff lead with the token in the X-CSRF-Token header', async () => {
    const { cookie, token } = await visit();
    const response = await app.request('/leads', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', accept: 'application/json', 'x-csrf-token': token },
      body: JSON.stringify({
        lead_client: { first_name: 'Ann', last_name: 'Lee', tel_home: '0123456789', email: 'ann@example.com' },
        lead: { agency_employee_id: 1, channel: 'sales' },
        market_preferences: { opt_in_terms: 'on' },
      }),
    });
    expect(response.status).toBe(200);
    expect(await leadCount()).toBe(2);
  });
});
