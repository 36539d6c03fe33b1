import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSearchUrl } from './search-codec.ts';
import {
  SEARCH_HISTORY_LIMIT,
  addToSearchHistory,
  buildBackToSearchUrl,
  isSameSearchIgnoringPage,
  readSearchHistory,
} from './search-history.ts';
import { createSearch, type Search } from './search-model.ts';
import { searchArbitrary } from './search-arbitraries.ts';

const poly = [
  [51.5, -0.2],
  [51.5, -0.1],
  [51.4, -0.1],
] as Search['poly'];

describe('search history', () => {
  it('keeps at most 10 entries, newest first', () => {
    let history: Search[] = [];
    for (let beds = 0; beds < 15; beds += 1) history = addToSearchHistory(history, createSearch({ minBeds: beds }));
    expect(SEARCH_HISTORY_LIMIT).toBe(10);
    expect(history).toHaveLength(10);
    expect(history.map((entry) => entry.minBeds)).toEqual([14, 13, 12, 11, 10, 9, 8, 7, 6, 5]);
  });

  it('only updates the page of an identical search, and moves it to the front', () => {
    const bath = createSearch({ q: 'Bath', page: 1 });
    const wells = createSearch({ q: 'Wells' });
    const history = addToSearchHistory(addToSearchHistory([], bath), wells);
    const updated = addToSearchHistory(history, { ...bath, page: 4 });
    expect(updated).toHaveLength(2);
    expect(updated[0]).toEqual({ ...bath, page: 4 });
    expect(updated[1]).toEqual(wells);
  });

  it('treats searches differing only in tag order as the same', () => {
    const a = createSearch({ tags: ['garden', 'parking'] });
    const b = createSearch({ tags: ['parking', 'garden'], page: 2 });
    expect(isSameSearchIgnoringPage(a, b)).toBe(true);
    expect(addToSearchHistory([a], b)).toEqual([{ ...a, page: 2 }]);
  });

  it('adds a search that differs in anything but the page', () => {
    const a = createSearch({ minBeds: 2 });
    expect(isSameSearchIgnoringPage(a, createSearch({ minBeds: 3 }))).toBe(false);
    expect(addToSearchHistory([a], createSearch({ minBeds: 3 }))).toHaveLength(2);
  });

  it('never holds two entries that are the same but for the page', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(searchArbitrary, fc.constant(createSearch({ page: 2 })), fc.constant(createSearch({ page: 3 }))),
          { maxLength: 30 },
        ),
        (searches) => {
          const history = searches.reduce<Search[]>((list, search) => addToSearchHistory(list, search), []);
          expect(history.length).toBeLessThanOrEqual(10);
          history.forEach((entry, i) =>
            history.slice(i + 1).forEach((other) => expect(isSameSearchIgnoringPage(entry, other)).toBe(false)),
          );
          if (searches.length > 0) expect(history[0]?.page).toBe(searches.at(-1)?.page);
        },
      ),
    );
  });

  it('reads stored history totally', () => {
    expect(readSearchHistory(null)).toEqual([]);
    expect(readSearchHistory('nonsense')).toEqual([]);
    expect(readSearchHistory([{ minBeds: '2' }, 'junk'])).toEqual([createSearch({ minBeds: 2 }), createSearch()]);
    expect(readSearchHistory(Array.from({ length: 20 }, () => ({})))).toHaveLength(10);
  });

  describe('Back to search', () => {
    it('is /search when there is no history', () => {
      expect(buildBackToSearchUrl([])).toBe('/search');
    });

    it('rebuilds the newest search without its place object and polygon', () => {
      const newest = createSearch({
        channel: 'lettings',
        place: { place_id: 12, name: 'Bath', county_name: 'Somerset' },
        poly,
        minBeds: 2,
        page: 3,
      });
      const older = createSearch({ minBeds: 5 });
      const url = buildBackToSearchUrl([newest, older]);
      expect(url).toBe('/search?channel=lettings&q=Bath%2C+Somerset#/properties-to-rent/from-2-bed/page-3/gid-12');
      expect(parseSearchUrl(url)).toMatchObject({
        place: null,
        poly: null,
        placeId: 12,
        q: 'Bath, Somerset',
        minBeds: 2,
        page: 3,
      });
    });
  });
});
