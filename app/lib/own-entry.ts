/**
 * The entry `table` holds under `key` itself, or undefined. A key that came from outside (a URL, a form, a JSON
 * body, a feed, what staff typed) may be "toString", "constructor" or "__proto__": plain indexing would find one of
 * Object's members for those instead of nothing.
 */
export function ownEntry<Entry>(table: Readonly<Record<string, Entry>>, key: string): Entry | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
