import { readFile } from 'node:fs/promises';
import { importAddressesCsv } from '../app/features/address/address-import.server.ts';
import path from 'node:path';
import { getDatabaseHandle } from '../app/lib/db.server.ts';
import { getEnv } from '../app/lib/env.server.ts';
import { callControlCommand, findControlServer } from '../server/control-client.ts';

/**
 * `npm run addresses:import -- addresses.csv [--replace]`: loads addresses for the local address lookup into the
 * configured database (PGlite in PGLITE_DIR, or DATABASE_URL). Columns: see app/features/address/address-csv.ts.
 * With PGlite and the server running on the same folder, the server does the import (server/control.ts): one
 * process at a time can open a PGlite folder.
 */
const args = process.argv.slice(2);
const file = args.find((arg) => !arg.startsWith('--'));
if (!file) {
  console.error('Usage: npm run addresses:import -- <file.csv> [--replace]');
  process.exit(2);
}

const replace = args.includes('--replace');
const showProgress = (done: number, total: number) => process.stdout.write(`\rImported ${done}/${total}`);
type Result = Awaited<ReturnType<typeof importAddressesCsv>>;
function printResult(result: Result) {
  process.stdout.write('\n');
  console.log(`${result.imported} addresses imported, ${result.skipped.length} rows skipped.`);
  for (const { line, reason } of result.skipped.slice(0, 20)) console.log(`  line ${line}: ${reason}`);
  if (result.skipped.length > 20) console.log(`  ... and ${result.skipped.length - 20} more`);
}

const server = getEnv().DATABASE_URL ? null : await findControlServer(path.resolve(getEnv().PGLITE_DIR));
if (server) {
  console.log(`The server (pid ${server.pid}) holds the database: it imports the addresses.`);
  const result = (await callControlCommand(
    server,
    'addresses-import',
    { path: path.resolve(file), replace },
    (event) => {
      const { done, total } = event as { done: number; total: number };
      showProgress(done, total);
    },
  )) as Result;
  printResult(result);
  process.exit(0);
}

const handle = getDatabaseHandle();
try {
  await handle.migrate();
  const csv = await readFile(file, 'utf8');
  const result = await importAddressesCsv(handle.db, csv, { replace, onProgress: showProgress });
  printResult(result);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
