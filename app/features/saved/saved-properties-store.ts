/**
 * Saved properties in the browser (spec point 4), as an external store so every toggle on the page stays in step.
 *
 * - Visitors: the list lives in localStorage only.
 * - Signed in: every toggle also tells the server (POST /saved_properties.ljson, POST /saved_properties/{id} with
 *   _method=delete). On sign-in the local and server lists are merged, local-only items are pushed, and the sync
 *   flag is stored (on the server, users.saved_properties_synced, and locally) once done. The visitor's own list is
 *   kept aside while signed in and restored on sign-out.
 * Sign-in and sign-out arrive as the window event 'doorstep:auth' ({ userId }); on page load the answer of
 * GET /user.ljson (the site feature's visitor store) does the same job, so a missed event is caught on the next page.
 */
import { callJson, forgetCsrfToken } from './saved-client.ts';
import { SAVED_ITEM_LIMIT } from './saved-messages.ts';

const SAVED_PROPERTIES_KEY = 'doorstep.savedProperties';
/** The visitor's list, kept while someone is signed in on this browser. */
const VISITOR_SAVED_PROPERTIES_KEY = 'doorstep.savedProperties.visitor';
/** The user id whose merge has been done on this browser (the local sync flag). */
const SAVED_PROPERTIES_SYNCED_KEY = 'doorstep.savedProperties.syncedUser';
const AUTH_EVENT = 'doorstep:auth';

const listeners = new Set<() => void>();
let snapshot: string | null = null;

function storageGet(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function storageSet(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage full or blocked: the toggle still works for this page view.
  }
}

export function parseSavedIds(raw: string | null): number[] {
  try {
    const parsed: unknown = JSON.parse(raw ?? '[]');
    return Array.isArray(parsed)
      ? [...new Set(parsed.filter((value): value is number => Number.isInteger(value) && value > 0))]
      : [];
  } catch {
    return [];
  }
}

/** Server order first, then the local-only ids in local order (pure; unit-tested). */
export function mergeSavedIds(local: readonly number[], server: readonly number[]) {
  const known = new Set(server);
  const localOnly = local.filter((id) => !known.has(id));
  return { merged: [...server, ...localOnly], localOnly };
}

export function subscribeSavedProperties(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === SAVED_PROPERTIES_KEY) {
      snapshot = null;
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function getSavedPropertiesSnapshot(): string {
  snapshot ??= JSON.stringify(parseSavedIds(storageGet(SAVED_PROPERTIES_KEY)));
  return snapshot;
}

export function getServerSavedPropertiesSnapshot(): string {
  return '[]';
}

function getSavedPropertyIds(): number[] {
  return parseSavedIds(getSavedPropertiesSnapshot());
}

function writeIds(ids: readonly number[]): void {
  snapshot = JSON.stringify(ids);
  storageSet(SAVED_PROPERTIES_KEY, snapshot);
  for (const listener of listeners) listener();
}

function idsFrom(body: Record<string, unknown>): number[] | null {
  return Array.isArray(body.property_ids) ? parseSavedIds(JSON.stringify(body.property_ids)) : null;
}

// ---- who is signed in -------------------------------------------------------------------------------------------

let currentUserId: number | null = null;
let reconciling: Promise<void> | null = null;
let reconciledFor: number | null | undefined;
/** Who is signed in is learnt after the page loads (GET /user.ljson): a toggle before that waits for it, briefly. */
const USER_WAIT_MS = 3_000;
let markUserKnown: () => void = () => undefined;
const userKnown = new Promise<void>((resolve) => (markUserKnown = resolve));

/**
 * Brings the local list in line with who is signed in: merge once per user (then the sync flag), refresh from the
 * server on later page loads, restore the visitor's list after sign-out.
 */
export function setSavedPropertiesUser(userId: number | null): Promise<void> {
  currentUserId = userId;
  markUserKnown();
  if (reconciledFor === userId && reconciling) return reconciling;
  reconciledFor = userId;
  reconciling = reconcile(userId).catch(() => undefined);
  return reconciling;
}

async function reconcile(userId: number | null): Promise<void> {
  const syncedUser = storageGet(SAVED_PROPERTIES_SYNCED_KEY);
  if (userId === null) {
    // Signed out: restore the visitor's own list if someone was signed in here.
    const visitorList = storageGet(VISITOR_SAVED_PROPERTIES_KEY);
    if (visitorList !== null || syncedUser !== null) {
      writeIds(parseSavedIds(visitorList));
      storageSet(VISITOR_SAVED_PROPERTIES_KEY, null);
      storageSet(SAVED_PROPERTIES_SYNCED_KEY, null);
    }
    forgetCsrfToken();
    return;
  }
  if (syncedUser === String(userId)) {
    const { status, body } = await callJson('/saved_properties.ljson');
    const ids = status === 200 ? idsFrom(body) : null;
    if (ids && currentUserId === userId) writeIds(ids);
    return;
  }
  // First time for this user on this browser: keep the visitor's list aside, then merge.
  const local = getSavedPropertyIds();
  if (storageGet(VISITOR_SAVED_PROPERTIES_KEY) === null)
    storageSet(VISITOR_SAVED_PROPERTIES_KEY, JSON.stringify(local));
  // Another user's list may be showing (no sign-out seen): merge only the visitor's own list.
  const toMerge = syncedUser === null ? local : parseSavedIds(storageGet(VISITOR_SAVED_PROPERTIES_KEY));
  const listed = await callJson('/saved_properties.ljson');
  if (listed.status !== 200 || currentUserId !== userId) return;
  const { localOnly } = mergeSavedIds(toMerge, idsFrom(listed.body) ?? []);
  const pushed = await callJson('/saved_properties.ljson', {
    method: 'POST',
    fields: { property_ids: localOnly.join(','), synced: '1' },
  });
  const ids = idsFrom(pushed.body);
  if (ids === null || currentUserId !== userId) return;
  writeIds(ids);
  if (pushed.status === 200 || pushed.status === 422) storageSet(SAVED_PROPERTIES_SYNCED_KEY, String(userId));
}

let isListening = false;

/** Listens for sign-in and sign-out once per page. */
export function listenForAuthChanges(): void {
  if (isListening || typeof window === 'undefined') return;
  isListening = true;
  window.addEventListener(AUTH_EVENT, (event) => {
    const detail = (event as CustomEvent<{ userId?: unknown }>).detail;
    const userId = typeof detail?.userId === 'number' ? detail.userId : null;
    forgetCsrfToken();
    void setSavedPropertiesUser(userId);
  });
}

export type ToggleOutcome = 'saved' | 'removed' | 'limit-reached' | 'failed';

/** Flips one property; signed in, the server is told and the toggle is undone if it refuses. */
export async function toggleSavedProperty(propertyId: number): Promise<ToggleOutcome> {
  // Unanswered (offline), the toggle goes ahead as a visitor's: kept in the browser, merged on the next sign-in.
  await Promise.race([userKnown, new Promise((resolve) => setTimeout(resolve, USER_WAIT_MS))]);
  const before = getSavedPropertyIds();
  const isNowSaved = !before.includes(propertyId);
  if (isNowSaved && before.length >= SAVED_ITEM_LIMIT) return 'limit-reached';
  writeIds(isNowSaved ? [...before, propertyId] : before.filter((id) => id !== propertyId));
  if (currentUserId === null) return isNowSaved ? 'saved' : 'removed';
  try {
    const { status, body } = isNowSaved
      ? await callJson('/saved_properties.ljson', { method: 'POST', fields: { property_ids: String(propertyId) } })
      : await callJson(`/saved_properties/${propertyId}`, { method: 'POST', fields: { _method: 'delete' } });
    // 404 on removal means it was not on the server list anyway: the local removal stands.
    if (status === 200 || (!isNowSaved && status === 404)) return isNowSaved ? 'saved' : 'removed';
    const serverIds = idsFrom(body);
    if (status === 422) {
      writeIds(serverIds ?? before);
      return 'limit-reached';
    }
  } catch {
    // Offline: fall through and undo.
  }
  writeIds(before);
  return 'failed';
}
