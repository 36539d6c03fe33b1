/**
 * The visitor's search history in browser storage (spec point 4): a list of Search values in localStorage;
 * everything read back goes through the normaliser, so tampered or old data can never break a page.
 */
import { readStoredJson, writeStoredJson } from '../../lib/browser-storage.ts';
import { addToSearchHistory, readSearchHistory } from './search-history.ts';
import type { Search } from './search-model.ts';

const SEARCH_HISTORY_KEY = 'doorstep.searchHistory';

export function loadSearchHistory(): Search[] {
  return readSearchHistory(readStoredJson(SEARCH_HISTORY_KEY));
}

const historyListeners = new Set<() => void>();
let historySnapshot: string | null = null;

/** History as an external store (useSyncExternalStore): the raw JSON string is the snapshot. */
export function subscribeSearchHistory(listener: () => void): () => void {
  historyListeners.add(listener);
  return () => historyListeners.delete(listener);
}

export function getSearchHistorySnapshot(): string {
  historySnapshot ??= JSON.stringify(loadSearchHistory());
  return historySnapshot;
}

export function getServerSearchHistorySnapshot(): string {
  return '[]';
}

export function recordSearch(search: Search): void {
  const next = addToSearchHistory(loadSearchHistory(), search);
  writeStoredJson(SEARCH_HISTORY_KEY, next);
  historySnapshot = JSON.stringify(next);
  for (const listener of historyListeners) listener();
}
