/**
 * New pages and deleting them: owners and editors create a page at an address of its own (from the title, or
 * chosen), which the site serves at once and lists in the sitemap; a taken or reserved address is refused with its
 * message. A page is deleted only while nothing links to it (the site's own forms, the legal footer, a menu), from
 * the version it was read at; the address then answers 404 again and the cached copy is dropped.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contentRevisions, menuItems, pages, siteSettings } from '../../db/schema/index.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { onPageChange } from '../../app/lib/page-cache-bus.server.ts';
import { PAGE_MESSAGES } from '../../app/features/article-editor/article-editor-model.ts';
import { listSitemapEntries } from '../../app/features/content/sitemap-queries.server.ts';
import { DEFAULT_THEME } from '../../app/features/site/site-chrome.server.ts';
import * as pageListRoute from '../../app/routes/admin/pages.tsx';
import * as newPageRoute from '../../app/routes/admin/pages-new.tsx';
import * as pageRoute from '../../app/routes/admin/pages-edit.tsx';
import * as publicPage from '../../app/routes/public/static-page.tsx';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { insertBranches, type RouteAnswer, signedInStaff, staffRouteCaller, formErrorsOf } from './staff-fixtures.ts';

let database: TestDatabase;
const cookies: Record<string, () => Promise<string>> = {};
const announced: string[][] = [];
let stopListening: () => void = () => undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
  await insertBranches(database.db);
  await database.db.insert(pages).values([
    { slug: 'terms-of-use', title: 'Terms of use', bodyMarkdown: 'The terms.' },
    { slug: 'tenant-fees', title: 'Fees for tenants', bodyMarkdown: 'The fees.' },
    { slug: 'landlords', title: 'Landlord services', bodyMarkdown: 'For landlords.' },
  ]);
  for (const role of ['owner', 'manager', 'negotiator', 'editor'] as const) {
    cookies[role] = (await signedInStaff(database.db, role, ['bath'])).cookie;
  }
  stopListening = onPageChange((tags) => announced.push([...tags]));
});

afterAll(async () => {
  stopListening();
  setDatabaseHandle(undefined);
  await database?.dispose();
});

afterEach(() => {
  announced.length = 0;
});

const call = staffRouteCaller(() => database.db, cookies);

/** The public page as a visitor's browser asks for it: its loader's data, or the status it was refused with. */
async function visit(path: string, method: 'GET' | 'POST' = 'GET'): Promise<{ status: number; data: unknown }> {
  const request = new Request(`http://localhost${path}`, { method, headers: { accept: 'text/html' } });
  const args = { request, context: { origin: 'http://localhost' }, params: { '*': path.slice(1) } } as never;
  try {
    const data = await (method === 'GET' ? publicPage.loader(args) : publicPage.action(args));
    return { status: 200, data };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, data: null };
    const shaped = thrown as { init?: { status?: number } | null };
    if (shaped.init?.status) return { status: shaped.init.status, data: null };
    throw thrown;
  }
}

function newPage(changes: Record<string, string> = {}): Record<string, string> {
  return {
    title: 'About us',
    slug: '',
    body_markdown: 'We are **local**.',
    seo_title: '',
    seo_description: '',
    ...changes,
  };
}

const errorsOf = formErrorsOf;

function createdId(answer: RouteAnswer): string {
  const location = answer.response?.headers.get('location') ?? '';
  const match = /^\/admin\/pages\/(\d+)\?saved=1$/.exec(location);
  expect(match, location).not.toBeNull();
  return match![1]!;
}

async function pageRow(slug: string) {
  const [row] = await database.db.select().from(pages).where(eq(pages.slug, slug));
  return row;
}

async function remove(who: string, id: string, version: number): Promise<RouteAnswer> {
  return call(who, pageRoute.action, `/admin/pages/${id}`, { id }, { intent: 'delete', version: String(version) });
}

describe('a new page', () => {
  it('is created at an address made from the title, served at once, in the sitemap and the audit log', async () => {
    expect((await visit('/about-us')).status).toBe(404);
    const created = await call('editor', newPageRoute.action, '/admin/pages/new', {}, newPage());
    expect(created.status).toBe(303);
    const id = createdId(created);
    expect(announced).toEqual([['page:about-us']]);

    const shown = await visit('/about-us');
    expect(shown.status).toBe(200);
    expect(shown.data).toMatchObject({ title: 'About us', canonical: 'http://localhost/about-us' });
    expect((shown.data as { html: string }).html).toContain('<strong>local</strong>');
    // A post to a page is refused as to any page without a form.
    expect((await visit('/about-us', 'POST')).status).toBe(405);

    const sitemap = await listSitemapEntries(database.db, 'pages', 1);
    expect(sitemap.map((entry) => entry.path)).toEqual(expect.arrayContaining(['/about-us', '/landlords']));

    const list = await call('owner', pageListRoute.loader, '/admin/pages');
    expect((list.data as { pages: { slug: string }[] }).pages.map((page) => page.slug)).toContain('about-us');
    const edit = await call('editor', pageRoute.loader, `/admin/pages/${id}`, { id });
    expect((edit.data as { revisions: unknown[] }).revisions).toHaveLength(1);
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, 'page:about-us'))
      .orderBy(asc(auditLog.id));
    expect(audit).toMatchObject({
      action: 'page.created',
      details: { after: { slug: 'about-us', title: 'About us' } },
    });
  });

  it('takes a chosen address, and refuses a taken, reserved or malformed one with its message', async () => {
    const chosen = await call(
      'owner',
      newPageRoute.action,
      '/admin/pages/new',
      {},
      newPage({ title: 'Jobs', slug: ' Work-With-Us ' }),
    );
    expect(chosen.status).toBe(303);
    expect((await pageRow('work-with-us'))?.title).toBe('Jobs');

    const taken = await call('editor', newPageRoute.action, '/admin/pages/new', {}, newPage({ slug: 'landlords' }));
    expect(taken.status).toBe(422);
    expect(errorsOf(taken).slug).toEqual([PAGE_MESSAGES.slugTaken]);
    for (const slug of ['search', 'admin', 'branches', 'valuation', 'media']) {
      const reserved = await call('editor', newPageRoute.action, '/admin/pages/new', {}, newPage({ slug }));
      expect(reserved.status, slug).toBe(422);
      expect(errorsOf(reserved).slug, slug).toEqual([PAGE_MESSAGES.slugReserved]);
    }
    for (const slug of ['about us', 'about--us', '-about', 'über', '../admin', 'a'.repeat(81)]) {
      const malformed = await call('editor', newPageRoute.action, '/admin/pages/new', {}, newPage({ slug }));
      expect(malformed.status, slug).toBe(422);
      expect(errorsOf(malformed).slug, slug).toEqual([PAGE_MESSAGES.slug]);
    }
    // A title with nothing to make an address from, and no title at all.
    const untitled = await call('editor', newPageRoute.action, '/admin/pages/new', {}, newPage({ title: ' ' }));
    expect(untitled.status).toBe(422);
    expect(errorsOf(untitled).title).toEqual([PAGE_MESSAGES.title]);
    expect(announced).toEqual([['page:work-with-us']]);
  });

  it('is for owners and editors only', async () => {
    for (const who of ['manager', 'negotiator']) {
      expect((await call(who, newPageRoute.loader, '/admin/pages/new')).status, who).toBe(403);
      const refused = await call(who, newPageRoute.action, '/admin/pages/new', {}, newPage({ slug: `by-${who}` }));
      expect(refused.status, who).toBe(403);
      expect(await pageRow(`by-${who}`), who).toBeUndefined();
    }
  });

  it('previews without saving', async () => {
    const preview = await call(
      'editor',
      newPageRoute.action,
      '/admin/pages/new',
      {},
      newPage({ intent: 'preview', slug: 'preview-only', body_markdown: '<script>x</script>\n\n*Hello*' }),
    );
    expect(preview.status).toBe(200);
    expect((preview.data as { preview: string }).preview).toContain('<em>Hello</em>');
    expect((preview.data as { preview: string }).preview).not.toContain('<script');
    expect(await pageRow('preview-only')).toBeUndefined();
  });
});

describe('deleting a page', () => {
  it('deletes a page nothing links to, with its history; the address answers 404 and the cache is told', async () => {
    const created = await call(
      'editor',
      newPageRoute.action,
      '/admin/pages/new',
      {},
      newPage({ title: 'Winter opening' }),
    );
    const id = createdId(created);
    announced.length = 0;
    const editPage = await call('editor', pageRoute.loader, `/admin/pages/${id}`, { id });
    expect((editPage.data as { deletionRefusal: string | null }).deletionRefusal).toBeNull();
    const deleted = await remove('editor', id, 1);
    expect(deleted.status).toBe(303);
    expect(deleted.response?.headers.get('location')).toBe('/admin/pages?deleted=winter-opening');
    expect(announced).toEqual([['page:winter-opening']]);
    expect(await pageRow('winter-opening')).toBeUndefined();
    expect((await visit('/winter-opening')).status).toBe(404);
    const history = await database.db
      .select()
      .from(contentRevisions)
      .where(eq(contentRevisions.itemId, Number(id)));
    expect(history.filter((revision) => revision.kind === 'page')).toEqual([]);
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'page.deleted'));
    expect(audit).toMatchObject({ target: 'page:winter-opening', details: { before: { title: 'Winter opening' } } });

    const list = await call('editor', pageListRoute.loader, '/admin/pages?deleted=winter-opening');
    expect((list.data as { deleted: string }).deleted).toBe('/winter-opening');
    // The notice names only a page address: anything else in the query is not repeated on the page.
    const odd = await call('editor', pageListRoute.loader, '/admin/pages?deleted=%3Cscript%3E');
    expect((odd.data as { deleted: string | null }).deleted).toBeNull();
    // Deleting again: the page is gone.
    expect((await remove('editor', id, 1)).status).toBe(404);
  });

  it('refuses while the site, the legal footer or a menu links to the page, and from an older version', async () => {
    const refusal = async (slug: string) => {
      const row = (await pageRow(slug))!;
      const answer = await remove('owner', String(row.id), row.version);
      expect(answer.status, slug).toBe(409);
      expect(await pageRow(slug), slug).toBeDefined();
      return (answer.data as { conflict: string }).conflict;
    };
    expect(await refusal('terms-of-use')).toBe(PAGE_MESSAGES.linkedBySite);
    // The edit page says so before anyone tries.
    const terms = (await pageRow('terms-of-use'))!;
    const termsPage = await call('editor', pageRoute.loader, `/admin/pages/${terms.id}`, { id: String(terms.id) });
    expect((termsPage.data as { deletionRefusal: string | null }).deletionRefusal).toBe(PAGE_MESSAGES.linkedBySite);
    // The footer's default fee page, until the agency points the footer elsewhere; then the page it points at.
    expect(await refusal('tenant-fees')).toBe(PAGE_MESSAGES.linkedByFooter);
    await call('owner', newPageRoute.action, '/admin/pages/new', {}, newPage({ title: 'Our fees', slug: 'our-fees' }));
    await database.db.insert(siteSettings).values({
      id: 1,
      agencyName: 'Test Agency',
      agencyEmail: 'hello@agency.test',
      agencyContactTelephone: '01225 000000',
      logoUrl: '/logo.png',
      theme: DEFAULT_THEME,
      legal: {
        registeredName: 'Test Agency Limited',
        companyNumber: '01234567',
        placeOfRegistration: 'England and Wales',
        registeredOffice: '1 High Street, Bath',
        redressScheme: { name: 'The Property Ombudsman', membershipNumber: 'D00001', url: 'https://www.tpos.co.uk/' },
        clientMoneyProtection: null,
        professionalMemberships: [],
        icoRegistrationNumber: 'ZA000001',
        vatNumber: null,
        pages: {
          complaints: '/complaints-procedure',
          landlordFees: '/landlord-fees',
          tenantFees: '/our-fees?tab=tenants',
          privacy: '/privacy-policy',
          cookies: '/cookie-policy',
        },
      },
    });
    expect(await refusal('our-fees')).toBe(PAGE_MESSAGES.linkedByFooter);

    await database.db
      .insert(menuItems)
      .values({ menu: 'secondary', parentId: null, position: 9, name: 'Letting with us', url: '/landlords#fees' });
    expect(await refusal('landlords')).toBe(PAGE_MESSAGES.linkedByMenu('footer menu', 'Letting with us'));
    // The fees page is free to go once the footer points elsewhere: the setting, not the name, decides.
    const tenantFees = (await pageRow('tenant-fees'))!;
    expect((await remove('owner', String(tenantFees.id), tenantFees.version)).status).toBe(303);

    const about = (await pageRow('about-us'))!;
    const stale = await remove('editor', String(about.id), about.version + 1);
    expect(stale.status).toBe(409);
    expect((stale.data as { conflict: string }).conflict).toBe(PAGE_MESSAGES.deleteConflict);
    expect(await pageRow('about-us')).toBeDefined();
  });

  it('is for owners and editors only, and answers hostile values without a 500', async () => {
    const about = (await pageRow('about-us'))!;
    const id = String(about.id);
    for (const who of ['manager', 'negotiator']) {
      expect((await remove(who, id, about.version)).status, who).toBe(403);
    }
    for (const version of ['', 'x', '-1', '0', '1e9', '99999999999']) {
      const answer = await call(
        'editor',
        pageRoute.action,
        `/admin/pages/${id}`,
        { id },
        { intent: 'delete', version },
      );
      expect([400, 409], version).toContain(answer.status);
    }
    expect(await pageRow('about-us')).toBeDefined();
  });
});

describe('public addresses', () => {
  it('answers 404 for addresses that cannot be a page, and serves one with a trailing slash', async () => {
    for (const path of ['/About-Us', '/about us', '/search', '/admin', '/%E0%A4%A', '/about-us/extra', '/.env']) {
      expect((await visit(path)).status, path).toBe(404);
    }
    expect((await visit('/about-us/')).status).toBe(200);
  });
});
