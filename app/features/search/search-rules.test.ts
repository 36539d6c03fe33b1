import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSearch, type LatLng } from './search-model.ts';
import {
  addTag,
  clearTags,
  removeTag,
  setChannel,
  setFilter,
  setPage,
  setPlace,
  setPolygon,
  setQuery,
  setSort,
  setText,
  toggleTag,
} from './search-rules.ts';
import { searchArbitrary } from './search-arbitraries.ts';

const poly: LatLng[] = [
  [51.5, -0.2],
  [51.5, -0.1],
  [51.4, -0.1],
];
const bath = { place_id: 12, name: 'Bath', county_name: 'Somerset' };

describe('search rules (spec point 4)', () => {
  describe('channel', () => {
    it('clears the minimum and maximum price when the channel changes, and goes back to page 1', () => {
      const search = createSearch({ minPrice: 200_000, maxPrice: 400_000, minBeds: 2, page: 4 });
      expect(setChannel(search, 'lettings')).toMatchObject({
        channel: 'lettings',
        minPrice: null,
        maxPrice: null,
        minBeds: 2,
        page: 1,
      });
    });

    it('drops the lettings-only filters on the way to sales and keeps the filters both channels share', () => {
      const search = createSearch({
        channel: 'lettings',
        availableFrom: '2026-12-01',
        furnishing: 'furnished',
        billsIncluded: true,
        parking: true,
        excludeLeasehold: true,
        excludeRetirement: true,
      });
      expect(search).toMatchObject({ availableFrom: '2026-12-01', furnishing: 'furnished', billsIncluded: true });
      expect(setChannel(search, 'sales')).toMatchObject({
        channel: 'sales',
        availableFrom: null,
        furnishing: null,
        billsIncluded: false,
        parking: true,
        excludeLeasehold: true,
        excludeRetirement: true,
      });
    });

    it('changes nothing when the channel is already set', () => {
      const search = createSearch({ minPrice: 200_000, page: 4 });
      expect(setChannel(search, 'sales')).toBe(search);
    });
  });

  describe('text and location', () => {
    it('clears the drawn polygon when a text query is set', () => {
      expect(setText(createSearch({ poly }), 'garage').poly).toBeNull();
      expect(setQuery(createSearch({ poly }), 'Bath').poly).toBeNull();
    });

    it('keeps the polygon when the text is only cleared', () => {
      expect(setText(createSearch({ poly, text: 'garage' }), '').poly).toEqual(poly);
      expect(setQuery(createSearch({ poly, q: 'Bath' }), null).poly).toEqual(poly);
    });

    it('fills q with the place name and county when a place is chosen', () => {
      expect(setPlace(createSearch({ q: 'ba' }), bath)).toMatchObject({
        place: bath,
        placeId: 12,
        q: 'Bath, Somerset',
        isQuerySearch: false,
      });
    });

    it('makes a free-text query a query search and clears the place', () => {
      const search = setQuery(setPlace(createSearch(), bath), 'near the station');
      expect(search).toMatchObject({ q: 'near the station', isQuerySearch: true, place: null, placeId: null });
    });

    it('clears place and q together', () => {
      expect(setPlace(setPlace(createSearch(), bath), null)).toMatchObject({
        place: null,
        placeId: null,
        q: null,
        isQuerySearch: false,
      });
    });

    it('sets or clears the polygon, dropping an invalid one', () => {
      expect(setPolygon(createSearch(), poly).poly).toEqual(poly);
      expect(setPolygon(createSearch({ poly }), null).poly).toBeNull();
      expect(
        setPolygon(createSearch(), [
          [0, 0],
          [1, 1],
          [1, 0],
          [0, 1],
        ]).poly,
      ).toBeNull();
    });
  });

  describe('tags', () => {
    it('adds a tag, and ignores one already present', () => {
      const once = addTag(createSearch(), 'Garden');
      expect(once.tags).toEqual(['garden']);
      const twice = addTag(once, 'garden');
      expect(twice).toBe(once);
    });

    it('toggles, removes and clears tags', () => {
      const search = addTag(addTag(createSearch(), 'garden'), 'parking');
      expect(toggleTag(search, 'garden').tags).toEqual(['parking']);
      expect(toggleTag(search, 'Sea view').tags).toEqual(['garden', 'parking', 'sea-view']);
      expect(removeTag(search, 'parking').tags).toEqual(['garden']);
      expect(removeTag(search, 'pool')).toBe(search);
      expect(clearTags(search).tags).toEqual([]);
    });

    it('ignores a tag with no usable characters', () => {
      const search = createSearch();
      expect(addTag(search, '!!!')).toBe(search);
    });
  });

  describe('filters', () => {
    it('keeps zero minimum and maximum beds', () => {
      const search = setFilter(setFilter(createSearch(), 'minBeds', 0), 'maxBeds', 0);
      expect(search).toMatchObject({ minBeds: 0, maxBeds: 0 });
    });

    it('clears a filter set to null', () => {
      expect(setFilter(createSearch({ minBeds: 2 }), 'minBeds', null).minBeds).toBeNull();
      expect(setFilter(createSearch({ pets: true }), 'pets', false).pets).toBe(false);
    });

    it('clears the other bound when the new minimum is above the maximum, or the new maximum below the minimum', () => {
      expect(setFilter(createSearch({ maxBeds: 2 }), 'minBeds', 4)).toMatchObject({ minBeds: 4, maxBeds: null });
      expect(setFilter(createSearch({ minPrice: 300_000 }), 'maxPrice', 100_000)).toMatchObject({
        minPrice: null,
        maxPrice: 100_000,
      });
      expect(setFilter(createSearch({ maxBeds: 4 }), 'minBeds', 4)).toMatchObject({ minBeds: 4, maxBeds: 4 });
    });

    it('clamps values to the limits', () => {
      expect(setFilter(createSearch(), 'within', 500).within).toBe(100);
    });

    it('resets the page to 1 on any filter, sort, text, place, polygon or tag change', () => {
      const onPage3 = createSearch({ page: 3, tags: ['garden'] });
      const changes = [
        setFilter(onPage3, 'minBeds', 1),
        setFilter(onPage3, 'status', 'sold'),
        setFilter(onPage3, 'area', 'widcombe'),
        setSort(onPage3, 'most-recent-first'),
        setText(onPage3, 'garage'),
        setQuery(onPage3, 'Bath'),
        setPlace(onPage3, bath),
        setPolygon(onPage3, poly),
        addTag(onPage3, 'parking'),
        removeTag(onPage3, 'garden'),
        toggleTag(onPage3, 'pool'),
        clearTags(onPage3),
        setChannel(onPage3, 'lettings'),
      ];
      for (const search of changes) expect(search.page).toBe(1);
    });

    it('changes only the page with setPage, within 1..10,000', () => {
      const search = createSearch({ minBeds: 2 });
      expect(setPage(search, 5)).toEqual({ ...search, page: 5 });
      expect(setPage(search, 0).page).toBe(1);
      expect(setPage(search, 1e9).page).toBe(10_000);
    });
  });

  it('always returns a normalised search', () => {
    fc.assert(
      fc.property(
        searchArbitrary,
        fc.integer({ min: -5, max: 60 }),
        fc.integer({ min: -5, max: 60 }),
        (search, min, max) => {
          const result = setFilter(setFilter(search, 'minBeds', min), 'maxBeds', max);
          if (result.minBeds !== null && result.maxBeds !== null)
            expect(result.minBeds).toBeLessThanOrEqual(result.maxBeds);
          expect(result.page).toBe(1);
        },
      ),
    );
  });
});
