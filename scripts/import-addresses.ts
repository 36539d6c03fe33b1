import { readFile } from 'node:fs/promises';
import { importAddressesCsv } from '../app/features/address/address-import.server.ts';
import { getDatabaseHandle } from '../app/lib/db.server.ts';

/**
 * `npm run addresses:import -- addresses.csv [--replace]`: loads addresses for the local address lookup into the
 * configured database (PGlite in PGLITE_DIR, or DATABASE_URL). Columns: see app/features/address/address-csv.ts.
 * Stop the server first when using PGlite (one process at a time can open its folder).
 */
const args = process.argv.slice(2);
const file = args.find((arg) => !arg.startsWith('--'));
if (!file) {
  console.error('Usage: npm run addresses:import -- <file.csv> [--replace]');
  process.exit(2);
}

const handle = getDatabaseHandle();
try {
  await handle.migrate();
  const csv = await readFile(file, 'utf8');
  const result = await importAddressesCsv(handle.db, csv, {
    replace: args.includes('--replace'),
    onProgress: (done, total) => process.stdout.write(`\rImported ${done}/${total}`),
  });
  process.stdout.write('\n');
  console.log(`${result.imported} addresses imported, ${result.skipped.length} rows skipped.`);
  for (const { line, reason } of result.skipped.slice(0, 20)) console.log(`  line ${line}: ${reason}`);
  if (result.skipped.length > 20) console.log(`  ... and ${result.skipped.length - 20} more`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
