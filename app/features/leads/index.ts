/**
 * The leads feature's client-safe public surface (server-only code: index.server.ts). Other features import only
 * from its entries; the rest of this folder is private (eslint/import-boundaries.js).
 */
export type { LeadGroups } from './lead-request.ts';
