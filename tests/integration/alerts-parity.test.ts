/**
 * The alert matcher must alert exactly the listings the results page would show for a saved search: random
 * searches are matched by the job and compared with the search SQL (searchConditions) on the same listings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, inArray } from 'drizzle-orm';
import { places, properties, savedSearchAlerts, savedSearches } from '../../db/schema/index.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { matchNewListings } from '../../app/features/alerts/alerts.server.ts';
import { newUnsubscribeToken } from '../../app/features/saved/saved-search-queries.server.ts';
import { normaliseSearch, type Search } from '../../app/features/search/search-model.ts';
import { resolvePlace, searchConditions } from '../../app/features/search/search-query.server.ts';
import { propertyFactsSchema, type PropertyFacts } from '../../db/schema/property-facts.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { insertBranch, insertProperty, insertUser } from './saved-fixtures.ts';

let database: TestDatabase;
const now = new Date('2026-05-01T12:00:00Z');
const launchedAt = new Date('2026-05-01T11:58:00Z');
const listingIds: number[] = [];
const placeIds: number[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
  const branchId = await insertBranch(database.db);
  const otherBranch = await insertBranch(database.db);
  const random = fc.sample(
    fc.record({
      channel: fc.constantFrom('sales' as const, 'lettings' as const),
      status: fc.constantFrom('available' as const, 'under-offer' as const, 'sstc' as const, 'let-agreed' as const),
      bedrooms: fc.integer({ min: 0, max: 6 }),
      price: fc.option(fc.integer({ min: 400, max: 900_000 }), { nil: null }),
      squareFeet: fc.option(fc.integer({ min: 300, max: 4000 }), { nil: null }),
      acreage: fc.option(
        fc.integer({ min: 0, max: 2000 }).map((n) => n / 100),
        { nil: null },
      ),
      tags: fc.subarray(['garden', 'parking', 'new home']),
      shortLet: fc.boolean(),
      pets: fc.boolean(),
      type: fc.constantFrom('house' as const, 'flat' as const, 'bungalow' as const),
      town: fc.constantFrom('Bath', 'Wells', 'Midsomer Norton'),
      district: fc.constantFrom('BA1', 'BA2', 'BA5'),
      lng: fc.double({ min: -2.5, max: -2.2, noNaN: true }),
      lat: fc.double({ min: 51.28, max: 51.48, noNaN: true }),
      word: fc.constantFrom('Orchard', 'Mill', 'River', 'Station'),
      ageDays: fc.integer({ min: 0, max: 40 }),
      otherBranch: fc.boolean(),
      auction: fc.boolean(),
      tenure: fc.option(fc.constantFrom('freehold', 'leasehold', 'share-of-freehold', 'shared-ownership', 'unknown'), {
        nil: null,
      }),
      retirement: fc.option(fc.boolean(), { nil: null }),
      parking: fc.option(
        fc.subarray(['garage', 'driveway', 'on-street', 'permit', 'none'] as const, { minLength: 1 }),
        {
          nil: null,
        },
      ),
      outside: fc.option(
        fc.subarray(['private-garden', 'communal-garden', 'balcony', 'patio', 'none'] as const, { minLength: 1 }),
        { nil: null },
      ),
      furnishing: fc.option(
        fc.constantFrom('furnished', 'part-furnished', 'unfurnished', 'furnished-or-unfurnished') as fc.Arbitrary<
          'furnished' | 'part-furnished' | 'unfurnished' | 'furnished-or-unfurnished'
        >,
        { nil: undefined },
      ),
      availableFrom: fc.option(fc.constantFrom('2026-05-01', '2026-06-01', '2026-07-15'), { nil: undefined }),
      bills: fc.boolean(),
      hasFacts: fc.integer({ min: 0, max: 9 }).map((n) => n > 0),
    }),
    { numRuns: 80, seed: 20260501 },
  );
  for (const [index, listing] of random.entries()) {
    const createdAt = new Date(now.getTime() - listing.ageDays * 86_400_000);
    const row = await insertProperty(database.db, listing.otherBranch ? otherBranch : branchId, {
      channel: listing.channel,
      status: listing.status,
      bedrooms: listing.bedrooms,
      priceValue: listing.price,
      squareFeet: listing.squareFeet,
      acreage: listing.acreage,
      tags: listing.tags,
      shortLet: listing.shortLet,
      petsAllowed: listing.pets,
      propertyType: listing.type,
      town: listing.town,
      postcodeDistrict: listing.district,
      displayAddress: `${index} ${listing.word} Road, ${listing.town}`,
      addressLine1: `${index} ${listing.word} Road`,
      location: { lng: listing.lng, lat: listing.lat },
      auctionDate: listing.auction ? '2026-06-10' : null,
      facts: listing.hasFacts ? factsFor(listing) : null,
      createdAt,
      updatedAt: createdAt,
      launchedAt,
    });
    listingIds.push(row.id);
  }
  for (const [name, kind, lng, lat] of [
    ['Bath', 'town', -2.36, 51.38],
    ['BA2', 'postcode-district', -2.35, 51.37],
  ] as const) {
    const [place] = await database.db
      .insert(places)
      .values({
        kind,
        slug: name.toLowerCase(),
        name,
        nameLower: name.toLowerCase(),
        countySlug: 'somerset',
        countyName: 'Somerset',
        country: 'england',
        location: { lng, lat },
      } as typeof places.$inferInsert)
      .returning({ id: places.id });
    placeIds.push(place!.id);
  }
});

/** A facts document (valid by the schema) from the random fact choices above. */
function factsFor(listing: {
  channel: 'sales' | 'lettings';
  tenure: 'freehold' | 'leasehold' | 'share-of-freehold' | 'shared-ownership' | 'unknown' | null;
  retirement: boolean | null;
  parking: ('garage' | 'driveway' | 'on-street' | 'permit' | 'none')[] | null;
  outside: ('private-garden' | 'communal-garden' | 'balcony' | 'patio' | 'none')[] | null;
  furnishing: 'furnished' | 'part-furnished' | 'unfurnished' | 'furnished-or-unfurnished' | undefined;
  availableFrom: string | undefined;
  bills: boolean;
}): PropertyFacts {
  return propertyFactsSchema.parse({
    nation: 'england',
    ...(listing.tenure ? { tenure: { kind: listing.tenure } } : {}),
    ...(listing.retirement !== null ? { isRetirement: listing.retirement } : {}),
    ...(listing.parking ? { parking: listing.parking } : {}),
    ...(listing.outside ? { outsideSpace: listing.outside } : {}),
    ...(listing.channel === 'lettings'
      ? {
          lettings: {
            rentFrequency: 'pcm',
            furnishing: listing.furnishing,
            availableFrom: listing.availableFrom,
            billsIncluded: listing.bills,
            petsConsidered: false,
            studentsConsidered: false,
            housingBenefitConsidered: false,
            letType: 'long',
          },
        }
      : {}),
  });
}

afterAll(async () => {
  setDatabaseHandle(undefined);
  await database?.dispose();
});

/** Mostly null, so a search carries only a few filters (as real ones do) and many match something. */
const nullable = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(null), weight: 6 }, { arbitrary, weight: 1 });
const rarely = fc.oneof({ arbitrary: fc.constant(false), weight: 6 }, { arbitrary: fc.constant(true), weight: 1 });

/** Searches aimed at the listings above, so that many of them match something. */
const alertSearchArbitrary = (placeIdsFor: () => number[]) =>
  fc
    .record({
      channel: fc.constantFrom('sales', 'lettings'),
      status: nullable(fc.constantFrom('available', 'under-offer', 'sstc', 'let-agreed', 'all')),
      minBeds: nullable(fc.integer({ min: 0, max: 5 })),
      maxBeds: nullable(fc.integer({ min: 0, max: 6 })),
      minPrice: nullable(fc.constantFrom(500, 1000, 100_000, 300_000)),
      maxPrice: nullable(fc.constantFrom(1500, 2500, 250_000, 600_000)),
      minSquareFeet: nullable(fc.constantFrom(500, 1500)),
      maxSquareFeet: nullable(fc.constantFrom(1000, 3000)),
      minAcreage: nullable(fc.constantFrom(0.5, 5)),
      maxAcreage: nullable(fc.constantFrom(2, 15)),
      tags: fc.oneof(
        { arbitrary: fc.constant([]), weight: 4 },
        { arbitrary: fc.subarray(['garden', 'parking', 'new-home'], { maxLength: 2 }), weight: 1 },
      ),
      shortLets: rarely,
      pets: rarely,
      propertyType: nullable(fc.constantFrom('house', 'flat', 'bungalow')),
      area: nullable(fc.constantFrom('somerset', 'ba2', 'bath', 'midsomer-norton', 'devon')),
      createdAgo: nullable(fc.constantFrom(7, 14, 30)),
      updatedAgo: nullable(fc.constantFrom(3, 30)),
      text: nullable(fc.constantFrom('orchard', 'mill road', 'station', 'BA5')),
      q: nullable(fc.constantFrom('river', 'wells')),
      placeIndex: nullable(fc.integer({ min: 0, max: 1 })),
      within: nullable(fc.constantFrom(0.5, 3, 10)),
      poly: nullable(
        fc.constantFrom(
          [
            [51.3, -2.45],
            [51.45, -2.45],
            [51.45, -2.3],
          ],
          [
            [51.35, -2.4],
            [51.42, -2.4],
            [51.42, -2.3],
            [51.35, -2.3],
          ],
        ),
      ),
      auctionDate: nullable(fc.constant('2026-06-10')),
      branch_id: nullable(fc.constant(1)),
      excludeLeasehold: rarely,
      excludeSharedOwnership: rarely,
      excludeRetirement: rarely,
      parking: rarely,
      garden: rarely,
      outsideSpace: rarely,
      billsIncluded: rarely,
      furnishing: nullable(fc.constantFrom('furnished', 'part-furnished', 'unfurnished')),
      availableFrom: nullable(fc.constantFrom('2026-05-15', '2026-06-01', '2026-08-01')),
    })
    .map(({ placeIndex, ...input }) =>
      normaliseSearch({ ...input, placeId: placeIndex === null ? null : placeIdsFor()[placeIndex] }),
    );

function hasFactFilter(search: Search): boolean {
  return (
    search.excludeLeasehold ||
    search.excludeSharedOwnership ||
    search.excludeRetirement ||
    search.parking ||
    search.garden ||
    search.outsideSpace ||
    search.billsIncluded ||
    search.furnishing !== null ||
    search.availableFrom !== null
  );
}

describe('alert matching agrees with the search SQL', () => {
  it('alerts exactly the listings searchConditions selects, for 300 random saved searches', async () => {
    const userId = await insertUser(database.db);
    const searches: Search[] = fc.sample(
      alertSearchArbitrary(() => placeIds),
      { numRuns: 300, seed: 42 },
    );
    // The job never alerts a page number; strip it as saving does.
    const inserted = await database.db
      .insert(savedSearches)
      .values(
        searches.map((search) => ({
          userId,
          search: { ...search, page: 1 } as unknown as Record<string, unknown>,
          channel: search.channel,
          unsubscribeToken: newUnsubscribeToken(),
          createdAt: new Date('2026-04-01T00:00:00Z'),
        })),
      )
      .returning({ id: savedSearches.id });
    const stats = await matchNewListings(
      database.db,
      { since: new Date(launchedAt.getTime() - 1000), until: now },
      now,
    );
    expect(stats.listings).toBe(listingIds.length);
    const pairs = await database.db.select().from(savedSearchAlerts);
    const byJob = new Map<number, number[]>();
    for (const pair of pairs)
      byJob.set(pair.savedSearchId, [...(byJob.get(pair.savedSearchId) ?? []), pair.propertyId]);
    let withMatches = 0;
    let factSearchesWithMatches = 0;
    for (const [index, search] of searches.entries()) {
      const place = await resolvePlace(database.db, search.placeId);
      const rows = await database.db
        .select({ id: properties.id })
        .from(properties)
        .where(and(inArray(properties.id, listingIds), ...searchConditions(search, place, now)));
      const expected = rows.map((row) => row.id).sort((a, b) => a - b);
      const actual = (byJob.get(inserted[index]!.id) ?? []).sort((a, b) => a - b);
      expect({ search, ids: actual }).toEqual({ search, ids: expected });
      if (expected.length > 0) withMatches++;
      if (expected.length > 0 && hasFactFilter(search)) factSearchesWithMatches++;
    }
    // And a good share of those carrying fact filters.
    expect(factSearchesWithMatches).toBeGreaterThan(20);
    // The generator is useful only if a good share of searches match something.
    expect(withMatches).toBeGreaterThan(30);
  });
});
