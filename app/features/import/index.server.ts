/**
 * The import feature's server-only public surface (docs/import.md). Other code imports only from this entry; the
 * rest of this folder is private (eslint/import-boundaries.js).
 */
import { openFeed } from './bundle/open-feed.server.ts';
import { composeFeedOpener } from './import-file.server.ts';

export { applyFeed, getExpectedRecordCount, type ImportProgress, type ImportReport } from './pipeline.server.ts';
export { importFile, importRequestSchema, type ImportRequest } from './import-file.server.ts';
export { createDropFolder } from './drop-folder.server.ts';
/** How a listing's change is recorded and announced: the back office's listing editor changes listings the same way. */
export { alertAfterListingChanges, announceListingChanges, historyAppends } from './listing-changes.server.ts';
export { createReapitJob, reapitSettingsFrom } from './reapit/reapit-job.server.ts';
/** Writing BLM files: the sample feed and the benchmarks. */
export { blmHead, blmRecord, BLM_END } from './blm/writer.ts';

/** Every feed format this build reads: BLM files, folders and zips, and Doorstep's own records (.ndjson). */
export const openFeedFile = composeFeedOpener(openFeed);
