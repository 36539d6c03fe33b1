/**
 * npm run import -- <path> [--source <name>] [--dry-run] [--report <file.json>] [--allow-mass-withdraw]
 *
 * Imports a listing feed (docs/import.md). With embedded PGlite and the server running on the same data folder, the
 * work is handed to the server through its local control channel (server/control.ts) and this command waits for the
 * report; otherwise (no server, or PostgreSQL) it opens the database itself. Exit status: 0 applied (or a dry run),
 * 1 refused, 2 usage error.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  getExpectedRecordCount,
  importFile,
  importRequestSchema,
  openFeedFile,
  type ImportProgress,
  type ImportReport,
  type ImportRequest,
} from '../app/features/import/index.server.ts';
import { getDatabaseHandle } from '../app/lib/db.server.ts';
import { getEnv } from '../app/lib/env.server.ts';
import { callControlCommand, findControlServer } from '../server/control-client.ts';

const USAGE =
  'Usage: npm run import -- <path> [--source <name>] [--dry-run] [--report <file.json>] [--allow-mass-withdraw]';

function usageError(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      source: { type: 'string' },
      'dry-run': { type: 'boolean' },
      report: { type: 'string' },
      'allow-mass-withdraw': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
} catch (error) {
  usageError(error instanceof Error ? error.message : 'Invalid arguments');
}
if (parsed.values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (parsed.positionals.length !== 1) usageError('Give exactly one file, folder or zip to import.');
const file = path.resolve(parsed.positionals[0]!);
if (!existsSync(file)) usageError(`${file} does not exist.`);
const checked = importRequestSchema.safeParse({
  path: file,
  source: parsed.values.source ?? 'blm',
  dryRun: parsed.values['dry-run'] ?? false,
  allowMassWithdraw: parsed.values['allow-mass-withdraw'] ?? false,
});
if (!checked.success) usageError(`--source: ${checked.error.issues[0]?.message ?? 'invalid'}`);
const request: ImportRequest = checked.data;

// Progress: a bar redrawn in place on a terminal, a plain line every few seconds otherwise.
const isTty = process.stdout.isTTY === true;
const started = Date.now();
let lastLine = 0;
let expected: number | null = null;

function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds >= 60 ? `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s` : `${seconds}s`;
}

function showProgress(event: ImportProgress): void {
  const now = Date.now();
  if (!isTty && now - lastLine < 5_000) return;
  lastLine = now;
  const { counts, processed } = event;
  const tally = `created ${counts.created}, updated ${counts.updated}, unchanged ${counts.unchanged}, rejected ${counts.rejected}`;
  if (event.phase === 'writing') {
    process.stdout.write(
      `${isTty ? '\r' : ''}Writing ${processed} records to the database…${isTty ? '\u001b[K' : '\n'}`,
    );
    return;
  }
  let line = `${processed} records read (${tally})`;
  // The expected total is the source's last file: a BLM file does not say how many records it holds.
  if (expected && expected > 0) {
    const share = Math.min(1, processed / expected);
    const width = 24;
    const filled = Math.round(share * width);
    const elapsed = now - started;
    const eta = share > 0 && share < 1 ? ` ETA ${duration(elapsed / share - elapsed)}` : '';
    line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${processed}/~${expected} (${tally})${eta}`;
  }
  process.stdout.write(isTty ? `\r${line}\u001b[K` : `${line}\n`);
}

async function run(): Promise<ImportReport> {
  const env = getEnv();
  if (!env.DATABASE_URL) {
    const server = await findControlServer(path.resolve(env.PGLITE_DIR));
    if (server) {
      process.stdout.write(
        `The server (pid ${server.pid}) holds the database: it runs the import; waiting for its report.\n`,
      );
      return (await callControlCommand(server, 'import', request, (event) =>
        showProgress(event as ImportProgress),
      )) as ImportReport;
    }
  }
  const handle = getDatabaseHandle();
  try {
    await handle.migrate();
    expected = await getExpectedRecordCount(handle.db, request.source);
    return await importFile(handle.db, request, openFeedFile, { onProgress: showProgress });
  } finally {
    await handle.close();
  }
}

const report = await run();
if (isTty) process.stdout.write('\n');
const { counts } = report;
const problems = report.records.filter((entry) => entry.errors.length > 0 || entry.warnings.length > 0);
for (const entry of problems.slice(0, 50)) {
  for (const issue of entry.errors) process.stdout.write(`  ${entry.ref}: rejected: ${issue.message}\n`);
  for (const issue of entry.warnings) process.stdout.write(`  ${entry.ref}: warning: ${issue.message}\n`);
}
if (problems.length > 50)
  process.stdout.write(`  … and ${problems.length - 50} more records with problems (see --report)\n`);
const verdict =
  report.status === 'applied' ? 'Applied' : report.status === 'dry-run' ? 'Dry run (nothing changed)' : 'Refused';
process.stdout.write(
  `${verdict}: ${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged, ` +
    `${counts.withdrawn} withdrawn, ${counts.rejected} rejected, ${counts.warnings} warnings in ${duration(Date.now() - started)}.\n`,
);
if (report.reason) process.stdout.write(`${report.reason}\n`);
if (parsed.values.report) {
  await writeFile(path.resolve(parsed.values.report), `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`Report written to ${parsed.values.report}\n`);
}
process.exit(report.status === 'refused' ? 1 : 0);
