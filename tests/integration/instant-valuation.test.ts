import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, branches, places, properties } from '../../db/schema/index.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import {
  getInstantValuation,
  loadComparables,
  locateHome,
} from '../../app/features/instant-valuation/instant-valuation.server.ts';
import { loader } from '../../app/routes/modals/instant-valuation.tsx';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

let database: TestDatabase;
const now = new Date('2026-06-01T12:00:00Z');
const BATH = { lat: 51.38, lng: -2.36 };

type Insert = typeof properties.$inferInsert;
let nextId = 1;
function home(values: Partial<Insert> & { offsetKm?: number }): Insert {
  const id = nextId++;
  const { offsetKm = 0.3, ...rest } = values;
  return {
    id,
    slug: `home-${id}`,
    reference: `HV-${id}`,
    channel: 'sales',
    status: 'sold',
    priceValue: 300_000,
    displayAddress: `${id} Mill Lane, Bath`,
    addressLine1: `${id} Mill Lane`,
    town: 'Bath',
    county: 'Somerset',
    countySlug: 'somerset',
    country: 'england',
    postcode: 'BA2 3AB',
    postcodeDistrict: 'BA2',
    location: { lat: BATH.lat + offsetKm / 111.32, lng: BATH.lng },
    propertyType: 'house',
    propertyStyle: 'Semi-detached house',
    bedrooms: 3,
    branchId: 1,
    updatedAt: new Date('2026-05-01T12:00:00Z'),
    ...rest,
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
  const db = database.db;
  await db.insert(branches).values({
    id: 1,
    slug: 'bath',
    name: 'Bath',
    addressLine1: '1 Milsom Street',
    town: 'Bath',
    county: 'Somerset',
    country: 'england',
    postcode: 'BA1 1BA',
    location: BATH,
    contactNumber: '01225 000000',
    email: 'bath@agency.example',
  });
  await db.insert(places).values([
    {
      kind: 'postcode-district',
      slug: 'ba2',
      name: 'BA2',
      nameLower: 'ba2',
      countySlug: 'somerset',
      countyName: 'Somerset',
      country: 'england',
      location: BATH,
    },
    {
      kind: 'town',
      slug: 'bath',
      name: 'Bath',
      nameLower: 'bath',
      countySlug: 'somerset',
      countyName: 'Somerset',
      country: 'england',
      location: BATH,
      population: 90_000,
    },
  ]);
  await db.insert(addresses).values({
    buildingNumber: '4',
    line1: '4 Mill Lane',
    townOrCity: 'Bath',
    county: 'Somerset',
    postcode: 'BA2 3AB',
    searchText: '4 mill lane, bath, ba2 3ab',
    location: BATH,
  });
  await db.insert(properties).values([
    // Sold and agreed 3-bed houses nearby.
    home({ status: 'sold', priceValue: 310_000, exchangedPrice: 300_000 }),
    home({ status: 'sold', priceValue: 305_000, offsetKm: 0.6 }),
    home({ status: 'sstc', priceValue: 320_000, offsetKm: 0.9 }),
    home({ status: 'available', priceValue: 330_000, offsetKm: 1.1 }),
    home({ status: 'sold', priceValue: 420_000, bedrooms: 4, offsetKm: 0.4 }),
    home({ status: 'available', priceValue: 210_000, propertyType: 'flat', bedrooms: 2, offsetKm: 0.2 }),
    // Far away (Bristol, ~18 km): outside the first radii.
    home({ status: 'sold', priceValue: 900_000, offsetKm: 18 }),
    // Not comparables: a development header, land, an unpublished home.
    home({ status: 'available', priceValue: 100_000, isDevelopment: true }),
    home({ status: 'available', priceValue: 50_000, propertyType: 'land' }),
    home({ status: 'sold', priceValue: 10_000, isPublished: false }),
    // Rents.
    home({ channel: 'lettings', status: 'let', priceValue: 1_400 }),
    home({ channel: 'lettings', status: 'let-agreed', priceValue: 1_450, offsetKm: 0.5 }),
    home({ channel: 'lettings', status: 'available', priceValue: 1_500, offsetKm: 0.8 }),
  ]);
});

afterAll(async () => {
  setDatabaseHandle(undefined);
  await database?.dispose();
});

describe('instant valuation: finding the home', () => {
  it('finds a full postcode, a district, an address and a town', async () => {
    expect(await locateHome(database.db, 'ba2 3ab')).toMatchObject({ label: 'BA2 3AB', lat: BATH.lat });
    expect(await locateHome(database.db, '4 Mill Lane, Bath BA2 3AB')).toMatchObject({ label: 'BA2 3AB' });
    expect(await locateHome(database.db, 'BA2')).toMatchObject({ label: 'BA2, Somerset' });
    expect(await locateHome(database.db, '4 mill lane')).toMatchObject({ label: '4 Mill Lane, Bath, BA2 3AB' });
    expect(await locateHome(database.db, 'Bath')).toMatchObject({ label: 'Bath, Somerset' });
    expect(await locateHome(database.db, 'Atlantis')).toBeNull();
    expect(await locateHome(database.db, "50%_' or 1=1 --")).toBeNull();
  });
});

describe('instant valuation: comparables and estimate', () => {
  it('loads only published, priced houses, flats and bungalows within the radius', async () => {
    const comparables = await loadComparables(database.db, BATH, 5);
    expect(comparables).toHaveLength(9);
    expect(comparables.every((comparable) => comparable.distanceKm <= 5)).toBe(true);
    // The exchanged price stands for a sold home.
    expect(comparables.find((comparable) => comparable.id === 1)?.price).toBe(300_000);
    expect((await loadComparables(database.db, BATH, 25)).some((comparable) => comparable.price === 900_000)).toBe(
      true,
    );
  });

  it('estimates the sale price and the monthly rent with ranges and the comparables used', async () => {
    const valuation = await getInstantValuation(database.db, { q: 'BA2 3AB', type: 'house', beds: 3 }, now);
    expect(valuation.status).toBe('ok');
    if (valuation.status !== 'ok') return;
    const sales = valuation.sales!;
    expect(sales.value).toBeGreaterThan(290_000);
    expect(sales.value).toBeLessThan(330_000);
    expect(sales.low).toBeLessThan(sales.value);
    expect(sales.high).toBeGreaterThan(sales.value);
    expect(sales.comparables[0]!.url).toMatch(/^\/properties\/home-\d+$/);
    expect(sales.comparables.some((comparable) => comparable.price === 900_000)).toBe(false);
    const lettings = valuation.lettings!;
    expect(lettings.value).toBeGreaterThanOrEqual(1_350);
    expect(lettings.value).toBeLessThanOrEqual(1_500);
    expect(lettings.value % 25).toBe(0);

    const bigger = await getInstantValuation(database.db, { q: 'BA2 3AB', type: 'house', beds: 4 }, now);
    expect(bigger.status === 'ok' && bigger.sales!.value).toBeGreaterThan(sales.value);
  });

  it('answers through the /valuation loader: nothing asked, wrong input, unknown place, an estimate', async () => {
    const call = (query: string) => loader({ request: new Request(`http://localhost/valuation${query}`) } as never);
    expect(await call('')).toMatchObject({ valuation: null, errors: {} });
    expect((await call('?q=&type=castle&beds=')).errors).toEqual({
      q: 'Please enter a valid address or postcode',
      type: 'Please choose a property type',
      beds: 'Please choose the number of bedrooms',
    });
    expect((await call('?q=Atlantis&type=house&beds=3')).valuation).toEqual({ status: 'not-found' });
    const found = await call('?q=BA2+3AB&type=flat&beds=2');
    expect(found.valuation?.status).toBe('ok');
  });
});
