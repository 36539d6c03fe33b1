/**
 * A table of a feed's codes, looked up with whatever text the feed holds. It has no prototype, so a value such as
 * "toString", "constructor" or "__proto__" finds nothing, like any other unknown code, instead of one of
 * Object's own members.
 */
export function codeTable<Entry>(entries: Record<string, Entry>): Record<string, Entry> {
  return Object.assign(Object.create(null) as Record<string, Entry>, entries);
}
