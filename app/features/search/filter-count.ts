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
  'availableFrom',
  'furnishing',
] as const satisfies readonly (keyof Search)[];

const FLAG_FILTERS = [
  'shortLets',
  'pets',
  'excludeLeasehold',
  'parking',
  'garden',
  'outsideSpace',
  'billsIncluded',
  'excludeSharedOwnership',
  'excludeRetirement',
] as const satisfies readonly (keyof Search)[];

/**
 * How many filters narrow the search, for the phone's 'Filter (n)' button. The channel, the place, the order and
 * the page are not counted: they show in the heading and the list itself.
 */
export function activeFilterCount(search: Search): number {
  const values = VALUE_FILTERS.filter((key) => search[key] !== null).length;
  const flags = FLAG_FILTERS.filter((key) => search[key]).length;
  return values + search.tags.length + flags;
}
