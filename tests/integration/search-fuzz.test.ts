import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { seedDatabase } from '../../db/seed/index.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { formatSearchFragment, parseSearchFragment, toQueryParams } from '../../app/features/search/search-codec.ts';
import { loader } from '../../app/routes/api/search-ljson.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase(database.db, { mediaDir: null });
  setDatabaseHandle(database);
}, 240_000);

afterAll(async () => {
  setDatabaseHandle(undefined);
  await database?.dispose();
});

async function callSearchLjson(query: string): Promise<Response> {
  const request = new Request(`http://localhost/search.ljson?${query}`);
  try {
    return (await loader({ request, params: {}, context: {} } as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const segment = fc.oneof(
  fc.constantFrom(
    'properties-for-sale',
    'properties-to-rent',
    'sales',
    'lettings',
    'pets',
    'short-lets',
    'page-0',
    'page-999999999',
  ),
  fc
    .tuple(
      fc.constantFrom(
        'from-',
        'up-to-',
        'min-sq-ft-',
        'max-sq-ft-',
        'within-',
        'page-',
        'newer-than-',
        'updated-in-',
        'gid-',
        'tag-',
        'status-',
        'area-',
        'text-',
        'poly-',
        'auction-date-',
      ),
      fc.oneof(
        fc.integer({ min: -1e12, max: 1e12 }).map(String),
        fc.string({ maxLength: 40 }),
        fc.constantFrom(
          "'; drop table properties; --",
          '1e309',
          'NaN',
          '51.3_-2.3~51.4_-2.2~51.3_-2.2~51.4_-2.3',
          '０',
          '🏠',
          'x'.repeat(10_000),
        ),
      ),
      fc.constantFrom('', '-bed', '-beds', '-days', '-acres'),
    )
    .map(([prefix, value, suffix]) => `${prefix}${value}${suffix}`),
);

describe('GET /search.ljson with hostile input', () => {
  it('never answers 5xx for 10,000 random fragments and query strings', async () => {
    let calls = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(segment, { maxLength: 8 }),
        fc.string({ maxLength: 200 }),
        async (segments, rawQuery) => {
          const search = parseSearchFragment(`#/${segments.join('/')}`);
          const fromFragment = await callSearchLjson(toQueryParams(search).toString());
          expect(fromFragment.status).toBeLessThan(500);
          const raw = await callSearchLjson(rawQuery);
          expect(raw.status).toBeLessThan(500);
          calls += 2;
        },
      ),
      { numRuns: 5_000 },
    );
    expect(calls).toBe(10_000);
  }, 600_000);

  it('answers the spec shape: properties with card fields and pagination', async () => {
    const response = await callSearchLjson('channel=lettings&minBeds=2');
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      properties: Record<string, unknown>[];
      pagination: Record<string, unknown>;
    };
    expect(body.pagination).toMatchObject({ has_next_page: expect.any(Boolean), has_prev_page: false });
    const card = body.properties[0]!;
    for (const field of [
      'property_id',
      'price',
      'priceValue',
      'display_address',
      'property_channel',
      'property_url',
      'photos',
      'bedrooms',
      'bathrooms',
      'receptionRooms',
      'pppw_price',
      'createdAt',
      'status',
      'tags',
      'propertyType',
    ]) {
      expect(card).toHaveProperty(field);
    }
    expect(card.property_channel).toBe('lettings');
    expect(card.pppw_price).toBe(Math.round(((card.priceValue as number) * 12) / 52));
  });

  it('adds map markers when hashbang=map', async () => {
    const query = `${toQueryParams(parseSearchFragment(formatSearchFragment(parseSearchFragment('#/properties-for-sale/from-3-bed')))).toString()}&hashbang=map`;
    const body = (await (await callSearchLjson(query)).json()) as { markers: { lat: number; lng: number }[] };
    expect(body.markers.length).toBeGreaterThan(24);
  });
});
