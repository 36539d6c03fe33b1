/**
 * The search feature's client-safe public surface (server-only code: index.server.ts). Other features import only
 * from its entries; the rest of this folder is private (eslint/import-boundaries.js).
 */
export { formatSearchUrl, fromQueryParams, toQueryParams } from './search-codec.ts';
export { buildBackToSearchUrl, readSearchHistory } from './search-history.ts';
export { createSearch, FURNISHING_MATCHES, isSearchStatus, normaliseSearch, type Search } from './search-model.ts';
export { describeSearch } from './search-options.ts';
export {
  getSearchHistorySnapshot,
  getServerSearchHistorySnapshot,
  subscribeSearchHistory,
} from './search-history-store.ts';
