import type { FileStorage } from './storage.server.ts';

/** The folders Doorstep keeps: image originals and custom-form uploads. */
const SYNCED_PREFIXES = ['originals/', 'uploads/'] as const;

/** Files the multipart reader is still spooling (`<uuid>.partial` in UPLOAD_DIR) are not uploads yet. */
const SPOOLING = /\.partial$/;

export type SyncSummary = { copied: number; skipped: number; failed: Array<{ key: string; message: string }> };

/**
 * Copies every original and upload from one storage to another (the local disk to a bucket when moving to S3).
 * An object already in the target with the same size is left alone, so the copy can be run again after an
 * interruption, or once more just before switching, to pick up what arrived meanwhile. Nothing is deleted.
 */
export async function syncStorage(
  source: FileStorage,
  target: FileStorage,
  options: {
    dryRun?: boolean;
    concurrency?: number;
    onProgress?: (key: string, outcome: 'copied' | 'skipped' | 'failed') => void;
  } = {},
): Promise<SyncSummary> {
  const summary: SyncSummary = { copied: 0, skipped: 0, failed: [] };
  const keys = (async function* () {
    for (const prefix of SYNCED_PREFIXES) {
      for await (const listing of source.list(prefix)) if (!SPOOLING.test(listing.key)) yield listing;
    }
  })();

  async function copyOne(key: string, size: number): Promise<'copied' | 'skipped'> {
    const existing = await target.head(key);
    if (existing && existing.size === size) return 'skipped';
    if (options.dryRun) return 'copied';
    const object = await source.get(key);
    if (!object) return 'skipped';
    await target.put(key, object.body, object.contentType, { size: object.size });
    return 'copied';
  }

  // A few copies at a time: each waits mostly on the network.
  const workers = Array.from({ length: options.concurrency ?? 4 }, async () => {
    for (let next = await keys.next(); !next.done; next = await keys.next()) {
      const { key, size } = next.value;
      try {
        const outcome = await copyOne(key, size);
        summary[outcome] += 1;
        options.onProgress?.(key, outcome);
      } catch (error) {
        summary.failed.push({ key, message: error instanceof Error ? error.message : String(error) });
        options.onProgress?.(key, 'failed');
      }
    }
  });
  await Promise.all(workers);
  return summary;
}
