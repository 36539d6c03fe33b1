/**
 * Browser storage for the visitor's locally saved searches (spec point 4): a list of Search values kept in
 * localStorage; everything read back goes through the normaliser, so tampered or old data can never break a page.
 */
import { readStoredJson as readJson, writeStoredJson as writeJson } from '../../lib/browser-storage.ts';
import { callJson, forgetCsrfToken } from './saved-client.ts';
import { normaliseSearch, type Search, toQueryParams } from '../search/index.ts';
import {
  SAVED_ITEM_LIMIT,
  SAVED_SEARCHES_LIMIT_MESSAGE,
  SEARCH_ALREADY_SAVED_MESSAGE,
  SEARCH_SAVED_MESSAGE,
} from './saved-messages.ts';
import { SAVED_SEARCHES_USER_KEY } from './saved-storage-keys.ts';

const SAVED_SEARCHES_KEY = 'doorstep.savedSearches';

export type LocalSavedSearch = {
  search_id: string;
  alert_frequency: 'I' | 'W' | 'M' | 'N';
  search: Search;
  savedAt: string;
};

function loadLocalSavedSearches(): LocalSavedSearch[] {
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

const savedSearchListeners = new Set<() => void>();
let savedSearchesSnapshot: string | null = null;

function savedSearchesChanged(): void {
  savedSearchesSnapshot = null;
  for (const listener of savedSearchListeners) listener();
}

/** Local saved searches as an external store (the raw JSON list is the snapshot). */
export function subscribeLocalSavedSearches(listener: () => void): () => void {
  savedSearchListeners.add(listener);
  return () => savedSearchListeners.delete(listener);
}

export function getLocalSavedSearchesSnapshot(): string {
  savedSearchesSnapshot ??= JSON.stringify(loadLocalSavedSearches());
  return savedSearchesSnapshot;
}

export function getServerLocalSavedSearchesSnapshot(): string {
  return '[]';
}

type SaveSearchOutcome = 'saved' | 'already-saved' | 'limit-reached';

/** Saves a search locally with alert frequency I; the page number is not part of a saved search. */
function saveSearchLocally(search: Search): SaveSearchOutcome {
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
  savedSearchesChanged();
  return 'saved';
}

export function removeLocalSavedSearch(searchId: string): void {
  writeJson(
    SAVED_SEARCHES_KEY,
    loadLocalSavedSearches().filter((entry) => entry.search_id !== searchId),
  );
  savedSearchesChanged();
}

function clearLocalSavedSearches(): void {
  try {
    window.localStorage.removeItem(SAVED_SEARCHES_KEY);
  } catch {
    // Blocked storage holds nothing to clear.
  }
  savedSearchesChanged();
}

type ServerSaveOutcome = SaveSearchOutcome | 'signed-out' | 'failed';

/**
 * POST /search?{filters} (spec point 7): saves the search on the server for the signed-in user. /search is a page
 * route, so the call goes to its data URL; only the status is read (201 saved, 200 already saved, 422 limit).
 */
async function saveSearchOnServer(search: Search): Promise<ServerSaveOutcome> {
  try {
    const query = toQueryParams({ ...search, page: 1 }).toString();
    const { status } = await callJson(`/search.data?${query}`, { method: 'POST', fields: {} });
    if (status === 201) return 'saved';
    if (status === 200) return 'already-saved';
    if (status === 422) return 'limit-reached';
    if (status === 401) return 'signed-out';
    return 'failed';
  } catch {
    return 'failed';
  }
}

/** Local saved searches go to the server after sign-in or registration; those stored are removed locally. */
async function pushLocalSavedSearches(): Promise<void> {
  for (const entry of [...loadLocalSavedSearches()].reverse()) {
    const outcome = await saveSearchOnServer(entry.search);
    if (outcome === 'saved' || outcome === 'already-saved') removeLocalSavedSearch(entry.search_id);
    if (outcome === 'signed-out' || outcome === 'failed') return;
  }
}

let reconciledUser: number | null | undefined;

/** Signed in: push what was saved locally. Signed out after a sign-in here: saved searches are cleared (point 4). */
export async function setSavedSearchesUser(userId: number | null): Promise<void> {
  if (reconciledUser === userId) return;
  reconciledUser = userId;
  let marker: string | null = null;
  try {
    marker = window.localStorage.getItem(SAVED_SEARCHES_USER_KEY);
  } catch {
    marker = null;
  }
  if (userId === null) {
    if (marker !== null) {
      clearLocalSavedSearches();
      try {
        window.localStorage.removeItem(SAVED_SEARCHES_USER_KEY);
      } catch {
        // Nothing stored.
      }
    }
    return;
  }
  writeJson(SAVED_SEARCHES_USER_KEY, userId);
  if (loadLocalSavedSearches().length === 0) return;
  // Sign-in gave the session a new id: fetch a fresh authenticity token before posting.
  const { status } = await callJson('/saved_searches.ljson').catch(() => ({ status: 0 }));
  if (status === 200) await pushLocalSavedSearches();
}

let isListening = false;

/** Follows sign-in and sign-out ('doorstep:auth' with detail.userId) once per page. */
export function listenForSavedSearchAuth(): void {
  if (isListening || typeof window === 'undefined') return;
  isListening = true;
  window.addEventListener('doorstep:auth', (event) => {
    const detail = (event as CustomEvent<{ userId?: unknown }>).detail;
    forgetCsrfToken();
    void setSavedSearchesUser(typeof detail?.userId === 'number' ? detail.userId : null);
  });
}

/**
 * The results page's 'Save search' (spec point 4): in browser storage with alert frequency I for visitors, on the
 * server for signed-in users. Answers the message to show.
 */
export async function saveSearchFromResultsPage(search: Search, isMaybeSignedIn: boolean): Promise<string> {
  const outcome = isMaybeSignedIn ? await saveSearchOnServer(search) : saveSearchLocally(search);
  switch (outcome) {
    case 'saved':
      return SEARCH_SAVED_MESSAGE;
    case 'already-saved':
      return SEARCH_ALREADY_SAVED_MESSAGE;
    case 'limit-reached':
      return SAVED_SEARCHES_LIMIT_MESSAGE;
    case 'signed-out':
      // The session ended in another tab: keep it locally instead.
      return saveSearchFromResultsPage(search, false);
    default:
      return 'Sorry, the search could not be saved. Please try again.';
  }
}
