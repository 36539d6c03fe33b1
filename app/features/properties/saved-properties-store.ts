/**
 * Visitors' saved properties in browser storage (spec point 4), as an external store so every toggle on the page
 * stays in step. The account issue layers server sync on top.
 */
export const SAVED_PROPERTIES_KEY = 'doorstep.savedProperties';

const listeners = new Set<() => void>();
let snapshot: string | null = null;

function read(): string {
  try {
    return window.localStorage.getItem(SAVED_PROPERTIES_KEY) ?? '[]';
  } catch {
    return '[]';
  }
}

export function parseSavedIds(raw: string): number[] {
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((value): value is number => Number.isInteger(value)) : [];
  } catch {
    return [];
  }
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
  snapshot ??= read();
  return snapshot;
}

export function getServerSavedPropertiesSnapshot(): string {
  return '[]';
}

export function toggleSavedProperty(propertyId: number): boolean {
  const ids = parseSavedIds(getSavedPropertiesSnapshot());
  const isNowSaved = !ids.includes(propertyId);
  const next = isNowSaved ? [...ids, propertyId] : ids.filter((id) => id !== propertyId);
  snapshot = JSON.stringify(next);
  try {
    window.localStorage.setItem(SAVED_PROPERTIES_KEY, snapshot);
  } catch {
    // Storage full or blocked: the toggle still works for this page view.
  }
  for (const listener of listeners) listener();
  return isNowSaved;
}
