import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentLogs, siteSettings } from '../../../db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/integration/test-database.ts';
import { setDatabaseHandle } from '../../lib/db.server.ts';
import { DEFAULT_THEME } from '../../features/site/site-chrome.server.ts';
import { action as logConsent } from './consent-logs.ts';
import { loader as analyticsCode } from './analytics-code.ts';

let database: TestDatabase;
const sessionId = 'a'.repeat(43);

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
  await database.db.insert(siteSettings).values({
    id: 1,
    agencyName: 'Test Agency',
    agencyEmail: 'hello@test.example',
    agencyContactTelephone: '01225 000000',
    logoUrl: '/logo.png',
    theme: DEFAULT_THEME,
    analyticsCode: '<script>window.bodyCode = 1</script>',
    headAnalyticsCode: '<script>window.headCode = 1</script>',
  });
});

afterAll(async () => {
  setDatabaseHandle(undefined);
  await database?.dispose();
});

type ActionArgs = Parameters<typeof logConsent>[0];
type LoaderArgs = Parameters<typeof analyticsCode>[0];

function post(body: string, contentType: string): ActionArgs {
  const request = new Request('http://localhost/ajax-events/logs', {
    method: 'POST',
    headers: { 'Content-Type': contentType, 'User-Agent': 'vitest' },
    body,
  });
  return { request, params: {}, context: { session: { id: sessionId } } } as unknown as ActionArgs;
}

async function settle(result: unknown): Promise<{ status: number; body: unknown; headers: Headers }> {
  if (result instanceof Response) return { status: result.status, body: null, headers: result.headers };
  const value = result as { type?: string; data: unknown; init?: { status?: number; headers?: HeadersInit } };
  return { status: value.init?.status ?? 200, body: value.data, headers: new Headers(value.init?.headers) };
}

describe('POST /ajax-events/logs', () => {
  it('stores the choice in consent_logs and sets the cookieconsent_status cookie', async () => {
    const response = await settle(
      await logConsent(post(JSON.stringify({ status: 'allow', path: '/articles' }), 'application/json')),
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ status: 'allow', consentId: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(response.headers.get('set-cookie')).toContain('cookieconsent_status=allow');
    const rows = await database.db.select().from(consentLogs);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'allow', userAgent: 'vitest', details: { path: '/articles' } });
    expect(rows[0]?.consentId).not.toContain(sessionId);
  });

  it('accepts a plain form post and redirects back to a local page only', async () => {
    const back = await settle(
      await logConsent(post('status=deny&redirect_to=%2Fbranches', 'application/x-www-form-urlencoded')),
    );
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/branches');
    expect(back.headers.get('set-cookie')).toContain('cookieconsent_status=deny');
    const offsite = await settle(
      await logConsent(post('status=deny&redirect_to=%2F%2Fevil.example', 'application/x-www-form-urlencoded')),
    );
    expect(offsite.headers.get('location')).toBe('/');
  });

  it('rejects a bad status or body with 400 and stores nothing', async () => {
    const before = (await database.db.select().from(consentLogs)).length;
    expect((await settle(await logConsent(post('{"status":"maybe"}', 'application/json')))).status).toBe(400);
    expect((await settle(await logConsent(post('{not json', 'application/json')))).status).toBe(400);
    expect(await database.db.select().from(consentLogs)).toHaveLength(before);
  });
});

describe('GET /analytics_code', () => {
  const get = (cookie?: string) =>
    ({
      request: new Request('http://localhost/analytics_code', { headers: cookie ? { cookie } : {} }),
      params: {},
      context: {},
    }) as unknown as LoaderArgs;

  it('returns analytics_code and head_analytics_code once consent allows', async () => {
    const response = await settle(await analyticsCode(get('cookieconsent_status=allow')));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      analytics_code: '<script>window.bodyCode = 1</script>',
      head_analytics_code: '<script>window.headCode = 1</script>',
    });
  });

  it('answers 403 without consent or after a rejection', async () => {
    expect((await settle(await analyticsCode(get()))).status).toBe(403);
    expect((await settle(await analyticsCode(get('cookieconsent_status=deny')))).status).toBe(403);
  });
});
