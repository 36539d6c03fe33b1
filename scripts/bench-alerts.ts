/**
 * npm run bench:alerts — saved-search alert matching at scale (spec point 4 alerts).
 *
 *   BENCH_DATABASE_URL=postgres://user:pass@host/db npm run bench:alerts
 *   BENCH_SEARCHES=100000 BENCH_LISTINGS=1000 ...        (the defaults)
 *
 * Creates a fresh database doorstep_bench_alerts on the server named by BENCH_DATABASE_URL (or DATABASE_URL; the
 * user must be allowed to create databases), or uses PGlite in memory when neither is set. Generates 20,000 users
 * with 100,000 saved searches (mostly a town and radius, some drawn areas, county areas, price and bed bands, a few
 * free-text searches) and 1,000 listings launched in the last minute across ~60 towns, then times one run of the
 * alert job: matching (saved_search_alerts) and the emails (email_outbox). Target: under 60 s on PostgreSQL.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { rowsOf, type DatabaseHandle } from '../app/lib/db.server.ts';
import { openBenchDatabase } from './bench-helpers.ts';
import { matchNewListings, sendDueAlerts } from '../app/features/alerts/alerts.server.ts';
import { newUnsubscribeToken } from '../app/features/saved/saved-search-queries.server.ts';
import { createSearch, type SearchInput } from '../app/features/search/search-model.ts';
import { savedSearches } from '../db/schema/index.ts';
import { getScriptEnv } from '../app/lib/env.server.ts';

const { BENCH_SEARCHES: SEARCHES, BENCH_LISTINGS: LISTINGS } = getScriptEnv();
const USERS = Math.max(1, Math.ceil(SEARCHES / 5));
const TOWNS = 60;

/** Deterministic pseudo-random numbers (mulberry32). */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!,
  };
}

/** Town centres spread over southern England (≈ 4° × 2.5°). */
function towns(random: ReturnType<typeof randomFrom>) {
  return Array.from({ length: TOWNS }, (_, index) => ({
    id: 800_001 + index,
    name: `Town ${index + 1}`,
    lng: -5 + random.next() * 4,
    lat: 50.5 + random.next() * 2.5,
    county: `county-${(index % 12) + 1}`,
  }));
}

async function generate(handle: DatabaseHandle, now: Date) {
  const db = handle.db;
  const random = randomFrom(20_261_123);
  const townList = towns(random);
  await db.execute(sql`insert into branches (id, slug, name, address_line_1, town, county, country, postcode, location, contact_number, email)
    values (1, 'bench', 'Bench', '1 High Street', 'Benchton', 'Somerset', 'england', 'BA1 1AA', point(-2.36, 51.38), '01632 960000', 'bench@example.com')`);
  for (const town of townList) {
    await db.execute(sql`insert into places (id, kind, slug, name, name_lower, county_slug, county_name, country, location)
      values (${town.id}, 'town', ${`town-${town.id}`}, ${town.name}, ${town.name.toLowerCase()}, ${town.county}, 'County', 'england', point(${town.lng}, ${town.lat}))`);
  }
  // 1,000 listings launched within the last minute, scattered up to ~8 miles round the towns.
  const words = ['Orchard', 'Mill', 'River', 'Station', 'Church', 'Manor', 'Park', 'Meadow'];
  const listingRows = Array.from({ length: LISTINGS }, (_, index) => {
    const town = random.pick(townList);
    const channel = random.next() < 0.6 ? 'sales' : 'lettings';
    const beds = random.int(0, 6);
    return sql`(${`bench-${index}`}, ${`B${index}`}, ${channel}, 'available',
      ${channel === 'sales' ? random.int(80, 1500) * 1000 : random.int(5, 40) * 100},
      ${`${index} ${random.pick(words)} Road, ${town.name}`}, ${`${index} ${random.pick(words)} Road`}, ${town.name},
      'County', ${town.county}, 'england', 'BA1 1AA', ${`BA${random.int(1, 9)}`},
      point(${town.lng + (random.next() - 0.5) * 0.25}, ${town.lat + (random.next() - 0.5) * 0.16}),
      ${beds}, 1, 1, ${random.pick(['house', 'flat', 'bungalow'])}, 'House', ${400 + beds * 300},
      ${random.next() < 0.3 ? sql`array['garden']` : sql`array['parking']`}, ${channel === 'lettings' && random.next() < 0.3},
      1, ${new Date(now.getTime() - random.int(1, 59_000)).toISOString()}::timestamptz)`;
  });
  for (let start = 0; start < listingRows.length; start += 500) {
    await db.execute(sql`insert into properties (slug, reference, channel, status, price_value, display_address,
      address_line_1, town, county, county_slug, country, postcode, postcode_district, location, bedrooms, bathrooms,
      reception_rooms, property_type, property_style, square_feet, tags, pets_allowed, branch_id, launched_at)
      values ${sql.join(listingRows.slice(start, start + 500), sql`, `)}`);
  }
  await db.execute(sql`insert into users (email, email_lower, password_hash, first_name, last_name)
    select 'user' || g || '@bench.example', 'user' || g || '@bench.example', 'x', 'Bench', 'User ' || g
    from generate_series(1, ${USERS}) g`);
  const savedAt = new Date(now.getTime() - 86_400_000);
  let batch: (typeof savedSearches.$inferInsert)[] = [];
  for (let index = 0; index < SEARCHES; index++) {
    const channel = random.next() < 0.6 ? 'sales' : 'lettings';
    const town = random.pick(townList);
    const roll = random.next();
    const input: { -readonly [K in keyof SearchInput]: SearchInput[K] } = { channel, status: 'available' };
    if (roll < 0.7) {
      Object.assign(input, { placeId: town.id, within: random.pick([0.5, 1, 3, 5]) });
    } else if (roll < 0.8) {
      const d = 0.05 + random.next() * 0.1;
      input.poly = [
        [town.lat - d, town.lng - d],
        [town.lat + d, town.lng - d],
        [town.lat + d, town.lng + d],
        [town.lat - d, town.lng + d * 0.5],
      ];
    } else if (roll < 0.97) {
      input.area = town.county;
    } else {
      input.text = random.pick(words).toLowerCase();
      input.placeId = town.id;
    }
    if (random.next() < 0.8) input.minBeds = random.int(1, 4);
    if (random.next() < 0.7) {
      if (channel === 'sales')
        Object.assign(input, { minPrice: random.int(1, 6) * 100_000, maxPrice: random.int(4, 15) * 100_000 });
      else input.maxPrice = random.int(8, 30) * 100;
    }
    if (random.next() < 0.1) input.tags = ['garden'];
    if (channel === 'lettings' && random.next() < 0.1) input.pets = true;
    const search = createSearch(input);
    batch.push({
      userId: 1 + (index % USERS),
      search: search as unknown as Record<string, unknown>,
      channel: search.channel,
      alertFrequency: random.next() < 0.85 ? 'I' : random.pick(['W', 'M', 'N'] as const),
      unsubscribeToken: newUnsubscribeToken(),
      createdAt: savedAt,
    });
    if (batch.length === 2_000) {
      await db.insert(savedSearches).values(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await db.insert(savedSearches).values(batch);
  await db.execute(sql`analyze`);
}

async function main() {
  const { handle, label } = await openBenchDatabase('doorstep_bench_alerts');
  const now = new Date();
  console.log(
    `bench:alerts on ${label}: generating ${SEARCHES.toLocaleString('en-GB')} saved searches, ${LISTINGS.toLocaleString('en-GB')} new listings…`,
  );
  const generated = performance.now();
  await generate(handle, now);
  console.log(`  generated in ${((performance.now() - generated) / 1000).toFixed(1)} s`);

  const started = performance.now();
  const match = await matchNewListings(handle.db, { since: new Date(now.getTime() - 60_000), until: now }, now);
  const matchedMs = performance.now() - started;
  const send = await sendDueAlerts(handle.db, { now, origin: 'https://agency.example' });
  const totalMs = performance.now() - started;
  const [outbox] = rowsOf<{ count: number; bytes: number }>(
    await handle.db.execute(
      sql`select count(*)::int as count, coalesce(sum(length(html_body) + length(text_body)), 0)::bigint as bytes from email_outbox`,
    ),
  );
  console.log('');
  console.log('| measure | value |');
  console.log('|---|---|');
  console.log(`| engine | ${label} |`);
  console.log(
    `| saved searches / new listings | ${match.searches.toLocaleString('en-GB')} with alerts on (of ${SEARCHES.toLocaleString('en-GB')}) / ${match.listings.toLocaleString('en-GB')} |`,
  );
  console.log(`| matches recorded (saved_search_alerts) | ${match.alertsQueued.toLocaleString('en-GB')} |`);
  console.log(`| matching | ${(matchedMs / 1000).toFixed(2)} s |`);
  console.log(
    `| emails stored (I searches due now) | ${send.emails.toLocaleString('en-GB')} (${send.properties.toLocaleString('en-GB')} cards, ${Math.round(Number(outbox?.bytes ?? 0) / 1_048_576)} MB) |`,
  );
  console.log(`| emails | ${((totalMs - matchedMs) / 1000).toFixed(2)} s |`);
  console.log(`| **total (target < 60 s)** | **${(totalMs / 1000).toFixed(2)} s** |`);
  await handle.close();
  if (totalMs > 60_000) process.exitCode = 1;
}

await main();
