import type { Search } from './search-model.ts';

const VALUE_FILTERS = [
  'minBeds',
  'maxBeds',
  'minPrice',
  'maxPrice',
  'propertyType',
  'within',
  'createdAgo',
  'updatedAgo',
  'minSquareFeet',
  'maxSquareFeet',
  'minAcreage',
  'maxAcreage',
  'auctionDate',
  'branch_id',
  'text',
  'area',
  'poly',
] as const satisfies readonly (keyof Search)[];

/**
 * How many filters narrow the search, for the phone's 'Filter (n)' button. The channel, the place, the order and
 * the page are not counted: they show in the heading and the list itself.
 */
export function activeFilterCount(search: Search): number {
  const values = VALUE_FILTERS.filter((key) => search[key] !== null).length;
  return values + search.tags.length + (search.shortLets ? 1 : 0) + (search.pets ? 1 : 0);
}
