/**
 * One import of one file, as the command, the server's control channel and the drop folder all run it: open the
 * feed (a file the parser cannot open at all is a refusal, recorded like any other), apply it, return the report.
 */
import path from 'node:path';
import { z } from 'zod';
import type { Database } from '../../lib/db.server.ts';
import { FeedRefused, type OpenFeed } from './feed.ts';
import { applyFeed, recordRefusal, type ApplyFeedOptions, type ImportReport } from './pipeline.server.ts';
import { openRecordsFeed } from './records-feed.server.ts';

/** What the command sends the server: checked again there, since anything local could call the channel. */
export const importRequestSchema = z.object({
  path: z.string().min(1).max(4096),
  source: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'a source is 1–40 lower-case letters, digits, - or _')
    .default('blm'),
  dryRun: z.boolean().default(false),
  allowMassWithdraw: z.boolean().default(false),
});
export type ImportRequest = z.infer<typeof importRequestSchema>;

/**
 * Opens a feed by its kind: Doorstep records (.ndjson) here; other formats (BLM files, folders and zips) by the
 * opener the caller passes, which handles everything else.
 */
export function composeFeedOpener(other: OpenFeed | null): OpenFeed {
  return async (file) => {
    if (/\.ndjson$/i.test(file)) return openRecordsFeed(file);
    if (other) return other(file);
    throw new FeedRefused(`"${path.basename(file)}" is not a file this build can import (expected .ndjson records)`);
  };
}

export async function importFile(
  db: Database,
  request: ImportRequest,
  openFeed: OpenFeed,
  extra: Pick<ApplyFeedOptions, 'onProgress' | 'origin' | 'media'> = {},
): Promise<ImportReport> {
  const file = path.resolve(request.path);
  const options: ApplyFeedOptions = {
    source: request.source,
    fileName: path.basename(file),
    dryRun: request.dryRun,
    allowMassWithdraw: request.allowMassWithdraw,
    ...extra,
  };
  let feed;
  try {
    feed = await openFeed(file);
  } catch (error) {
    if (!(error instanceof FeedRefused)) throw error;
    return recordRefusal(db, options, error.reason);
  }
  return applyFeed(db, feed, options);
}
