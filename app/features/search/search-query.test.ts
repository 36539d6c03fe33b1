import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { properties, places } from '../../../db/schema/index.ts';
import type { PropertyFacts } from '../../../db/schema/property-facts.ts';
import { seedDatabase } from '../../../db/seed/index.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/integration/test-database.ts';
import { createSearch, type Search, type SearchInput } from './search-model.ts';
import { parseSearchFragment } from './search-codec.ts';
import {
  COUNT_CAP,
  DEFAULT_PLACE_RADIUS_MILES,
  searchProperties,
  tagFromSlug,
  type ResolvedPlace,
} from './search-query.server.ts';

type Row = typeof properties.$inferSelect;

let database: TestDatabase;
let all: Row[];
let bath: ResolvedPlace;
const now = new Date('2026-11-22T12:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase(database.db, { now, mediaDir: null });
  all = await database.db.select().from(properties);
  const towns = await database.db.select().from(places);
  const found = towns.find((place) => place.name === 'Bath' && place.kind === 'town');
  if (!found) throw new Error('Bath is missing from the gazetteer');
  bath = { id: found.id, kind: 'town', name: found.name, countyName: found.countyName, location: found.location };
}, 240_000);

afterAll(async () => {
  await database?.dispose();
});

/** The test oracle: the same rules as the SQL, written plainly over rows in memory. */
function distanceMiles(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const cosLat = Math.cos((b.lat * Math.PI) / 180);
  const dx = (a.lng - b.lng) * cosLat;
  const dy = a.lat - b.lat;
  return Math.sqrt(dx * dx + dy * dy) * 69.05;
}

function insidePolygon(point: { lat: number; lng: number }, poly: readonly (readonly [number, number])[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [latI, lngI] = poly[i]!;
    const [latJ, lngJ] = poly[j]!;
    if (
      latI > point.lat !== latJ > point.lat &&
      point.lng < ((lngJ - lngI) * (point.lat - latI)) / (latJ - latI) + lngI
    )
      inside = !inside;
  }
  return inside;
}

function expected(search: Search, place: ResolvedPlace | null): Row[] {
  return all.filter((row) => {
    if (row.channel !== search.channel || !row.isPublished) return false;
    if (search.status && search.status !== 'all' && row.status !== search.status) return false;
    if (search.minBeds !== null && row.bedrooms < search.minBeds) return false;
    if (search.maxBeds !== null && row.bedrooms > search.maxBeds) return false;
    if (search.minPrice !== null && (row.priceValue === null || row.priceValue < search.minPrice)) return false;
    if (search.maxPrice !== null && (row.priceValue === null || row.priceValue > search.maxPrice)) return false;
    if (search.minSquareFeet !== null && (row.squareFeet === null || row.squareFeet < search.minSquareFeet))
      return false;
    if (search.maxSquareFeet !== null && (row.squareFeet === null || row.squareFeet > search.maxSquareFeet))
      return false;
    if (search.minAcreage !== null && (row.acreage === null || row.acreage < search.minAcreage)) return false;
    if (search.maxAcreage !== null && (row.acreage === null || row.acreage > search.maxAcreage)) return false;
    if (search.createdAgo !== null && row.createdAt.getTime() < now.getTime() - search.createdAgo * 86_400_000)
      return false;
    if (search.updatedAgo !== null && row.updatedAt.getTime() < now.getTime() - search.updatedAgo * 86_400_000)
      return false;
    if (!search.tags.every((slug) => row.tags.includes(tagFromSlug(slug)))) return false;
    if (search.shortLets && !row.shortLet) return false;
    if (search.pets && !row.petsAllowed) return false;
    if (search.auctionDate && row.auctionDate !== search.auctionDate) return false;
    if (search.branch_id !== null && row.branchId !== search.branch_id) return false;
    if (search.propertyType !== null && row.propertyType !== search.propertyType) return false;
    if (!matchesFacts(search, row.facts)) return false;
    // A listing without a map pin is never inside a place's radius or a drawn area.
    if ((place || search.poly) && !row.location) return false;
    if (place && row.location) {
      const radius = search.within && search.within > 0 ? search.within : DEFAULT_PLACE_RADIUS_MILES;
      if (distanceMiles(row.location, place.location) > radius + 1e-9) return false;
    }
    if (search.poly && row.location && !insidePolygon(row.location, search.poly)) return false;
    return true;
  });
}

/** The fact filters read straight from the facts document, not from the generated columns the SQL uses. */
function matchesFacts(search: Search, facts: PropertyFacts | null): boolean {
  const tenure = facts?.tenure?.kind;
  const parking = facts?.parking ?? [];
  const outside = facts?.outsideSpace ?? [];
  const lettings = facts?.lettings;
  if (search.excludeLeasehold && (tenure === 'leasehold' || tenure === 'shared-ownership')) return false;
  if (search.excludeSharedOwnership && tenure === 'shared-ownership') return false;
  if (search.excludeRetirement && facts?.isRetirement === true) return false;
  if (search.parking && !parking.some((kind) => !['none', 'on-street', 'permit'].includes(kind))) return false;
  if (search.garden && !outside.some((kind) => kind === 'private-garden' || kind === 'communal-garden')) return false;
  if (search.outsideSpace && !outside.some((kind) => kind !== 'none')) return false;
  if (search.billsIncluded && lettings?.billsIncluded !== true) return false;
  if (search.furnishing !== null) {
    const furnishing = lettings?.furnishing;
    const eitherWay = furnishing === 'furnished-or-unfurnished' && search.furnishing !== 'part-furnished';
    if (furnishing !== search.furnishing && !eitherWay) return false;
  }
  const availableFrom = lettings?.availableFrom;
  if (search.availableFrom !== null && availableFrom !== undefined && availableFrom > search.availableFrom)
    return false;
  return true;
}

async function check(input: SearchInput, place: ResolvedPlace | null = null) {
  const search = createSearch(input);
  const want = expected(search, place)
    .map((row) => row.id)
    .sort((a, b) => a - b);
  const got = await searchProperties(database.db, search, { pageSize: 10_000, now, place });
  const ids = got.properties.map((card) => card.property_id).sort((a, b) => a - b);
  expect(ids).toEqual(want);
  expect(got.total.count).toBe(Math.min(want.length, COUNT_CAP));
  expect(got.total.isCapped).toBe(want.length > COUNT_CAP);
  return { search, got, want };
}

describe('searchProperties against the seeded demo agency', () => {
  it('filters by channel and status', async () => {
    const { want } = await check({ channel: 'sales', status: 'available' });
    expect(want.length).toBeGreaterThan(500);
    await check({ channel: 'lettings', status: 'let-agreed' });
    await check({ channel: 'sales', status: 'all' });
  });

  it('filters by beds (zero kept) and price', async () => {
    await check({ channel: 'sales', minBeds: 3, maxBeds: 4, minPrice: 250_000, maxPrice: 600_000 });
    const studios = await check({ channel: 'lettings', minBeds: 0, maxBeds: 0 });
    expect(studios.search.maxBeds).toBe(0);
    await check({ channel: 'lettings', minPrice: 900, maxPrice: 1500, status: 'all' });
  });

  it('filters by square feet, acreage, type and tags', async () => {
    await check({ channel: 'sales', minSquareFeet: 1000, maxSquareFeet: 2500 });
    const land = await check({ channel: 'sales', propertyType: 'land', minAcreage: 1, status: 'all' });
    expect(land.want.length).toBeGreaterThan(0);
    const newHomes = await check({ channel: 'sales', tags: ['new-home'], status: 'all' });
    expect(newHomes.want.length).toBeGreaterThan(0);
    await check({ channel: 'sales', tags: ['garden', 'parking'] });
  });

  it('filters lettings by short lets and pets', async () => {
    const shortLets = await check({ channel: 'lettings', shortLets: true, status: 'all' });
    expect(shortLets.want.length).toBeGreaterThan(0);
    const pets = await check({ channel: 'lettings', pets: true, status: 'all' });
    expect(pets.want.length).toBeGreaterThan(0);
  });

  it("filters by the listing's facts: tenure, parking, outside space, shared ownership and retirement", async () => {
    const sales = all.filter((row) => row.channel === 'sales' && row.isPublished);
    const leasehold = await check({ channel: 'sales', excludeLeasehold: true, status: 'all' });
    expect(leasehold.want.length).toBeGreaterThan(0);
    expect(leasehold.want.length).toBeLessThan(sales.length);
    const kept = all.filter((row) => leasehold.want.includes(row.id));
    expect(kept.some((row) => row.facts?.tenure?.kind === 'leasehold')).toBe(false);
    const shared = await check({ channel: 'sales', excludeSharedOwnership: true, status: 'all' });
    expect(shared.want.length).toBe(sales.length - 1);
    const retirement = await check({ channel: 'sales', excludeRetirement: true, status: 'all' });
    expect(retirement.want.length).toBeLessThan(sales.length);
    for (const input of [{ parking: true }, { garden: true }, { outsideSpace: true }] as const) {
      const { want } = await check({ channel: 'sales', status: 'all', ...input });
      expect(want.length).toBeGreaterThan(0);
      expect(want.length).toBeLessThan(sales.length);
    }
    await check({ channel: 'sales', excludeLeasehold: true, parking: true, garden: true, minBeds: 2 });
    await check({ channel: 'lettings', excludeLeasehold: true, outsideSpace: true, status: 'all' });
  });

  it('filters lettings by available from, furnishing and bills included', async () => {
    const bills = await check({ channel: 'lettings', billsIncluded: true, status: 'all' });
    expect(bills.want.length).toBeGreaterThan(0);
    for (const furnishing of ['furnished', 'part-furnished', 'unfurnished'] as const) {
      const { want } = await check({ channel: 'lettings', furnishing, status: 'all' });
      expect(want.length).toBeGreaterThan(0);
    }
    const dates = all
      .map((row) => row.facts?.lettings?.availableFrom)
      .filter((date): date is string => date !== undefined)
      .sort();
    expect(dates.length).toBeGreaterThan(2);
    const middle = dates[Math.floor(dates.length / 2)]!;
    const soon = await check({ channel: 'lettings', availableFrom: middle, status: 'all' });
    const later = await check({ channel: 'lettings', availableFrom: dates[dates.length - 1]!, status: 'all' });
    expect(soon.want.length).toBeLessThan(later.want.length);
    await check({ channel: 'lettings', availableFrom: middle, furnishing: 'furnished', billsIncluded: true });
  });

  it('filters by added and updated within, branch and auction date', async () => {
    const recent = await check({ channel: 'sales', createdAgo: 7, status: 'all' });
    expect(recent.want.length).toBeGreaterThan(0);
    await check({ channel: 'sales', updatedAgo: 30, status: 'all' });
    await check({ channel: 'lettings', branch_id: 2, status: 'all' });
    const auction = all.find((row) => row.auctionDate !== null);
    expect(auction).toBeDefined();
    const lots = await check({ channel: 'sales', auctionDate: auction!.auctionDate, status: 'all' });
    expect(lots.want.length).toBeGreaterThan(0);
  });

  it('searches around a place, with and without a radius', async () => {
    const near = await check({ channel: 'sales', placeId: bath.id, status: 'all' }, bath);
    expect(near.want.length).toBeGreaterThan(10);
    const wide = await check({ channel: 'sales', placeId: bath.id, within: 10, status: 'all' }, bath);
    expect(wide.want.length).toBeGreaterThan(near.want.length);
  });

  it('searches inside a drawn polygon', async () => {
    const { lat, lng } = bath.location;
    const poly: [number, number][] = [
      [lat - 0.03, lng - 0.05],
      [lat - 0.03, lng + 0.05],
      [lat + 0.04, lng],
    ];
    const inside = await check({ channel: 'sales', poly, status: 'all' });
    expect(inside.want.length).toBeGreaterThan(0);
  });

  it('walks the sort index or reads the area with the same pages and counts (dense-area plan)', async () => {
    const { lat, lng } = bath.location;
    const poly: [number, number][] = [
      [lat - 0.03, lng - 0.05],
      [lat - 0.03, lng + 0.05],
      [lat + 0.04, lng],
    ];
    const inputs: SearchInput[] = [
      { channel: 'sales', placeId: bath.id, status: 'all' },
      { channel: 'sales', placeId: bath.id, within: 10, minBeds: 2, status: 'available' },
      { channel: 'sales', poly, status: 'all', sorted: 'least-expensive-first' },
      { channel: 'lettings', placeId: bath.id, within: 5, status: 'all', sorted: 'most-square-feet-first' },
    ];
    for (const input of inputs) {
      for (const page of [1, 2]) {
        const search = createSearch({ ...input, page });
        const place = search.placeId ? bath : null;
        const walk = await searchProperties(database.db, search, { pageSize: 5, now, place, areaStrategy: 'walk' });
        const area = await searchProperties(database.db, search, { pageSize: 5, now, place, areaStrategy: 'area' });
        expect(walk.properties.map((card) => card.property_id)).toEqual(
          area.properties.map((card) => card.property_id),
        );
        expect(walk.total).toEqual(area.total);
        expect(walk.pagination).toEqual(area.pagination);
        if (page === 1) expect(walk.properties.length).toBeGreaterThan(0);
      }
    }
  });

  it('matches free text on address and postcode district', async () => {
    const search = createSearch({ channel: 'sales', q: 'Bath', status: 'all' });
    expect(search.isQuerySearch).toBe(true);
    const result = await searchProperties(database.db, search, { pageSize: 100, now, place: null });
    expect(result.properties.length).toBeGreaterThan(0);
    for (const card of result.properties) {
      const row = all.find((candidate) => candidate.id === card.property_id)!;
      expect([row.displayAddress, row.town, row.county, row.summary, row.postcode].join(' ').toLowerCase()).toContain(
        'bath',
      );
    }
    const district = all.find((row) => row.channel === 'sales')!.postcodeDistrict;
    const byDistrict = await searchProperties(
      database.db,
      createSearch({ channel: 'sales', q: district, status: 'all' }),
      { pageSize: 10_000, now, place: null },
    );
    expect(byDistrict.properties.length).toBeGreaterThan(0);
  });

  it('counts a text search through the scoped text index exactly as the page query filters it', async () => {
    const cases: SearchInput[] = [
      { channel: 'sales', q: 'bath', status: 'available' },
      { channel: 'lettings', q: 'road', status: 'let-agreed' },
      { channel: 'sales', text: 'house', status: 'under-offer' },
      { channel: 'sales', q: 'bath', text: 'garden', status: 'available', minBeds: 2 },
    ];
    for (const input of cases) {
      const search = createSearch(input);
      const everything = await searchProperties(database.db, search, { pageSize: 10_000, now, place: null });
      // A page of 1 forces the capped count query (there is a next page whenever two or more match).
      const counted = await searchProperties(database.db, search, { pageSize: 1, now, place: null });
      expect(counted.total.count).toBe(Math.min(everything.properties.length, COUNT_CAP));
    }
    const busy = await searchProperties(
      database.db,
      createSearch({ channel: 'sales', q: 'bath', status: 'available' }),
      {
        pageSize: 1,
        now,
        place: null,
      },
    );
    expect(busy.total.count).toBeGreaterThan(1);
  });

  it('sorts by each option', async () => {
    const base = { channel: 'sales', status: 'all' } as const;
    const pick = async (sorted: Search['sorted']) =>
      (await searchProperties(database.db, createSearch({ ...base, sorted }), { pageSize: 50, now, place: null }))
        .properties;
    const cheapest = await pick('least-expensive-first');
    expect(cheapest.map((card) => card.priceValue ?? Infinity)).toEqual(
      [...cheapest.map((card) => card.priceValue ?? Infinity)].sort((a, b) => a - b),
    );
    const dearest = await pick('most-expensive-first');
    expect(dearest[0]!.priceValue).toBe(
      Math.max(...all.filter((row) => row.channel === 'sales').map((row) => row.priceValue ?? 0)),
    );
    const recent = await pick('most-recent-first');
    expect(recent.map((card) => card.createdAt)).toEqual([...recent.map((card) => card.createdAt)].sort().reverse());
    const largest = await pick('most-square-feet-first');
    expect(largest[0]!.squareFeet).toBe(
      Math.max(...all.filter((row) => row.channel === 'sales').map((row) => row.squareFeet ?? 0)),
    );
    const smallest = await pick('least-square-feet-first');
    expect(smallest.map((card) => card.squareFeet ?? Infinity)).toEqual(
      [...smallest.map((card) => card.squareFeet ?? Infinity)].sort((a, b) => a - b),
    );
    expect((await pick('most-recently-launched-first')).length).toBe(50);
    expect((await pick('most-recently-updated-first')).length).toBe(50);
  });

  it('paginates with has_next_page and has_prev_page', async () => {
    const first = await searchProperties(database.db, createSearch({ channel: 'sales' }), { now, place: null });
    expect(first.pagination).toMatchObject({ has_prev_page: false, has_next_page: true, page: 1 });
    const second = await searchProperties(database.db, createSearch({ channel: 'sales', page: 2 }), {
      now,
      place: null,
    });
    expect(second.pagination.has_prev_page).toBe(true);
    expect(second.properties[0]!.property_id).not.toBe(first.properties[0]!.property_id);
    const beyond = await searchProperties(database.db, createSearch({ channel: 'sales', page: 10_000 }), {
      now,
      place: null,
    });
    expect(beyond.properties).toEqual([]);
    expect(beyond.pagination.has_next_page).toBe(false);
  });

  it('never fails on arbitrary fragments', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (fragment) => {
        const search = parseSearchFragment(fragment);
        await searchProperties(database.db, search, { now });
      }),
      { numRuns: 300 },
    );
  });
});
