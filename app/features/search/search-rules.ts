/**
 * The search rules of spec point 4 as pure reducers: each takes a Search and returns a new, normalised one.
 * Any change to what is searched for resets the page to 1, because page N of the old results means nothing
 * for the new ones; only setPage keeps it.
 */
import {
  normaliseSearch,
  toSlug,
  type Channel,
  type LatLng,
  type Place,
  type Search,
  type SearchInput,
  type SortOption,
} from './search-model.ts';

/** The filters a visitor sets directly from the search form. */
export type FilterKey =
  | 'minBeds'
  | 'maxBeds'
  | 'minPrice'
  | 'maxPrice'
  | 'minSquareFeet'
  | 'maxSquareFeet'
  | 'minAcreage'
  | 'maxAcreage'
  | 'area'
  | 'updatedAgo'
  | 'createdAgo'
  | 'status'
  | 'within'
  | 'shortLets'
  | 'pets'
  | 'auctionDate'
  | 'branch_id'
  | 'excludeLeasehold'
  | 'parking'
  | 'garden'
  | 'outsideSpace'
  | 'availableFrom'
  | 'furnishing'
  | 'billsIncluded'
  | 'excludeSharedOwnership'
  | 'excludeRetirement';

const RANGE_PARTNER: Partial<Record<FilterKey, { other: FilterKey; isMin: boolean }>> = {
  minBeds: { other: 'maxBeds', isMin: true },
  maxBeds: { other: 'minBeds', isMin: false },
  minPrice: { other: 'maxPrice', isMin: true },
  maxPrice: { other: 'minPrice', isMin: false },
  minSquareFeet: { other: 'maxSquareFeet', isMin: true },
  maxSquareFeet: { other: 'minSquareFeet', isMin: false },
  minAcreage: { other: 'maxAcreage', isMin: true },
  maxAcreage: { other: 'minAcreage', isMin: false },
};

function changed(search: Search, changes: SearchInput): Search {
  return normaliseSearch({ ...search, ...changes, page: 1 });
}

/**
 * Prices mean different things for sale and to rent, so a channel change clears them; the lettings-only filters
 * (available from, furnishing, bills) are dropped for sales by normaliseSearch itself.
 */
export function setChannel(search: Search, channel: Channel): Search {
  if (search.channel === channel) return search;
  return changed(search, { channel, minPrice: null, maxPrice: null });
}

/** Free-text location query: it replaces any chosen place, and a non-empty one replaces the drawn area. */
export function setQuery(search: Search, q: string | null): Search {
  const hasQuery = q !== null && q.trim() !== '';
  return changed(search, { q, place: null, placeId: null, poly: hasQuery ? null : search.poly });
}

/** Keyword text: a non-empty text replaces the drawn area, as the spec's text query rule says. */
export function setText(search: Search, text: string | null): Search {
  const hasText = text !== null && text.trim() !== '';
  return changed(search, { text, poly: hasText ? null : search.poly });
}

/** Choosing a suggested place fills q with 'Name, County' (see placeLabel); null clears the place and q. */
export function setPlace(search: Search, place: Place | null): Search {
  if (place === null) return changed(search, { place: null, placeId: null, q: null });
  return changed(search, { place, placeId: place.place_id });
}

export function setPolygon(search: Search, poly: readonly LatLng[] | null): Search {
  return changed(search, { poly });
}

/**
 * Sets one filter; null (or false) clears it, and zero is a real value (0 beds = studios).
 * Setting a minimum above the current maximum (or the reverse) clears the other bound: the newest choice wins.
 */
export function setFilter<K extends FilterKey>(search: Search, key: K, value: Search[K]): Search {
  const partner = RANGE_PARTNER[key];
  const other = partner ? search[partner.other] : null;
  const isConflict =
    partner !== undefined &&
    typeof value === 'number' &&
    typeof other === 'number' &&
    (partner.isMin ? value > other : value < other);
  return changed(search, isConflict && partner ? { [key]: value, [partner.other]: null } : { [key]: value });
}

export function setSort(search: Search, sorted: SortOption | null): Search {
  return changed(search, { sorted });
}

export function setPage(search: Search, page: number): Search {
  return normaliseSearch({ ...search, page });
}

export function addTag(search: Search, tag: string): Search {
  const slug = toSlug(tag);
  if (slug === null || search.tags.includes(slug)) return search;
  return changed(search, { tags: [...search.tags, slug] });
}

export function removeTag(search: Search, tag: string): Search {
  const slug = toSlug(tag);
  if (slug === null || !search.tags.includes(slug)) return search;
  return changed(search, { tags: search.tags.filter((existing) => existing !== slug) });
}

export function toggleTag(search: Search, tag: string): Search {
  const slug = toSlug(tag);
  return slug !== null && search.tags.includes(slug) ? removeTag(search, slug) : addTag(search, tag);
}

export function clearTags(search: Search): Search {
  return search.tags.length === 0 ? search : changed(search, { tags: [] });
}
