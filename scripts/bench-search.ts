/**
 * npm run bench:search — search latency and throughput on generated data.
 *
 *   npm run bench:search                       100k listings on PGlite and (when a server is given) PostgreSQL,
 *                                              1M on PostgreSQL
 *   BENCH_SIZES=100000 BENCH_ENGINES=pglite npm run bench:search
 *
 * PostgreSQL is used when BENCH_DATABASE_URL (or DATABASE_URL) names a server where this user may create
 * databases; each size gets its own database (doorstep_bench_{size}). PGlite data lives in ./bench-data/.
 * Prints p50/p95 per representative search (in-process, the function the routes call) and requests per second of
 * GET /search.ljson with 50 concurrent clients against the production server.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type DatabaseHandle } from '../app/lib/db.server.ts';
import { toQueryParams } from '../app/features/search/search-codec.ts';
import { createSearch, type SearchInput } from '../app/features/search/search-model.ts';
import { searchProperties } from '../app/features/search/search-query.server.ts';
import { childProcessEnv, getEnv, getScriptEnv } from '../app/lib/env.server.ts';

const root = path.resolve(import.meta.dirname, '..');
const scriptEnv = getScriptEnv();
const sizes = scriptEnv.BENCH_SIZES.split(',').map(Number);
const engines = scriptEnv.BENCH_ENGINES.split(',');
const serverUrl = scriptEnv.BENCH_DATABASE_URL ?? getEnv().DATABASE_URL;
const serverEntry = path.join(root, scriptEnv.BUILD_DIR, 'server/index.js');
const ITERATIONS = scriptEnv.BENCH_ITERATIONS;
const CONCURRENCY = 50;
const LOAD_SECONDS = scriptEnv.BENCH_LOAD_SECONDS;

const BENCH_PLACE_ID = 900_001;

/** Listings spread over ~40 km around a centre; deterministic through setseed. */
async function generate(handle: DatabaseHandle, count: number): Promise<void> {
  const db = handle.db;
  await db.execute(sql`select setseed(0.42)`);
  await db.execute(sql`insert into branches (id, slug, name, address_line_1, town, county, country, postcode, location, contact_number, email)
    values (1, 'bench', 'Bench', '1 High Street', 'Benchton', 'Somerset', 'england', 'BA1 1AA', point(-2.36, 51.38), '01632 960000', 'bench@example.com')`);
  await db.execute(sql`insert into places (id, kind, slug, name, name_lower, county_slug, county_name, country, location)
    values (${BENCH_PLACE_ID}, 'town', 'benchton', 'Benchton', 'benchton', 'somerset', 'Somerset', 'england', point(-2.36, 51.38))`);
  const batch = 50_000;
  for (let start = 1; start <= count; start += batch) {
    const end = Math.min(count, start + batch - 1);
    await db.execute(
      sql.raw(`
      insert into properties (slug, reference, channel, status, price_value, display_address, address_line_1, town, county,
        county_slug, country, postcode, postcode_district, location, bedrooms, bathrooms, reception_rooms, property_type,
        property_style, square_feet, acreage, tags, short_let, pets_allowed, branch_id, summary, created_at, updated_at, launched_at,
        facts)
      select 'bench-' || g, 'B' || g, ch, st,
        case when ch = 'sales' then (60000 + floor(random() * 1400000))::int else (500 + floor(random() * 3000))::int end,
        street || ', ' || town, (1 + floor(random() * 200))::int || ' ' || street, town, 'Somerset', 'somerset', 'england',
        'BA' || (1 + floor(random() * 9))::int || ' 1AA', 'BA' || (1 + floor(random() * 9))::int,
        point(-2.36 + (random() - 0.5) * 0.6, 51.38 + (random() - 0.5) * 0.4), beds, 1 + beds / 2, 1,
        (array['house','flat','bungalow','land','commercial'])[1 + floor(random() * 5)::int], 'House',
        (400 + beds * 300 + floor(random() * 500))::int, case when random() < 0.05 then round((random() * 50)::numeric, 2)::float else null end,
        case when random() < 0.3 then array['garden'] when random() < 0.1 then array['new home','parking'] else array['parking'] end,
        ch = 'lettings' and random() < 0.1, ch = 'lettings' and random() < 0.3, 1,
        'A well presented home in ' || town, now() - (random() * 500 || ' days')::interval,
        now() - (random() * 100 || ' days')::interval, now() - (random() * 500 || ' days')::interval,
        jsonb_build_object(
          'nation', 'england',
          'tenure', jsonb_build_object('kind', case when random() < 0.02 then 'shared-ownership'
            when random() < 0.3 then 'leasehold' else 'freehold' end),
          'isRetirement', random() < 0.03,
          'parking', case when random() < 0.6 then '["driveway"]' else '["on-street"]' end::jsonb,
          'outsideSpace', case when random() < 0.5 then '["private-garden"]' when random() < 0.4 then '["balcony"]'
            else '["none"]' end::jsonb
        ) || case when ch = 'lettings' then jsonb_build_object('lettings', jsonb_build_object(
          'rentFrequency', 'pcm', 'letType', 'long', 'petsConsidered', false, 'studentsConsidered', false,
          'housingBenefitConsidered', false, 'billsIncluded', random() < 0.2,
          'furnishing', (array['furnished','part-furnished','unfurnished','furnished-or-unfurnished'])[1 + floor(random() * 4)::int],
          'availableFrom', to_char(now() + (floor(random() * 90) || ' days')::interval, 'YYYY-MM-DD')))
        else '{}'::jsonb end
      from (
        select g,
          case when random() < 0.65 then 'sales' else 'lettings' end as ch,
          (array['available','available','available','available','under-offer','sstc','sold','let-agreed'])[1 + floor(random() * 8)::int] as st,
          (array['Mill Lane','Church Street','Orchard Close','Station Road','Victoria Road','Park Avenue','Kings Road','The Green',
                 'Manor Way','Chapel Row','High Street','Queens Drive','Meadow View','Bridge Street','Castle Hill','Elm Grove',
                 'Priory Walk','Abbey Road','Sunny Bank','Westfield'])[1 + floor(random() * 20)::int] as street,
          (array['Benchton','Widcombe','Larkhall','Combe Down','Weston','Oldfield Park','Twerton','Bathwick'])[1 + floor(random() * 8)::int] as town,
          floor(random() * 6)::int as beds
        from generate_series(${start}, ${end}) g
      ) rows`),
    );
    process.stdout.write(`\r  generated ${end.toLocaleString('en-GB')} / ${count.toLocaleString('en-GB')}`);
  }
  process.stdout.write('\n');
  // As autovacuum would after a bulk load (PGlite has none; the seed vacuums once for the same reason).
  await db.execute(sql`vacuum analyze properties`);
}

const SCENARIOS: { name: string; input: SearchInput }[] = [
  {
    name: 'channel + price + beds',
    input: { channel: 'sales', minPrice: 200000, maxPrice: 450000, minBeds: 2, maxBeds: 4 },
  },
  { name: 'place + radius (3 mi)', input: { channel: 'sales', placeId: BENCH_PLACE_ID, within: 3 } },
  {
    name: 'polygon',
    input: {
      channel: 'sales',
      poly: [
        [51.33, -2.45],
        [51.33, -2.3],
        [51.43, -2.36],
      ],
    },
  },
  { name: 'text "orchard"', input: { channel: 'sales', q: 'orchard' } },
  { name: 'lettings + pets + beds', input: { channel: 'lettings', pets: true, minBeds: 2 } },
  ...(
    [
      'least-expensive-first',
      'most-expensive-first',
      'most-recent-first',
      'most-square-feet-first',
      'least-square-feet-first',
      'most-recently-launched-first',
      'most-recently-updated-first',
    ] as const
  ).map((sorted) => ({ name: `sort ${sorted}`, input: { channel: 'sales', minBeds: 1, sorted } as SearchInput })),
  { name: 'deep page (page 200)', input: { channel: 'sales', page: 200 } },
  {
    name: 'facts: no leasehold + parking + garden',
    input: { channel: 'sales', excludeLeasehold: true, parking: true, garden: true, minBeds: 2 },
  },
  {
    name: 'facts: lettings furnished + bills + available by',
    input: {
      channel: 'lettings',
      furnishing: 'furnished',
      billsIncluded: true,
      availableFrom: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    },
  },
];

/** Data generated before the facts document existed has no facts: regenerate it so the fact filters mean something. */
async function hasFacts(handle: DatabaseHandle): Promise<boolean> {
  const rows = await handle.db.execute(sql`select exists (select 1 from properties where facts is not null) as has`);
  return Boolean(rowsOf<{ has: boolean }>(rows)[0]?.has);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function measure(handle: DatabaseHandle): Promise<{ name: string; p50: number; p95: number; count: string }[]> {
  const rows = [];
  // Warm the engine first (a server that has been up for a minute has): a freshly opened PGlite runs its WebAssembly
  // cold for the first few hundred queries, which otherwise lands on whichever search is measured first.
  for (let round = 0; round < 10; round++) {
    for (const scenario of SCENARIOS)
      await searchProperties(handle.db, createSearch({ status: 'available', ...scenario.input }));
  }
  for (const scenario of SCENARIOS) {
    const search = createSearch({ status: 'available', ...scenario.input });
    let count = '';
    for (let i = 0; i < 5; i++) await searchProperties(handle.db, search);
    const times: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      const started = performance.now();
      const result = await searchProperties(handle.db, search);
      times.push(performance.now() - started);
      count = `${result.total.count}${result.total.isCapped ? '+' : ''}`;
    }
    rows.push({ name: scenario.name, p50: percentile(times, 50), p95: percentile(times, 95), count });
  }
  return rows;
}

async function loadTest(env: Record<string, string>): Promise<{ rps: number; p95: number; errors: number }> {
  const port = 3900 + Math.floor(Math.random() * 90);
  const server = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: childProcessEnv({
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      SEED_ON_EMPTY: 'false',
      RUN_JOBS: 'false',
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      STAFF_SECRET_KEY: 'be5e'.repeat(16),
    }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const urls = SCENARIOS.map(
    (scenario) =>
      `${base}/search.ljson?${toQueryParams(createSearch({ status: 'available', ...scenario.input })).toString()}`,
  );
  const deadline = Date.now() + LOAD_SECONDS * 1000;
  const times: number[] = [];
  let errors = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < deadline) {
        const url = urls[next++ % urls.length]!;
        const started = performance.now();
        try {
          const response = await fetch(url);
          await response.arrayBuffer();
          if (!response.ok) errors++;
        } catch {
          errors++;
        }
        times.push(performance.now() - started);
      }
    }),
  );
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  return { rps: times.length / LOAD_SECONDS, p95: percentile(times, 95), errors };
}

async function preparePglite(size: number): Promise<{ handle: DatabaseHandle; env: Record<string, string> }> {
  const dir = path.join(root, 'bench-data', `pglite-${size}`);
  const fresh = !existsSync(path.join(dir, 'PG_VERSION'));
  if (fresh) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  }
  const handle = openDatabase({ dataDir: dir });
  await handle.migrate();
  if (!fresh && !(await hasFacts(handle)))
    await handle.db.execute(sql`truncate properties, branches, places restart identity cascade`);
  if (fresh || !(await hasFacts(handle))) await generate(handle, size);
  return { handle, env: { PGLITE_DIR: dir } };
}

async function preparePostgres(size: number): Promise<{ handle: DatabaseHandle; env: Record<string, string> }> {
  if (!serverUrl) throw new Error('no PostgreSQL server');
  const name = `doorstep_bench_${size}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!exists) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ databaseUrl: url.toString() });
  await handle.migrate();
  const [{ count } = { count: 0 }] = rowsOf<{ count: number }>(
    await handle.db.execute(sql`select count(*)::int as count from properties`),
  );
  if (Number(count) !== size || !(await hasFacts(handle))) {
    await handle.db.execute(sql`truncate properties, branches, places restart identity cascade`);
    await generate(handle, size);
  }
  return { handle, env: { DATABASE_URL: url.toString() } };
}

if (!existsSync(serverEntry)) {
  console.error('Run `npm run build` first: the load test uses the production server.');
  process.exit(1);
}

/** docs/performance.md: worst p95 ≤ 20 ms on PGlite, ≤ 10 ms on PostgreSQL at 100k, ≤ 30 ms at 1M. */
function worstP95BudgetMs(engine: string, size: number): number {
  if (engine === 'pglite') return 20;
  return size > 100_000 ? 30 : 10;
}
const misses: string[] = [];

for (const size of sizes) {
  for (const engine of engines) {
    if (engine === 'pglite' && size > 100_000) continue; // PGlite is the embedded default; 1M is a server-sized load.
    if (engine === 'postgres' && !serverUrl) {
      console.log(`\n${size.toLocaleString('en-GB')} listings on PostgreSQL: skipped (set BENCH_DATABASE_URL)`);
      continue;
    }
    console.log(`\n== ${size.toLocaleString('en-GB')} listings on ${engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}`);
    const { handle, env } = engine === 'pglite' ? await preparePglite(size) : await preparePostgres(size);
    const rows = await measure(handle);
    await handle.close();
    console.log('| search | p50 ms | p95 ms | matches |');
    console.log('|---|---|---|---|');
    for (const row of rows)
      console.log(`| ${row.name} | ${row.p50.toFixed(2)} | ${row.p95.toFixed(2)} | ${row.count} |`);
    const overall = percentile(
      rows.map((row) => row.p95),
      100,
    );
    console.log(`worst p95: ${overall.toFixed(2)} ms`);
    const load = await loadTest(env);
    console.log(
      `GET /search.ljson, ${CONCURRENCY} concurrent clients for ${LOAD_SECONDS}s: ${load.rps.toFixed(0)} req/s, p95 ${load.p95.toFixed(1)} ms, errors ${load.errors}`,
    );
    const budget = worstP95BudgetMs(engine, size);
    if (overall > budget) misses.push(`${engine} ${size}: worst p95 ${overall.toFixed(2)} ms > ${budget} ms`);
    if (load.errors > 0) misses.push(`${engine} ${size}: ${load.errors} errors under load`);
  }
}
if (misses.length > 0) {
  console.error(`\nBudget exceeded: ${misses.join('; ')}`);
  process.exitCode = 1;
}
