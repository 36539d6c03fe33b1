import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { importRuns, properties } from '../../db/schema/index.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { applyFeed } from '../../app/features/import/index.server.ts';
import { startJobRunner } from '../../server/job-runner.ts';
import { getEnv, resetEnvForTests } from '../../app/lib/env.server.ts';
import {
  createReapitJob,
  nextReapitPull,
  pullReapit,
  reapitSettingsFrom,
  type ReapitSettings,
} from '../../app/features/import/reapit/reapit-job.server.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { feedOf, insertImportWorld, listing as importedListing, record } from './import-fixtures.ts';
import { reapitImage, reapitLetting, reapitProperty, startReapitStub, type ReapitStub } from './reapit-stub.ts';

let database: TestDatabase;
let mediaDir: string;
let stub: ReapitStub;
const origin = 'https://agency.example';
const logger = pino({ level: 'silent' });
const quickMedia = { timeoutMs: 2_000, retries: 1, retryDelayMs: 10 };
let sleeps: number[] = [];
const client = {
  retries: 3,
  retryDelayMs: 250,
  sleep: async (ms: number) => {
    sleeps.push(ms);
  },
};

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'doorstep-reapit-media-'));
  process.env.MEDIA_DIR = path.join(mediaDir, 'media');
  process.env.IMAGE_CACHE_DIR = path.join(mediaDir, 'cache');
  // The stub serves the photos on loopback, which feed media may not reach unless this setting is on.
  process.env.IMPORT_ALLOW_PRIVATE_MEDIA_HOSTS = 'true';
  resetEnvForTests();
  database = await createTestDatabase();
  setDatabaseHandle(database);
  await insertImportWorld(database.db);
  stub = await startReapitStub();
});

afterAll(async () => {
  await stub?.close();
  setDatabaseHandle(undefined);
  await database?.dispose();
  delete process.env.MEDIA_DIR;
  delete process.env.IMAGE_CACHE_DIR;
  delete process.env.IMPORT_ALLOW_PRIVATE_MEDIA_HOSTS;
  resetEnvForTests();
  await rm(mediaDir, { recursive: true, force: true });
});

/** The agency's stock in Reapit: seven properties over three pages, sales and lettings, with photos. */
function seedStub() {
  stub.properties = [
    reapitProperty('BAT001'),
    reapitLetting('BAT002'),
    reapitProperty('BAT003', {
      marketingMode: 'sellingAndLetting',
      selling: { price: 325_000, qualifier: 'offersOver', status: 'underOffer', tenure: { type: 'leasehold' } },
      letting: { rent: 1450, rentFrequency: 'monthly', status: 'toLet', furnishing: ['unfurnished'] },
    }),
    reapitProperty('BAT004', { selling: { price: 500_000, status: 'completed' } }),
    reapitProperty('BAT005', { selling: { price: 275_000, status: 'forSaleUnavailable' } }),
    reapitProperty('BAT006', { selling: { price: 610_000, status: 'comingSoon', qualifier: 'guidePrice' } }),
    reapitLetting('BAT007', { rent: 300, rentFrequency: 'weekly', status: 'arrangingTenancy' }),
  ];
  stub.images = [
    reapitImage(stub, 'BAT001', 'BAT001-1', { order: 1, caption: 'Front elevation' }),
    reapitImage(stub, 'BAT001', 'BAT001-2', { order: 2, caption: 'Kitchen' }),
    reapitImage(stub, 'BAT001', 'BAT001-3', { order: 3, caption: 'Floor plan', type: 'floorPlan' }),
    reapitImage(stub, 'BAT001', 'BAT001-4', { order: 4, caption: 'Location', type: 'map' }),
    reapitImage(stub, 'BAT002', 'BAT002-1', { caption: 'Living room' }),
    reapitImage(stub, 'BAT003', 'BAT003-1'),
    reapitImage(stub, 'BAT005', 'BAT005-1'),
    reapitImage(stub, 'BAT006', 'BAT006-1'),
    reapitImage(stub, 'BAT007', 'BAT007-1'),
  ];
}

function settings(overrides: Partial<ReapitSettings> = {}): ReapitSettings {
  return {
    baseUrl: stub.url,
    tokenUrl: stub.tokenUrl,
    ...stub.credentials,
    intervalMs: 15 * 60_000,
    fullPullMs: 24 * 3_600_000,
    ...overrides,
  };
}

function pull(kind: 'full' | Date, overrides: Partial<ReapitSettings> = {}) {
  return pullReapit(
    database.db,
    settings(overrides),
    kind === 'full' ? { kind: 'full' } : { kind: 'incremental', modifiedFrom: kind },
    { media: quickMedia, client, origin, sendAlerts: false },
  );
}

async function listing(ref: string) {
  const [row] = await database.db
    .select()
    .from(properties)
    .where(sql`${properties.source} = 'reapit' and ${properties.sourceRef} = ${ref}`);
  return row;
}

async function snapshot() {
  return database.db
    .select({
      ref: properties.sourceRef,
      hash: properties.contentHash,
      price: properties.priceValue,
      isPublished: properties.isPublished,
      withdrawnAt: properties.withdrawnAt,
      updatedAt: properties.updatedAt,
    })
    .from(properties)
    .orderBy(asc(properties.id));
}

beforeEach(async () => {
  await database.db.execute(sql`truncate import_runs, jobs restart identity cascade`);
  await database.db.execute(sql`delete from properties`);
  seedStub();
  stub.requests = [];
  sleeps = [];
});

describe('Reapit pull', () => {
  it('a full pull reads every page and creates the listings on the market, with their photos', async () => {
    const report = await pull('full');
    expect(report.status).toBe('applied');
    // BAT003 is marketed both ways (two listings); BAT004 has completed, so it is not listed.
    expect(report.counts).toMatchObject({ created: 7, updated: 0, withdrawn: 0, rejected: 0 });
    expect(report.records.map((record) => record.ref).sort()).toEqual(
      ['BAT001', 'BAT002', 'BAT003', 'BAT003-L', 'BAT005', 'BAT006', 'BAT007'].sort(),
    );
    const propertyPages = stub.requests.filter((request) => request.path === '/properties');
    expect(propertyPages.map((request) => request.query.get('pageNumber'))).toEqual(['1', '2', '3']);
    expect(propertyPages[0]!.query.getAll('marketingMode')).toEqual(['selling', 'letting', 'sellingAndLetting']);
    expect(propertyPages[0]!.query.get('fromArchive')).toBe('false');

    const house = (await listing('BAT001'))!;
    expect(house).toMatchObject({
      channel: 'sales',
      status: 'available',
      isPublished: true,
      priceValue: 450_000,
      priceQualifier: 'Guide price',
      displayAddress: 'Orchard Road, Bath',
      addressLine1: '12 Orchard Road',
      town: 'Bath',
      postcode: 'BA1 2AB',
      bedrooms: 3,
      propertyType: 'house',
      propertyStyle: 'Semi-detached house',
      squareFeet: 1100,
      epcRating: 'D',
      councilTaxBand: 'D',
      tenure: 'Freehold',
      features: ['Three bedrooms', 'South-facing garden', 'Off-street parking'],
      location: { lng: -2.361, lat: 51.385 },
      slug: '3-bedroom-semi-detached-house-for-sale-in-bath-ba1',
    });
    expect(house.photos.map((photo) => photo.caption)).toEqual(['Front elevation', 'Kitchen']);
    expect(house.photos[0]!.url).toMatch(/^\/media\/imports\/[0-9a-f]{64}\.jpg$/);
    expect(house.floorplans).toHaveLength(1);
    expect(house.description).toBe('A semi-detached house.\n\nSouth-facing garden.');

    const flat = (await listing('BAT002'))!;
    expect(flat).toMatchObject({
      channel: 'lettings',
      status: 'available',
      priceValue: 1200,
      propertyStyle: 'Ground floor flat',
    });
    expect(flat.facts?.lettings).toMatchObject({
      rentFrequency: 'pcm',
      furnishing: 'furnished',
      availableFrom: '2026-10-01',
      deposit: 1385,
      minimumTermMonths: 12,
    });
    expect(await listing('BAT003')).toMatchObject({
      channel: 'sales',
      status: 'under-offer',
      priceQualifier: 'Offers over',
      tenure: 'Leasehold',
    });
    expect(await listing('BAT003-L')).toMatchObject({ channel: 'lettings', status: 'available', priceValue: 1450 });
    expect(await listing('BAT004')).toBeUndefined();
    expect(await listing('BAT005')).toMatchObject({ isPublished: false });
    // Weekly rent stored per calendar month.
    expect(await listing('BAT007')).toMatchObject({ status: 'let-agreed', priceValue: 1300 });

    const [run] = await database.db.select().from(importRuns);
    expect(run).toMatchObject({ source: 'reapit', fileName: 'Reapit full pull', status: 'applied' });
  });

  it('an unknown status is a warning naming the field and the value, and the listing is shown as available', async () => {
    const report = await pull('full');
    const record = report.records.find((entry) => entry.ref === 'BAT006')!;
    expect(record.outcome).toBe('created');
    expect(record.warnings).toContainEqual({
      field: 'selling.status',
      message: "selling.status 'comingSoon' is not a known status: shown as available",
    });
    expect(await listing('BAT006')).toMatchObject({ status: 'available', isPublished: true });
  });

  it('an incremental pull updates only what changed and withdraws only what Reapit says is off the market', async () => {
    const first = await pull('full');
    expect(first.status).toBe('applied');
    const since = new Date();
    const now = new Date(since.getTime() + 1000).toISOString();
    const untouched = await listing('BAT003');

    stub.properties = stub.properties
      // A price cut.
      .map((property) =>
        property.id === 'BAT001'
          ? { ...property, modified: now, selling: { ...property.selling, price: 435_000 } }
          : property.id === 'BAT002'
            ? { ...property, modified: now, letting: { ...property.letting, status: 'tenancyCurrent' } }
            : property,
      )
      // Deleted in Reapit: an incremental pull cannot see that, so the listing stays until the next full pull.
      .filter((property) => property.id !== 'BAT007');
    // A new photo, the property itself unchanged.
    stub.images.push(
      reapitImage(stub, 'BAT006', 'BAT006-2', { order: 2, caption: 'Garden', created: now, modified: now }),
    );
    stub.requests = [];

    const report = await pull(since);
    expect(report.status).toBe('applied');
    expect(report.counts).toMatchObject({ created: 0, updated: 2, unchanged: 0, withdrawn: 1, rejected: 0 });
    expect(
      report.records
        .filter((record) => record.outcome !== 'withdrawn')
        .map((record) => record.ref)
        .sort(),
    ).toEqual(['BAT001', 'BAT006']);
    expect(report.records.find((record) => record.outcome === 'withdrawn')?.ref).toBe('BAT002');
    const modifiedQueries = stub.requests.filter(
      (request) => request.query.get('modifiedFrom') === since.toISOString(),
    );
    expect(modifiedQueries.map((request) => request.path).sort()).toEqual(['/properties', '/propertyImages']);

    const cut = (await listing('BAT001'))!;
    expect(cut.priceValue).toBe(435_000);
    expect(cut.priceHistory.map((change) => change.price)).toEqual([450_000, 435_000]);
    expect((await listing('BAT006'))!.photos).toHaveLength(2);
    expect(await listing('BAT002')).toMatchObject({ isPublished: false, withdrawnAt: expect.any(Date) });
    expect(await listing('BAT007')).toMatchObject({ isPublished: true, withdrawnAt: null });
    expect((await listing('BAT003'))!.updatedAt).toEqual(untouched!.updatedAt);

    // The next full pull is a snapshot: the property deleted in Reapit is withdrawn now.
    const full = await pull('full');
    expect(full.status).toBe('applied');
    expect(full.records.filter((record) => record.outcome === 'withdrawn').map((record) => record.ref)).toEqual([
      'BAT007',
    ]);
    expect(await listing('BAT007')).toMatchObject({ isPublished: false, withdrawnAt: expect.any(Date) });
  });

  it('a full pull that would withdraw more than 30% of the live listings is refused and changes nothing', async () => {
    await pull('full');
    const before = await snapshot();
    stub.properties = stub.properties.filter((property) => property.id === 'BAT001' || property.id === 'BAT002');
    const report = await pull('full');
    expect(report.status).toBe('refused');
    expect(report.reason).toMatch(/would withdraw 4 of the 6 listings/);
    expect(await snapshot()).toEqual(before);
  });

  it('waits as Retry-After asks after a 429, backs off after a 500, and then carries on', async () => {
    stub.fail('/properties', [{ status: 429, retryAfter: '2' }]);
    stub.fail('/propertyImages', [{ status: 500 }, { status: 503 }]);
    const report = await pull('full');
    expect(report.status).toBe('applied');
    expect(report.counts.created).toBe(7);
    // 2 s from Retry-After, then the client's own doubling backoff for the 5xx answers.
    expect(sleeps).toEqual([2000, 250, 500]);
    expect(stub.requests.filter((request) => request.status >= 429).map((request) => request.status)).toEqual([
      429, 500, 503,
    ]);
  });

  it('gives up after its retries, refuses the pull and changes nothing', async () => {
    await pull('full');
    const before = await snapshot();
    stub.fail(
      '/properties',
      Array.from({ length: 4 }, () => ({ status: 500 })),
    );
    const report = await pull('full');
    expect(report.status).toBe('refused');
    expect(report.reason).toBe(
      'Reapit answered GET /properties with HTTP 500 after 4 attempts. Nothing was changed; the next pull will try again.',
    );
    expect(await snapshot()).toEqual(before);
  });

  it('fetches a new token when the one in hand has expired between two pages', async () => {
    stub.expireTokensAfter('/properties', 1);
    const report = await pull('full');
    expect(report.status).toBe('applied');
    expect(report.counts.created).toBe(7);
    const answers = stub.requests.map((request) => `${request.path} ${request.status}`);
    expect(answers.filter((answer) => answer === '/token 200')).toHaveLength(2);
    // The 401 came after the first page, and the same request was answered once the new token was in hand.
    expect(answers.indexOf('/propertyImages 401')).toBeGreaterThan(answers.indexOf('/properties 200'));
  });

  it('bad credentials give a clear refusal, recorded, and change nothing', async () => {
    await pull('full');
    const before = await snapshot();
    const report = await pull('full', { clientSecret: 'wrong-secret' });
    expect(report).toEqual({
      status: 'refused',
      reason:
        'Reapit Connect refused the client credentials (HTTP 401, access_denied: Unauthorized): check REAPIT_CLIENT_ID and REAPIT_CLIENT_SECRET. Nothing was changed; the next pull will try again.',
      counts: { created: 0, updated: 0, unchanged: 0, withdrawn: 0, rejected: 0, warnings: 0 },
      records: [],
    });
    expect(await snapshot()).toEqual(before);
    // A wrong customer id: the API refuses, and says which setting to check.
    const wrongCustomer = await pull('full', { customerId: 'NOTME' });
    expect(wrongCustomer.status).toBe('refused');
    expect(wrongCustomer.reason).toContain('HTTP 403');
    expect(wrongCustomer.reason).toContain('REAPIT_CUSTOMER_ID');
    expect(await snapshot()).toEqual(before);
    const runs = await database.db.select().from(importRuns).orderBy(asc(importRuns.id));
    expect(runs.map((run) => run.status)).toEqual(['applied', 'refused', 'refused']);
  });
});

describe('the scheduled Reapit job', () => {
  it('does nothing when the Reapit settings are unset', async () => {
    for (const name of ['REAPIT_CLIENT_ID', 'REAPIT_CLIENT_SECRET', 'REAPIT_CUSTOMER_ID']) delete process.env[name];
    resetEnvForTests();
    expect(reapitSettingsFrom(getEnv())).toBeNull();
    expect(createReapitJob({ settings: reapitSettingsFrom(getEnv()), logger })).toBeNull();
    expect(stub.requests).toEqual([]);
  });

  it('refuses to start with only some of the credentials', () => {
    process.env.REAPIT_CLIENT_ID = 'doorstep-client';
    resetEnvForTests();
    try {
      expect(() => getEnv()).toThrow(
        'REAPIT_CLIENT_SECRET, REAPIT_CUSTOMER_ID are not set: the Reapit pull needs REAPIT_CLIENT_ID, REAPIT_CLIENT_SECRET and REAPIT_CUSTOMER_ID together',
      );
    } finally {
      delete process.env.REAPIT_CLIENT_ID;
      resetEnvForTests();
    }
  });

  it('reads the settings from the environment', () => {
    Object.assign(process.env, {
      REAPIT_CLIENT_ID: 'doorstep-client',
      REAPIT_CLIENT_SECRET: 'secret',
      REAPIT_CUSTOMER_ID: 'SBOX',
      REAPIT_BASE_URL: stub.url,
      REAPIT_TOKEN_URL: stub.tokenUrl,
      REAPIT_INTERVAL_MINUTES: '5',
    });
    resetEnvForTests();
    try {
      expect(reapitSettingsFrom(getEnv())).toEqual({
        baseUrl: stub.url,
        tokenUrl: stub.tokenUrl,
        clientId: 'doorstep-client',
        clientSecret: 'secret',
        customerId: 'SBOX',
        intervalMs: 5 * 60_000,
        fullPullMs: 24 * 3_600_000,
      });
    } finally {
      for (const name of [
        'REAPIT_CLIENT_ID',
        'REAPIT_CLIENT_SECRET',
        'REAPIT_CUSTOMER_ID',
        'REAPIT_BASE_URL',
        'REAPIT_TOKEN_URL',
        'REAPIT_INTERVAL_MINUTES',
      ])
        delete process.env[name];
      resetEnvForTests();
    }
  });

  it('runs in the job runner when the REAPIT_* settings are set', async () => {
    const names = {
      REAPIT_CLIENT_ID: stub.credentials.clientId,
      REAPIT_CLIENT_SECRET: stub.credentials.clientSecret,
      REAPIT_CUSTOMER_ID: stub.credentials.customerId,
      REAPIT_BASE_URL: stub.url,
      REAPIT_TOKEN_URL: stub.tokenUrl,
    };
    Object.assign(process.env, names);
    resetEnvForTests();
    const stop = startJobRunner(() => database.db, logger, {
      sender: { sendMail: async () => undefined },
      mailPollMs: 60_000,
      alertJob: async () => undefined,
      dropFolderJob: null,
      reapitPollMs: 20,
    });
    try {
      const deadline = Date.now() + 20_000;
      let runs: { status: string; fileName: string }[] = [];
      while (runs.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        runs = await database.db.select().from(importRuns);
      }
      expect(runs).toMatchObject([{ status: 'applied', fileName: 'Reapit full pull' }]);
      expect(await listing('BAT001')).toMatchObject({ isPublished: true });
    } finally {
      await stop();
      for (const name of Object.keys(names)) delete process.env[name];
      resetEnvForTests();
    }
  });

  it('pulls everything first, then the changes at each interval from the last applied pull, and everything again daily', async () => {
    let now = new Date();
    const tick = createReapitJob({
      settings: settings(),
      logger,
      now: () => now,
      pull: { media: quickMedia, client, origin, sendAlerts: false },
    })!;
    const first = await tick(database.db);
    expect(first).toMatchObject({ kind: 'pulled', pull: { kind: 'full' }, report: { status: 'applied' } });
    const [applied] = await database.db.select().from(importRuns).where(eq(importRuns.status, 'applied'));
    expect(await tick(database.db)).toEqual({ kind: 'idle' });

    now = new Date(now.getTime() + 16 * 60_000);
    expect(await nextReapitPull(database.db, settings(), now)).toEqual({
      kind: 'incremental',
      modifiedFrom: new Date(applied!.startedAt.getTime() - 5 * 60_000),
    });
    const second = await tick(database.db);
    expect(second).toMatchObject({ kind: 'pulled', pull: { kind: 'incremental' }, report: { status: 'applied' } });
    if (second.kind === 'pulled') expect(second.report.counts).toMatchObject({ created: 0, updated: 0, withdrawn: 0 });

    expect(await nextReapitPull(database.db, settings(), new Date(now.getTime() + 25 * 3_600_000))).toEqual({
      kind: 'full',
    });
  });
});

describe('applyFeed with a feed that is not a snapshot', () => {
  const apply = (refs: string[], options: { isSnapshot?: boolean; offMarket?: string[] } = {}) =>
    applyFeed(
      database.db,
      { ...feedOf(refs.map((ref) => record(importedListing(ref)))), offMarketRefs: () => options.offMarket ?? [] },
      { source: 'changes', origin, media: quickMedia, sendAlerts: false, isSnapshot: options.isSnapshot },
    );
  const live = async () =>
    (
      await database.db
        .select({ ref: properties.sourceRef })
        .from(properties)
        .where(sql`${properties.source} = 'changes' and ${properties.withdrawnAt} is null`)
        .orderBy(asc(properties.sourceRef))
    ).map((row) => row.ref);

  it('withdraws only the listings it names, however many it leaves out', async () => {
    expect((await apply(['C1', 'C2', 'C3', 'C4'])).status).toBe('applied');
    const report = await apply(['C1'], { isSnapshot: false, offMarket: ['C2'] });
    expect(report.status).toBe('applied');
    expect(report.counts).toMatchObject({ unchanged: 1, withdrawn: 1 });
    expect(await live()).toEqual(['C1', 'C3', 'C4']);
  });

  it('names off-market listings without counting them as a mass withdrawal; a snapshot still withdraws what it lacks', async () => {
    await apply(['C1', 'C2', 'C3', 'C4']);
    // Three of four named by the source as sold: its word, not a truncated file.
    expect((await apply([], { isSnapshot: false, offMarket: ['C1', 'C2', 'C3'] })).counts.withdrawn).toBe(3);
    expect(await live()).toEqual(['C4']);
    await apply(['C1', 'C2', 'C3', 'C4']);
    const refused = await apply(['C1']);
    expect(refused.status).toBe('refused');
    expect(await live()).toEqual(['C1', 'C2', 'C3', 'C4']);
  });
});
