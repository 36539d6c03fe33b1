/**
 * What other features may use of the address lookup (client-safe; server code is in index.server.ts). Everything
 * else in this folder is private to it; the lint rule in eslint.config.js holds other features to these entries.
 */
export { AddressLookup, type AddressLookupMode } from './address-lookup.tsx';
