/**
 * npm run bench:import -- [--listings 10000] [--photos 10] [--changed 100] [--format blm|memory] [--keep]
 *                           [--zips-from <folder>]
 *
 * The import pipeline's budget (docs/performance.md): a first import of N listings with K photos each (5 minutes),
 * the same file again (all unchanged, 30 s) and a file with `--changed` listings changed (10 s); each within 500 MB
 * of memory (below: what is counted). It exits 1 when any budget is missed.
 * Runs on a fresh PGlite folder, or on BENCH_DATABASE_URL (PostgreSQL: a database it empties first).
 *
 * `--format blm` (the default) writes real BLM zips with the sample generator (scripts/make-sample-feed.ts: listings
 * spread over the demo branches, every photo a distinct JPEG) and imports them as `npm run import` does
 * (`openFeedFile` + the pipeline), so the figures cover zip reading, BLM parsing and mapping as well as places,
 * hashes, media checks and storage and the transaction. Writing the zips is timed apart and is not in the budget;
 * `--zips-from` reuses the feed.zip and feed-changed.zip a run with `--keep` left in its folder.
 * `--format memory` generates the pipeline's Feed objects in memory instead, measuring the pipeline alone.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { branches, places } from '../db/schema/index.ts';
import { branchPlans } from '../db/seed/agency.ts';
import { openDatabase } from '../app/lib/db.server.ts';
import { childProcessEnv, getScriptEnv, setScriptEnv } from '../app/lib/env.server.ts';
import type { Feed, ImportedListing, MappedRecord } from '../app/features/import/feed.ts';

const { values } = parseArgs({
  options: {
    listings: { type: 'string', default: '10000' },
    photos: { type: 'string', default: '10' },
    changed: { type: 'string', default: '100' },
    format: { type: 'string', default: 'blm' },
    keep: { type: 'boolean', default: false },
    'zips-from': { type: 'string' },
  },
});
const listingCount = Number(values.listings);
const photoCount = Number(values.photos);
const changedCount = Math.min(Number(values.changed), listingCount);
const format = values.format;
if (format !== 'blm' && format !== 'memory') {
  console.error('--format is blm or memory');
  process.exit(2);
}
const budgets = { first: 300_000, memoryMb: 500, again: 30_000, changed: 10_000 };

const work = await mkdtemp(path.join(tmpdir(), 'doorstep-bench-import-'));
setScriptEnv({ MEDIA_DIR: path.join(work, 'media'), LOG_LEVEL: 'silent' }, ['LOG_LEVEL']);
// Loaded after MEDIA_DIR is set: the media store reads it from the environment.
const { applyFeed, importFile, openFeedFile } = await import('../app/features/import/index.server.ts');
const { writeSampleFeed } = await import('./make-sample-feed.ts');

const benchUrl = getScriptEnv().BENCH_DATABASE_URL;
const pgliteDir = path.join(work, 'pglite');
if (!benchUrl) {
  // A new PGlite folder is created and migrated in a child process: creating the cluster peaks near 1 GB of WASM
  // memory that is never handed back, which is not the import's. The server, too, opens an existing folder.
  execFileSync('npx', ['tsx', 'scripts/migrate.ts'], {
    env: childProcessEnv({ PGLITE_DIR: pgliteDir }),
    stdio: 'ignore',
  });
}
const handle = benchUrl
  ? openDatabase({ databaseUrl: benchUrl, statementTimeoutMs: 120_000 })
  : openDatabase({ dataDir: pgliteDir });
await handle.migrate();
const db = handle.db;
if (handle.kind === 'postgres') {
  await db.execute(sql`truncate properties, branches, places, import_runs restart identity cascade`);
}
// The sample's listings are spread over the demo agency's branches, named by their feed codes.
await db.insert(branches).values(
  branchPlans.map((plan) => ({
    slug: plan.slug,
    name: plan.name,
    addressLine1: plan.addressLine1,
    town: plan.town,
    county: plan.town,
    country: plan.country,
    postcode: plan.postcode,
    location: plan.location,
    contactNumber: plan.phoneBase(0),
    email: `${plan.slug}@agency.example`,
    feedCode: plan.code,
  })),
);
await db.insert(places).values([
  {
    kind: 'town',
    slug: 'bath',
    name: 'Bath',
    nameLower: 'bath',
    countySlug: 'somerset',
    countyName: 'Somerset',
    country: 'england',
    location: { lng: -2.359, lat: 51.3751 },
    population: 90_000,
  },
  {
    kind: 'postcode-district',
    slug: 'ba1',
    name: 'BA1',
    nameLower: 'ba1',
    countySlug: 'somerset',
    countyName: 'Somerset',
    country: 'england',
    location: { lng: -2.37, lat: 51.39 },
  },
]);

const basePhoto = await sharp({
  create: { width: 320, height: 240, channels: 3, background: { r: 180, g: 140, b: 90 } },
})
  .jpeg({ quality: 70 })
  .toBuffer();

function photoBytes(name: string): Buffer {
  // Bytes after the JPEG end marker are ignored by decoders: a distinct, valid file per name.
  return Buffer.concat([basePhoto, Buffer.from(name)]);
}

function listingFor(index: number, priceBump: number): ImportedListing {
  const ref = `BENCH-${String(index).padStart(6, '0')}`;
  return {
    ref,
    branchCode: 'BAT',
    fields: {
      channel: index % 4 === 0 ? 'lettings' : 'sales',
      status: 'available',
      isPublished: true,
      priceValue: (index % 4 === 0 ? 1_200 : 250_000 + (index % 500) * 1_000) + priceBump,
      priceQualifier: '',
      displayAddress: `${index} Orchard Road, Bath`,
      addressLine1: `${index} Orchard Road`,
      town: 'Bath',
      postcode: 'BA1 2AB',
      bedrooms: 1 + (index % 5),
      bathrooms: 1 + (index % 2),
      receptionRooms: 1,
      propertyType: 'house',
      propertyStyle: 'Semi-detached house',
      summary: 'A well presented home close to the park and the station.',
      description: 'A well presented home close to the park and the station. '.repeat(30),
      features: ['Garden', 'Parking', 'Gas central heating'],
    },
    coordinates: { latitude: 51.35 + (index % 100) / 1_000, longitude: -2.4 + (index % 97) / 1_000 },
    media: Array.from({ length: photoCount }, (_, n) => ({
      kind: 'photo' as const,
      source: `${ref}_IMG_${String(n).padStart(2, '0')}.jpg`,
      caption: null,
      order: n,
    })),
    videos: [],
  };
}

function generatedFeed(changed: number): Feed {
  return {
    notes: ['generated in memory'],
    records: (async function* (): AsyncGenerator<MappedRecord> {
      for (let index = 0; index < listingCount; index++) {
        const listing = listingFor(index, index < changed ? -5_000 : 0);
        yield { ref: listing.ref, listing, errors: [], warnings: [] };
      }
    })(),
    openMedia: async (name) => Readable.from([photoBytes(name)]),
    close: async () => undefined,
  };
}

// The BLM files are written before any timing starts: the same "now" keeps every unchanged listing identical.
const zipsFrom = values['zips-from'];
const feedFiles = {
  first: path.join(zipsFrom ?? work, 'feed.zip'),
  changed: path.join(zipsFrom ?? work, 'feed-changed.zip'),
};
if (format === 'blm' && !zipsFrom) {
  const started = performance.now();
  const now = new Date();
  const written = await writeSampleFeed({ count: listingCount, photos: photoCount, out: feedFiles.first, now });
  await writeSampleFeed({
    count: listingCount,
    photos: photoCount,
    out: feedFiles.changed,
    now,
    changed: changedCount,
  });
  console.log(
    `Wrote two BLM zips of ${written.files} files, ${(written.bytes / 1048576).toFixed(0)} MB each, in ${((performance.now() - started) / 1000).toFixed(1)} s (not timed below)`,
  );
}

/**
 * Memory is sampled every 50 ms while each import runs (timers also fire between PGlite's queries, which block the
 * thread while they run). The budget counts the whole process's resident memory — Node, its modules, the import —
 * except, on PGlite, the embedded database's own WebAssembly memory: on PostgreSQL that memory is another process,
 * so leaving it out measures the same thing on both. Its resident part is read from /proc/self/smaps (the mapping
 * of the WebAssembly memory's size) once a second; it only grows, so the last reading is never above the true one
 * and the import's share is never understated.
 */
const wasmMemory =
  handle.kind === 'pglite'
    ? (db as unknown as { $client: { mod?: { wasmMemory: WebAssembly.Memory } } }).$client.mod?.wasmMemory
    : undefined;

function pgliteResidentBytes(): number {
  if (!wasmMemory) return 0;
  const size = wasmMemory.buffer.byteLength;
  let resident = 0;
  let isWasm = false;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const range = /^([0-9a-f]+)-([0-9a-f]+) /.exec(line);
    if (range) isWasm = Math.abs(parseInt(range[2]!, 16) - parseInt(range[1]!, 16) - size) < 1048576;
    else if (isWasm && line.startsWith('Rss:')) resident = Math.max(resident, Number(line.split(/\s+/)[1]) * 1024);
  }
  return resident;
}

type MemoryPeak = { rss: number; own: number; heapUsed: number; heapTotal: number; pglite: number; phase: string };

function watchMemory(phaseNow: () => string) {
  let pglite = pgliteResidentBytes();
  const peak: MemoryPeak = { rss: 0, own: 0, heapUsed: 0, heapTotal: 0, pglite, phase: phaseNow() };
  const sample = () => {
    const usage = process.memoryUsage();
    peak.rss = Math.max(peak.rss, usage.rss);
    peak.heapUsed = Math.max(peak.heapUsed, usage.heapUsed);
    peak.heapTotal = Math.max(peak.heapTotal, usage.heapTotal);
    if (usage.rss - pglite > peak.own) {
      peak.own = usage.rss - pglite;
      peak.phase = phaseNow();
    }
  };
  const fast = setInterval(sample, 50);
  const slow = setInterval(() => (pglite = Math.max(pglite, pgliteResidentBytes())), 1_000);
  return {
    stop(): MemoryPeak {
      clearInterval(fast);
      clearInterval(slow);
      sample();
      return { ...peak, pglite: Math.max(pglite, pgliteResidentBytes()) };
    },
  };
}

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;

async function measure(label: string, changed: number, budgetMs: number) {
  let phase = 'reading';
  const onProgress = (progress: { phase: string }) => (phase = progress.phase);
  const memory = watchMemory(() => phase);
  const started = performance.now();
  const origin = 'https://agency.example';
  const report =
    format === 'memory'
      ? await applyFeed(db, generatedFeed(changed), { source: 'bench', origin, onProgress })
      : await importFile(
          db,
          {
            path: changed > 0 ? feedFiles.changed : feedFiles.first,
            source: 'bench',
            dryRun: false,
            allowMassWithdraw: false,
          },
          openFeedFile,
          { origin, onProgress },
        );
  const ms = performance.now() - started;
  const peak = memory.stop();
  const { counts } = report;
  console.log(
    `${label.padEnd(34)} ${(ms / 1000).toFixed(1).padStart(7)} s  peak ${mb(peak.own).padStart(7)} ` +
      `(created ${counts.created}, updated ${counts.updated}, unchanged ${counts.unchanged}, warnings ${counts.warnings})`,
  );
  console.log(
    `${''.padEnd(44)}peak while ${peak.phase}; process RSS ${mb(peak.rss)}` +
      (wasmMemory ? ` of which PGlite's WebAssembly memory ${mb(peak.pglite)} resident` : '') +
      `; V8 heap at most ${mb(peak.heapUsed)} used of ${mb(peak.heapTotal)}`,
  );
  return { ms, ownMb: peak.own / 1048576, isOver: ms > budgetMs, report };
}

console.log(
  `Import benchmark (${format === 'blm' ? 'BLM zip' : 'Feed in memory'}): ${listingCount} listings × ${photoCount} photos on ${handle.kind} (${benchUrl ? 'BENCH_DATABASE_URL' : work}); process RSS with the database open: ${mb(process.memoryUsage().rss)}` +
    (wasmMemory ? `, of which PGlite's WebAssembly memory ${mb(pgliteResidentBytes())} resident` : ''),
);
const first = await measure('first import', 0, budgets.first);
const again = await measure('same file again (all unchanged)', 0, budgets.again);
const changed = await measure(`${changedCount} listings changed`, changedCount, budgets.changed);
await handle.close();
if (!values.keep) await rm(work, { recursive: true, force: true });

const failures = [
  first.isOver ? `first import over ${budgets.first / 1000} s` : null,
  ...[first, again, changed].map((run, index) =>
    run.ownMb > budgets.memoryMb
      ? `the ${['first import', 're-import', 'changed import'][index]} peaked at ${run.ownMb.toFixed(0)} MB, over ${budgets.memoryMb} MB`
      : null,
  ),
  again.isOver ? `re-import over ${budgets.again / 1000} s` : null,
  changed.isOver ? `changed import over ${budgets.changed / 1000} s` : null,
  first.report.counts.created !== listingCount ? 'the first import did not create every listing' : null,
  again.report.counts.unchanged !== listingCount ? 'the re-import was not all unchanged' : null,
  changed.report.counts.updated !== changedCount
    ? 'the changed import did not update exactly the changed listings'
    : null,
].filter((failure) => failure !== null);
if (failures.length > 0) {
  console.error(`Over budget: ${failures.join('; ')}`);
  process.exit(1);
}
console.log('Within budget (5 min and 500 MB, 30 s, 10 s).');
process.exit(0);
