/**
 * The import feature's server-only public surface (docs/import.md). Other code imports only from this entry; the
 * rest of this folder is private (eslint/import-boundaries.js).
 */
export { applyFeed, getExpectedRecordCount, type ImportReport } from './pipeline.server.ts';
