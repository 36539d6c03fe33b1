/**
 * The listings editor's routes: a manager creates and edits manual listings of their own branches only (another
 * branch's listing answers 404 to read, preview, save, publish, status and price alike), negotiators and editors
 * get 403, a save made from an older version is refused without overwriting, every change is audit-logged with
 * before and after, drops the listing's pages from the page cache, and price and status changes write the
 * histories and send the saved-property alerts as the import does. Imported listings are read-only. No value
 * posted is answered with a 500.
 */
import fc from 'fast-check';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  emailOutbox,
  importRuns,
  properties,
  savedProperties,
  staffMembers,
  users,
} from '../../db/schema/index.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { onPageChange } from '../../app/lib/page-cache-bus.server.ts';
import type { StaffRole } from '../../app/features/staff/index.ts';
import { STALE_VERSION_MESSAGE } from '../../app/features/listing-editor/listing-editor-model.ts';
import * as listRoute from '../../app/routes/admin/listings.tsx';
import * as newRoute from '../../app/routes/admin/listing-new.tsx';
import * as listingRoute from '../../app/routes/admin/listing.tsx';
import * as previewRoute from '../../app/routes/admin/listing-preview.tsx';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { callStaffRoute, insertBranches, type RouteAnswer, signedInStaff } from './staff-fixtures.ts';

const BATH = 1;
const BRISTOL = 2;
let database: TestDatabase;
const staff: Record<string, () => Promise<string>> = {};

async function makeStaff(name: string, role: StaffRole, branchSlugs: string[]) {
  staff[name] = (await signedInStaff(database.db, role, branchSlugs)).cookie;
}

const LISTING: Record<string, string> = {
  intent: 'save',
  reference: 'BATH-M-001',
  channel: 'sales',
  branch_id: String(BATH),
  property_type: 'house',
  property_style: 'Semi-detached house',
  bedrooms: '3',
  display_address: 'Widcombe Hill, Bath',
  address_line_1: '12 Widcombe Hill',
  town: 'Bath',
  postcode: 'BA2 4AB',
  nation: 'england',
  price_value: '450000',
  summary: 'A family house with a garden',
};

async function post(
  who: string,
  handler: (args: never) => unknown,
  url: string,
  body: Record<string, string>,
  params: Record<string, string> = {},
): Promise<RouteAnswer> {
  return callStaffRoute(database.db, handler, { cookie: await staff[who]!(), url, params, body });
}

async function get(who: string, handler: (args: never) => unknown, url: string, params: Record<string, string> = {}) {
  return callStaffRoute(database.db, handler, { cookie: await staff[who]!(), url, params });
}

async function createAs(who: string, fields: Record<string, string> = {}): Promise<number> {
  const answer = await post(who, newRoute.action, '/admin/listings/new', { ...LISTING, ...fields });
  expect(answer.status, JSON.stringify(answer.data)).toBe(303);
  const match = /^\/admin\/listings\/(\d+)\?notice=created$/.exec(answer.response!.headers.get('location') ?? '');
  expect(match).not.toBeNull();
  return Number(match![1]);
}

async function listingRow(id: number) {
  const [row] = await database.db.select().from(properties).where(eq(properties.id, id));
  return row!;
}

async function lastAudit(action: string) {
  const [row] = await database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
  await insertBranches(database.db);
  await makeStaff('owner', 'owner', []);
  await makeStaff('bath manager', 'manager', ['bath']);
  await makeStaff('bristol manager', 'manager', ['bristol']);
  await makeStaff('bath negotiator', 'negotiator', ['bath']);
  await makeStaff('editor', 'editor', []);
}, 60_000);

afterAll(async () => {
  setDatabaseHandle(undefined);
  await database?.dispose();
});

describe('creating a manual listing', () => {
  it('saves a draft of the manager’s branch, audit-logged', async () => {
    const id = await createAs('bath manager');
    const row = await listingRow(id);
    expect(row).toMatchObject({
      branchId: BATH,
      source: null,
      isPublished: false,
      version: 1,
      postcode: 'BA2 4AB',
      postcodeDistrict: 'BA2',
      priceValue: 450_000,
      statusHistory: [],
    });
    expect(row.slug).toBe('3-bedroom-semi-detached-house-for-sale-in-bath-ba2');
    const audit = await lastAudit('listing.created');
    expect(audit?.target).toBe(`listing:${id}`);
    expect((audit?.details as { after: { reference: string } }).after.reference).toBe('BATH-M-001');
  });

  it('gives a second listing of the same kind its own address', async () => {
    const id = await createAs('bath manager', { reference: 'BATH-M-002' });
    expect((await listingRow(id)).slug).toBe('3-bedroom-semi-detached-house-for-sale-in-bath-ba2-2');
  });

  it('names a contact of the listing’s own branch only', async () => {
    const person = (branchId: number, firstName: string) => ({
      branchId,
      firstName,
      surname: 'Agent',
      jobTitle: 'Negotiator',
      email: `${firstName.toLowerCase()}@agency.example`,
      telephoneNumber: '01225 000001',
    });
    const [bathPerson, bristolPerson] = await database.db
      .insert(staffMembers)
      .values([person(BATH, 'Bea'), person(BRISTOL, 'Bo')])
      .returning({ id: staffMembers.id });
    const refused = await post('bath manager', newRoute.action, '/admin/listings/new', {
      ...LISTING,
      reference: 'BATH-CONTACT',
      staff_member_id: String(bristolPerson!.id),
    });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.data)).toContain('Choose a contact from the listing’s branch');
    const id = await createAs('bath manager', { reference: 'BATH-CONTACT', staff_member_id: String(bathPerson!.id) });
    expect((await listingRow(id)).staffMemberId).toBe(bathPerson!.id);
  });

  it('refuses a branch outside the manager’s, and bad answers, with the form’s messages', async () => {
    const before = await database.db.$count(properties);
    const elsewhere = await post('bath manager', newRoute.action, '/admin/listings/new', {
      ...LISTING,
      branch_id: String(BRISTOL),
    });
    expect(elsewhere.status).toBe(422);
    expect(JSON.stringify(elsewhere.data)).toContain('Choose a branch from the list');
    const bad = await post('bath manager', newRoute.action, '/admin/listings/new', {
      ...LISTING,
      postcode: 'nowhere',
      price_value: 'lots',
    });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.data)).toContain('Enter a real postcode, like BA1 1AA');
    expect(JSON.stringify(bad.data)).toContain('Enter the price in whole pounds');
    expect(await database.db.$count(properties)).toBe(before);
  });

  it('keeps what is typed as text: no control characters, markup stays words', async () => {
    const id = await createAs('owner', {
      reference: 'BATH-M-XSS',
      display_address: '<img src=x onerror=alert(1)>\u0007 Lane\u202e',
      description: 'Line one\r\nLine two\u0007',
    });
    const row = await listingRow(id);
    expect(row.displayAddress).toBe('<img src=x onerror=alert(1)> Lane');
    expect(row.description).toBe('Line one\nLine two');
  });
});

describe('who may see and change a listing', () => {
  let id: number;
  beforeAll(async () => {
    id = await createAs('bath manager', { reference: 'BATH-IDOR' });
  });

  it('answers another branch’s manager 404 for every read and write, changing nothing', async () => {
    const url = `/admin/listings/${id}`;
    const params = { id: String(id) };
    expect((await get('bristol manager', listingRoute.loader, url, params)).status).toBe(404);
    expect((await get('bristol manager', previewRoute.loader, `${url}/preview`, params)).status).toBe(404);
    const bodies: Record<string, string>[] = [
      { ...LISTING, version: '1', branch_id: String(BRISTOL) },
      { intent: 'publish', version: '1', confirm_missing_part_a: 'yes' },
      { intent: 'status', version: '1', status: 'sstc' },
      { intent: 'price', version: '1', price_value: '1' },
      { intent: 'unpublish', version: '1' },
    ];
    for (const body of bodies) {
      expect((await post('bristol manager', listingRoute.action, url, body, params)).status).toBe(404);
    }
    const row = await listingRow(id);
    expect(row).toMatchObject({ version: 1, isPublished: false, branchId: BATH, priceValue: 450_000 });
    const list = await get('bristol manager', listRoute.loader, '/admin/listings?q=BATH-IDOR');
    expect((list.data as { list: { listings: unknown[] } }).list.listings).toEqual([]);
  });

  it('refuses negotiators and editors (403), and the owner sees every branch', async () => {
    const url = `/admin/listings/${id}`;
    for (const who of ['bath negotiator', 'editor']) {
      expect((await get(who, listingRoute.loader, url, { id: String(id) })).status).toBe(403);
      expect((await get(who, listRoute.loader, '/admin/listings')).status).toBe(403);
      const publish = await post(
        who,
        listingRoute.action,
        url,
        { intent: 'publish', version: '1' },
        { id: String(id) },
      );
      expect(publish.status).toBe(403);
    }
    expect((await get('owner', listingRoute.loader, url, { id: String(id) })).status).toBe(200);
  });

  it('answers ids that are not ids 404', async () => {
    for (const value of ['0', '-1', 'abc', '99999999999', '1e3', '1.5']) {
      const answer = await get('owner', listingRoute.loader, `/admin/listings/${value}`, { id: value });
      expect(answer.status, value).toBe(404);
    }
  });
});

describe('the list', () => {
  it('filters by channel, status, branch, source and published, and searches address and reference', async () => {
    await createAs('owner', {
      reference: 'BRI-L-777',
      channel: 'lettings',
      branch_id: String(BRISTOL),
      display_address: 'Clifton Down, Bristol',
      town: 'Bristol',
      postcode: 'BS8 3HT',
      price_value: '1500',
    });
    const listOf = async (who: string, query: string) => {
      const answer = await get(who, listRoute.loader, `/admin/listings${query}`);
      expect(answer.status).toBe(200);
      return (answer.data as { list: { listings: { reference: string }[] } }).list.listings.map(
        (listing) => listing.reference,
      );
    };
    expect(await listOf('owner', '?q=clifton')).toEqual(['BRI-L-777']);
    expect(await listOf('owner', '?q=bs83ht')).toEqual(['BRI-L-777']);
    expect(await listOf('owner', '?q=bri-l')).toEqual(['BRI-L-777']);
    expect(await listOf('owner', '?q=%25')).toEqual([]);
    expect(await listOf('owner', '?channel=lettings&source=manual&published=no')).toEqual(['BRI-L-777']);
    expect(await listOf('owner', `?branch=${BRISTOL}&status=available`)).toEqual(['BRI-L-777']);
    expect(await listOf('bath manager', '?q=clifton')).toEqual([]);
    expect(await listOf('owner', '?status=withdrawn&q=clifton')).toEqual([]);
  });

  it('answers bad filters with their messages (400), never a 500', async () => {
    const answer = await get('owner', listRoute.loader, '/admin/listings?channel=boats&page=0');
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.data)).toContain('Choose sales or lettings');
  });
});

describe('editing', () => {
  let id: number;
  beforeAll(async () => {
    id = await createAs('bath manager', { reference: 'BATH-EDIT' });
  });

  it('saves over the version loaded, logs before and after, and drops the listing’s pages from the cache', async () => {
    const heard: string[][] = [];
    const stop = onPageChange((tags) => heard.push([...tags]));
    const url = `/admin/listings/${id}`;
    const answer = await post(
      'bath manager',
      listingRoute.action,
      url,
      { ...LISTING, reference: 'BATH-EDIT', version: '1', price_value: '440000', bedrooms: '4' },
      { id: String(id) },
    );
    stop();
    expect(answer.status).toBe(303);
    expect(answer.response!.headers.get('location')).toBe(`${url}?notice=saved`);
    const row = await listingRow(id);
    expect(row).toMatchObject({ version: 2, priceValue: 440_000, bedrooms: 4 });
    // Not yet on the market: a draft's price changes write no history.
    expect(row.priceHistory).toEqual([]);
    const audit = await lastAudit('listing.updated');
    expect(audit?.details).toEqual({
      before: { bedrooms: 3, priceValue: 450_000 },
      after: { bedrooms: 4, priceValue: 440_000 },
    });
    expect(heard).toContainEqual(['listings', `listing:${row.slug}`]);
  });

  it('refuses a save made from an older version with a clear message, changing nothing', async () => {
    const answer = await post(
      'owner',
      listingRoute.action,
      `/admin/listings/${id}`,
      { ...LISTING, reference: 'BATH-EDIT', version: '1', summary: 'Overwritten' },
      { id: String(id) },
    );
    expect(answer.status).toBe(409);
    expect(JSON.stringify(answer.data)).toContain(STALE_VERSION_MESSAGE);
    const row = await listingRow(id);
    expect(row.version).toBe(2);
    expect(row.summary).toBe(LISTING.summary);
    const stale = await post(
      'owner',
      listingRoute.action,
      `/admin/listings/${id}`,
      { intent: 'status', version: '1', status: 'sstc' },
      { id: String(id) },
    );
    expect(stale.status).toBe(409);
    expect((await listingRow(id)).status).toBe('available');
  });
});

describe('publishing, status and price', () => {
  let id: number;
  const action = (body: Record<string, string>) =>
    post('bath manager', listingRoute.action, `/admin/listings/${id}`, body, { id: String(id) });

  beforeAll(async () => {
    id = await createAs('bath manager', { reference: 'BATH-PUB' });
  });

  it('warns before publishing a listing whose Part A information is missing, and publishes when told to', async () => {
    const warned = await action({ intent: 'publish', version: '1' });
    expect(warned.status).toBe(409);
    expect((warned.data as { warning: string }).warning).toBe(
      'Part A information is missing: the council tax band and the tenure. The law says every listing must show it (or say why it is not yet known).',
    );
    expect((await listingRow(id)).isPublished).toBe(false);
    const published = await action({ intent: 'publish', version: '1', confirm_missing_part_a: 'yes' });
    expect(published.status).toBe(303);
    const row = await listingRow(id);
    const today = new Date().toISOString().slice(0, 10);
    expect(row).toMatchObject({
      isPublished: true,
      version: 2,
      statusHistory: [{ date: today, status: 'added' }],
      priceHistory: [{ date: today, price: 450_000 }],
    });
    expect((await lastAudit('listing.published'))?.target).toBe(`listing:${id}`);
  });

  it('records a price drop in the history and emails the visitor who saved the listing', async () => {
    const [user] = await database.db
      .insert(users)
      .values({
        email: 'saver@example.com',
        emailLower: 'saver@example.com',
        passwordHash: 'x',
        firstName: 'Sam',
        lastName: 'Saver',
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    await database.db
      .insert(savedProperties)
      .values({ userId: user!.id, propertyId: id, lastKnownPrice: 450_000, lastKnownStatus: 'available' });
    const answer = await action({ intent: 'price', version: '2', price_value: '£425,000' });
    expect(answer.status).toBe(303);
    const row = await listingRow(id);
    expect(row.priceValue).toBe(425_000);
    expect(row.priceHistory.map((change) => change.price)).toEqual([450_000, 425_000]);
    const emails = await database.db
      .select({ to: emailOutbox.toAddress })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.relatedKind, 'saved-property-change'), eq(emailOutbox.relatedId, user!.id)));
    expect(emails).toEqual([{ to: 'saver@example.com' }]);
    expect((await lastAudit('listing.price-changed'))?.details).toEqual({ from: 450_000, to: 425_000 });
  });

  it('moves the status on with history, and withdrawing takes it off the site', async () => {
    expect((await action({ intent: 'status', version: '3', status: 'sstc' })).status).toBe(303);
    let row = await listingRow(id);
    expect(row.status).toBe('sstc');
    expect(row.statusHistory.map((change) => change.status)).toEqual(['added', 'sstc']);
    // Let agreed is a letting's status, not a sale's.
    expect((await action({ intent: 'status', version: '4', status: 'let-agreed' })).status).toBe(422);
    expect((await action({ intent: 'status', version: '4', status: 'sold' })).status).toBe(303);
    row = await listingRow(id);
    expect(row.status).toBe('sold');
    expect((await action({ intent: 'status', version: '5', status: 'withdrawn' })).status).toBe(303);
    row = await listingRow(id);
    expect(row.isPublished).toBe(false);
    expect(row.withdrawnAt).not.toBeNull();
    expect((await lastAudit('listing.status-changed'))?.details).toEqual({ from: 'sold', to: 'withdrawn' });
  });

  it('answers a bad status or price with its message', async () => {
    const answer = await action({ intent: 'price', version: '6', price_value: 'free' });
    expect(answer.status).toBe(422);
    expect(JSON.stringify(answer.data)).toContain('Enter the new price in whole pounds');
    expect((await action({ intent: 'status', version: '6', status: 'demolished' })).status).toBe(422);
    expect((await action({ intent: 'nonsense', version: '6' })).status).toBe(422);
  });
});

describe('imported listings', () => {
  let id: number;
  beforeAll(async () => {
    const [row] = await database.db
      .insert(properties)
      .values({
        slug: 'imported-house-for-sale-in-bath',
        reference: 'FEED-1',
        channel: 'sales',
        displayAddress: 'Royal Crescent, Bath',
        addressLine1: '1 Royal Crescent',
        town: 'Bath',
        county: 'Somerset',
        countySlug: 'somerset',
        country: 'england',
        postcode: 'BA1 2LR',
        postcodeDistrict: 'BA1',
        propertyType: 'house',
        propertyStyle: 'Terraced house',
        branchId: BATH,
        source: 'blm-bath',
        sourceRef: 'FEED-1',
        priceValue: 2_000_000,
      })
      .returning({ id: properties.id });
    id = row!.id;
    await database.db.insert(importRuns).values({
      source: 'blm-bath',
      fileName: 'bath.blm',
      status: 'applied',
      counts: { created: 1, updated: 0, unchanged: 0, withdrawn: 0, rejected: 0, warnings: 0 },
      startedAt: new Date('2026-11-01T09:00:00Z'),
      finishedAt: new Date('2026-11-01T09:01:00Z'),
    });
  });

  it('shows their feed and last import', async () => {
    const answer = await get('bath manager', listingRoute.loader, `/admin/listings/${id}`, { id: String(id) });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      listing: { source: 'blm-bath', sourceRef: 'FEED-1' },
      lastImport: { fileName: 'bath.blm', finishedAt: '2026-11-01T09:01:00.000Z' },
    });
  });

  it('refuses every change made here (the next import would overwrite it)', async () => {
    const bodies: Record<string, string>[] = [
      { ...LISTING, version: '1' },
      { intent: 'price', version: '1', price_value: '1' },
      { intent: 'unpublish', version: '1' },
    ];
    for (const body of bodies) {
      const answer = await post('bath manager', listingRoute.action, `/admin/listings/${id}`, body, {
        id: String(id),
      });
      expect(answer.status).toBe(409);
    }
    expect(await listingRow(id)).toMatchObject({ priceValue: 2_000_000, version: 1, isPublished: true });
  });
});

describe('hostile input', () => {
  it('answers anything posted to the editor without a 500', async () => {
    const id = await createAs('owner', { reference: 'BATH-FUZZ' });
    const names = [
      'intent',
      'version',
      'reference',
      'price_value',
      'postcode',
      'status',
      'branch_id',
      'council_tax',
      'heating',
      '__proto__',
      'confirm_missing_part_a',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom(...names),
          fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('save', 'publish', 'status', 'price', '1', '')),
        ),
        async (fields) => {
          const answer = await post(
            'owner',
            listingRoute.action,
            `/admin/listings/${id}`,
            { ...LISTING, ...fields },
            { id: String(id) },
          );
          expect(answer.status).toBeLessThan(500);
          const created = await post('owner', newRoute.action, '/admin/listings/new', fields);
          expect(created.status).toBeLessThan(500);
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});
