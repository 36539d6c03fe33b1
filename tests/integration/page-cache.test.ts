/**
 * The shared page cache (decision 026) in the real server, in front of pages that show listings as the site's do
 * (a property page, the search page, a landing page, an article list): what is shared, who gets it, that a price
 * changed by the import pipeline shows everywhere within a second, that each kind of change drops exactly the pages
 * that show it, that the shared pages' CSP allows exactly their inline code, and that CSRF is still refused. Signed-in
 * visitors get the same shared bytes and learn who they are from GET /user.ljson (the real route).
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties, users } from '../../db/schema/index.ts';
import { applyFeed } from '../../app/features/import/pipeline.server.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { resetEnvForTests } from '../../app/lib/env.server.ts';
import { announcePageChange } from '../../app/lib/page-cache-bus.server.ts';
import { setFlashNotice, takeFlashNotice } from '../../app/lib/flash-notice.server.ts';
import { loader as userLoader } from '../../app/routes/api/user-ljson.ts';
import { createServerApp } from '../../server/app.ts';
import { PageCache } from '../../server/page-cache.ts';
import { VISITOR_COOKIES, visitorNeedsOwnPage } from '../../server/page-cache-setup.ts';
import { feedOf, insertImportWorld, listing, listingFields, record } from './import-fixtures.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

let database: TestDatabase;
let app: Hono;
let cache: PageCache;
let renders = 0;
let userId = 0;
let otherUserId = 0;
let mediaDir = '';
const source = 'page-cache-test';
const origin = 'http://localhost';
const SAME_ORIGIN = { origin: 'http://localhost', 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' };

/** What every page carries: a token only on a visitor's own page, inline code as React Router's and ours. */
function documentOf(title: string, body: string, token: string): string {
  return [
    '<!DOCTYPE html><html><head>',
    `<meta name="csrf-token" content="${token}"/>`,
    '<style>:root{--colour-brand:#123456}</style>',
    `<script>window.__page=${JSON.stringify(title)};</script>`,
    `</head><body><h1>${title}</h1>${body}<script type="module">import("/assets/entry.js");</script></body></html>`,
  ].join('');
}

async function listingRows() {
  return database.db
    .select({ slug: properties.slug, price: properties.priceValue })
    .from(properties)
    .orderBy(asc(properties.id));
}

function money(price: number | null): string {
  return `£${(price ?? 0).toLocaleString('en-GB')}`;
}

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'doorstep-page-cache-'));
  process.env.MEDIA_DIR = path.join(mediaDir, 'media');
  process.env.IMAGE_CACHE_DIR = path.join(mediaDir, 'cache');
  resetEnvForTests();
  database = await createTestDatabase();
  setDatabaseHandle(database);
  await insertImportWorld(database.db);
  const [user] = await database.db
    .insert(users)
    .values({
      email: 'tess@example.com',
      emailLower: 'tess@example.com',
      passwordHash: 'not-used-here',
      firstName: 'Tess',
      lastName: 'Cache',
    })
    .returning({ id: users.id });
  userId = user!.id;
  const [other] = await database.db
    .insert(users)
    .values({
      email: 'otto@example.com',
      emailLower: 'otto@example.com',
      passwordHash: 'not-used-here',
      firstName: 'Otto',
      lastName: 'Other',
    })
    .returning({ id: users.id });
  otherUserId = other!.id;
  cache = new PageCache({
    maxBytes: 4 * 1024 * 1024,
    maxAgeSeconds: 300,
    staleSeconds: 60,
    sessionCookieNames: ['doorstep_staff'],
    visitorCookieNames: VISITOR_COOKIES,
    needsOwnPage: visitorNeedsOwnPage(() => database.db),
  });
  app = createServerApp({
    getDb: () => database.db,
    logger: pino({ level: 'silent' }),
    sessionSecret: 'test-secret-test-secret-test-secret-00',
    cookie: { secure: false, idleMinutes: 30, absoluteDays: 30 },
    isDevelopment: false,
    maxBodyBytes: 64 * 1024,
    tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    multipartPaths: [],
    pageCache: cache,
    handleDocument: async (request, context) => {
      const url = new URL(request.url);
      if (request.method !== 'GET') {
        // A write: signing in gives the visitor a session, a plain form post leaves a notice for the next page;
        // anything else is accepted as it is.
        if (url.pathname === '/sign-in') await context.session.signIn(userId);
        if (url.pathname === '/sign-in-other') await context.session.signIn(otherUserId);
        if (url.pathname === '/form-post')
          await setFlashNotice(context.session, { message: 'Saved.', kind: 'success' });
        return Response.json({ ok: true });
      }
      if (url.pathname === '/csrf-token') return Response.json({ token: context.scriptCsrfToken });
      if (url.pathname === '/user.ljson') {
        const answer = await userLoader({ request, context, params: {} } as never);
        return Response.json(answer.data, { headers: answer.init?.headers });
      }
      renders++;
      // A page that wants a session of its own, as a form page's token would.
      const token = context.isSharedPage && url.pathname !== '/branches/needs-a-session' ? '' : context.csrfToken;
      const visitor = await context.session.getUserId();
      const notice = await takeFlashNotice(context.session);
      const greeting =
        (visitor === null ? '' : `<p class="header-user">Signed in as user ${visitor}</p>`) +
        (notice ? `<p role="status">${notice.message}</p>` : '');
      const rows = await listingRows();
      // Pages that list properties link to each one, as the site's cards do.
      const isListing = !/^\/(?:terms-of-use|branches|articles)/.test(url.pathname);
      const list = !isListing
        ? ''
        : rows.map((row) => `<a href="/properties/${row.slug}">${money(row.price)}</a>`).join('');
      const property = /^\/properties\/([^/]+)$/.exec(url.pathname);
      if (property) {
        const row = rows.find((candidate) => candidate.slug === property[1]);
        if (!row) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/html' } });
        // As the site's contact panel does, a property page links to its branch.
        const branchLink = '<a href="/branches/bath">About the Bath branch</a>';
        return new Response(
          documentOf(row.slug, `${greeting}<p class="price">${money(row.price)}</p>${branchLink}`, token),
          {
            headers: { 'Content-Type': 'text/html; charset=utf-8' },
          },
        );
      }
      if (url.pathname === '/set-cookie-page') return new Response('x', { headers: { 'Set-Cookie': 'a=b' } });
      if (url.pathname === '/no-such-page') {
        return new Response(documentOf(url.pathname, 'Page not found', token), {
          status: 404,
          headers: { 'Content-Type': 'text/html; charset=utf-8' },
        });
      }
      const branchCards =
        url.pathname === '/branches' ? '<a href="/branches/bath">Bath</a><a href="/branches/bristol">Bristol</a>' : '';
      return new Response(documentOf(url.pathname, `${greeting}${list}${branchCards}`, token), {
        headers: {
          'Content-Type': 'text/html; charset=utf-8',
          ...(url.pathname === '/articles' ? { 'Set-Cookie': 'flash=1; Path=/' } : {}),
        },
      });
    },
  });
  await applyFeed(
    database.db,
    feedOf([
      record(listing('PC1', { fields: listingFields({ priceValue: 400_000, addressLine1: '1 Cache Lane' }) })),
      record(listing('PC2', { fields: listingFields({ priceValue: 500_000, addressLine1: '2 Cache Lane' }) })),
      record(listing('PC3', { fields: listingFields({ priceValue: 600_000, addressLine1: '3 Cache Lane' }) })),
    ]),
    { source, origin, sendAlerts: false },
  );
});

afterAll(async () => {
  cache?.close();
  setDatabaseHandle(undefined);
  await database?.dispose();
  delete process.env.MEDIA_DIR;
  delete process.env.IMAGE_CACHE_DIR;
  resetEnvForTests();
  await rm(mediaDir, { recursive: true, force: true });
});

async function slugs(): Promise<string[]> {
  return (await listingRows()).map((row) => row.slug);
}

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await app.request(url, { headers });
  return { response, html: await response.text() };
}

describe('shared pages', () => {
  it('gives two anonymous visitors byte-identical HTML, with no session, token or nonce, rendered once', async () => {
    const [slug] = await slugs();
    for (const url of ['/', '/search?channel=sales', `/properties/${slug}`, '/property-for-sale/england']) {
      const before = renders;
      const first = await get(url, { 'accept-encoding': 'identity' });
      const second = await get(url, { 'accept-encoding': 'identity' });
      expect(first.response.status).toBe(200);
      expect(second.html).toBe(first.html);
      expect(renders - before).toBe(1);
      expect(first.html).toContain('<meta name="csrf-token" content=""/>');
      expect(first.html).not.toContain('nonce');
      for (const { response } of [first, second]) {
        expect(response.headers.get('set-cookie')).toBeNull();
        expect(response.headers.get('cache-control')).toMatch(/^public, .*s-maxage=\d+, stale-while-revalidate=\d+/);
        expect(response.headers.get('etag')).toBe(first.response.headers.get('etag'));
      }
    }
  });

  it('answers 304 to a matching ETag, and serves the compressed copy the browser accepts', async () => {
    const first = await get('/search?channel=sales');
    const etag = first.response.headers.get('etag')!;
    const revalidated = await app.request('/search?channel=sales', { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
    const brotli = await app.request('/search?channel=sales', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toContain('Accept-Encoding');
    const gzip = await app.request('/search?channel=sales', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
  });

  it('lists in the CSP the hash of every inline script and style of the page, and no nonce', async () => {
    const { response, html } = await get('/');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).not.toContain('nonce-');
    const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
    const scriptSrc = policy.split(';').find((part) => part.trim().startsWith('script-src')) ?? '';
    const styleSrc = policy.split(';').find((part) => part.trim().startsWith('style-src')) ?? '';
    expect(scriptSrc).toContain(sha256('window.__page="/";'));
    expect(scriptSrc).toContain(sha256('import("/assets/entry.js");'));
    expect(styleSrc).toContain(sha256(':root{--colour-brand:#123456}'));
    expect(styleSrc).not.toContain('unsafe-inline');
    expect(html).toContain('<style>:root{--colour-brand:#123456}</style>');
    expect(html).not.toContain('nonce');
  });

  it('never stores a response that sets a cookie, nor a page that is not a public one', async () => {
    const before = renders;
    await get('/articles');
    const again = await get('/articles');
    expect(renders - before).toBe(2);
    expect(again.response.headers.get('cache-control') ?? '').not.toContain('public');
    await get('/user/sign-in');
    await get('/user/sign-in');
    expect(renders - before).toBe(4);
  });
});

const SCRIPT_CALL = { ...SAME_ORIGIN, 'sec-fetch-mode': 'cors', accept: 'application/json' };

/** A visitor who signs in; with the page's script running, whose first page asked GET /user.ljson as it does. */
async function signedIn(path = '/sign-in', { runsScripts = true } = {}): Promise<string> {
  const signIn = await app.request(path, { method: 'POST', headers: SAME_ORIGIN });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
  if (runsScripts) expect((await app.request('/user.ljson', { headers: { ...SCRIPT_CALL, cookie } })).status).toBe(200);
  return cookie;
}

describe('signed-in visitors', () => {
  it('get the shared page, byte for byte, from the cache, and their own details from GET /user.ljson', async () => {
    const [slug] = await slugs();
    const cookie = await signedIn();
    for (const url of [`/properties/${slug}`, '/search?channel=lettings&page=2']) {
      const anonymous = await get(url, { 'accept-encoding': 'identity' });
      const before = renders;
      const own = await get(url, { cookie, 'accept-encoding': 'identity' });
      expect(renders - before, url).toBe(0);
      expect(own.response.headers.get('x-cache'), url).toBe('HIT');
      expect(own.html, url).toBe(anonymous.html);
      expect(own.html, url).not.toContain('Signed in');
      expect(own.html, url).toContain('<meta name="csrf-token" content=""/>');
      // Their session cookie is left as it is.
      expect(own.response.headers.get('set-cookie'), url).toBeNull();
    }
    const me = await app.request('/user.ljson', { headers: { cookie } });
    expect(me.headers.get('cache-control')).toBe('no-store');
    expect(me.headers.get('x-cache')).toBeNull();
    expect(await me.json()).toMatchObject({ user_id: userId, email: 'tess@example.com', first_name: 'Tess' });
    const nobody = await app.request('/user.ljson');
    expect(((await nobody.json()) as { user_id: unknown }).user_id).toBeNull();
  });

  it('share a page rendered for one of them only as the anonymous page, and never see each other', async () => {
    const [, slug] = await slugs();
    const url = `/properties/${slug}`;
    announcePageChange(database.db, [`listing:${slug}`]);
    const tess = await signedIn();
    const otto = await signedIn('/sign-in-other');
    // The first request after a change is a signed-in visitor's: it is rendered for nobody, and kept.
    const first = await get(url, { cookie: tess, 'accept-encoding': 'identity' });
    expect(first.response.headers.get('x-cache')).toBe('MISS');
    expect(first.response.headers.get('cache-control')).toMatch(/^public, /);
    const second = await get(url, { cookie: otto, 'accept-encoding': 'identity' });
    const third = await get(url, { 'accept-encoding': 'identity' });
    expect(second.response.headers.get('x-cache')).toBe('HIT');
    for (const { html } of [first, second, third]) {
      expect(html).toBe(first.html);
      expect(html).not.toContain('Signed in');
      expect(html).not.toMatch(/tess|otto/i);
    }
    const tessView = (await (await app.request('/user.ljson', { headers: { cookie: tess } })).json()) as object;
    const ottoView = (await (await app.request('/user.ljson', { headers: { cookie: otto } })).json()) as object;
    expect(tessView).toMatchObject({ user_id: userId, email: 'tess@example.com' });
    expect(ottoView).toMatchObject({ user_id: otherUserId, email: 'otto@example.com' });
    expect(JSON.stringify(tessView)).not.toMatch(/otto/i);
    expect(JSON.stringify(ottoView)).not.toMatch(/tess/i);
  });

  it('get their own page once while a notice from a plain form post waits for it, then the shared one', async () => {
    const [slug] = await slugs();
    const url = `/properties/${slug}`;
    const cookie = await signedIn();
    const shared = await get(url, { 'accept-encoding': 'identity' });
    const { token } = (await (await app.request('/csrf-token', { headers: { cookie } })).json()) as { token: string };
    const formPost = await app.request('/form-post', {
      method: 'POST',
      headers: { ...SAME_ORIGIN, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: `authenticity_token=${encodeURIComponent(token)}`,
    });
    expect(formPost.status).toBe(200);
    const withNotice = await get(url, { cookie, 'accept-encoding': 'identity' });
    expect(withNotice.html).toContain('<p role="status">Saved.</p>');
    expect(withNotice.html).toContain(`Signed in as user ${userId}`);
    expect(withNotice.response.headers.get('x-cache')).toBeNull();
    expect(withNotice.response.headers.get('cache-control') ?? '').not.toContain('public');
    // Nobody else is given it, and the notice is shown once.
    expect((await get(url, { 'accept-encoding': 'identity' })).html).toBe(shared.html);
    const next = await get(url, { cookie, 'accept-encoding': 'identity' });
    expect(next.response.headers.get('x-cache')).toBe('HIT');
    expect(next.html).toBe(shared.html);
  });

  it('whose browser runs no script get their own page with their token, and nobody ever gets theirs', async () => {
    const [slug] = await slugs();
    const url = `/properties/${slug}`;
    const anonymous = await get(url);
    const cookie = await signedIn('/sign-in', { runsScripts: false });
    // Opening GET /user.ljson as a page (no script) does not count as the script running.
    await app.request('/user.ljson', { headers: { ...SAME_ORIGIN, cookie } });
    const own = await get(url, { cookie });
    expect(own.html).toContain(`Signed in as user ${userId}`);
    expect(own.html).toMatch(/<meta name="csrf-token" content="[A-Za-z0-9_-]{80,}"\/>/);
    expect(own.response.headers.get('cache-control') ?? '').not.toContain('public');
    // The next anonymous visitor still gets the shared page: no name, no token of the signed-in visitor.
    const after = await get(url);
    expect(after.html).toBe(anonymous.html);
    expect(after.html).not.toContain('Signed in');
  });

  it('keep their session when a shared render wanted one of its own, and that render is not kept', async () => {
    const cookie = await signedIn();
    const url = '/branches/needs-a-session';
    const before = renders;
    const own = await get(url, { cookie });
    expect(own.response.status).toBe(200);
    expect(own.response.headers.get('set-cookie')).toBeNull();
    expect(own.response.headers.get('cache-control')).toBe('private, no-store');
    expect(own.html).not.toContain('Signed in');
    await get(url, { cookie });
    expect(renders - before).toBe(2);
    // The visitor is still signed in.
    const me = (await (await app.request('/user.ljson', { headers: { cookie } })).json()) as { user_id: number };
    expect(me.user_id).toBe(userId);
  });
});

describe('a price change', () => {
  it('shows on the property page, the search page and the landing pages within a second', async () => {
    const rows = await listingRows();
    const target = rows[1]!;
    const other = rows[2]!;
    const pages = ['/search?channel=sales', '/property-for-sale/england/somerset/bath', `/properties/${target.slug}`];
    for (const url of [...pages, `/properties/${other.slug}`]) await get(url);
    const otherRenders = renders;
    await get(`/properties/${other.slug}`);
    expect(renders).toBe(otherRenders);

    const changedAt = performance.now();
    await applyFeed(
      database.db,
      feedOf(
        rows.map((_row, index) =>
          record(
            listing(`PC${index + 1}`, {
              fields: listingFields({
                priceValue: index === 1 ? 455_000 : [400_000, 500_000, 600_000][index],
                addressLine1: `${index + 1} Cache Lane`,
              }),
            }),
          ),
        ),
      ),
      { source, origin, sendAlerts: false },
    );
    for (const url of pages) {
      const { html } = await get(url);
      expect(html, url).toContain('£455,000');
      expect(html, url).not.toContain('£500,000');
    }
    expect(performance.now() - changedAt).toBeLessThan(1_000);
    const [changed] = await database.db
      .select({ price: properties.priceValue })
      .from(properties)
      .where(eq(properties.slug, target.slug));
    expect(changed?.price).toBe(455_000);
  });
});

describe('invalidation by kind of change', () => {
  async function cached(url: string): Promise<boolean> {
    const before = renders;
    await get(url);
    return renders === before;
  }

  async function warm(urls: string[]): Promise<void> {
    for (const url of urls) await get(url);
    for (const url of urls) expect(await cached(url), url).toBe(true);
  }

  it('drops one listing: its page and pages listing properties, not other property pages', async () => {
    const [first, second] = await slugs();
    const pages = ['/', '/search', `/properties/${first}`, `/properties/${second}`, '/terms-of-use'];
    await warm(pages);
    announcePageChange(database.db, [`listing:${first}`, 'listings']);
    expect(await cached(`/properties/${first}`)).toBe(false);
    expect(await cached('/search')).toBe(false);
    expect(await cached('/')).toBe(false);
    expect(await cached('/terms-of-use')).toBe(true);
  });

  it("shares the site's own pages by name, drops only the one changed, and never a reserved address or a 404", async () => {
    await warm(['/about-us', '/terms-of-use']);
    announcePageChange(database.db, ['page:about-us']);
    expect(await cached('/about-us')).toBe(false);
    expect(await cached('/terms-of-use')).toBe(true);
    for (const url of ['/valuation', '/outbox', '/no-such-page']) {
      await get(url);
      expect(await cached(url), url).toBe(false);
    }
  });

  it('drops a property page when a listing it links to changes', async () => {
    const [first, second] = await slugs();
    // The fake property page links nowhere; the search page links to every listing.
    await warm([`/properties/${first}`, '/search?channel=lettings']);
    announcePageChange(database.db, [`listing:${second}`]);
    expect(await cached(`/properties/${first}`)).toBe(true);
    expect(await cached('/search?channel=lettings')).toBe(false);
  });

  it('drops article pages on a new article, and every page on a content or settings edit', async () => {
    const [first] = await slugs();
    await warm(['/', '/articles/news', '/branches', `/properties/${first}`]);
    announcePageChange(database.db, ['articles']);
    expect(await cached('/articles/news')).toBe(false);
    expect(await cached('/')).toBe(false);
    expect(await cached('/branches')).toBe(true);
    expect(await cached(`/properties/${first}`)).toBe(true);
    announcePageChange(database.db, ['site']);
    expect(await cached('/branches')).toBe(false);
    expect(await cached(`/properties/${first}`)).toBe(false);
  });

  it('drops the pages showing a branch: its own, the list and its properties’ pages, not the others', async () => {
    const [first] = await slugs();
    const pages = [
      '/branches/bath',
      '/branches/bristol',
      '/branches',
      `/properties/${first}`,
      '/articles/news',
      '/search',
    ];
    await warm(pages);
    announcePageChange(database.db, ['branch:bath']);
    expect(await cached('/branches/bath')).toBe(false);
    expect(await cached('/branches')).toBe(false);
    expect(await cached(`/properties/${first}`)).toBe(false);
    expect(await cached('/branches/bristol')).toBe(true);
    expect(await cached('/articles/news')).toBe(true);
    expect(await cached('/search')).toBe(true);
  });
});

describe('CSRF with shared pages', () => {
  function write(headers: Record<string, string>, body = '') {
    return app.request('/leads', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...headers },
      body,
    });
  }

  it('accepts a write without a session only as a form post the browser says came from this site', async () => {
    const formPost = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate', origin: 'http://localhost' };
    expect((await write(formPost, 'authenticity_token=')).status).toBe(200);
    // A browser that sends no fetch metadata: its Origin alone.
    expect((await write({ origin: 'http://localhost' })).status).toBe(200);
  });

  it("gives a shared page's scripts a token bound to a cookie of its own, not a session", async () => {
    const answer = await app.request('/csrf-token');
    const cookies = answer.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^doorstep_csrf=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
    const cookie = cookies[0]!.split(';')[0]!;
    const { token } = (await answer.json()) as { token: string };
    const script = { ...SAME_ORIGIN, 'sec-fetch-mode': 'cors' };
    expect((await write({ ...script, cookie, 'x-csrf-token': token })).status).toBe(200);
    // The visitor still has no session: the next page is the shared one.
    expect((await app.request('/terms-of-use', { headers: { cookie } })).headers.get('x-cache')).toBeTruthy();
    expect((await write({ ...script, 'x-csrf-token': token })).status).toBe(422);
    const other = (await app.request('/csrf-token')).headers.getSetCookie()[0]!.split(';')[0]!;
    expect((await write({ ...script, cookie: other, 'x-csrf-token': token })).status).toBe(422);
    expect((await write({ cookie, 'x-csrf-token': token, origin: 'https://evil.example' })).status).toBe(422);
  });

  it('refuses every forged variant, with and without a session', async () => {
    const signIn = await app.request('/sign-in', { method: 'POST', headers: SAME_ORIGIN });
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const variants: [string, Record<string, string>, string][] = [
      ['no token, no word from the browser', {}, ''],
      ['no token, from a script of this site', { ...SAME_ORIGIN, 'sec-fetch-mode': 'cors' }, ''],
      [
        'no token, a navigation from another site',
        { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
        '',
      ],
      ['a made-up token without a session', SAME_ORIGIN, 'authenticity_token=forged'],
      ['a foreign Origin', { origin: 'https://evil.example' }, ''],
      ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }, ''],
      ['Origin: null', { origin: 'null' }, ''],
      ['a session without a token', { cookie, ...SAME_ORIGIN }, ''],
      ['a session with a wrong token', { cookie, ...SAME_ORIGIN }, 'authenticity_token=forged'],
      ['a session, a foreign Origin', { cookie, origin: 'https://evil.example' }, ''],
      ['a session, cross-site', { cookie, 'sec-fetch-site': 'cross-site' }, ''],
    ];
    for (const [name, headers, body] of variants) expect((await write(headers, body)).status, name).toBe(422);
  });
});
