/**
 * What other features may use of property search (client-safe; server code is in index.server.ts). Everything
 * else in this folder is private to it; the lint rule in eslint.config.js holds other features to these entries.
 */
export { formatSearchUrl, fromQueryParams, toQueryParams } from './search-codec.ts';
export { buildBackToSearchUrl, readSearchHistory } from './search-history.ts';
export { createSearch, isSearchStatus, normaliseSearch, type Search } from './search-model.ts';
export { describeSearch } from './search-options.ts';
export {
  getSearchHistorySnapshot,
  getServerSearchHistorySnapshot,
  subscribeSearchHistory,
} from './search-history-store.ts';
