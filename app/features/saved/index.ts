/**
 * The saved feature's client-safe public surface. Other features import only from its entries; the rest of this
 * folder is private (eslint/import-boundaries.js).
 */
export { useSavedPropertiesSync } from './saved-sync.ts';
