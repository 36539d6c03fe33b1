/** fast-check generators of valid searches, shared by the search tests (test-only: nothing in the app imports it). */
import fc from 'fast-check';
import {
  CHANNELS,
  FURNISHING_FILTERS,
  PROPERTY_TYPES,
  SEARCH_STATUSES,
  SORT_OPTIONS,
  normaliseSearch,
  type LatLng,
  type Search,
} from './search-model.ts';

const nullable = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });
const decimals2 = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((n) => n / 100);

/** Star-shaped outlines (points at increasing angles round a centre) are simple polygons by construction. */
export const polygonArbitrary: fc.Arbitrary<LatLng[]> = fc
  .record({
    lat: fc.double({ min: -80, max: 80, noNaN: true }),
    lng: fc.double({ min: -170, max: 170, noNaN: true }),
    angles: fc.uniqueArray(fc.integer({ min: 0, max: 3599 }), { minLength: 3, maxLength: 40 }),
    radius: fc.double({ min: 0.01, max: 5, noNaN: true }),
  })
  .map(({ lat, lng, angles, radius }) =>
    [...angles]
      .sort((a, b) => a - b)
      .map((tenths, index): LatLng => {
        const angle = (tenths / 10) * (Math.PI / 180);
        const r = radius * (0.5 + (index % 3) / 4);
        return [lat + r * Math.sin(angle), lng + r * Math.cos(angle)];
      }),
  );

const textArbitrary = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom("'; DROP TABLE properties; --", 'garden / patio #1 & 2', '100% 🏡 café', 'a-b_c.d~e'),
);

export const searchArbitrary: fc.Arbitrary<Search> = fc
  .record({
    channel: fc.constantFrom(...CHANNELS),
    placeId: nullable(fc.integer({ min: 1, max: 2_147_483_647 })),
    place: nullable(
      fc.record({
        place_id: fc.integer({ min: 1, max: 5_000_000 }),
        name: textArbitrary,
        county_name: textArbitrary,
      }),
    ),
    q: nullable(textArbitrary),
    tags: fc.array(fc.string({ maxLength: 15 }), { maxLength: 6 }),
    poly: nullable(polygonArbitrary),
    auctionDate: nullable(
      fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
    ),
    text: nullable(textArbitrary),
    minBeds: nullable(fc.integer({ min: 0, max: 50 })),
    maxBeds: nullable(fc.integer({ min: 0, max: 50 })),
    minPrice: nullable(fc.integer({ min: 0, max: 100_000_000 })),
    maxPrice: nullable(fc.integer({ min: 0, max: 100_000_000 })),
    minSquareFeet: nullable(fc.integer({ min: 0, max: 1_000_000 })),
    maxSquareFeet: nullable(fc.integer({ min: 0, max: 1_000_000 })),
    area: nullable(fc.string({ maxLength: 20 })),
    updatedAgo: nullable(fc.integer({ min: 1, max: 3650 })),
    createdAgo: nullable(fc.integer({ min: 1, max: 3650 })),
    status: nullable(fc.constantFrom(...SEARCH_STATUSES)),
    minAcreage: nullable(decimals2(100_000)),
    maxAcreage: nullable(decimals2(100_000)),
    within: nullable(decimals2(100)),
    page: fc.integer({ min: 1, max: 10_000 }),
    shortLets: fc.boolean(),
    sorted: nullable(fc.constantFrom(...SORT_OPTIONS)),
    pets: fc.boolean(),
    branch_id: nullable(fc.integer({ min: 1, max: 2_147_483_647 })),
    propertyType: nullable(fc.constantFrom(...PROPERTY_TYPES)),
    excludeLeasehold: fc.boolean(),
    parking: fc.boolean(),
    garden: fc.boolean(),
    outsideSpace: fc.boolean(),
    availableFrom: nullable(
      fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
    ),
    furnishing: nullable(fc.constantFrom(...FURNISHING_FILTERS)),
    billsIncluded: fc.boolean(),
    excludeSharedOwnership: fc.boolean(),
    excludeRetirement: fc.boolean(),
  })
  .map((input) => normaliseSearch(input));
