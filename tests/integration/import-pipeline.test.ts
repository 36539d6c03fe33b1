import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { emailOutbox, importRuns, properties, savedProperties, savedSearchAlerts } from '../../db/schema/index.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { resetEnvForTests } from '../../app/lib/env.server.ts';
import { applyFeed } from '../../app/features/import/index.server.ts';
import { saveSearchForUser } from '../../app/features/saved/saved-search-queries.server.ts';
import { addSavedProperties, listSavedProperties } from '../../app/features/saved/saved-property-queries.server.ts';
import { getPropertyPage } from '../../app/features/properties/property-page.server.ts';
import { createSearch } from '../../app/features/search/search-model.ts';
import { registerServerRoutes } from '../../server/routes.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { feedOf, insertImportWorld, jpeg, listing, listingFields, record } from './import-fixtures.ts';
import { insertUser } from './saved-fixtures.ts';

let database: TestDatabase;
let mediaDir: string;
const origin = 'https://agency.example';
const source = 'blm';

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'doorstep-import-media-'));
  process.env.MEDIA_DIR = path.join(mediaDir, 'media');
  process.env.IMAGE_CACHE_DIR = path.join(mediaDir, 'cache');
  resetEnvForTests();
  database = await createTestDatabase();
  setDatabaseHandle(database);
  await insertImportWorld(database.db);
});

afterAll(async () => {
  setDatabaseHandle(undefined);
  await database?.dispose();
  delete process.env.MEDIA_DIR;
  delete process.env.IMAGE_CACHE_DIR;
  resetEnvForTests();
  await rm(mediaDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await database.db.execute(
    sql`truncate saved_search_alerts, saved_searches, saved_properties, email_outbox, jobs, import_runs restart identity cascade`,
  );
  await database.db.execute(sql`delete from properties`);
});

const quickMedia = { timeoutMs: 500, retries: 1, retryDelayMs: 10 };

function apply(records: ReturnType<typeof record>[], options: Partial<Parameters<typeof applyFeed>[2]> = {}) {
  return applyFeed(database.db, feedOf(records), { source, origin, media: quickMedia, ...options });
}

/** Everything about the listings a refused or dry-run import must leave alone. */
async function snapshot() {
  return database.db
    .select({
      id: properties.id,
      slug: properties.slug,
      hash: properties.contentHash,
      price: properties.priceValue,
      isPublished: properties.isPublished,
      withdrawnAt: properties.withdrawnAt,
      updatedAt: properties.updatedAt,
      priceHistory: properties.priceHistory,
    })
    .from(properties)
    .orderBy(asc(properties.id));
}

async function listingByRef(ref: string) {
  const [row] = await database.db.select().from(properties).where(eq(properties.sourceRef, ref));
  return row!;
}

describe('applyFeed', () => {
  it('creates listings keyed by (source, ref) with unique slugs, places and public URLs', async () => {
    const report = await apply([
      record(listing('A1')),
      record(listing('A2')),
      record(listing('A3', { coordinates: null })),
      record(
        listing('A4', {
          coordinates: null,
          fields: listingFields({ town: 'Nowhere-on-Sea', postcode: 'ZZ9 9ZZ', displayAddress: 'Lost Lane' }),
        }),
      ),
    ]);
    expect(report.status).toBe('applied');
    expect(report.counts).toEqual({ created: 4, updated: 0, unchanged: 0, withdrawn: 0, rejected: 0, warnings: 1 });
    const a1 = await listingByRef('A1');
    const a2 = await listingByRef('A2');
    expect(a1.source).toBe(source);
    expect(a1.slug).toBe('3-bedroom-semi-detached-house-for-sale-in-bath-ba1');
    expect(a2.slug).toBe('3-bedroom-semi-detached-house-for-sale-in-bath-ba1-2');
    expect(a1.location).toEqual({ lng: -2.361, lat: 51.385 });
    expect(a1).toMatchObject({
      county: 'Somerset',
      countySlug: 'somerset',
      postcodeDistrict: 'BA1',
      branchId: expect.any(Number),
    });
    expect(a1.priceHistory).toEqual([{ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), price: 350_000 }]);
    // No coordinates: the postcode district's centre.
    expect((await listingByRef('A3')).location).toEqual({ lng: -2.37, lat: 51.39 });
    // Neither coordinates nor a known place: published without a map pin, with a warning.
    const lost = await listingByRef('A4');
    expect(lost.location).toBeNull();
    expect(lost.isPublished).toBe(true);
    const lostRecord = report.records.find((entry) => entry.ref === 'A4')!;
    expect(lostRecord.warnings[0]).toMatchObject({ field: 'POSTCODE1' });
    expect(lostRecord.warnings[0]!.message).toContain('without a map pin');
    expect(report.records.find((entry) => entry.ref === 'A1')).toEqual({
      ref: 'A1',
      outcome: 'created',
      url: `${origin}/properties/${a1.slug}`,
      errors: [],
      warnings: [],
    });
    const [run] = await database.db.select().from(importRuns);
    expect(run).toMatchObject({ source, status: 'applied', recordCount: 4 });
    expect(run!.counts.created).toBe(4);
  });

  it('imports the same feed twice as all unchanged, writing nothing', async () => {
    const records = [record(listing('B1')), record(listing('B2'))];
    await apply(records);
    const before = await snapshot();
    const report = await apply(records);
    expect(report.status).toBe('applied');
    expect(report.counts).toMatchObject({ created: 0, updated: 0, unchanged: 2, withdrawn: 0 });
    expect(report.records.every((entry) => entry.outcome === 'unchanged' && entry.url)).toBe(true);
    expect(await snapshot()).toEqual(before);
  });

  it('updates a changed listing, keeping its slug and recording the price in its history', async () => {
    await apply([record(listing('C1')), record(listing('C2'))]);
    const before = await listingByRef('C1');
    const report = await apply([
      record(listing('C1', { fields: listingFields({ priceValue: 325_000, status: 'under-offer' }) })),
      record(listing('C2')),
    ]);
    expect(report.counts).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    const after = await listingByRef('C1');
    expect(after.slug).toBe(before.slug);
    expect(after.priceValue).toBe(325_000);
    expect(after.priceHistory.map((change) => change.price)).toEqual([350_000, 325_000]);
    expect(after.statusHistory.map((change) => change.status)).toEqual(['added', 'under-offer']);
  });

  it('withdraws listings missing from the file: unpublished and marked, never deleted', async () => {
    const all = ['D1', 'D2', 'D3', 'D4'].map((ref) => record(listing(ref)));
    await apply(all);
    const report = await apply(all.slice(0, 3));
    expect(report.status).toBe('applied');
    expect(report.counts.withdrawn).toBe(1);
    expect(report.records.at(-1)).toEqual({ ref: 'D4', outcome: 'withdrawn', errors: [], warnings: [] });
    const gone = await listingByRef('D4');
    expect(gone.isPublished).toBe(false);
    expect(gone.withdrawnAt).toBeInstanceOf(Date);
    // Its page stays reachable, says so, and offers similar listings; a saved list shows it marked.
    const page = await getPropertyPage(database.db, gone.slug);
    expect(page).toMatchObject({ isOffTheMarket: true });
    expect(page!.similar.map((card) => card.property_url).sort()).toEqual(
      (await Promise.all(['D1', 'D2', 'D3'].map(listingByRef))).map((row) => `/properties/${row.slug}`).sort(),
    );
    const userId = await insertUser(database.db);
    await database.db.insert(savedProperties).values({ userId, propertyId: gone.id });
    const saved = await listSavedProperties(database.db, userId);
    expect(saved.properties).toHaveLength(1);
    expect(saved.properties[0]!.statusTags).toEqual(['No longer on the market']);
    // Back in the next file: published again.
    const again = await apply(all);
    expect(again.counts).toMatchObject({ updated: 1, unchanged: 3, withdrawn: 0 });
    expect(await listingByRef('D4')).toMatchObject({ isPublished: true, withdrawnAt: null });
  });

  it('refuses a file that would withdraw more than 30% of the live listings, unless allowed', async () => {
    const all = ['E1', 'E2', 'E3'].map((ref) => record(listing(ref)));
    await apply(all);
    const before = await snapshot();
    const refused = await apply(all.slice(0, 1));
    expect(refused.status).toBe('refused');
    expect(refused.reason).toContain('would withdraw 2 of the 3 listings');
    expect(refused.reason).toContain('--allow-mass-withdraw');
    expect(await snapshot()).toEqual(before);
    const allowed = await apply(all.slice(0, 1), { allowMassWithdraw: true });
    expect(allowed.status).toBe('applied');
    expect(allowed.counts.withdrawn).toBe(2);
  });

  it('leaves the database exactly as it was when the parser refuses the file after some records', async () => {
    await apply([record(listing('F1')), record(listing('F2'))]);
    const before = await snapshot();
    const feed = feedOf(
      [
        record(listing('F1', { fields: listingFields({ priceValue: 1 }) })),
        record(listing('F2', { fields: listingFields({ priceValue: 2 }) })),
        record(listing('F3')),
      ],
      { refuseAfter: 3, reason: 'The file ends without #END#: it may have been cut short' },
    );
    const report = await applyFeed(database.db, feed, { source, origin });
    expect(report).toEqual({
      status: 'refused',
      reason: 'The file ends without #END#: it may have been cut short',
      counts: { created: 0, updated: 0, unchanged: 0, withdrawn: 0, rejected: 0, warnings: 0 },
      records: [],
    });
    expect(feed.isClosed()).toBe(true);
    expect(await snapshot()).toEqual(before);
    const runs = await database.db.select().from(importRuns).orderBy(asc(importRuns.id));
    expect(runs.at(-1)).toMatchObject({ status: 'refused', reason: report.reason });
  });

  it('rolls the whole file back when a write fails part-way', async () => {
    await apply([record(listing('G1'))]);
    const before = await snapshot();
    // A price beyond PostgreSQL's integer range fails the insert of the second batch row.
    const report = apply([
      record(listing('G1', { fields: listingFields({ priceValue: 400_000 }) })),
      record(listing('G2', { fields: listingFields({ priceValue: 2 ** 40 }) })),
    ]);
    await expect(report).rejects.toThrow();
    expect(await snapshot()).toEqual(before);
  });

  it('a dry run reports what would happen and changes nothing', async () => {
    await apply([record(listing('H1')), record(listing('H2')), record(listing('H3')), record(listing('H4'))]);
    const before = await snapshot();
    const report = await apply(
      [
        record(listing('H1', { fields: listingFields({ priceValue: 1_000 }) })),
        record(listing('H2')),
        record(listing('H3')),
        record(listing('H5')),
      ],
      { dryRun: true },
    );
    expect(report.status).toBe('dry-run');
    expect(report.counts).toMatchObject({ created: 1, updated: 1, unchanged: 2, withdrawn: 1 });
    expect(await snapshot()).toEqual(before);
  });

  it('rejects records the parser could not map, duplicated refs and unknown branches, and applies the rest', async () => {
    const report = await apply([
      record(listing('J1')),
      {
        ref: 'J2',
        listing: null,
        errors: [{ field: 'PRICE', message: 'PRICE is empty: a property without a price is not published' }],
        warnings: [],
      },
      record(listing('J1')),
      record(listing('J3', { branchCode: 'XYZ' })),
    ]);
    expect(report.status).toBe('applied');
    expect(report.counts).toMatchObject({ created: 1, rejected: 3 });
    expect(
      report.records.filter((entry) => entry.outcome === 'rejected').map((entry) => entry.errors[0]!.field),
    ).toEqual(['PRICE', 'AGENT_REF', 'BRANCH_ID']);
  });

  it('fires instant alerts for a new listing and price-drop alerts for a saved one, after the commit', async () => {
    await apply([record(listing('K1'))]);
    const userId = await insertUser(database.db, 'buyer@example.com');
    const saved = await saveSearchForUser(database.db, userId, createSearch({ channel: 'sales', minBeds: 2 }), 'I');
    expect(saved.outcome).not.toBe('limit-reached');
    const k1 = await listingByRef('K1');
    await addSavedProperties(database.db, userId, [k1.id]);
    await database.db.execute(sql`update saved_searches set created_at = now() - interval '1 minute'`);
    const report = await apply([
      record(listing('K1', { fields: listingFields({ priceValue: 300_000 }) })),
      record(listing('K2')),
    ]);
    expect(report.counts).toMatchObject({ created: 1, updated: 1 });
    const k2 = await listingByRef('K2');
    const alerts = await database.db.select().from(savedSearchAlerts);
    expect(alerts.map((alert) => alert.propertyId)).toEqual([k2.id]);
    const emails = await database.db.select().from(emailOutbox).orderBy(asc(emailOutbox.id));
    expect(emails.map((email) => email.relatedKind).sort()).toEqual(['saved-property-change', 'saved-search-alert']);
    const priceDrop = emails.find((email) => email.relatedKind === 'saved-property-change')!;
    expect(priceDrop.textBody).toContain('£300,000');
    const newListing = emails.find((email) => email.relatedKind === 'saved-search-alert')!;
    expect(newListing.textBody).toContain(`/properties/${k2.slug}`);
  });
});

describe('applyFeed media', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    // The test server is on loopback, which feeds may not reach unless this setting is on.
    process.env.IMPORT_ALLOW_PRIVATE_MEDIA_HOSTS = 'true';
    resetEnvForTests();
    const photo = await jpeg(80, 60, { r: 10, g: 200, b: 10 });
    server = createServer((request, response) => {
      if (request.url === '/photo.jpg') {
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        response.end(photo);
      } else if (request.url === '/redirect') {
        response.writeHead(302, { location: '/photo.jpg' });
        response.end();
      } else if (request.url === '/html.jpg') {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<!doctype html><title>Not found</title>');
      } else if (request.url === '/slow.jpg') {
        // Never answers: the download's time limit must end it.
      } else {
        response.writeHead(404);
        response.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    delete process.env.IMPORT_ALLOW_PRIVATE_MEDIA_HOSTS;
    resetEnvForTests();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('stores checked files once by content hash, fills the gallery, and the media route serves them resized', async () => {
    const front = await jpeg(640, 480);
    const plan = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    const feed = feedOf(
      [
        record(
          listing('M1', {
            media: [
              { kind: 'photo', source: 'M1_IMG_00.jpg', caption: 'Front', order: 0 },
              { kind: 'photo', source: 'M1_IMG_01.jpg', caption: null, order: 1 },
              { kind: 'photo', source: `${base}/redirect`, caption: 'Garden', order: 2 },
              { kind: 'floorplan', source: 'M1_FLP_00.png', caption: null, order: 0 },
              { kind: 'brochure', source: 'M1_DOC_00.pdf', caption: 'Brochure', order: 0 },
            ],
            videos: [{ url: 'https://www.youtube.com/watch?v=abc123', kind: 'video', description: 'Walk-through' }],
          }),
        ),
        record(listing('M2', { media: [{ kind: 'photo', source: 'M1_IMG_00.jpg', caption: null, order: 0 }] })),
      ],
      {
        media: {
          'M1_IMG_00.jpg': front,
          'M1_IMG_01.jpg': Buffer.from('this is not a jpeg'),
          'M1_FLP_00.png': plan,
          'M1_DOC_00.pdf': pdf,
        },
      },
    );
    const report = await applyFeed(database.db, feed, { source, origin, media: quickMedia });
    expect(report.status).toBe('applied');
    const m1 = await listingByRef('M1');
    expect(m1.photos).toHaveLength(2);
    expect(m1.photos[0]).toMatchObject({
      caption: 'Front',
      width: 640,
      height: 480,
      imageAlt: 'Front, Orchard Road, Bath',
    });
    expect(m1.photos[0]!.url).toMatch(/^\/media\/imports\/[0-9a-f]{64}\.jpg$/);
    expect(m1.photos[1]).toMatchObject({ caption: 'Garden', width: 80, height: 60 });
    expect(m1.floorplans[0]!.url).toMatch(/\.png$/);
    expect(m1.documents).toEqual([{ url: expect.stringMatching(/\.pdf$/), title: 'Brochure', kind: 'brochure' }]);
    expect(m1.videos).toEqual([
      {
        id: expect.any(String),
        url: 'https://www.youtube.com/watch?v=abc123',
        description: 'Walk-through',
        kind: 'video',
      },
    ]);
    const warnings = report.records.find((entry) => entry.ref === 'M1')!.warnings;
    expect(warnings).toEqual([
      { field: 'MEDIA_IMAGE_01', message: 'MEDIA_IMAGE_01 "M1_IMG_01.jpg" is not an image: the file is skipped' },
    ]);
    // The same photo in two listings is one file.
    expect((await listingByRef('M2')).photos[0]!.url).toBe(m1.photos[0]!.url);
    const stored = await readdir(path.join(mediaDir, 'media', 'originals', 'imports'));
    expect(stored.filter((name) => name.endsWith('.jpg'))).toHaveLength(2);

    const app = new Hono();
    registerServerRoutes(app);
    const resized = await app.request(m1.photos[0]!.url.replace('/media/', '/media/408x250/'), {
      headers: { accept: 'image/webp' },
    });
    expect(resized.status).toBe(200);
    expect(resized.headers.get('content-type')).toBe('image/webp');
    const info = await sharp(Buffer.from(await resized.arrayBuffer())).metadata();
    expect(info).toMatchObject({ format: 'webp', width: 408, height: 250 });
    const brochure = await app.request(m1.documents[0]!.url);
    expect(brochure.status).toBe(200);
    expect(brochure.headers.get('content-type')).toBe('application/pdf');
  });

  it('skips URL media that answers HTML or never answers, with a warning each', async () => {
    const report = await applyFeed(
      database.db,
      feedOf([
        record(
          listing('N1', {
            media: [
              { kind: 'photo', source: `${base}/html.jpg`, caption: null, order: 0 },
              { kind: 'photo', source: `${base}/slow.jpg`, caption: null, order: 1 },
              { kind: 'photo', source: `${base}/missing.jpg`, caption: null, order: 2 },
              { kind: 'photo', source: '../../etc/passwd', caption: null, order: 3 },
            ],
          }),
        ),
      ]),
      { source, origin, media: quickMedia },
    );
    expect(report.status).toBe('applied');
    expect(report.records[0]!.warnings.map((warning) => warning.message)).toEqual([
      `MEDIA_IMAGE_00 "${base}/html.jpg" is not an image: the file is skipped`,
      `MEDIA_IMAGE_01 "${base}/slow.jpg" could not be downloaded within 1 seconds: the file is skipped`,
      `MEDIA_IMAGE_02 "${base}/missing.jpg" answered HTTP 404: the file is skipped`,
      'MEDIA_IMAGE_03 "../../etc/passwd" is not a file name inside the feed: the file is skipped',
    ]);
    expect((await listingByRef('N1')).photos).toEqual([]);
  });
});

describe('applyFeed media addresses', () => {
  let server: Server;
  let port: number;
  const requests: string[] = [];
  beforeAll(async () => {
    const photo = await jpeg(80, 60);
    server = createServer((request, response) => {
      requests.push(request.url ?? '');
      if (request.url === '/redirect') {
        response.writeHead(302, { location: '/photo.jpg' });
        response.end();
      } else {
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        response.end(photo);
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('refuses media on loopback, private and link-local addresses with a warning, fetching nothing', async () => {
    const urls = [
      `http://127.0.0.1:${port}/photo.jpg`,
      'http://10.1.2.3/photo.jpg',
      'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
      `http://localhost:${port}/photo.jpg`,
      `http://[::1]:${port}/photo.jpg`,
      `http://127.0.0.1:${port}/redirect`,
    ];
    const report = await apply([
      record(
        listing('S1', {
          media: urls.map((url, order) => ({ kind: 'photo' as const, source: url, caption: null, order })),
        }),
      ),
    ]);
    expect(report.status).toBe('applied');
    const rule = 'and imports download only from public internet addresses: the file is skipped';
    expect(report.records[0]!.warnings.map((warning) => warning.message)).toEqual([
      `MEDIA_IMAGE_00 "${urls[0]}" points to 127.0.0.1, a loopback address on this server, ${rule}`,
      `MEDIA_IMAGE_01 "${urls[1]}" points to 10.1.2.3, a private network address, ${rule}`,
      `MEDIA_IMAGE_02 "${urls[2]}" points to 169.254.169.254, a link-local address such as a cloud metadata service, ${rule}`,
      expect.stringMatching(
        new RegExp(`^MEDIA_IMAGE_03 "http://localhost:${port}/photo.jpg" points to (127\\.0\\.0\\.1|::1), a loopback`),
      ),
      `MEDIA_IMAGE_04 "${urls[4]}" points to ::1, a loopback address on this server, ${rule}`,
      `MEDIA_IMAGE_05 "${urls[5]}" points to 127.0.0.1, a loopback address on this server, ${rule}`,
    ]);
    expect(requests).toEqual([]);
    expect((await listingByRef('S1')).photos).toEqual([]);
  });
});
