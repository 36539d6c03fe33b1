/**
 * Browser storage for the visitor's search history and locally saved searches (spec point 4). Both are lists of
 * Search values kept in localStorage; everything read back goes through the normaliser, so tampered or old data
 * can never break a page.
 */
import { addToSearchHistory, readSearchHistory } from './search-history.ts';
import { normaliseSearch, type Search } from './search-model.ts';

export const SEARCH_HISTORY_KEY = 'doorstep.searchHistory';
export const SAVED_SEARCHES_KEY = 'doorstep.savedSearches';
/** Spec point 9: the saved-item constant. */
export const SAVED_ITEM_LIMIT = 200;

export type LocalSavedSearch = {
  search_id: string;
  alert_frequency: 'I' | 'W' | 'M' | 'N';
  search: Search;
  savedAt: string;
};

function readJson(key: string): unknown {
  try {
    return JSON.parse(window.localStorage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: nothing to keep, the page still works.
  }
}

export function loadSearchHistory(): Search[] {
  return readSearchHistory(readJson(SEARCH_HISTORY_KEY));
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
  writeJson(SEARCH_HISTORY_KEY, next);
  historySnapshot = JSON.stringify(next);
  for (const listener of historyListeners) listener();
}

export function loadLocalSavedSearches(): LocalSavedSearch[] {
  const stored = readJson(SAVED_SEARCHES_KEY);
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((entry): LocalSavedSearch[] => {
    if (!entry || typeof entry !== 'object') return [];
    const record = entry as Record<string, unknown>;
    const frequency = record.alert_frequency;
    return [
      {
        search_id:
          typeof record.search_id === 'string' ? record.search_id : `local-${Math.random().toString(36).slice(2)}`,
        alert_frequency: frequency === 'W' || frequency === 'M' || frequency === 'N' ? frequency : 'I',
        search: normaliseSearch(record.search),
        savedAt: typeof record.savedAt === 'string' ? record.savedAt : new Date(0).toISOString(),
      },
    ];
  });
}

export type SaveSearchOutcome = 'saved' | 'already-saved' | 'limit-reached';

/** Saves a search locally with alert frequency I; the page number is not part of a saved search. */
export function saveSearchLocally(search: Search): SaveSearchOutcome {
  const list = loadLocalSavedSearches();
  const withoutPage = { ...search, page: 1 };
  const key = JSON.stringify(withoutPage);
  if (list.some((entry) => JSON.stringify({ ...entry.search, page: 1 }) === key)) return 'already-saved';
  if (list.length >= SAVED_ITEM_LIMIT) return 'limit-reached';
  const entry: LocalSavedSearch = {
    search_id: `local-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    alert_frequency: 'I',
    search: withoutPage,
    savedAt: new Date().toISOString(),
  };
  writeJson(SAVED_SEARCHES_KEY, [entry, ...list]);
  return 'saved';
}
