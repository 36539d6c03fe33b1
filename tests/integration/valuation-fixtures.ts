/** Fixtures for the valuation and address-lookup tests: two branches, a few postcode districts, addresses, a context. */
import pino from 'pino';
import type { AppLoadContext } from 'react-router';
import { addresses, branches, places, siteSettings } from '../../db/schema/index.ts';
import type { Database } from '../../app/lib/db.server.ts';
import { DEFAULT_THEME } from '../../app/features/site/site-chrome.server.ts';

export async function insertValuationFixtures(db: Database) {
  await db.insert(siteSettings).values({
    id: 1,
    agencyName: 'Test Agency',
    agencyEmail: 'hello@agency.example',
    agencyContactTelephone: '01225 000000',
    logoUrl: '/logo.png',
    // The bot check has its own tests (spam feature); here it is off so the lead rules are what is tested.
    theme: { ...DEFAULT_THEME, spamProtectionVersion: 'none' },
  });
  const branchRow = (name: string, postcode: string, location: { lat: number; lng: number }) => ({
    slug: name.toLowerCase(),
    name,
    addressLine1: '1 High Street',
    town: name,
    county: 'Somerset',
    country: 'england' as const,
    postcode,
    location: { lng: location.lng, lat: location.lat },
    contactNumber: '01225 000000',
    email: `${name.toLowerCase()}@agency.example`,
  });
  const [bath, york] = await db
    .insert(branches)
    .values([
      branchRow('Bath', 'BA1 1DE', { lat: 51.3839, lng: -2.3612 }),
      branchRow('York', 'YO1 6JH', { lat: 53.9571, lng: -1.0868 }),
    ])
    .returning({ id: branches.id });
  const district = (outcode: string, lat: number, lng: number) => ({
    kind: 'postcode-district' as const,
    slug: outcode.toLowerCase(),
    name: outcode,
    nameLower: outcode.toLowerCase(),
    countySlug: 'somerset',
    countyName: 'Somerset',
    country: 'england' as const,
    location: { lat, lng },
  });
  await db
    .insert(places)
    .values([district('BA2', 51.368, -2.37), district('YO24', 53.945, -1.12), district('TR1', 50.263, -5.051)]);
  await db.insert(addresses).values([
    {
      buildingNumber: '12',
      buildingName: null,
      line1: '12 Orchard Road',
      line2: 'Widcombe',
      townOrCity: 'Bath',
      county: 'Somerset',
      postcode: 'BA2 4AB',
      searchText: '12 orchard road, widcombe, bath, ba2 4ab',
      location: { lat: 51.375, lng: -2.355 },
    },
    {
      buildingNumber: null,
      buildingName: 'Rose Cottage',
      line1: 'Rose Cottage',
      line2: 'Mill Lane',
      townOrCity: 'Bath',
      county: 'Somerset',
      postcode: 'BA2 9XY',
      searchText: 'rose cottage, mill lane, bath, ba2 9xy',
      location: { lat: 51.35, lng: -2.4 },
    },
    {
      buildingNumber: '3',
      buildingName: null,
      line1: '3 Orchard Close',
      townOrCity: 'York',
      county: 'North Yorkshire',
      postcode: 'YO24 1AA',
      searchText: '3 orchard close, york, yo24 1aa',
      location: null,
    },
  ]);
  return { bathBranchId: bath!.id, yorkBranchId: york!.id };
}

export function testContext(overrides: Partial<AppLoadContext> = {}): AppLoadContext {
  return {
    requestId: 'test-request',
    nonce: 'nonce',
    csrfToken: 'token',
    isCsrfDeferred: false,
    session: { getUserId: async () => null } as unknown as AppLoadContext['session'],
    logger: pino({ level: 'silent' }),
    clientIp: `203.0.113.${Math.floor(Math.random() * 200) + 1}`,
    origin: 'http://localhost',
    ...overrides,
  };
}
