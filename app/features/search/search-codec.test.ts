import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHANNEL_WORDS,
  formatSearchFragment,
  formatSearchUrl,
  fromQueryParams,
  hasSearchFragment,
  parseSearchFragment,
  parseSearchUrl,
  toQueryParams,
} from './search-codec.ts';
import { DEFAULT_SEARCH, createSearch, type Search } from './search-model.ts';
import { searchArbitrary } from './search-arbitraries.ts';

const square = [
  [51.5, -0.2],
  [51.5, -0.1],
  [51.4, -0.1],
  [51.4, -0.2],
] as Search['poly'];

describe('the search URL codec', () => {
  describe('channel words', () => {
    it.each([
      ['sales', 'sales'],
      ['all-property-for-sale', 'sales'],
      ['property-for-sale', 'sales'],
      ['properties-for-sale', 'sales'],
      ['lettings', 'lettings'],
      ['all-property-for-rent', 'lettings'],
      ['property-for-rent', 'lettings'],
      ['properties-to-rent', 'lettings'],
      ['Properties-To-Rent', 'lettings'],
    ])('reads "%s" as %s', (word, channel) => {
      expect(parseSearchFragment(`#/${word}`).channel).toBe(channel);
      expect(parseSearchFragment(`#/${word}/from-2-bed`)).toMatchObject({ channel, minBeds: 2 });
    });

    it('writes properties-for-sale and properties-to-rent', () => {
      expect(formatSearchFragment(createSearch())).toBe('/properties-for-sale');
      expect(formatSearchFragment(createSearch({ channel: 'lettings' }))).toBe('/properties-to-rent');
      expect(CHANNEL_WORDS.sales[0]).toBe('properties-for-sale');
      expect(CHANNEL_WORDS.lettings[0]).toBe('properties-to-rent');
    });

    it('only reads a channel word as the first segment, and defaults to sales', () => {
      expect(parseSearchFragment('#/from-2-bed/lettings')).toMatchObject({ channel: 'sales', minBeds: 2 });
      expect(parseSearchFragment('')).toEqual(DEFAULT_SEARCH);
    });
  });

  describe('fragment segments', () => {
    it.each<[string, Partial<Search>]>([
      ['from-2-bed', { minBeds: 2 }],
      ['from-0-bed', { minBeds: 0 }],
      ['up-to-4-bed', { maxBeds: 4 }],
      ['up-to-0-bed', { maxBeds: 0 }],
      ['from-250000', { minPrice: 250_000 }],
      ['up-to-500000', { maxPrice: 500_000 }],
      ['min-sq-ft-800', { minSquareFeet: 800 }],
      ['max-sq-ft-2500', { maxSquareFeet: 2500 }],
      ['area-bath-city-centre', { area: 'bath-city-centre' }],
      ['updated-in-7-days', { updatedAgo: 7 }],
      ['newer-than-14-days', { createdAgo: 14 }],
      ['status-under-offer', { status: 'under-offer' }],
      ['status-sstc', { status: 'sstc' }],
      ['from-1.5-acres', { minAcreage: 1.5 }],
      ['up-to-10-acres', { maxAcreage: 10 }],
      ['within-0.25', { within: 0.25 }],
      ['within-3', { within: 3 }],
      ['page-3', { page: 3 }],
      ['poly-51.5_-0.2~51.5_-0.1~51.4_-0.1~51.4_-0.2', { poly: square }],
      ['text-sea%20view%20%2F%20garage', { text: 'sea view / garage' }],
      ['short-lets', { shortLets: true }],
      ['tag-garden', { tags: ['garden'] }],
      ['auction-date-2025-06-30', { auctionDate: '2025-06-30' }],
      ['pets', { pets: true }],
      ['exclude-leasehold', { excludeLeasehold: true }],
      ['parking', { parking: true }],
      ['garden', { garden: true }],
      ['outside-space', { outsideSpace: true }],
      ['exclude-shared-ownership', { excludeSharedOwnership: true }],
      ['exclude-retirement', { excludeRetirement: true }],
      ['gid-2656173', { placeId: 2_656_173 }],
    ])('reads and writes %s', (segment, expected) => {
      const search = parseSearchFragment(`#/properties-for-sale/${segment}`);
      expect(search).toEqual(createSearch(expected));
      expect(formatSearchFragment(search)).toBe(`/properties-for-sale/${segment}`);
    });

    it.each<[string, Partial<Search>]>([
      ['available-from-2026-12-01', { availableFrom: '2026-12-01' }],
      ['furnished', { furnishing: 'furnished' }],
      ['part-furnished', { furnishing: 'part-furnished' }],
      ['unfurnished', { furnishing: 'unfurnished' }],
      ['bills-included', { billsIncluded: true }],
    ])('reads and writes the lettings segment %s', (segment, expected) => {
      const search = parseSearchFragment(`#/properties-to-rent/${segment}`);
      expect(search).toEqual(createSearch({ channel: 'lettings', ...expected }));
      expect(formatSearchFragment(search)).toBe(`/properties-to-rent/${segment}`);
    });

    it('drops the lettings-only segments from a sales search, as it keeps no rent for a sale', () => {
      const search = parseSearchFragment('#/properties-for-sale/available-from-2026-12-01/furnished/bills-included');
      expect(search).toEqual(createSearch());
      expect(formatSearchFragment(search)).toBe('/properties-for-sale');
    });

    it('ignores an impossible available-from date', () => {
      expect(parseSearchFragment('#/properties-to-rent/available-from-2026-02-30').availableFrom).toBeNull();
    });

    it('writes the fact filters after pets and before the place id', () => {
      const search = createSearch({
        channel: 'lettings',
        pets: true,
        excludeLeasehold: true,
        parking: true,
        garden: true,
        outsideSpace: true,
        availableFrom: '2027-01-15',
        furnishing: 'unfurnished',
        billsIncluded: true,
        excludeSharedOwnership: true,
        excludeRetirement: true,
        placeId: 7,
      });
      expect(formatSearchFragment(search)).toBe(
        '/properties-to-rent/pets/exclude-leasehold/parking/garden/outside-space/available-from-2027-01-15' +
          '/unfurnished/bills-included/exclude-shared-ownership/exclude-retirement/gid-7',
      );
      expect(fromQueryParams(toQueryParams(search))).toEqual(search);
      expect(Object.fromEntries(toQueryParams(search))).toMatchObject({
        excludeLeasehold: 'true',
        availableFrom: '2027-01-15',
        furnishing: 'unfurnished',
        billsIncluded: 'true',
      });
    });

    it('reads several tags in order and writes each as its own segment', () => {
      const search = parseSearchFragment('#/sales/tag-garden/tag-parking/tag-garden');
      expect(search.tags).toEqual(['garden', 'parking']);
      expect(formatSearchFragment(search)).toBe('/properties-for-sale/tag-garden/tag-parking');
    });

    it('writes every segment in the spec order', () => {
      const search = createSearch({
        channel: 'lettings',
        minBeds: 1,
        maxBeds: 3,
        minPrice: 500,
        maxPrice: 1500,
        minSquareFeet: 400,
        maxSquareFeet: 900,
        area: 'widcombe',
        updatedAgo: 3,
        createdAgo: 30,
        status: 'available',
        minAcreage: 0.5,
        maxAcreage: 2,
        within: 0.25,
        page: 2,
        poly: square,
        text: 'balcony',
        shortLets: true,
        tags: ['garden'],
        auctionDate: '2026-01-15',
        pets: true,
        placeId: 42,
      });
      expect(formatSearchFragment(search)).toBe(
        '/properties-to-rent/from-1-bed/up-to-3-bed/from-500/up-to-1500/min-sq-ft-400/max-sq-ft-900/area-widcombe' +
          '/updated-in-3-days/newer-than-30-days/status-available/from-0.5-acres/up-to-2-acres/within-0.25/page-2' +
          '/poly-51.5_-0.2~51.5_-0.1~51.4_-0.1~51.4_-0.2/text-balcony/short-lets/tag-garden/auction-date-2026-01-15/pets/gid-42',
      );
    });

    it('leaves page 1 out of the fragment', () => {
      expect(formatSearchFragment(createSearch({ page: 1 }))).toBe('/properties-for-sale');
    });

    it('accepts #/, #!/, a bare path and "from-2-beds"', () => {
      for (const fragment of [
        '#/sales/from-2-bed',
        '#!/sales/from-2-bed',
        'sales/from-2-bed',
        '/sales//from-2-beds/',
      ]) {
        expect(parseSearchFragment(fragment).minBeds).toBe(2);
      }
    });
  });

  describe('malformed input', () => {
    it('ignores unknown segments, unknown statuses and malformed numbers', () => {
      const search = parseSearchFragment(
        '#/sales/map/status-for-sale/from--5/from-abc-bed/page-0/within-x/auction-date-2025-02-30/gid-abc',
      );
      expect(search).toEqual(DEFAULT_SEARCH);
    });

    it('clamps huge numbers', () => {
      const search = parseSearchFragment(
        `#/sales/from-99-bed/up-to-${'9'.repeat(30)}/page-123456/within-250/newer-than-99999-days`,
      );
      expect(search).toMatchObject({ minBeds: 50, maxPrice: 100_000_000, page: 10_000, within: 100, createdAgo: 3650 });
    });

    it('swaps a minimum above the maximum', () => {
      expect(parseSearchFragment('#/sales/from-5-bed/up-to-2-bed/from-900000/up-to-100000')).toMatchObject({
        minBeds: 2,
        maxBeds: 5,
        minPrice: 100_000,
        maxPrice: 900_000,
      });
    });

    it('drops a broken or self-crossing polygon', () => {
      expect(parseSearchFragment('#/sales/poly-0_0~1_1~1_0~0_1').poly).toBeNull();
      expect(parseSearchFragment('#/sales/poly-0_0~1_1').poly).toBeNull();
      expect(parseSearchFragment('#/sales/poly-91_0~1_1~1_0').poly).toBeNull();
      expect(parseSearchFragment('#/sales/poly-nonsense').poly).toBeNull();
    });

    it('truncates 10,000 characters of text to 200 and keeps SQL-looking text as text', () => {
      expect(parseSearchFragment(`#/sales/text-${'a'.repeat(10_000)}`).text).toHaveLength(200);
      const sql = "1' OR '1'='1; DROP TABLE properties;--";
      expect(parseSearchFragment(`#/sales/text-${encodeURIComponent(sql)}`).text).toBe(sql);
    });

    it('survives broken percent-encoding and unicode', () => {
      expect(parseSearchFragment('#/sales/text-%E0%A4%A').text).toBe('%E0%A4%A');
      expect(parseSearchFragment(`#/sales/text-${encodeURIComponent('Château 🏡')}`).text).toBe('Château 🏡');
    });

    it('never throws on any string, fragment or URL', () => {
      fc.assert(
        fc.property(fc.string({ unit: 'binary' }), (text) => {
          expect(() => parseSearchFragment(text)).not.toThrow();
          expect(() => parseSearchUrl(text)).not.toThrow();
          expect(() => parseSearchUrl(`/search?${text}#/${text}`)).not.toThrow();
          expect(() => fromQueryParams(text)).not.toThrow();
        }),
      );
    });

    it('never throws on strings made of segment-like pieces', () => {
      const piece = fc.constantFrom(
        'from-',
        'up-to-',
        '-bed',
        '-acres',
        'poly-',
        'text-',
        'tag-',
        'gid-',
        'page-',
        '%',
        '/',
        '~',
        '_',
        '.',
        '-',
        '1',
        '9',
        'x',
      );
      fc.assert(
        fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
          expect(() => formatSearchUrl(parseSearchUrl(`/search#/${pieces.join('')}`))).not.toThrow();
        }),
      );
    });
  });

  describe('whole URLs', () => {
    it('writes the link query (channel, q, place, sort, branch) and the fragment', () => {
      const search = createSearch({
        channel: 'sales',
        place: { place_id: 12, name: 'Bath', county_name: 'Somerset' },
        sorted: 'most-recent-first',
        branch_id: 3,
        minBeds: 2,
      });
      expect(formatSearchUrl(search)).toBe(
        '/search?channel=sales&q=Bath%2C+Somerset&place_name=Bath&county_name=Somerset&sort=most-recent-first&branch_id=3' +
          '#/properties-for-sale/from-2-bed/gid-12',
      );
    });

    it('reads absolute URLs, relative URLs and location-like objects', () => {
      const expected = { channel: 'lettings', minBeds: 2, sorted: 'least-expensive-first' };
      expect(
        parseSearchUrl('https://agency.example/search?sort=least-expensive-first#/lettings/from-2-bed'),
      ).toMatchObject(expected);
      expect(parseSearchUrl('/search?sort=least-expensive-first#/lettings/from-2-bed')).toMatchObject(expected);
      expect(parseSearchUrl({ search: '?sort=least-expensive-first', hash: '#/lettings/from-2-bed' })).toMatchObject(
        expected,
      );
    });

    it('accepts plain filter parameters in the query, and the fragment wins over them', () => {
      expect(parseSearchUrl('/search?minBeds=3&maxPrice=400000#/sales/from-2-bed')).toMatchObject({
        minBeds: 2,
        maxPrice: 400_000,
      });
      expect(parseSearchUrl('/search?channel=lettings#/sales').channel).toBe('sales');
      expect(parseSearchUrl('/search?channel=lettings').channel).toBe('lettings');
    });

    it('applies the theme default status when the URL names none', () => {
      expect(parseSearchUrl('/search#/sales', { defaultStatus: 'available' }).status).toBe('available');
      expect(parseSearchUrl('/search#/sales/status-sold', { defaultStatus: 'available' }).status).toBe('sold');
      expect(parseSearchFragment('#/sales', { defaultStatus: 'all' }).status).toBe('all');
    });

    it('round-trips every valid search exactly (parse ∘ format = identity)', () => {
      fc.assert(
        fc.property(searchArbitrary, (search) => {
          expect(parseSearchUrl(formatSearchUrl(search))).toEqual(search);
        }),
        { numRuns: 500 },
      );
    });

    it('round-trips with a default status whenever the search has a status of its own', () => {
      fc.assert(
        fc.property(searchArbitrary, (search) => {
          if (search.status !== null)
            expect(parseSearchUrl(formatSearchUrl(search), { defaultStatus: 'all' })).toEqual(search);
        }),
      );
    });

    it('round-trips through parse and format again (format ∘ parse is stable)', () => {
      fc.assert(
        fc.property(fc.string(), (text) => {
          const once = formatSearchUrl(parseSearchUrl(`/search#/${text}`));
          expect(formatSearchUrl(parseSearchUrl(once))).toBe(once);
        }),
      );
    });
  });

  describe('plain query parameters', () => {
    it('reads the filters the server accepts on /search.ljson', () => {
      const search = fromQueryParams(
        new URLSearchParams(
          'channel=lettings&minBeds=2&sort=most-recent-first&page=2&poly=51.5_-0.2~51.5_-0.1~51.4_-0.1&tags=garden,parking&pets=1',
        ),
      );
      expect(search).toMatchObject({
        channel: 'lettings',
        minBeds: 2,
        sorted: 'most-recent-first',
        page: 2,
        poly: [
          [51.5, -0.2],
          [51.5, -0.1],
          [51.4, -0.1],
        ],
        tags: ['garden', 'parking'],
        pets: true,
      });
    });

    it('accepts repeated tag parameters and a channel word', () => {
      expect(fromQueryParams('tag=garden&tag=Sea View&channel=properties-to-rent')).toMatchObject({
        tags: ['garden', 'sea-view'],
        channel: 'lettings',
      });
    });

    it('writes only what differs from the default', () => {
      expect(toQueryParams(createSearch()).toString()).toBe('channel=sales');
      expect(
        toQueryParams(
          createSearch({ channel: 'lettings', minBeds: 0, sorted: 'most-recent-first', page: 2, pets: true }),
        ).toString(),
      ).toBe('channel=lettings&sort=most-recent-first&minBeds=0&page=2&pets=true');
    });

    it('round-trips every valid search exactly', () => {
      fc.assert(
        fc.property(searchArbitrary, (search) => {
          expect(fromQueryParams(toQueryParams(search))).toEqual(search);
          expect(fromQueryParams(toQueryParams(search).toString())).toEqual(search);
        }),
        { numRuns: 300 },
      );
    });
  });
});

describe('hasSearchFragment', () => {
  it('recognises filter fragments with or without a channel word', () => {
    expect(hasSearchFragment('#/properties-for-sale/from-2-bed')).toBe(true);
    expect(hasSearchFragment('#/sales')).toBe(true);
    expect(hasSearchFragment('#/from-2-bed/up-to-400000')).toBe(true);
    expect(hasSearchFragment('#!/page-3')).toBe(true);
  });

  it('leaves other hashes alone', () => {
    expect(hasSearchFragment('#/map')).toBe(false);
    expect(hasSearchFragment('')).toBe(false);
    expect(hasSearchFragment('#main')).toBe(false);
    expect(hasSearchFragment('#/book-a-valuation')).toBe(false);
  });

  it('lets the query give the channel when the fragment has none', () => {
    const search = parseSearchUrl('/search?channel=lettings#/from-2-bed/up-to-1500');
    expect(search.channel).toBe('lettings');
    expect(search.minBeds).toBe(2);
    expect(search.maxPrice).toBe(1500);
  });
});
