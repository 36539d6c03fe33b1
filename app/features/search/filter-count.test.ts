import { describe, expect, it } from 'vitest';
import { activeFilterCount } from './filter-count.ts';
import { createSearch } from './search-model.ts';
import { describeSearch } from './search-options.ts';

describe('activeFilterCount', () => {
  it('is 0 for a plain channel search, whatever its place, order and page', () => {
    expect(
      activeFilterCount(createSearch({ channel: 'lettings', q: 'Bath', sorted: 'most-recent-first', page: 3 })),
    ).toBe(0);
  });

  it('counts each narrowing filter, each tag and each flag', () => {
    const search = createSearch({
      channel: 'lettings',
      minBeds: 0,
      maxPrice: 1500,
      tags: ['garden', 'parking'],
      pets: true,
    });
    expect(activeFilterCount(search)).toBe(5);
  });

  it('counts each fact filter, the lettings ones included', () => {
    const search = createSearch({
      channel: 'lettings',
      excludeLeasehold: true,
      parking: true,
      garden: true,
      outsideSpace: true,
      availableFrom: '2026-12-01',
      furnishing: 'part-furnished',
      billsIncluded: true,
      excludeSharedOwnership: true,
      excludeRetirement: true,
    });
    expect(activeFilterCount(search)).toBe(9);
    expect(activeFilterCount(createSearch({ channel: 'sales', furnishing: 'furnished', billsIncluded: true }))).toBe(0);
  });
});

describe('describeSearch', () => {
  it('names the fact filters a search carries, and nothing for a plain search', () => {
    expect(describeSearch(createSearch({ channel: 'sales' }))).toBe('Property for sale');
    expect(
      describeSearch(
        createSearch({ channel: 'lettings', furnishing: 'part-furnished', excludeLeasehold: true, parking: true }),
      ),
    ).toBe('Property to rent · part furnished · parking · exclude leasehold');
  });
});
