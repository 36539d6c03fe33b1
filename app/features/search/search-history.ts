/**
 * Search history (spec points 2 and 4): the visitor's recent searches, newest first, kept in browser storage.
 * Pure functions over the list; the caller reads and writes storage.
 */
import { formatSearchUrl } from './search-codec.ts';
import { normaliseSearch, type Search } from './search-model.ts';

export const SEARCH_HISTORY_LIMIT = 10;

/** Two searches are the same when only their page or the order of their tags differs. */
export function isSameSearchIgnoringPage(a: Search, b: Search): boolean {
  return searchIdentity(a) === searchIdentity(b);
}

function searchIdentity(search: Search): string {
  return formatSearchUrl({ ...search, page: 1, tags: [...search.tags].sort() });
}

/**
 * Puts the search first. A search already in the history (ignoring page) is not added twice: that entry takes
 * the new page and moves to the front. At most 10 entries are kept.
 */
export function addToSearchHistory(history: readonly Search[], search: Search): Search[] {
  const identity = searchIdentity(search);
  const existing = history.find((entry) => searchIdentity(entry) === identity);
  const entry = existing ? { ...existing, page: search.page } : search;
  return [entry, ...history.filter((other) => other !== existing)].slice(0, SEARCH_HISTORY_LIMIT);
}

/** Total reader for whatever browser storage held (a parsed JSON value): junk entries become default searches. */
export function readSearchHistory(stored: unknown): Search[] {
  if (!Array.isArray(stored)) return [];
  return stored.slice(0, SEARCH_HISTORY_LIMIT).map((entry) => normaliseSearch(entry));
}

/**
 * The 'Back to search' link: the newest search without its place object and drawn polygon (spec point 2).
 * The place id (gid) and q stay, so the link still searches the same location; with no history it is /search.
 */
export function buildBackToSearchUrl(history: readonly Search[]): string {
  const newest = history[0];
  if (!newest) return '/search';
  return formatSearchUrl(normaliseSearch({ ...newest, place: null, poly: null }));
}
