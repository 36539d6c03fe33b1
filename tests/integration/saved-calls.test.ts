import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { and, eq } from 'drizzle-orm';
import { savedProperties, savedSearches, users } from '../../db/schema/index.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { createServerApp } from '../../server/app.ts';
import * as savedPropertiesRoute from '../../app/routes/api/saved-properties.ts';
import * as savedPropertyRoute from '../../app/routes/api/saved-property.ts';
import * as savedSearchesRoute from '../../app/routes/api/saved-searches.ts';
import * as searchDeleteRoute from '../../app/routes/api/search-delete.ts';
import { action as saveSearchAction } from '../../app/routes/public/search.tsx';
import {
  SAVED_ITEM_LIMIT,
  SAVED_PROPERTIES_LIMIT_MESSAGE,
  SAVED_SEARCHES_LIMIT_MESSAGE,
} from '../../app/features/saved/saved-schemas.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { contextFor, insertBranch, insertProperty, insertUser, resetSavedTables } from './saved-fixtures.ts';

let database: TestDatabase;
let branchId: number;
let propertyIds: number[];
let userA: number;
let userB: number;

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
  branchId = await insertBranch(database.db);
  propertyIds = [];
  for (let i = 0; i < 4; i++) propertyIds.push((await insertProperty(database.db, branchId)).id);
  userA = await insertUser(database.db);
  userB = await insertUser(database.db);
});

afterAll(async () => {
  setDatabaseHandle(undefined);
  await database?.dispose();
});

beforeEach(async () => {
  await resetSavedTables(database.db);
});

type Call = { request: Request; params: Record<string, string>; context: ReturnType<typeof contextFor> };

function args(method: string, path: string, userId: number | null, body?: Record<string, string>, params = {}): never {
  const init: RequestInit = { method };
  if (body) {
    init.headers = { 'content-type': 'application/x-www-form-urlencoded' };
    init.body = new URLSearchParams(body).toString();
  }
  return {
    request: new Request(`http://localhost${path}`, init),
    params,
    context: contextFor(userId),
  } satisfies Call as never;
}

async function json(result: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  if (result instanceof Response)
    return { status: result.status, body: (await result.json()) as Record<string, unknown> };
  const value = result as { data: Record<string, unknown>; init?: { status?: number } };
  return { status: value.init?.status ?? 200, body: value.data };
}

const addProperties = (userId: number | null, ids: string, extra: Record<string, string> = {}) =>
  savedPropertiesRoute.action(args('POST', '/saved_properties.ljson', userId, { property_ids: ids, ...extra }));
const listProperties = (userId: number | null) =>
  savedPropertiesRoute.loader(args('GET', '/saved_properties.ljson', userId));
const removeProperty = (userId: number | null, id: string) =>
  savedPropertyRoute.action(args('DELETE', `/saved_properties/${id}`, userId, undefined, { id }));

describe('saved properties calls', () => {
  it('answers 401 JSON to every call when signed out', async () => {
    for (const result of [
      await listProperties(null),
      await addProperties(null, String(propertyIds[0])),
      await removeProperty(null, String(propertyIds[0])),
    ]) {
      const response = await json(result);
      expect(response.status).toBe(401);
      expect(response.body.error).toMatch(/sign in/i);
    }
  });

  it('adds from a comma string (idempotent) and lists card fields and property_ids', async () => {
    const [first, second] = propertyIds as [number, number];
    expect((await json(await addProperties(userA, `${first}, ${second},${first}`))).status).toBe(200);
    const again = await json(await addProperties(userA, `${second}`));
    expect(again.body.property_ids).toEqual([first, second]);
    const list = await json(await listProperties(userA));
    expect(list.status).toBe(200);
    expect(list.body.property_ids).toEqual([first, second]);
    const cards = list.body.properties as Record<string, unknown>[];
    expect(cards).toHaveLength(2);
    expect(cards[0]).toMatchObject({
      property_id: first,
      price: '£300,000',
      display_address: expect.stringContaining('Orchard Road'),
      property_url: expect.stringMatching(/^\/properties\//),
      bedrooms: 3,
    });
    const rows = await database.db.select().from(savedProperties).where(eq(savedProperties.userId, userA));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ lastKnownPrice: 300_000, lastKnownStatus: 'available' });
  });

  it('skips unknown property ids and rejects malformed lists with 400', async () => {
    const response = await json(await addProperties(userA, `${propertyIds[0]},999999`));
    expect(response.status).toBe(200);
    expect(response.body.property_ids).toEqual([propertyIds[0]]);
    for (const bad of ['', 'abc', '1,,x', '-3', '99999999999']) {
      expect((await json(await addProperties(userA, bad))).status).toBe(400);
    }
  });

  it("reads JSON as well as forms; an unreadable body is the request layer's 400/415 and a wrong method a 405", async () => {
    const call = (method: string, contentType: string, body: string) =>
      savedPropertiesRoute.action({
        request: new Request('http://localhost/saved_properties.ljson', {
          method,
          headers: { 'content-type': contentType },
          body,
        }),
        params: {},
        context: contextFor(userA),
      } as never);
    const fromJson = await json(
      await call('POST', 'application/json', JSON.stringify({ property_ids: [propertyIds[1]] })),
    );
    expect(fromJson.status).toBe(200);
    expect(fromJson.body.property_ids).toEqual([propertyIds[1]]);
    expect(await json(await call('POST', 'application/json', '{oops'))).toEqual({
      status: 400,
      body: { error: 'The request body is not valid JSON.', status: 400 },
    });
    expect((await json(await call('POST', 'text/plain', 'property_ids=1'))).status).toBe(415);
    const wrongMethod = (await call('PUT', 'application/json', '{}')) as Response;
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, POST');
    expect(await wrongMethod.json()).toEqual({ error: 'Method not allowed', status: 405 });
  });

  it('stores the sync flag with synced=1, even with nothing to push', async () => {
    await database.db.update(users).set({ savedPropertiesSynced: false }).where(eq(users.id, userA));
    const response = await json(await addProperties(userA, '', { synced: '1' }));
    expect(response.status).toBe(200);
    expect(response.body.synced).toBe(true);
    const [user] = await database.db.select().from(users).where(eq(users.id, userA));
    expect(user?.savedPropertiesSynced).toBe(true);
  });

  it("removes with _method=delete; an id the user has not saved (another user's) is 404", async () => {
    await addProperties(userB, String(propertyIds[2]));
    await addProperties(userA, String(propertyIds[0]));
    expect((await json(await removeProperty(userA, String(propertyIds[2])))).status).toBe(404);
    expect((await json(await removeProperty(userA, 'nope'))).status).toBe(404);
    const stillThere = await database.db
      .select()
      .from(savedProperties)
      .where(and(eq(savedProperties.userId, userB), eq(savedProperties.propertyId, propertyIds[2]!)));
    expect(stillThere).toHaveLength(1);
    const removed = await json(await removeProperty(userA, String(propertyIds[0])));
    expect(removed).toEqual({ status: 200, body: { property_id: propertyIds[0], removed: true } });
    expect(await database.db.select().from(savedProperties).where(eq(savedProperties.userId, userA))).toHaveLength(0);
  });

  it(`stops at ${SAVED_ITEM_LIMIT} saved properties with 422 and a clear message`, async () => {
    const extra: number[] = [];
    for (let i = 0; i < SAVED_ITEM_LIMIT + 1 - propertyIds.length; i++) {
      extra.push((await insertProperty(database.db, branchId)).id);
    }
    const all = [...propertyIds, ...extra];
    const response = await json(await addProperties(userA, all.join(',')));
    expect(response.status).toBe(422);
    expect(response.body.error).toBe(SAVED_PROPERTIES_LIMIT_MESSAGE);
    expect((response.body.property_ids as number[]).length).toBe(SAVED_ITEM_LIMIT);
    expect((await json(await addProperties(userA, String(all.at(-1))))).status).toBe(422);
  });
});

const saveSearch = (userId: number | null, query: string) =>
  saveSearchAction(args('POST', `/search?${query}`, userId, {}));
const listSearches = (userId: number | null) => savedSearchesRoute.loader(args('GET', '/saved_searches.ljson', userId));
const updateSearch = (userId: number | null, query: string) =>
  savedSearchesRoute.action(args('PUT', `/saved_searches?${query}`, userId, {}));
const deleteSearch = (userId: number | null, id: string) =>
  searchDeleteRoute.action(args('DELETE', `/searches/${id}`, userId, undefined, { searchId: id }));

describe('saved searches calls', () => {
  it('answers 401 when signed out', async () => {
    expect((await json(await saveSearch(null, 'channel=sales'))).status).toBe(401);
    expect((await json(await listSearches(null))).status).toBe(401);
    expect((await json(await updateSearch(null, 'search_id=1&alert_frequency=W'))).status).toBe(401);
    expect((await json(await deleteSearch(null, '1'))).status).toBe(401);
  });

  it('POST /search?{filters} stores the Search as JSON with alert frequency I; the same search again is not duplicated', async () => {
    const saved = await json(await saveSearch(userA, 'channel=lettings&minBeds=2&maxPrice=1500&pets=true&page=3'));
    expect(saved.status).toBe(201);
    const savedSearch = saved.body.saved_search as Record<string, unknown>;
    expect(savedSearch).toMatchObject({
      channel: 'lettings',
      minBeds: 2,
      maxPrice: 1500,
      pets: true,
      page: 1,
      alert_frequency: 'I',
      search_url: expect.stringContaining('/search?channel=lettings#/properties-to-rent/from-2-bed/up-to-1500'),
    });
    const again = await json(await saveSearch(userA, 'channel=lettings&minBeds=2&maxPrice=1500&pets=true'));
    expect(again.status).toBe(200);
    expect((again.body.saved_search as { search_id: number }).search_id).toBe(savedSearch.search_id);
    const rows = await database.db.select().from(savedSearches).where(eq(savedSearches.userId, userA));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      channel: 'lettings',
      alertFrequency: 'I',
      search: expect.objectContaining({ minBeds: 2 }),
    });
    expect(rows[0]?.unsubscribeToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it("lists only the user's own searches with search_id and alert_frequency", async () => {
    await saveSearch(userA, 'channel=sales&minBeds=3');
    await saveSearch(userB, 'channel=sales&minBeds=4');
    const list = await json(await listSearches(userA));
    expect(list.status).toBe(200);
    const entries = list.body.saved_searches as Record<string, unknown>[];
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ minBeds: 3, alert_frequency: 'I', search_id: expect.any(Number) });
  });

  it("updates alert_frequency with _method=put; bad values are 400; another user's search is 404", async () => {
    const mine = (await json(await saveSearch(userA, 'channel=sales'))).body.saved_search as { search_id: number };
    const theirs = (await json(await saveSearch(userB, 'channel=sales'))).body.saved_search as { search_id: number };
    const updated = await json(await updateSearch(userA, `search_id=${mine.search_id}&alert_frequency=W`));
    expect(updated.status).toBe(200);
    expect(updated.body.saved_search).toMatchObject({ search_id: mine.search_id, alert_frequency: 'W' });
    expect((await json(await updateSearch(userA, `search_id=${mine.search_id}&alert_frequency=X`))).status).toBe(400);
    expect((await json(await updateSearch(userA, `search_id=${theirs.search_id}&alert_frequency=N`))).status).toBe(404);
    expect((await json(await updateSearch(userA, 'search_id=abc&alert_frequency=N'))).status).toBe(404);
    const [theirRow] = await database.db.select().from(savedSearches).where(eq(savedSearches.id, theirs.search_id));
    expect(theirRow?.alertFrequency).toBe('I');
  });

  it("deletes with _method=delete; another user's search is 404 and stays", async () => {
    const mine = (await json(await saveSearch(userA, 'channel=sales'))).body.saved_search as { search_id: number };
    const theirs = (await json(await saveSearch(userB, 'channel=sales'))).body.saved_search as { search_id: number };
    expect((await json(await deleteSearch(userA, String(theirs.search_id)))).status).toBe(404);
    expect(await database.db.select().from(savedSearches).where(eq(savedSearches.id, theirs.search_id))).toHaveLength(
      1,
    );
    expect((await json(await deleteSearch(userA, String(mine.search_id)))).status).toBe(200);
    expect(await database.db.select().from(savedSearches).where(eq(savedSearches.id, mine.search_id))).toHaveLength(0);
    expect((await json(await deleteSearch(userA, String(mine.search_id)))).status).toBe(404);
  });

  it(`stops at ${SAVED_ITEM_LIMIT} saved searches with 422 and a clear message`, async () => {
    await database.db.insert(savedSearches).values(
      Array.from({ length: SAVED_ITEM_LIMIT }, (_, i) => ({
        userId: userA,
        search: { channel: 'sales', minPrice: i + 1 },
        channel: 'sales',
        unsubscribeToken: `token-for-limit-test-${String(i).padStart(4, '0')}`,
      })),
    );
    const response = await json(await saveSearch(userA, 'channel=sales&minBeds=9'));
    expect(response.status).toBe(422);
    expect(response.body.error).toBe(SAVED_SEARCHES_LIMIT_MESSAGE);
  });
});

describe('CSRF and method override through the server', () => {
  const routes: [RegExp, Record<string, unknown>, string][] = [
    [/^\/saved_properties\.ljson$/, savedPropertiesRoute, ''],
    [/^\/saved_properties\/(\w+)$/, savedPropertyRoute, 'id'],
    [/^\/searches\/(\w+)$/, searchDeleteRoute, 'searchId'],
    [/^\/saved_searches$/, savedSearchesRoute, ''],
  ];

  function createApp() {
    return createServerApp({
      getDb: () => database.db,
      logger: pino({ level: 'silent' }),
      sessionSecret: 'test-secret-test-secret-test-secret-00',
      cookie: { secure: false, idleMinutes: 30, absoluteDays: 30 },
      isDevelopment: false,
      maxBodyBytes: 10_000,
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      multipartPaths: [],
      handleDocument: async (request, context) => {
        const url = new URL(request.url);
        if (url.pathname === '/sign-in') {
          await context.session.signIn(userA);
          return Response.json({ token: context.csrfToken });
        }
        for (const [pattern, module, param] of routes) {
          const match = pattern.exec(url.pathname);
          if (!match) continue;
          const handler = (request.method === 'GET' ? module.loader : module.action) as (
            a: unknown,
          ) => Promise<Response>;
          return handler({ request, context, params: param ? { [param]: match[1] } : {} });
        }
        return new Response('not found', { status: 404 });
      },
    });
  }

  it('rejects a POST without a valid token (422) and changes nothing; accepts it with the token', async () => {
    const app = createApp();
    const first = await app.request('/sign-in');
    const anonymousCookie = first.headers.get('set-cookie')!.split(';')[0]!;
    const signIn = await app.request('/sign-in', { headers: { cookie: anonymousCookie } });
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const { token } = (await signIn.json()) as { token: string };
    const form = { 'content-type': 'application/x-www-form-urlencoded', cookie };

    const forged = await app.request('/saved_properties.ljson', {
      method: 'POST',
      headers: form,
      body: `property_ids=${propertyIds[0]}`,
    });
    expect(forged.status).toBe(422);
    expect(await database.db.select().from(savedProperties)).toHaveLength(0);

    const added = await app.request('/saved_properties.ljson', {
      method: 'POST',
      headers: { ...form, 'x-csrf-token': token },
      body: `property_ids=${propertyIds[0]}`,
    });
    expect(added.status).toBe(200);
    expect(await database.db.select().from(savedProperties)).toHaveLength(1);

    const forgedDelete = await app.request(`/saved_properties/${propertyIds[0]}`, {
      method: 'POST',
      headers: form,
      body: '_method=delete',
    });
    expect(forgedDelete.status).toBe(422);
    const deleted = await app.request(`/saved_properties/${propertyIds[0]}`, {
      method: 'POST',
      headers: form,
      body: `_method=delete&authenticity_token=${encodeURIComponent(token)}`,
    });
    expect(deleted.status).toBe(200);
    expect(await database.db.select().from(savedProperties)).toHaveLength(0);

    const listed = await app.request('/saved_properties.ljson', { headers: { cookie } });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toBe('no-store');
  });
});
