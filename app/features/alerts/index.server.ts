/**
 * The alerts feature's server-only public surface. Other features import only from this entry; the rest of this
 * folder is private (eslint/import-boundaries.js).
 */
export { alertOrigin, matchNewListings, runAlertJobIfDue } from './alerts.server.ts';
