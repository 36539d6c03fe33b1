import { eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../app/lib/db.server.ts';
import { createLocalDiskStorage } from '../../app/lib/storage/local-disk.server.ts';
import { getStorage } from '../../app/lib/storage/storage.server.ts';
import * as schema from '../schema/index.ts';
import { buildAgency } from './agency.ts';
import { buildArticles, buildFormDefinitions, buildPages } from './content.ts';
import { importGazetteer, loadGazetteer, type Gazetteer } from './gazetteer.ts';
import { ensureDemoImages } from './images.ts';
import { buildProperties } from './properties.ts';
import { chunk, yieldToEventLoop } from './random.ts';

export { ensureDemoImages } from './images.ts';
export { importGazetteer } from './gazetteer.ts';

export type SeedStep = 'reset' | 'gazetteer' | 'images' | 'agency' | 'properties' | 'addresses' | 'content';

export type SeedOptions = {
  onProgress?: (step: SeedStep, done: number, total: number) => void;
  /** Every date in the demo is relative to this instant (default: now), so 'NEW Listing!' always shows. */
  now?: Date;
  /**
   * Where demo images go: by default the configured storage (MEDIA_DIR, or the S3 bucket); a folder puts them on
   * the local disk there; `null` skips images (tests that only need rows).
   */
  mediaDir?: string | null;
};

export type SeedCounts = {
  places: number;
  siteSettings: number;
  menuItems: number;
  branches: number;
  departments: number;
  staffMembers: number;
  properties: number;
  addresses: number;
  articles: number;
  pages: number;
  formDefinitions: number;
  images: number;
};

const BATCH_SIZE = 250;

/** Every table the schema declares, for the wipe before seeding. */
function allTableNames(): string[] {
  return (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableName(table));
}

/** The rows seeding inserts, built in memory without a database (also used by tests to check determinism). */
export function buildDemoData(now: Date, gazetteer: Gazetteer = loadGazetteer()) {
  const agency = buildAgency(gazetteer);
  const { properties, addresses } = buildProperties({ now, gazetteer, agency });
  return {
    agency,
    properties,
    addresses,
    articles: buildArticles(now),
    pages: buildPages(now),
    formDefinitions: buildFormDefinitions(),
  };
}

async function insertInBatches<T extends PgTable>(
  db: Database,
  table: T,
  rows: Array<T['$inferInsert']>,
  onBatch?: (done: number) => void,
): Promise<void> {
  let done = 0;
  for (const batch of chunk(rows, BATCH_SIZE)) {
    await db.insert(table).values(batch);
    done += batch.length;
    onBatch?.(done);
    await yieldToEventLoop();
  }
}

/** Explicit ids were inserted, so move each serial sequence past them. */
async function resetSequence(db: Database, tableName: string): Promise<void> {
  await db.execute(
    sql.raw(
      `SELECT setval(pg_get_serial_sequence('"${tableName}"', 'id'), GREATEST((SELECT max(id) FROM "${tableName}"), 1))`,
    ),
  );
}

/**
 * Wipes every table and loads the demo agency: gazetteer, images, branches, staff, ~3,000 properties, addresses,
 * articles, pages and forms. The site settings row goes in last, so `isDatabaseSeeded` is only true after a
 * complete run.
 */
export async function seedDatabase(db: Database, options: SeedOptions = {}): Promise<SeedCounts> {
  const now = options.now ?? new Date();
  const report = options.onProgress ?? (() => undefined);

  const tables = allTableNames();
  report('reset', 0, 1);
  await db.execute(sql.raw(`TRUNCATE TABLE ${tables.map((name) => `"${name}"`).join(', ')} RESTART IDENTITY CASCADE`));
  report('reset', 1, 1);

  const gazetteer = await importGazetteer(db, (done, total) => report('gazetteer', done, total));

  let images = 0;
  if (options.mediaDir !== null) {
    const storage = options.mediaDir === undefined ? getStorage() : createLocalDiskStorage({ root: options.mediaDir });
    const summary = await ensureDemoImages(storage, (done, total) => report('images', done, total));
    images = summary.total;
  }

  const data = buildDemoData(now, gazetteer);
  const { agency } = data;
  const agencyTotal =
    agency.branches.length + agency.departments.length + agency.staff.length + agency.menuItems.length;
  report('agency', 0, agencyTotal);
  await insertInBatches(db, schema.branches, agency.branches);
  await insertInBatches(db, schema.departments, agency.departments);
  await insertInBatches(db, schema.staffMembers, agency.staff);
  await insertInBatches(db, schema.menuItems, agency.menuItems);
  report('agency', agencyTotal, agencyTotal);

  report('properties', 0, data.properties.length);
  await insertInBatches(db, schema.properties, data.properties, (done) =>
    report('properties', done, data.properties.length),
  );

  report('addresses', 0, data.addresses.length);
  await insertInBatches(db, schema.addresses, data.addresses, (done) =>
    report('addresses', done, data.addresses.length),
  );

  const contentTotal = data.articles.length + data.pages.length + data.formDefinitions.length + 1;
  report('content', 0, contentTotal);
  await insertInBatches(db, schema.articles, data.articles);
  await insertInBatches(db, schema.pages, data.pages);
  await insertInBatches(db, schema.formDefinitions, data.formDefinitions);
  for (const table of [
    'branches',
    'departments',
    'staff_members',
    'menu_items',
    'properties',
    'articles',
    'pages',
    'form_definitions',
  ]) {
    await resetSequence(db, table);
  }
  await db.insert(schema.siteSettings).values({ ...agency.siteSettings, updatedAt: now });
  // Two emails that failed for good (a bounced address, a domain that no longer exists), so the back office's email
  // health page (/admin/email) has failures to show and resend in the demo. They hold no link or personal data.
  await db.insert(schema.emailOutbox).values([
    {
      toAddress: 'bounced.visitor@example.com',
      fromAddress: agency.siteSettings.agencyEmail,
      subject: 'Your viewing request',
      textBody: 'Thank you for your viewing request. A member of the team will be in touch shortly.',
      status: 'failed',
      attempts: 79,
      lastError: '550 5.1.1 after RCPT TO <bounced.visitor@example.com>: mailbox unavailable',
      relatedKind: 'demo',
      createdAt: new Date(now.getTime() - 3 * 86_400_000),
      nextAttemptAt: new Date(now.getTime() - 86_400_000),
    },
    {
      toAddress: 'moved.away@example.net',
      fromAddress: agency.siteSettings.agencyEmail,
      subject: 'Your valuation request',
      textBody: 'Thank you for your valuation request. A member of the team will be in touch shortly.',
      status: 'failed',
      attempts: 79,
      lastError: 'getaddrinfo ENOTFOUND mail.example.net',
      relatedKind: 'demo',
      createdAt: new Date(now.getTime() - 4 * 86_400_000),
      nextAttemptAt: new Date(now.getTime() - 2 * 86_400_000),
    },
  ]);
  report('content', contentTotal, contentTotal);
  // Fresh statistics and visibility map: PGlite never runs autovacuum; without statistics the planner picks plans ten
  // times slower, and without the visibility map the search's index-only scans read the table anyway.
  await db.execute(sql`vacuum analyze`);

  const count = async (table: PgTable) => {
    const [row] = await db.select({ value: sql<number>`count(*)::int` }).from(table);
    return Number(row?.value ?? 0);
  };
  return {
    places: await count(schema.places),
    siteSettings: await count(schema.siteSettings),
    menuItems: await count(schema.menuItems),
    branches: await count(schema.branches),
    departments: await count(schema.departments),
    staffMembers: await count(schema.staffMembers),
    properties: await count(schema.properties),
    addresses: await count(schema.addresses),
    articles: await count(schema.articles),
    pages: await count(schema.pages),
    formDefinitions: await count(schema.formDefinitions),
    images,
  };
}

/** True once a seed (or an operator) has written the site settings row. */
export async function isDatabaseSeeded(db: Database): Promise<boolean> {
  const rows = await db
    .select({ id: schema.siteSettings.id })
    .from(schema.siteSettings)
    .where(eq(schema.siteSettings.id, 1))
    .limit(1);
  return rows.length > 0;
}
