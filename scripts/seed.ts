import path from 'node:path';
import { getDatabaseHandle } from '../app/lib/db.server.ts';
import { callControlCommand, findControlServer } from '../server/control-client.ts';
import { getEnv } from '../app/lib/env.server.ts';
import { getStorage } from '../app/lib/storage/storage.server.ts';
import { seedDatabase, type SeedStep } from '../db/seed/index.ts';

/**
 * `npm run db:seed`: migrates the configured database (PGlite in PGLITE_DIR, or DATABASE_URL) and replaces its
 * contents with the demo agency. Progress is one line per step, redrawn in place on a terminal.
 */

const stepLabels: Record<SeedStep, string> = {
  reset: 'Clearing tables',
  gazetteer: 'UK gazetteer',
  images: 'Demo images',
  agency: 'Agency, branches and staff',
  properties: 'Properties',
  addresses: 'Addresses',
  content: 'Articles, pages and forms',
};

const isTty = process.stdout.isTTY === true;
let currentStep: SeedStep | undefined;
let lastPrinted = '';
const stepStarted = new Map<SeedStep, number>();

function progressLine(step: SeedStep, done: number, total: number): string {
  const width = 24;
  const filled = total > 0 ? Math.round((done / total) * width) : width;
  const bar = `${'#'.repeat(filled)}${'.'.repeat(width - filled)}`;
  return `${stepLabels[step].padEnd(28)} [${bar}] ${String(done).padStart(5)}/${total}`;
}

function onProgress(step: SeedStep, done: number, total: number): void {
  if (!stepStarted.has(step)) stepStarted.set(step, Date.now());
  const line = progressLine(step, done, total);
  if (isTty) {
    if (currentStep !== undefined && currentStep !== step) process.stdout.write('\n');
    process.stdout.write(`\r${line}\u001b[K`);
    if (done === total) process.stdout.write(` ${Date.now() - (stepStarted.get(step) ?? Date.now())} ms`);
  } else if (done === total && line !== lastPrinted) {
    // Without a terminal, print each step once, when it finishes, so logs stay readable.
    console.log(`${line} ${Date.now() - (stepStarted.get(step) ?? Date.now())} ms`);
    lastPrinted = line;
  }
  currentStep = step;
}

const started = Date.now();
// With embedded PGlite and the server running on the same folder, the server seeds its own database
// (server/control.ts): two processes must never open one PGlite folder.
const server = getEnv().DATABASE_URL ? null : await findControlServer(path.resolve(getEnv().PGLITE_DIR));
if (server) {
  console.log(`The server (pid ${server.pid}) holds the database: it seeds the demo agency.`);
  const counts = (await callControlCommand(server, 'seed', {}, (event) => {
    const { step, done, total } = event as { step: SeedStep; done: number; total: number };
    onProgress(step, done, total);
  })) as Record<string, number>;
  if (isTty) process.stdout.write('\n');
  console.log('\nRows per table:');
  for (const [table, count] of Object.entries(counts)) console.log(`  ${table.padEnd(16)} ${count}`);
  console.log(`\nSeeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exit(0);
}
const handle = getDatabaseHandle();
try {
  const env = getEnv();
  console.log(
    `Seeding the demo agency into ${handle.kind === 'pglite' ? `PGlite (${env.PGLITE_DIR})` : 'PostgreSQL'}; images in ${getStorage().description}`,
  );
  await handle.migrate();
  const counts = await seedDatabase(handle.db, { onProgress });
  if (isTty) process.stdout.write('\n');
  console.log('\nRows per table:');
  for (const [table, count] of Object.entries(counts)) console.log(`  ${table.padEnd(16)} ${count}`);
  console.log(`\nSeeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  if (isTty) process.stdout.write('\n');
  console.error('Seeding failed:', error);
  if (handle.kind === 'pglite' && /already exists/.test(String((error as { cause?: unknown })?.cause ?? error))) {
    // Regenerated migrations cannot be applied over a database made by the old ones; the demo data is disposable.
    console.error(
      `\nThe database in ${getEnv().PGLITE_DIR} was made by older migrations. Delete that folder and run again.`,
    );
  }
  process.exitCode = 1;
} finally {
  await handle.close();
}
