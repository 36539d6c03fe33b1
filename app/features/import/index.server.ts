/**
 * The import feature's server-only public surface (docs/import.md). Other code imports only from this entry; the
 * rest of this folder is private (eslint/import-boundaries.js).
 */
import { composeFeedOpener } from './import-file.server.ts';

export { applyFeed, getExpectedRecordCount, type ImportProgress, type ImportReport } from './pipeline.server.ts';
export { importFile, importRequestSchema, type ImportRequest } from './import-file.server.ts';
export { createDropFolder } from './drop-folder.server.ts';

/** Every feed format this build reads: Doorstep records (.ndjson) and what the source adapters open. */
export const openFeedFile = composeFeedOpener(null);
