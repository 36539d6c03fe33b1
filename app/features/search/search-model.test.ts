import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHANNELS,
  DEFAULT_SEARCH,
  FURNISHING_FILTERS,
  FURNISHING_MATCHES,
  MAX_TAGS,
  SEARCH_STATUSES,
  SORT_OPTIONS,
  cleanText,
  createSearch,
  normaliseSearch,
  placeLabel,
  toIsoDate,
  toSlug,
} from './search-model.ts';
import { searchArbitrary } from './search-arbitraries.ts';
import { channels, propertyStatuses } from '../../../db/schema/properties.ts';
import { furnishings } from '../../../db/schema/property-facts.ts';

describe('the Search model', () => {
  it('defaults to a sales search on page 1 with nothing filtered', () => {
    expect(createSearch()).toEqual(DEFAULT_SEARCH);
    expect(DEFAULT_SEARCH.channel).toBe('sales');
    expect(DEFAULT_SEARCH.page).toBe(1);
  });

  it('lists the seven sort options of spec point 3 and the statuses', () => {
    expect(SORT_OPTIONS).toEqual([
      'least-expensive-first',
      'most-expensive-first',
      'most-recent-first',
      'most-square-feet-first',
      'least-square-feet-first',
      'most-recently-launched-first',
      'most-recently-updated-first',
    ]);
    expect(SEARCH_STATUSES).toEqual(['available', 'under-offer', 'sstc', 'sold', 'let-agreed', 'let', 'all']);
  });

  it('keeps the lettings-only fact filters for lettings and drops them for sales', () => {
    const input = { availableFrom: '2026-12-01', furnishing: 'unfurnished', billsIncluded: 'true' };
    expect(createSearch({ channel: 'lettings', ...input })).toMatchObject({
      availableFrom: '2026-12-01',
      furnishing: 'unfurnished',
      billsIncluded: true,
    });
    expect(createSearch({ channel: 'sales', ...input })).toMatchObject({
      availableFrom: null,
      furnishing: null,
      billsIncluded: false,
    });
  });

  it('reads the fact flags like the other flags and drops unknown furnishings', () => {
    const search = createSearch({
      channel: 'lettings',
      excludeLeasehold: 'yes',
      parking: true,
      garden: 'on',
      outsideSpace: '0',
      excludeSharedOwnership: 'true',
      excludeRetirement: 1,
      furnishing: 'furnished-or-unfurnished',
      availableFrom: 'soon',
    });
    expect(search).toMatchObject({
      excludeLeasehold: true,
      parking: true,
      garden: true,
      outsideSpace: false,
      excludeSharedOwnership: true,
      excludeRetirement: false,
      furnishing: null,
      availableFrom: null,
    });
  });

  it('stays in step with the furnishings a listing can have', () => {
    for (const furnishing of furnishings)
      expect(Object.values(FURNISHING_MATCHES).some((accepted) => accepted.includes(furnishing))).toBe(true);
    for (const filter of FURNISHING_FILTERS) expect(furnishings).toContain(filter);
  });

  it('stays in step with the channels and statuses a property can have', () => {
    expect(CHANNELS).toEqual(channels);
    expect(SEARCH_STATUSES).toEqual([...propertyStatuses, 'all']);
  });

  it('treats anything that is not an object as an empty search', () => {
    for (const junk of [null, undefined, 42, 'search', [], true]) expect(normaliseSearch(junk)).toEqual(DEFAULT_SEARCH);
  });

  it.each([
    ['minBeds', 51, 50],
    ['maxBeds', 1e9, 50],
    ['minPrice', 250_000_000, 100_000_000],
    ['maxSquareFeet', 5_000_000, 1_000_000],
    ['maxAcreage', 1e12, 100_000],
    ['within', 500, 100],
    ['page', 99_999, 10_000],
    ['updatedAgo', 10_000, 3650],
    ['createdAgo', Number.POSITIVE_INFINITY, 3650],
    ['minPrice', '9'.repeat(400), 100_000_000],
  ] as const)('clamps %s = %s to %s', (key, value, expected) => {
    expect(createSearch({ [key]: value })[key]).toBe(expected);
  });

  it.each([
    ['minBeds', -1],
    ['minPrice', Number.NaN],
    ['maxPrice', '-5'],
    ['within', 'near'],
    ['minSquareFeet', '0x10'],
    ['maxAcreage', '1e3'],
    ['updatedAgo', 0],
    ['createdAgo', ''],
    ['minBeds', {}],
  ] as const)('drops %s = %s', (key, value) => {
    expect(createSearch({ [key]: value })[key]).toBeNull();
  });

  it('keeps zero beds as a real value, not as empty', () => {
    const search = createSearch({ minBeds: 0, maxBeds: 0 });
    expect(search.minBeds).toBe(0);
    expect(search.maxBeds).toBe(0);
  });

  it('reads numbers given as text and rounds them (whole numbers, or 2 decimals for acres and miles)', () => {
    const search = createSearch({
      minBeds: ' 2 ',
      minPrice: '250000.4',
      within: '0.254',
      minAcreage: 1.005,
      maxAcreage: '2.5',
    });
    expect(search).toMatchObject({ minBeds: 2, minPrice: 250_000, within: 0.25, maxAcreage: 2.5 });
    expect(search.minAcreage).toBeCloseTo(1, 1);
  });

  it('swaps a minimum greater than its maximum', () => {
    const search = createSearch({
      minBeds: 4,
      maxBeds: 2,
      minPrice: 500_000,
      maxPrice: 100_000,
      minSquareFeet: 9,
      maxSquareFeet: 1,
      minAcreage: 3,
      maxAcreage: 1.5,
    });
    expect(search).toMatchObject({
      minBeds: 2,
      maxBeds: 4,
      minPrice: 100_000,
      maxPrice: 500_000,
      minSquareFeet: 1,
      maxSquareFeet: 9,
      minAcreage: 1.5,
      maxAcreage: 3,
    });
  });

  it('falls back to page 1 for a page below 1 or not a number', () => {
    for (const page of [0, -3, 'two', null, 0.2]) expect(createSearch({ page }).page).toBe(1);
  });

  it('drops an unknown channel, sort or status', () => {
    const search = createSearch({ channel: 'auctions', sorted: 'cheapest', status: 'for-sale' });
    expect(search).toMatchObject({ channel: 'sales', sorted: null, status: null });
  });

  it('uses the theme default status only when none is given', () => {
    expect(createSearch({}, { defaultStatus: 'available' }).status).toBe('available');
    expect(createSearch({ status: 'sold' }, { defaultStatus: 'available' }).status).toBe('sold');
    expect(createSearch({ status: 'bogus' }, { defaultStatus: 'all' }).status).toBe('all');
  });

  describe('location', () => {
    it('fills q from a chosen place and marks it as not a free-text search', () => {
      const search = createSearch({
        place: { place_id: 7, name: 'Bath', county_name: 'Somerset' },
        q: 'ignored',
        placeId: 99,
      });
      expect(search).toMatchObject({ placeId: 7, q: 'Bath, Somerset', isQuerySearch: false });
    });

    it('marks free text without a place id as a query search', () => {
      expect(createSearch({ q: '  Bath  ' })).toMatchObject({ q: 'Bath', isQuerySearch: true, place: null });
      expect(createSearch({ q: 'Bath', placeId: 3 }).isQuerySearch).toBe(false);
      expect(createSearch({ q: '   ' })).toMatchObject({ q: null, isQuerySearch: false });
    });

    it('drops a place without a valid id or name', () => {
      expect(createSearch({ place: { place_id: -1, name: 'Bath', county_name: '' } }).place).toBeNull();
      expect(createSearch({ place: { place_id: 1, name: ' ', county_name: 'Somerset' } }).place).toBeNull();
      expect(createSearch({ place: 'Bath' }).place).toBeNull();
    });

    it('labels a place "Name, County", or just the name when the county is empty or the same', () => {
      expect(placeLabel({ name: 'Bath', county_name: 'Somerset' })).toBe('Bath, Somerset');
      expect(placeLabel({ name: 'London', county_name: 'london' })).toBe('London');
      expect(placeLabel({ name: 'Bath', county_name: '' })).toBe('Bath');
    });

    it('rejects ids too large for the database', () => {
      expect(createSearch({ placeId: 2_147_483_648, branch_id: '99999999999' })).toMatchObject({
        placeId: 2_147_483_647,
        branch_id: 2_147_483_647,
      });
    });
  });

  describe('text', () => {
    it('truncates text to 200 characters and q to 200', () => {
      expect(createSearch({ text: 'x'.repeat(10_000) }).text).toHaveLength(200);
      expect(createSearch({ q: 'y'.repeat(10_000) }).q).toHaveLength(200);
    });

    it('never splits an emoji and never leaves a lone surrogate', () => {
      const text = cleanText('🏡'.repeat(300), 200);
      expect(Array.from(text ?? '')).toHaveLength(200);
      expect(cleanText('a\uD800b', 10)).toBe('a\uFFFDb');
      expect(() => encodeURIComponent(cleanText('\uDC00\uD83C', 10) ?? '')).not.toThrow();
    });

    it('keeps SQL-looking and unicode text as plain text', () => {
      expect(createSearch({ text: "'; DROP TABLE properties; --" }).text).toBe("'; DROP TABLE properties; --");
      expect(createSearch({ text: 'Château – 3 pièces' }).text).toBe('Château – 3 pièces');
    });

    it('replaces control characters', () => {
      expect(cleanText('a\u0000b\nc', 10)).toBe('a b c');
    });
  });

  describe('slugs, tags and dates', () => {
    it('turns names into slugs', () => {
      expect(toSlug('Off Street Parking')).toBe('off-street-parking');
      expect(toSlug('  Café & Garden!! ')).toBe('cafe-garden');
      expect(toSlug("'; DROP TABLE x; --")).toBe('drop-table-x');
      expect(toSlug('東京')).toBeNull();
      expect(toSlug('a'.repeat(100))).toHaveLength(60);
    });

    it('keeps tags as unique slugs in the order given, at most 20', () => {
      expect(createSearch({ tags: ['Garden', 'garden', 'Off street parking', '', 42] }).tags).toEqual([
        'garden',
        'off-street-parking',
      ]);
      expect(createSearch({ tags: 'garden' }).tags).toEqual(['garden']);
      expect(createSearch({ tags: Array.from({ length: 50 }, (_, i) => `tag ${i}`) }).tags).toHaveLength(MAX_TAGS);
    });

    it('accepts only real calendar dates for the auction date', () => {
      expect(toIsoDate('2025-02-28')).toBe('2025-02-28');
      expect(toIsoDate('2024-02-29')).toBe('2024-02-29');
      expect(toIsoDate('2025-02-29')).toBeNull();
      expect(toIsoDate('2025-13-01')).toBeNull();
      expect(toIsoDate('25-01-01')).toBeNull();
      expect(toIsoDate('1066-10-14')).toBeNull();
      expect(toIsoDate(20250101)).toBeNull();
    });
  });

  it('is idempotent: normalising a normalised search changes nothing', () => {
    fc.assert(
      fc.property(searchArbitrary, (search) => {
        expect(normaliseSearch(search)).toEqual(search);
      }),
    );
  });

  it('never throws and always returns a well-formed search, whatever it is given', () => {
    fc.assert(
      fc.property(
        fc.anything(),
        fc.dictionary(fc.constantFrom(...Object.keys(DEFAULT_SEARCH)), fc.anything()),
        (junk, record) => {
          for (const search of [normaliseSearch(junk), normaliseSearch(record)]) {
            expect(search.page).toBeGreaterThanOrEqual(1);
            expect(['sales', 'lettings']).toContain(search.channel);
            if (search.minBeds !== null && search.maxBeds !== null)
              expect(search.minBeds).toBeLessThanOrEqual(search.maxBeds);
          }
        },
      ),
    );
  });
});
