/**
 * JSON values in localStorage for the browser-side stores (search history, saved items). Storage may be full,
 * blocked or hold tampered text: reads answer null and writes give up quietly, so a page always still works.
 */
export function readStoredJson(key: string): unknown {
  try {
    return JSON.parse(window.localStorage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

export function writeStoredJson(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: nothing to keep, the page still works.
  }
}
