import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, exposures, properties, propertyViews } from '../../db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { millLaneHome } from './leads-fixtures.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { action as propertyViewsAction } from '../../app/routes/api/property-views.ts';
import { action as exposuresAction } from '../../app/routes/api/exposures.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
  await database.db.insert(branches).values({
    id: 1,
    slug: 'bath',
    name: 'Bath',
    addressLine1: '1 High Street',
    town: 'Bath',
    county: 'Somerset',
    country: 'england',
    postcode: 'BA1 1AA',
    location: { lat: 51.38, lng: -2.36 },
    contactNumber: '01632 960100',
    email: 'bath@example.test',
  });
  await database.db.insert(properties).values([1, 2, 3].map((id) => millLaneHome(id, 'sales')));
});

afterAll(async () => {
  setDatabaseHandle(undefined);
  await database.dispose();
});

const post = (path: string, body: string, contentType: string) =>
  new Request(`http://localhost${path}`, { method: 'POST', body, headers: { 'Content-Type': contentType } });

const call = async (fn: (args: never) => Promise<Response>, request: Request) =>
  fn({ request, params: {}, context: {} } as never);

describe('POST /property_views', () => {
  it('stores a view sent as JSON and answers 204', async () => {
    const response = await call(
      propertyViewsAction,
      post('/property_views', '{"property_id":2,"domain":"agency.test"}', 'application/json'),
    );
    expect(response.status).toBe(204);
    const rows = await database.db.select().from(propertyViews);
    expect(rows.map((row) => [row.propertyId, row.domain])).toEqual([[2, 'agency.test']]);
  });

  it('stores a view sent form-encoded', async () => {
    const response = await call(
      propertyViewsAction,
      post('/property_views', 'property_id=3&domain=www.agency.test', 'application/x-www-form-urlencoded'),
    );
    expect(response.status).toBe(204);
    expect((await database.db.select().from(propertyViews)).length).toBe(2);
  });

  it('answers 400 for a bad body and 404 for an unknown property, storing nothing', async () => {
    expect(
      (await call(propertyViewsAction, post('/property_views', '{"domain":"a.test"}', 'application/json'))).status,
    ).toBe(400);
    expect((await call(propertyViewsAction, post('/property_views', '{oops', 'application/json'))).status).toBe(400);
    expect(
      (
        await call(
          propertyViewsAction,
          post('/property_views', '{"property_id":999,"domain":"a.test"}', 'application/json'),
        )
      ).status,
    ).toBe(404);
    expect((await database.db.select().from(propertyViews)).length).toBe(2);
  });
});

describe('POST /exposures/create_many', () => {
  it('stores one row per known property in one call and skips unknown ids', async () => {
    const response = await call(
      exposuresAction,
      post(
        '/exposures/create_many',
        '{"property_ids":[1,2,2,999],"domain":"agency.test","event_type":"search_results"}',
        'application/json',
      ),
    );
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    const rows = await database.db.select().from(exposures);
    expect(rows.map((row) => [row.propertyId, row.eventType]).sort()).toEqual([
      [1, 'search_results'],
      [2, 'search_results'],
    ]);
  });

  it('accepts form-encoded comma-separated ids and rejects a bad event type', async () => {
    const ok = await call(
      exposuresAction,
      post(
        '/exposures/create_many',
        'property_ids=3&domain=agency.test&event_type=home',
        'application/x-www-form-urlencoded',
      ),
    );
    expect(ok.status).toBe(204);
    const bad = await call(
      exposuresAction,
      post(
        '/exposures/create_many',
        'property_ids=3&domain=agency.test&event_type=a b',
        'application/x-www-form-urlencoded',
      ),
    );
    expect(bad.status).toBe(400);
    expect((await database.db.select().from(exposures)).length).toBe(3);
  });
});

describe('tracking bodies are read by the request layer', () => {
  it('takes repeated property_ids[] form fields as a list', async () => {
    const before = (await database.db.select().from(exposures)).length;
    const response = await call(
      exposuresAction,
      post(
        '/exposures/create_many',
        'property_ids[]=1&property_ids[]=3&domain=agency.test&event_type=search_results',
        'application/x-www-form-urlencoded',
      ),
    );
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    const rows = await database.db.select().from(exposures).orderBy(exposures.id);
    expect(rows.slice(before).map((row) => row.propertyId)).toEqual([1, 3]);
  });

  it('answers unreadable bodies as every JSON call does: 400 broken JSON, 415 another type', async () => {
    const broken = await call(propertyViewsAction, post('/property_views', '{oops', 'application/json'));
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: 'The request body is not valid JSON.', status: 400 });
    const text = await call(exposuresAction, post('/exposures/create_many', 'property_ids=1', 'text/plain'));
    expect(text.status).toBe(415);
    expect(await text.json()).toMatchObject({ status: 415 });
  });
});
