import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import pino from 'pino';
import type { Hono } from 'hono';
import { createServerApp } from '../../server/app.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { insertLeadFixtures } from './leads-fixtures.ts';
import { MULTIPART_PATHS } from '../../server/multipart-paths.ts';

// The proof-of-work and reCAPTCHA checks would refuse every generated body before the schemas run; accepting them
// lets the hostile fields reach the routes' own parsing, which is what is under test.
vi.mock('../../app/features/spam/spam-protection.server.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  verifyBotCheck: vi.fn(async () => true),
}));

type RouteModule = { action: (args: never) => unknown };

/**
 * Every route of app/routes.ts with an action (the addresses a POST reaches), with example parameters. The module
 * is loaded on first use, as React Router does.
 */
const POST_ENDPOINTS: { path: string; load: () => Promise<RouteModule>; params?: Record<string, string> }[] = [
  { path: '/user/sign-in', load: () => import('../../app/routes/account/sign-in.tsx') },
  { path: '/user/register', load: () => import('../../app/routes/account/register.tsx') },
  { path: '/user/edit', load: () => import('../../app/routes/account/edit.tsx') },
  { path: '/user/marketing-preferences', load: () => import('../../app/routes/account/marketing-preferences.tsx') },
  { path: '/user/forgotten_password', load: () => import('../../app/routes/account/forgotten-password.tsx') },
  { path: '/book-a-valuation', load: () => import('../../app/routes/modals/book-a-valuation.tsx') },
  {
    path: '/properties/home-1/book-a-valuation',
    load: () => import('../../app/routes/modals/book-a-valuation.tsx'),
    params: { slug: 'home-1' },
  },
  { path: '/search', load: () => import('../../app/routes/public/search.tsx') },
  {
    path: '/unsubscribe/abcdefghijklmnopqrstuvwx',
    load: () => import('../../app/routes/public/unsubscribe.tsx'),
    params: { token: 'abcdefghijklmnopqrstuvwx' },
  },
  {
    path: '/no-such-page',
    load: () => import('../../app/routes/public/static-page.tsx'),
    params: { '*': 'no-such-page' },
  },
  {
    path: '/terms-of-use',
    load: () => import('../../app/routes/public/static-page.tsx'),
    params: { '*': 'terms-of-use' },
  },
  { path: '/property_views', load: () => import('../../app/routes/api/property-views.ts') },
  { path: '/exposures/create_many', load: () => import('../../app/routes/api/exposures.ts') },
  { path: '/ajax-events/logs', load: () => import('../../app/routes/api/consent-logs.ts') },
  { path: '/saved_properties.ljson', load: () => import('../../app/routes/api/saved-properties.ts') },
  { path: '/saved_properties/1', load: () => import('../../app/routes/api/saved-property.ts'), params: { id: '1' } },
  { path: '/saved_searches.ljson', load: () => import('../../app/routes/api/saved-searches.ts') },
  { path: '/saved_searches', load: () => import('../../app/routes/api/saved-searches.ts') },
  { path: '/searches/1', load: () => import('../../app/routes/api/search-delete.ts'), params: { searchId: '1' } },
  { path: '/form_submissions', load: () => import('../../app/routes/api/form-submissions.ts') },
  { path: '/user.ljson', load: () => import('../../app/routes/api/user-ljson.ts') },
  { path: '/session', load: () => import('../../app/routes/api/session.ts') },
  { path: '/reset_passwords', load: () => import('../../app/routes/api/reset-passwords.ts') },
  {
    path: '/marketing_preferences/1',
    load: () => import('../../app/routes/api/marketing-preferences.ts'),
    params: { id: '1' },
  },
  {
    path: '/custom_marketing_preferences/1',
    load: () => import('../../app/routes/api/custom-marketing-preferences.ts'),
    params: { userId: '1' },
  },
  {
    path: '/properties/1/sales/leads',
    load: () => import('../../app/routes/api/property-leads.ts'),
    params: { propertyId: '1', channel: 'sales' },
  },
  { path: '/leads', load: () => import('../../app/routes/api/leads.ts') },
  { path: '/user/send_to_friend', load: () => import('../../app/routes/api/send-to-friend.ts') },
  { path: '/admin/sign-in', load: () => import('../../app/routes/admin/sign-in.tsx') },
  { path: '/admin/sign-out', load: () => import('../../app/routes/admin/sign-out.tsx') },
  { path: '/admin/forgot-password', load: () => import('../../app/routes/admin/forgot-password.tsx') },
  {
    path: `/admin/setup/${'x'.repeat(43)}`,
    load: () => import('../../app/routes/admin/setup.tsx'),
    params: { token: 'x'.repeat(43) },
  },
  {
    path: `/admin/reset/${'x'.repeat(43)}`,
    load: () => import('../../app/routes/admin/reset.tsx'),
    params: { token: 'x'.repeat(43) },
  },
  { path: '/admin/account', load: () => import('../../app/routes/admin/account.tsx') },
  { path: '/admin/staff', load: () => import('../../app/routes/admin/staff.tsx') },
  { path: '/admin/diary/1', load: () => import('../../app/routes/admin/diary-entry.tsx'), params: { id: '1' } },
  { path: '/admin/listings/new', load: () => import('../../app/routes/admin/listing-new.tsx') },
  { path: '/admin/listings/1', load: () => import('../../app/routes/admin/listing.tsx'), params: { id: '1' } },
  { path: '/admin/branches/new', load: () => import('../../app/routes/admin/branch-new.tsx') },
  { path: '/admin/branches/1', load: () => import('../../app/routes/admin/branch.tsx'), params: { id: '1' } },
  {
    path: '/admin/branches/1/staff',
    load: () => import('../../app/routes/admin/branch-staff.tsx'),
    params: { id: '1' },
  },
  {
    path: '/admin/branches/1/staff/1',
    load: () => import('../../app/routes/admin/branch-staff-profile.tsx'),
    params: { id: '1', staffId: '1' },
  },
  {
    path: '/admin/branches/1/staff/new',
    load: () => import('../../app/routes/admin/branch-staff-new.tsx'),
    params: { id: '1' },
  },
  {
    path: '/admin/branches/1/departments',
    load: () => import('../../app/routes/admin/branch-departments.tsx'),
    params: { id: '1' },
  },
  {
    path: '/admin/branches/1/staff/1/photo',
    load: () => import('../../app/routes/admin/branch-staff-photo.tsx'),
    params: { id: '1', staffId: '1' },
  },
  { path: '/admin/articles/new', load: () => import('../../app/routes/admin/articles-new.tsx') },
  { path: '/admin/articles/images', load: () => import('../../app/routes/admin/articles-images.tsx') },
  { path: '/admin/articles/1', load: () => import('../../app/routes/admin/articles-edit.tsx'), params: { id: '1' } },
  { path: '/admin/pages/1', load: () => import('../../app/routes/admin/pages-edit.tsx'), params: { id: '1' } },
  { path: '/admin/forms/new', load: () => import('../../app/routes/admin/forms-new.tsx') },
  { path: '/admin/forms/1', load: () => import('../../app/routes/admin/forms-edit.tsx'), params: { id: '1' } },
];

let database: TestDatabase;
let app: Hono;
let cookie: string;
let token: string;

/** What React Router does with an action's answer: a Response as is, data() as JSON with its status. */
async function asResponse(run: () => unknown): Promise<Response> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    if (!(thrown instanceof Response) && !(thrown && typeof thrown === 'object' && 'init' in thrown)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) return result;
  if (result && typeof result === 'object' && 'init' in result) {
    const value = result as { data: unknown; init?: { status?: number; headers?: HeadersInit } | null };
    return Response.json(value.data ?? null, { status: value.init?.status ?? 200, headers: value.init?.headers });
  }
  return Response.json(result ?? null);
}

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
    maxBodyBytes: 65_536,
    tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    multipartPaths: MULTIPART_PATHS,
    handleDocument: async (request, context) => {
      const path = new URL(request.url).pathname;
      const endpoint = POST_ENDPOINTS.find((candidate) => candidate.path === path);
      if (!endpoint || request.method === 'GET') return Response.json({ token: context.csrfToken });
      const module = await endpoint.load();
      return asResponse(() => module.action({ request, context, params: endpoint.params ?? {} } as never));
    },
  });
  const first = await app.request('/');
  cookie = first.headers.get('set-cookie')!.split(';')[0]!;
  token = ((await first.json()) as { token: string }).token;
}, 60_000);

afterAll(async () => {
  setDatabaseHandle(undefined);
  await database?.dispose();
});

const fieldName = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    '__proto__[polluted]',
    'constructor[prototype][x]',
    'user[email]',
    'user[__proto__][x]',
    'lead[message]',
    'lead[is_valuation_request]',
    'email',
    'password',
    'redirect_url',
    'return_to',
    '_method',
    'form_id',
    'property_id',
    'id',
  ),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 10 }),
);
const fieldValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '😀🏠',
    '\uD800',
    '/.//evil.example',
    '/\t/evil.example',
    '-1',
    '1e309',
    '',
    'true',
    '1',
  ),
  fc.nat({ max: 70_000 }).map((length) => 'x'.repeat(length)),
);
const fields = fc.array(fc.tuple(fieldName, fieldValue), { maxLength: 8 });
const jsonValue = fc.jsonValue({ maxDepth: 3 });
const encoding = fc.constantFrom('urlencoded', 'json', 'json-raw', 'multipart', 'text', 'none', 'charset');

function bodyFor(
  kind: string,
  pairs: [string, string][],
  raw: unknown,
): { headers: Record<string, string>; body?: BodyInit } {
  switch (kind) {
    case 'urlencoded':
      return {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(pairs).toString(),
      };
    case 'json':
      return {
        headers: { 'content-type': 'application/json' },
        body: `{${pairs.map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`).join(',')}}`,
      };
    case 'json-raw':
      return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(raw) };
    case 'multipart': {
      const form = new FormData();
      for (const [name, value] of pairs) form.append(name, value);
      return { headers: {}, body: form };
    }
    case 'text':
      return { headers: { 'content-type': 'text/plain' }, body: pairs.map((pair) => pair.join('=')).join('\n') };
    case 'charset':
      return {
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-16le' },
        body: new URLSearchParams(pairs).toString(),
      };
    default:
      return { headers: {} };
  }
}

/** What Object.prototype holds before any hostile body: a body that adds to it has changed every object in the server. */
const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort();

describe('hostile bodies on every POST address', () => {
  it('never answer 5xx, nor change Object.prototype', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...POST_ENDPOINTS),
        encoding,
        fields,
        jsonValue,
        async (endpoint, kind, pairs, raw) => {
          const { headers, body } = bodyFor(kind, pairs, raw);
          const response = await app.request(endpoint.path, {
            method: 'POST',
            headers: { cookie, 'x-csrf-token': token, accept: 'application/json', ...headers },
            body,
          });
          if (response.status >= 500) {
            throw new Error(`${endpoint.path} (${kind}) answered ${response.status}: ${await response.text()}`);
          }
          await response.arrayBuffer();
          expect(Object.getOwnPropertyNames(Object.prototype).sort(), `${endpoint.path} (${kind})`).toEqual(
            prototypeNames,
          );
        },
      ),
      { numRuns: 600, seed: 20261125 },
    );
  }, 60_000);
});

describe('prototype names in every encoding, on every POST address', () => {
  it('leave Object.prototype as it was', async () => {
    const pairs: [string, string][] = [
      ['lead[is_valuation_request]', 'true'],
      ['__proto__[polluted]', 'yes'],
      ['constructor[prototype][polluted]', 'yes'],
      ['lead[__proto__][polluted]', 'yes'],
      ['user[__proto__][polluted]', 'yes'],
      ['__proto__', 'yes'],
    ];
    const nested = JSON.parse(
      '{"lead":{"is_valuation_request":true,"__proto__":{"polluted":"yes"}},"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}',
    ) as unknown;
    for (const endpoint of POST_ENDPOINTS) {
      for (const kind of ['urlencoded', 'multipart', 'json', 'json-raw']) {
        const { headers, body } = bodyFor(kind, pairs, nested);
        const response = await app.request(endpoint.path, {
          method: 'POST',
          headers: { cookie, 'x-csrf-token': token, accept: 'application/json', ...headers },
          body,
        });
        await response.arrayBuffer();
        expect(response.status, `${endpoint.path} (${kind})`).toBeLessThan(500);
        expect(Object.getOwnPropertyNames(Object.prototype).sort(), `${endpoint.path} (${kind})`).toEqual(
          prototypeNames,
        );
      }
    }
  }, 60_000);
});

describe('multipart parts the parser cannot name or decode', () => {
  it('answers (no hang, no 5xx) a part named "" and a part in an unknown charset', async () => {
    for (const part of [
      'Content-Disposition: form-data; name=""\r\n\r\nx',
      'Content-Disposition: form-data; name="a"\r\nContent-Type: text/plain; charset=x-no-such-charset\r\n\r\nx',
    ]) {
      const response = await app.request('/form_submissions', {
        method: 'POST',
        headers: {
          cookie,
          'x-csrf-token': token,
          accept: 'application/json',
          'content-type': 'multipart/form-data; boundary=b',
        },
        body: `--b\r\n${part}\r\n--b--\r\n`,
      });
      expect(response.status).toBeLessThan(500);
    }
  }, 10_000);
});
