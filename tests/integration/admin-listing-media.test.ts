/**
 * The media manager (/admin/listings/:id/media) by role: a manager orders, captions, marks and deletes the photos of
 * their own branches' listings only — another branch's listing, or another listing's photo, answers 404 and changes
 * nothing; a change made from an older version is refused (409); every change is audit-logged with before and after
 * and drops the listing's pages from the page cache. Imported listings take only the site's own choices (photo
 * order, featured, hidden); a hidden one is gone from every public query, and the import keeps all three.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, branches, properties, type PropertyImage } from '../../db/schema/index.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { resetEnvForTests } from '../../app/lib/env.server.ts';
import { onPageChange } from '../../app/lib/page-cache-bus.server.ts';
import type { StaffRole } from '../../app/features/staff/index.ts';
import { STALE_VERSION_MESSAGE } from '../../app/features/listing-editor/listing-editor-model.ts';
import { applyFeed } from '../../app/features/import/index.server.ts';
import { getPropertyPage } from '../../app/features/properties/property-page.server.ts';
import { listSitemapEntries } from '../../app/features/content/sitemap-queries.server.ts';
import { getFeaturedPropertyCards } from '../../app/features/content/featured-properties.server.ts';
import * as mediaRoute from '../../app/routes/admin/listing-media.tsx';
import * as uploadRoute from '../../app/routes/admin/listing-media-upload.ts';
import { maskedCsrfToken } from '../../app/lib/csrf.server.ts';
import { VisitorSession } from '../../app/lib/session.server.ts';
import { getStorage } from '../../app/lib/storage/storage.server.ts';
import { minimalPdf } from '../upload-fixtures.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { callStaffRoute, type RouteAnswer, signedInStaff } from './staff-fixtures.ts';
import { feedOf, insertImportWorld, jpeg, listing, record } from './import-fixtures.ts';

let database: TestDatabase;
let mediaDir: string;
let bath: number;
let bristol: number;
const staff: Record<string, () => Promise<string>> = {};

async function makeStaff(name: string, role: StaffRole, branchSlugs: string[]) {
  staff[name] = (await signedInStaff(database.db, role, branchSlugs)).cookie;
}

const photo = (folder: string, name: string): PropertyImage => ({
  url: `/media/${folder}/${name}.jpg`,
  imageAlt: `Photo ${name}`,
  width: 800,
  height: 600,
});

async function insertListing(values: {
  slug: string;
  branchId: number;
  photos: PropertyImage[];
  source?: string;
  isPublished?: boolean;
}): Promise<number> {
  const [row] = await database.db
    .insert(properties)
    .values({
      slug: values.slug,
      reference: values.slug.toUpperCase(),
      channel: 'sales',
      displayAddress: 'Widcombe Hill, Bath',
      addressLine1: '12 Widcombe Hill',
      town: 'Bath',
      county: 'Somerset',
      countySlug: 'somerset',
      country: 'england',
      postcode: 'BA2 4AB',
      postcodeDistrict: 'BA2',
      propertyType: 'house',
      propertyStyle: 'Semi-detached house',
      branchId: values.branchId,
      priceValue: 450_000,
      isPublished: values.isPublished ?? false,
      photos: values.photos,
      ...(values.source ? { source: values.source, sourceRef: values.slug, feedPublished: true } : {}),
    })
    .returning({ id: properties.id });
  return row!.id;
}

async function row(id: number) {
  const [found] = await database.db.select().from(properties).where(eq(properties.id, id));
  return found!;
}

async function post(who: string, id: number, body: Record<string, string> | [string, string][]): Promise<RouteAnswer> {
  return callStaffRoute(database.db, mediaRoute.action, {
    cookie: await staff[who]!(),
    url: `/admin/listings/${id}/media`,
    params: { id: String(id) },
    body,
  });
}

async function get(who: string, id: number): Promise<RouteAnswer> {
  return callStaffRoute(database.db, mediaRoute.loader, {
    cookie: await staff[who]!(),
    url: `/admin/listings/${id}/media`,
    params: { id: String(id) },
  });
}

async function lastAudit(action: string, target: string) {
  const [found] = await database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, target)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return found;
}

const urlsOf = (images: PropertyImage[]) => images.map((image) => image.url);

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'doorstep-listing-media-'));
  process.env.MEDIA_DIR = path.join(mediaDir, 'media');
  process.env.IMAGE_CACHE_DIR = path.join(mediaDir, 'cache');
  process.env.UPLOAD_DIR = path.join(mediaDir, 'uploads');
  resetEnvForTests();
  database = await createTestDatabase();
  setDatabaseHandle(database);
  bath = (await insertImportWorld(database.db)).branchId;
  const [other] = await database.db
    .insert(branches)
    .values({
      slug: 'bristol',
      name: 'Bristol',
      addressLine1: '1 Corn Street',
      town: 'Bristol',
      county: 'Bristol',
      country: 'england',
      postcode: 'BS1 1HT',
      location: { lng: -2.59, lat: 51.45 },
      contactNumber: '0117 000000',
      email: 'bristol@agency.example',
    })
    .returning({ id: branches.id });
  bristol = other!.id;
  await makeStaff('owner', 'owner', []);
  await makeStaff('bath manager', 'manager', ['bath']);
  await makeStaff('bristol manager', 'manager', ['bristol']);
  await makeStaff('bath negotiator', 'negotiator', ['bath']);
  await makeStaff('editor', 'editor', []);
}, 60_000);

afterAll(async () => {
  setDatabaseHandle(undefined);
  await database?.dispose();
  delete process.env.MEDIA_DIR;
  delete process.env.IMAGE_CACHE_DIR;
  delete process.env.UPLOAD_DIR;
  resetEnvForTests();
  await rm(mediaDir, { recursive: true, force: true });
});

describe('a manual listing’s photos', () => {
  let id: number;
  let otherId: number;
  beforeAll(async () => {
    id = await insertListing({
      slug: 'manual-media',
      branchId: bath,
      photos: [photo('listing-a', 'a'), photo('listing-a', 'b'), photo('listing-a', 'c')],
    });
    otherId = await insertListing({ slug: 'manual-other', branchId: bath, photos: [photo('listing-b', 'x')] });
  });

  it('shows the media in order to the listing’s branch manager', async () => {
    const answer = await get('bath manager', id);
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ listing: { id, version: 1, source: null } });
    expect(urlsOf((answer.data as { media: { photos: PropertyImage[] } }).media.photos)).toEqual([
      '/media/listing-a/a.jpg',
      '/media/listing-a/b.jpg',
      '/media/listing-a/c.jpg',
    ]);
  });

  it('moves a photo up, audit-logged with before and after, and drops the listing’s pages from the cache', async () => {
    const heard: string[][] = [];
    const stop = onPageChange((tags) => heard.push([...tags]));
    const answer = await post('bath manager', id, {
      intent: 'move',
      version: '1',
      item: '/media/listing-a/b.jpg',
      direction: 'up',
    });
    stop();
    expect(answer.status).toBe(303);
    expect(answer.response!.headers.get('location')).toBe(
      `/admin/listings/${id}/media?notice=saved&focus=${encodeURIComponent('up:/media/listing-a/b.jpg')}`,
    );
    const saved = await row(id);
    expect(saved.version).toBe(2);
    expect(urlsOf(saved.photos)).toEqual([
      '/media/listing-a/b.jpg',
      '/media/listing-a/a.jpg',
      '/media/listing-a/c.jpg',
    ]);
    const audit = await lastAudit('listing.media-changed', `listing:${id}`);
    const details = audit?.details as { before: { photos: PropertyImage[] }; after: { photos: PropertyImage[] } };
    expect(urlsOf(details.before.photos)[0]).toBe('/media/listing-a/a.jpg');
    expect(urlsOf(details.after.photos)[0]).toBe('/media/listing-a/b.jpg');
    expect(heard.flat()).toContain('listing:manual-media');
  });

  it('refuses a change made from an older version, changing nothing', async () => {
    const answer = await post('bath manager', id, { intent: 'main', version: '1', item: '/media/listing-a/c.jpg' });
    expect(answer.status).toBe(409);
    expect(JSON.stringify(answer.data)).toContain(STALE_VERSION_MESSAGE);
    expect((await row(id)).version).toBe(2);
  });

  it('reorders by a dragged order, chooses the main photo, captions, marks a floor plan and deletes', async () => {
    const order: [string, string][] = [
      ['intent', 'reorder'],
      ['version', '2'],
      ['kind', 'photo'],
      ['order[]', '/media/listing-a/c.jpg'],
      ['order[]', '/media/listing-a/b.jpg'],
      ['order[]', '/media/listing-a/a.jpg'],
    ];
    expect((await post('bath manager', id, order)).status).toBe(303);
    expect(urlsOf((await row(id)).photos)).toEqual([
      '/media/listing-a/c.jpg',
      '/media/listing-a/b.jpg',
      '/media/listing-a/a.jpg',
    ]);
    expect(
      (await post('bath manager', id, { intent: 'main', version: '3', item: '/media/listing-a/a.jpg' })).status,
    ).toBe(303);
    expect(urlsOf((await row(id)).photos)[0]).toBe('/media/listing-a/a.jpg');
    const caption = await post('bath manager', id, {
      intent: 'caption',
      version: '4',
      item: '/media/listing-a/a.jpg',
      caption: '<b>Kitchen</b>\u202e',
    });
    expect(caption.status).toBe(303);
    expect((await row(id)).photos[0]).toMatchObject({
      caption: '<b>Kitchen</b>',
      imageAlt: '<b>Kitchen</b>, Widcombe Hill, Bath',
    });
    expect(
      (
        await post('bath manager', id, {
          intent: 'kind',
          version: '5',
          item: '/media/listing-a/b.jpg',
          kind: 'floorplan',
        })
      ).status,
    ).toBe(303);
    expect(
      (await post('bath manager', id, { intent: 'delete', version: '6', item: '/media/listing-a/c.jpg' })).status,
    ).toBe(303);
    const saved = await row(id);
    expect(urlsOf(saved.photos)).toEqual(['/media/listing-a/a.jpg']);
    expect(urlsOf(saved.floorplans)).toEqual(['/media/listing-a/b.jpg']);
    expect(saved.version).toBe(7);
  });

  it('adds tour and video links of the providers the property page shows, and refuses others clearly', async () => {
    const refused = await post('bath manager', id, {
      intent: 'video',
      version: '7',
      video_url: 'https://example.com/my-tour',
      video_kind: 'tour',
      description: '',
    });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.data)).toContain('supported provider');
    const added = await post('bath manager', id, {
      intent: 'video',
      version: '7',
      video_url: 'https://my.matterport.com/show/?m=abc123',
      video_kind: 'tour',
      description: 'Walk round',
    });
    expect(added.status).toBe(303);
    expect((await row(id)).videos).toMatchObject([{ url: 'https://my.matterport.com/show/?m=abc123', kind: 'tour' }]);
  });

  it('answers another listing’s photo 404, changing nothing', async () => {
    const before = await row(id);
    const bodies: Record<string, string>[] = [
      { intent: 'move', version: String(before.version), item: '/media/listing-b/x.jpg', direction: 'up' },
      { intent: 'main', version: String(before.version), item: '/media/listing-b/x.jpg' },
      { intent: 'delete', version: String(before.version), item: '/media/listing-b/x.jpg' },
      { intent: 'caption', version: String(before.version), item: '/media/listing-b/x.jpg', caption: 'x' },
    ];
    for (const body of bodies) {
      expect((await post('bath manager', id, body)).status, body.intent).toBe(404);
    }
    expect((await row(id)).version).toBe(before.version);
    expect(urlsOf((await row(otherId)).photos)).toEqual(['/media/listing-b/x.jpg']);
  });

  it('answers another branch’s manager 404 for the page and every change; negotiators and editors 403', async () => {
    const before = await row(id);
    expect((await get('bristol manager', id)).status).toBe(404);
    const bodies: Record<string, string>[] = [
      { intent: 'move', version: String(before.version), item: '/media/listing-a/a.jpg', direction: 'down' },
      { intent: 'delete', version: String(before.version), item: '/media/listing-a/a.jpg' },
      { intent: 'featured', version: String(before.version), featured: 'yes' },
    ];
    for (const body of bodies) expect((await post('bristol manager', id, body)).status).toBe(404);
    for (const who of ['bath negotiator', 'editor']) {
      expect((await get(who, id)).status).toBe(403);
      expect((await post(who, id, bodies[1]!)).status).toBe(403);
    }
    expect((await get('owner', id)).status).toBe(200);
    expect(await row(id)).toMatchObject({ version: before.version, siteFeatured: false });
  });

  it('answers bad answers with their messages, never a 500', async () => {
    const version = String((await row(id)).version);
    const bodies: Record<string, string>[] = [
      { intent: 'nonsense', version },
      { intent: 'move', version, item: '', direction: 'sideways' },
      { intent: 'reorder', version, kind: 'photo' },
      { intent: 'caption', version: 'x', item: 'a', caption: 'x' },
      { intent: 'hidden', version, hidden: 'yes' },
    ];
    for (const body of bodies) {
      const answer = await post('bath manager', id, body);
      expect([404, 409, 422], JSON.stringify(body)).toContain(answer.status);
    }
    expect((await row(id)).version).toBe(Number(version));
  });
});

describe('an imported listing’s site-only choices', () => {
  const source = 'blm';
  let id: number;
  let files: { front: Buffer; side: Buffer; back: Buffer };

  function feed(ref: string, isPublished = true) {
    return feedOf(
      [
        record(
          listing(ref, {
            fields: { ...listing(ref).fields, isPublished, summary: `Imported ${Date.now()}` },
            media: [
              { kind: 'photo', source: 'front.jpg', caption: null, order: 0 },
              { kind: 'photo', source: 'side.jpg', caption: null, order: 1 },
              { kind: 'photo', source: 'back.jpg', caption: null, order: 2 },
            ],
          }),
        ),
      ],
      { media: { 'front.jpg': files.front, 'side.jpg': files.side, 'back.jpg': files.back } },
    );
  }
  const apply = (ref: string, isPublished = true) =>
    applyFeed(database.db, feed(ref, isPublished), {
      source,
      origin: 'https://agency.example',
      sendAlerts: false,
      media: { timeoutMs: 500, retries: 1, retryDelayMs: 10 },
    });

  beforeAll(async () => {
    files = {
      front: await jpeg(64, 48, { r: 200, g: 10, b: 10 }),
      side: await jpeg(64, 48, { r: 10, g: 200, b: 10 }),
      back: await jpeg(64, 48, { r: 10, g: 10, b: 200 }),
    };
    expect((await apply('FEED-1')).status).toBe('applied');
    const [found] = await database.db.select().from(properties).where(eq(properties.sourceRef, 'FEED-1'));
    id = found!.id;
    expect(found).toMatchObject({ isPublished: true, feedPublished: true, siteHidden: false });
  }, 60_000);

  it('refuses changes to what the feed owns', async () => {
    const current = await row(id);
    const bodies: Record<string, string>[] = [
      { intent: 'caption', version: String(current.version), item: current.photos[0]!.url, caption: 'Mine' },
      { intent: 'delete', version: String(current.version), item: current.photos[0]!.url },
    ];
    for (const body of bodies) {
      const answer = await post('bath manager', id, body);
      expect(answer.status).toBe(409);
      expect(JSON.stringify(answer.data)).toContain('feed');
    }
  });

  it('keeps the photo order, featured and hidden through the next import', async () => {
    const current = await row(id);
    const [front, side, back] = urlsOf(current.photos);
    const order: [string, string][] = [
      ['intent', 'reorder'],
      ['version', String(current.version)],
      ['kind', 'photo'],
      ['order[]', back!],
      ['order[]', front!],
      ['order[]', side!],
    ];
    expect((await post('bath manager', id, order)).status).toBe(303);
    expect(
      (await post('bath manager', id, { intent: 'featured', version: String(current.version + 1), featured: 'yes' }))
        .status,
    ).toBe(303);
    expect((await row(id)).photoOrder).toEqual([back, front, side]);
    expect((await apply('FEED-1')).counts.updated).toBe(1);
    const after = await row(id);
    expect(urlsOf(after.photos)).toEqual([back, front, side]);
    expect(after).toMatchObject({ siteFeatured: true, isPublished: true });
    expect((await getFeaturedPropertyCards(database.db, 1))[0]?.property_id).toBe(id);
    expect((await lastAudit('listing.featured-changed', `listing:${id}`))?.details).toEqual({
      before: false,
      after: true,
    });
  });

  it('hides the listing from every public query, through imports, until it is shown again', async () => {
    const current = await row(id);
    const heard: string[][] = [];
    const stop = onPageChange((tags) => heard.push([...tags]));
    expect(
      (await post('bath manager', id, { intent: 'hidden', version: String(current.version), hidden: 'yes' })).status,
    ).toBe(303);
    stop();
    expect(heard.flat()).toContain(`listing:${current.slug}`);
    expect(await row(id)).toMatchObject({ siteHidden: true, isPublished: false });
    expect(await getPropertyPage(database.db, current.slug)).toBeNull();
    const sitemap = await listSitemapEntries(database.db, 'properties', 1);
    expect(JSON.stringify(sitemap)).not.toContain(current.slug);
    expect(JSON.stringify(await getFeaturedPropertyCards(database.db, 10))).not.toContain(current.slug);
    // The feed still publishes it: the import leaves it hidden.
    expect((await apply('FEED-1')).status).toBe('applied');
    expect(await row(id)).toMatchObject({ siteHidden: true, isPublished: false, feedPublished: true });
    const hidden = await row(id);
    expect((await post('owner', id, { intent: 'hidden', version: String(hidden.version), hidden: 'no' })).status).toBe(
      303,
    );
    expect(await row(id)).toMatchObject({ siteHidden: false, isPublished: true });
    expect(await getPropertyPage(database.db, current.slug)).not.toBeNull();
    expect((await lastAudit('listing.shown', `listing:${id}`))?.staffId).not.toBeNull();
  });

  it('shows a hidden listing again only as its feed last said', async () => {
    expect((await apply('FEED-1', false)).status).toBe('applied');
    const current = await row(id);
    expect(current).toMatchObject({ isPublished: false, feedPublished: false });
    expect(
      (await post('owner', id, { intent: 'hidden', version: String(current.version), hidden: 'yes' })).status,
    ).toBe(303);
    expect(
      (await post('owner', id, { intent: 'hidden', version: String(current.version + 1), hidden: 'no' })).status,
    ).toBe(303);
    expect(await row(id)).toMatchObject({ siteHidden: false, isPublished: false });
  });

  it('is out of reach of another branch’s manager', async () => {
    const current = await row(id);
    const answer = await post('bristol manager', id, {
      intent: 'hidden',
      version: String(current.version),
      hidden: 'yes',
    });
    expect(answer.status).toBe(404);
    expect((await row(id)).siteHidden).toBe(false);
    expect(bristol).toBeGreaterThan(0);
  });
});

const SESSION_ID = 'listing-media-upload-session-0123456789';

/** The upload form as the browser posts it: the token and version first, then the files. */
async function upload(
  who: string,
  id: number,
  parts: { version: string; kind?: string; files: { name: string; bytes: Uint8Array }[]; isScripted?: boolean },
): Promise<{ status: number; json: () => Promise<unknown>; data: unknown; clone: () => Response }> {
  const form = new FormData();
  form.append('authenticity_token', maskedCsrfToken(SESSION_ID, process.env.SESSION_SECRET!));
  form.append('version', parts.version);
  form.append('kind', parts.kind ?? 'photo');
  for (const file of parts.files) form.append('files', new File([new Uint8Array(file.bytes)], file.name));
  const isScripted = parts.isScripted !== false;
  const request = new Request(`http://localhost/admin/listings/${id}/media${isScripted ? '/upload' : ''}`, {
    method: 'POST',
    body: form,
    headers: {
      cookie: await staff[who]!(),
      origin: 'http://localhost',
      ...(isScripted ? { 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' } : {}),
    },
  });
  const context = {
    clientIp: '192.0.2.1',
    origin: 'http://localhost',
    logger: pino({ level: 'silent' }),
    requestId: 'test',
    session: new VisitorSession(SESSION_ID, false, () => database.db, {
      secure: false,
      idleMinutes: 30,
      absoluteDays: 30,
    }),
    anonymousCsrfId: null,
  };
  const args = { request, context, params: { id: String(id) } } as never;
  let answer: unknown;
  try {
    answer = isScripted ? await uploadRoute.action(args) : await mediaRoute.action(args);
  } catch (thrown) {
    answer = thrown;
  }
  if (answer instanceof Response) {
    return { status: answer.status, json: () => answer.clone().json(), data: null, clone: () => answer.clone() };
  }
  const shaped = answer as { init?: { status?: number } | null; data?: unknown };
  return {
    status: shaped.init?.status ?? 200,
    data: shaped.data,
    json: () => Promise.resolve(shaped.data),
    clone: () => Response.json(shaped.data),
  };
}

describe('uploading a manual listing’s files', () => {
  let id: number;
  beforeAll(async () => {
    id = await insertListing({ slug: 'manual-upload', branchId: bath, photos: [photo('listing-u', 'first')] });
  });

  it('stores many photos and a brochure at once, after the photos already there', async () => {
    const answer = await upload('bath manager', id, {
      version: '1',
      files: [
        { name: 'front.jpg', bytes: await jpeg(1200, 800) },
        { name: 'garden.jpg', bytes: await jpeg(800, 600, { r: 1, g: 150, b: 1 }) },
        { name: 'Brochure.pdf', bytes: minimalPdf() },
      ],
    });
    expect(answer.status, await answer.clone().text()).toBe(200);
    expect(await answer.json()).toEqual({ location: `/admin/listings/${id}/media?notice=uploaded&count=3` });
    const saved = await row(id);
    expect(saved.version).toBe(2);
    expect(saved.photos).toHaveLength(3);
    expect(saved.photos[0]!.url).toBe('/media/listing-u/first.jpg');
    expect(saved.photos[1]).toMatchObject({ width: 1200, height: 800, imageAlt: 'Photo 2 of Widcombe Hill, Bath' });
    expect(saved.photos[1]!.url).toMatch(new RegExp(`^/media/listing-${id}/[0-9a-f-]{36}\\.jpg$`));
    expect(saved.documents).toEqual([expect.objectContaining({ title: 'Brochure', kind: 'brochure' })]);
    const key = `originals/${saved.photos[1]!.url.slice('/media/'.length)}`;
    expect(await getStorage().head(key)).not.toBeNull();
    expect((await lastAudit('listing.media-changed', `listing:${id}`))?.staffId).not.toBeNull();
  });

  it('uploads floor plans as floor plans', async () => {
    const answer = await upload('owner', id, {
      version: '2',
      kind: 'floorplan',
      files: [{ name: 'plan.jpg', bytes: await jpeg(300, 200) }],
    });
    expect(answer.status).toBe(200);
    expect((await row(id)).floorplans).toHaveLength(1);
  });

  it('answers a file that is not an image or PDF clearly, keeping nothing', async () => {
    const notAPhoto = [{ name: 'photo.jpg', bytes: new TextEncoder().encode('<html>not a photo</html>') }];
    const scripted = await upload('bath manager', id, { version: '3', files: notAPhoto });
    expect(scripted.status).toBe(422);
    expect(((await scripted.json()) as { message: string }).message).toContain('Nothing was uploaded');
    // Without JavaScript the form posts to the page, which shows the same message beside the file input.
    const plain = await upload('bath manager', id, { version: '3', files: notAPhoto, isScripted: false });
    expect(plain.status).toBe(422);
    expect(JSON.stringify(plain.data)).toContain('Nothing was uploaded');
    expect(JSON.stringify(plain.data)).toContain('"field":"files"');
    expect((await row(id)).version).toBe(3);
  });

  it('answers too many files with 413 and a clear message', async () => {
    const small = await jpeg(16, 16);
    const answer = await upload('bath manager', id, {
      version: '3',
      files: Array.from({ length: 31 }, (_, n) => ({ name: `p${n}.jpg`, bytes: small })),
    });
    expect(answer.status).toBe(413);
    expect(((await answer.json()) as { message: string }).message).toMatch(/30/);
    expect((await row(id)).photos).toHaveLength(3);
  });

  it('refuses an upload made from an older version and keeps none of its files', async () => {
    const answer = await upload('bath manager', id, {
      version: '1',
      files: [{ name: 'late.jpg', bytes: await jpeg() }],
    });
    expect(answer.status).toBe(409);
    expect(((await answer.json()) as { message: string }).message).toBe(STALE_VERSION_MESSAGE);
    const keys: string[] = [];
    for await (const entry of getStorage().list(`originals/listing-${id}/`)) keys.push(entry.key);
    // Two photos, the brochure and the floor plan: the refused file is gone.
    expect(keys).toHaveLength(4);
  });

  it('answers another branch’s manager 404 and negotiators 403', async () => {
    const files = [{ name: 'x.jpg', bytes: await jpeg() }];
    expect((await upload('bristol manager', id, { version: '3', files })).status).toBe(404);
    expect((await upload('bath negotiator', id, { version: '3', files })).status).toBe(403);
    expect((await row(id)).version).toBe(3);
  });
});
