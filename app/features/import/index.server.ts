/** The import feature's server entry: opening a listing feed, and writing BLM files (the sample, benchmarks). */
export { openFeed } from './bundle/open-feed.server.ts';
export { blmHead, blmRecord, BLM_END } from './blm/writer.ts';
