import { addresses } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { addressesFromCsv } from './address-csv.ts';

const BATCH_SIZE = 500;

/**
 * Imports a CSV of addresses into the local lookup table, in batches that yield between them (PGlite runs on the
 * main thread). With `replace`, the table is emptied first, in the same transaction, so a failed import changes nothing.
 */
export async function importAddressesCsv(
  db: Database,
  csv: string,
  options: { replace?: boolean; onProgress?: (done: number, total: number) => void } = {},
): Promise<{ imported: number; skipped: { line: number; reason: string }[] }> {
  const { rows, skipped } = addressesFromCsv(csv);
  await db.transaction(async (tx) => {
    if (options.replace) await tx.delete(addresses);
    for (let start = 0; start < rows.length; start += BATCH_SIZE) {
      await tx.insert(addresses).values(rows.slice(start, start + BATCH_SIZE));
      options.onProgress?.(Math.min(start + BATCH_SIZE, rows.length), rows.length);
      await new Promise((resolve) => setImmediate(resolve));
    }
  });
  return { imported: rows.length, skipped };
}
