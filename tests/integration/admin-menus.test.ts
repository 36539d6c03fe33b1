/**
 * The menu and home page editors (/admin/menus, /admin/menus/items/:id, /admin/home-page): owners and editors
 * only; every change is checked by the form's schema, a menu link must lead to a page that exists (or a web
 * address), a change made from an older version is refused, every change is audited with before and after and
 * announced so the public pages follow at once. Also: the link check knows every public route of app/routes.ts.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { articles, auditLog, homePageLayouts, menuItems, menuVersions, pages } from '../../db/schema/index.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { onPageChange } from '../../app/lib/page-cache-bus.server.ts';
import { getSiteChrome } from '../../app/features/site/index.server.ts';
import {
  FIXED_PAGES,
  LINK_MESSAGES,
  matchSitePath,
  MODAL_PATHS,
} from '../../app/features/navigation-editor/menu-links.ts';
import { MENU_MESSAGES } from '../../app/features/navigation-editor/menu-model.ts';
import { TREE_MESSAGES } from '../../app/features/navigation-editor/menu-tree.ts';
import {
  DEFAULT_HOME_LAYOUT,
  HOME_MESSAGES,
  type HomeSection,
} from '../../app/features/navigation-editor/home-layout.ts';
import { getHomeLayout } from '../../app/features/navigation-editor/home-layout.server.ts';
import { startSignedInSession } from '../../app/features/staff/staff-sessions.server.ts';
import type { StaffRole } from '../../app/features/staff/staff-roles.ts';
import routes from '../../app/routes.ts';
import * as menusRoute from '../../app/routes/admin/menus.tsx';
import * as menuItemRoute from '../../app/routes/admin/menus-item.tsx';
import * as homePageRoute from '../../app/routes/admin/home-page.tsx';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { callStaffRoute, createTestStaff, insertBranches, staffCookie, type RouteAnswer } from './staff-fixtures.ts';

let database: TestDatabase;
const cookies = new Map<StaffRole, string>();
const announced: string[][] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
  const db = database.db;
  await insertBranches(db);
  const now = new Date();
  await db.insert(pages).values([
    { slug: 'careers', title: 'Careers', bodyMarkdown: 'Join us', updatedAt: now },
    { slug: 'mortgages', title: 'Mortgages', bodyMarkdown: 'Advice', updatedAt: now },
  ]);
  const article = (slug: string, isPublished: boolean) => ({
    slug,
    kind: 'news' as const,
    title: slug,
    topic: 'Selling',
    topics: ['Selling'],
    promo: '',
    bodyMarkdown: 'Text',
    isPublished,
    publishedAt: now,
  });
  await db.insert(articles).values([article('moving-home', true), article('draft-piece', false)]);
  for (const role of ['owner', 'manager', 'negotiator', 'editor'] as const) {
    const staff = await createTestStaff(db, role, { branchSlugs: ['bath'] });
    cookies.set(role, staffCookie(await startSignedInSession(db, staff.staffId, { ip: null, userAgent: null }, null)));
  }
  onPageChange((tags) => announced.push([...tags]));
});

afterAll(async () => {
  await database?.dispose();
});

/** The demo's shape: Buy, Sell (Book a valuation, Instant valuation), About; and Mortgages on the home page. */
async function resetMenus(): Promise<void> {
  const db = database.db;
  await db.delete(menuItems);
  await db.delete(menuVersions);
  await db.insert(menuItems).values([
    { id: 1, menu: 'primary', parentId: null, position: 0, name: 'Buy', url: '/search?channel=sales' },
    { id: 2, menu: 'primary', parentId: null, position: 1, name: 'Sell', url: '#/book-a-valuation' },
    { id: 3, menu: 'primary', parentId: 2, position: 0, name: 'Book a valuation', url: '#/book-a-valuation' },
    { id: 4, menu: 'primary', parentId: 2, position: 1, name: 'Instant valuation', url: '/valuation' },
    { id: 5, menu: 'primary', parentId: null, position: 2, name: 'About', url: '/branches' },
    { id: 6, menu: 'secondary', parentId: null, position: 0, name: 'Mortgages', url: '/mortgages' },
  ]);
  await db.execute(sql`select setval(pg_get_serial_sequence('menu_items', 'id'), 100)`);
  announced.length = 0;
}

function call(
  handler: (args: never) => unknown,
  role: StaffRole,
  options: { url?: string; params?: Record<string, string>; body?: Record<string, string> } = {},
): Promise<RouteAnswer> {
  return callStaffRoute(database.db, handler, {
    cookie: cookies.get(role)!,
    url: options.url ?? '/admin/menus',
    params: options.params,
    body: options.body,
  });
}

type EditorNode = { id: number; name: string; url: string; target: string; children: EditorNode[] };
type MenusPage = { menus: { menu: string; version: number; tree: EditorNode[] }[] };

async function menusPage(): Promise<MenusPage> {
  const page = await call(menusRoute.loader, 'owner');
  expect(page.status).toBe(200);
  return page.data as MenusPage;
}

async function versionOf(menu: 'primary' | 'secondary'): Promise<number> {
  return (await menusPage()).menus.find((entry) => entry.menu === menu)!.version;
}

function shape(tree: EditorNode[]): unknown {
  return tree.map((node) => (node.children.length ? [node.name, shape(node.children)] : node.name));
}

async function primaryShape(): Promise<unknown> {
  return shape((await menusPage()).menus[0]!.tree);
}

/** Every message of a refused post, by field ('form' for the whole form). */
function errorsOf(answer: RouteAnswer): Record<string, string[]> {
  const error = (answer.data as { formResult: { error?: Record<string, string[]> } }).formResult.error ?? {};
  return Object.fromEntries(
    Object.entries(error).map(([field, messages]) => [field === '' ? 'form' : field, messages]),
  );
}

async function addLink(fields: Record<string, string>, role: StaffRole = 'owner', version?: number) {
  const menu = fields.menu ?? 'primary';
  return call(menusRoute.action, role, {
    body: {
      intent: 'add',
      menu,
      version: String(version ?? (await versionOf(menu as 'primary'))),
      name: 'Careers',
      url: '/careers',
      ...fields,
    },
  });
}

async function move(itemId: number, intent: string, extra: Record<string, string> = {}, role: StaffRole = 'owner') {
  return call(menusRoute.action, role, {
    body: { intent, menu: 'primary', itemId: String(itemId), version: String(await versionOf('primary')), ...extra },
  });
}

describe('the menus page', () => {
  beforeEach(resetMenus);

  it('shows both menus as trees at version 1, for owners and editors only', async () => {
    const page = await menusPage();
    expect(page.menus.map((entry) => [entry.menu, entry.version])).toEqual([
      ['primary', 1],
      ['secondary', 1],
    ]);
    expect(shape(page.menus[0]!.tree)).toEqual(['Buy', ['Sell', ['Book a valuation', 'Instant valuation']], 'About']);
    expect((await call(menusRoute.loader, 'editor')).status).toBe(200);
    for (const role of ['manager', 'negotiator'] as const)
      expect((await call(menusRoute.loader, role)).status).toBe(403);
  });
});

describe('adding and editing links', () => {
  beforeEach(resetMenus);

  it('adds a link to a page that exists: version raised, audited before/after, in the header at once', async () => {
    const db = database.db;
    expect((await getSiteChrome(db)).primaryMenuItems.map((item) => item.name)).not.toContain('Careers');
    const added = await addLink({ name: 'Careers', url: '/careers', newTab: 'on' });
    expect(added.status).toBe(303);
    expect(added.response!.headers.get('location')).toMatch(
      /^\/admin\/menus\?menu=primary&did=add&item=\d+#menu-primary$/,
    );
    const header = (await getSiteChrome(db)).primaryMenuItems;
    expect(header.at(-1)).toMatchObject({ name: 'Careers', url: '/careers', target: 'B' });
    expect(announced).toContainEqual(['site']);
    expect(await versionOf('primary')).toBe(2);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'menu.changed'));
    expect(entry!.target).toBe('menu:primary');
    const details = entry!.details as { change: string; before: unknown[]; after: { name: string; newTab?: true }[] };
    expect(details.change).toBe('add');
    expect(details.before).toHaveLength(3);
    expect(details.after.at(-1)).toEqual({ name: 'Careers', url: '/careers', newTab: true });
  });

  it('adds a sub-link under a top-level link, but never a sub-link to the secondary menu', async () => {
    expect((await addLink({ name: 'Careers', url: '/careers', parentId: '5' })).status).toBe(303);
    expect(await primaryShape()).toEqual([
      'Buy',
      ['Sell', ['Book a valuation', 'Instant valuation']],
      ['About', ['Careers']],
    ]);
    const refused = await addLink({ menu: 'secondary', parentId: '6' });
    expect(refused.status).toBe(422);
    expect(errorsOf(refused).form).toEqual([TREE_MESSAGES.tooDeep(1)]);
  });

  it('refuses an internal link to a page that does not exist, with the message on the link field', async () => {
    const cases: [string, string][] = [
      ['/no-such-page', '/no-such-page'],
      ['/articles/draft-piece', '/articles/draft-piece'],
      ['/articles/never-written', '/articles/never-written'],
      ['/branches/atlantis', '/branches/atlantis'],
      ['/properties/no-such-house', '/properties/no-such-house'],
      ['/property-for-sale/england/nowhere', '/property-for-sale/england/nowhere'],
      ['/terms-of-use', '/terms-of-use'],
      ['#/no-such-modal', '#/no-such-modal'],
    ];
    for (const [url, shown] of cases) {
      const refused = await addLink({ url });
      expect(refused.status, url).toBe(422);
      expect(errorsOf(refused).url, url).toEqual([LINK_MESSAGES.missingPage(shown)]);
    }
    expect(await versionOf('primary')).toBe(1);
    expect(await database.db.select().from(menuItems)).toHaveLength(6);
  });

  it('accepts the pages that do exist, with queries, and web addresses', async () => {
    for (const url of [
      '/articles/moving-home',
      '/branches/bath',
      '/branches/bristol/properties',
      '/search?channel=lettings',
      '/mortgages',
      '#/book-a-valuation',
      'https://www.tpos.co.uk/',
    ]) {
      const version = await versionOf('primary');
      expect((await addLink({ name: url.slice(0, 20), url }, 'owner', version)).status, url).toBe(303);
    }
  });

  it('refuses javascript: and other schemes, and text that is not text', async () => {
    for (const url of ['javascript:alert(1)', ' JAVASCRIPT:alert(1)', 'data:text/html,x', '//evil.example/']) {
      const refused = await addLink({ url });
      expect(refused.status, url).toBe(422);
      expect(errorsOf(refused).url, url).toEqual([LINK_MESSAGES.scheme]);
    }
    const blank = await addLink({ name: '\u202e  ' });
    expect(errorsOf(blank).name).toEqual([MENU_MESSAGES.name]);
    expect(await database.db.select().from(menuItems)).toHaveLength(6);
  });

  it('renames a link on its own page; the header shows it at once', async () => {
    const db = database.db;
    await getSiteChrome(db);
    const page = await call(menuItemRoute.loader, 'editor', { url: '/admin/menus/items/1', params: { id: '1' } });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ menu: 'primary', version: 1, item: { id: 1, name: 'Buy' } });
    const saved = await call(menuItemRoute.action, 'editor', {
      url: '/admin/menus/items/1',
      params: { id: '1' },
      body: { menu: 'primary', version: '1', name: 'Buy a home', url: '/search?channel=sales' },
    });
    expect(saved.status).toBe(303);
    expect((await getSiteChrome(db)).primaryMenuItems[0]).toMatchObject({ name: 'Buy a home', target: 'S' });
    const refused = await call(menuItemRoute.action, 'editor', {
      url: '/admin/menus/items/1',
      params: { id: '1' },
      body: { menu: 'primary', version: '2', name: 'Buy', url: '/buy' },
    });
    expect(refused.status).toBe(422);
    expect(errorsOf(refused).url).toEqual([LINK_MESSAGES.missingPage('/buy')]);
    expect(
      (await call(menuItemRoute.loader, 'owner', { url: '/admin/menus/items/999', params: { id: '999' } })).status,
    ).toBe(404);
  });
});

describe('moving links', () => {
  beforeEach(resetMenus);

  it('moves up, down, indents, outdents and removes, each raising the version', async () => {
    const up = await move(5, 'up');
    expect(up.status).toBe(303);
    // No #fragment: the page's autofocus puts focus back on the pressed button.
    expect(up.response!.headers.get('location')).toBe('/admin/menus?menu=primary&did=up&item=5');
    expect(await primaryShape()).toEqual(['Buy', 'About', ['Sell', ['Book a valuation', 'Instant valuation']]]);
    expect((await move(5, 'indent')).status).toBe(303);
    expect(await primaryShape()).toEqual([
      ['Buy', ['About']],
      ['Sell', ['Book a valuation', 'Instant valuation']],
    ]);
    expect((await move(5, 'outdent')).status).toBe(303);
    expect((await move(1, 'down')).status).toBe(303);
    expect(await primaryShape()).toEqual(['About', 'Buy', ['Sell', ['Book a valuation', 'Instant valuation']]]);
    expect((await move(2, 'remove')).status).toBe(303);
    expect(await primaryShape()).toEqual(['About', 'Buy']);
    expect(await versionOf('primary')).toBe(6);
    expect(await database.db.select().from(menuItems).where(eq(menuItems.menu, 'primary'))).toHaveLength(2);
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'menu.changed'))
      .orderBy(asc(auditLog.id));
    expect(entries.map((entry) => (entry.details as { change: string }).change).slice(-5)).toEqual([
      'up',
      'indent',
      'outdent',
      'down',
      'remove',
    ]);
  });

  it('moves by drag and drop to a place among another link’s sub-links', async () => {
    expect((await move(1, 'move', { parentId: '2', index: '1' })).status).toBe(303);
    expect(await primaryShape()).toEqual([['Sell', ['Book a valuation', 'Buy', 'Instant valuation']], 'About']);
    const tooDeep = await move(2, 'move', { parentId: '5', index: '0' });
    expect(tooDeep.status).toBe(422);
    expect(errorsOf(tooDeep).form).toEqual([TREE_MESSAGES.tooDeep(2)]);
  });

  it('refuses the second of two changes made from the same version, with a clear message', async () => {
    const opened = await versionOf('primary');
    const body = (itemId: number, intent: string) => ({
      intent,
      menu: 'primary',
      itemId: String(itemId),
      version: String(opened),
    });
    expect((await call(menusRoute.action, 'owner', { body: body(5, 'up') })).status).toBe(303);
    const second = await call(menusRoute.action, 'editor', { body: body(1, 'remove') });
    expect(second.status).toBe(409);
    expect(errorsOf(second).form).toEqual([MENU_MESSAGES.conflict]);
    expect(await primaryShape()).toEqual(['Buy', 'About', ['Sell', ['Book a valuation', 'Instant valuation']]]);
    const staleAdd = await addLink({ name: 'Careers', url: '/careers' }, 'owner', opened);
    expect(staleAdd.status).toBe(409);
  });

  it('refuses managers and negotiators every change, and changes nothing', async () => {
    for (const role of ['manager', 'negotiator'] as const) {
      expect((await move(5, 'up', {}, role)).status, role).toBe(403);
      expect((await addLink({}, role, 1)).status, role).toBe(403);
      const edit = await call(menuItemRoute.action, role, {
        url: '/admin/menus/items/1',
        params: { id: '1' },
        body: { menu: 'primary', version: '1', name: 'Hacked', url: '/search' },
      });
      expect(edit.status, role).toBe(403);
    }
    expect(await versionOf('primary')).toBe(1);
    expect(await primaryShape()).toEqual(['Buy', ['Sell', ['Book a valuation', 'Instant valuation']], 'About']);
  });

  it('answers a link of another menu, or one that is gone, without a change', async () => {
    const other = await move(6, 'up');
    expect(other.status).toBe(422);
    expect(errorsOf(other).form).toEqual([TREE_MESSAGES.missing]);
    const junk = await call(menusRoute.action, 'owner', {
      body: { intent: 'explode', menu: 'primary', itemId: '1', version: '1' },
    });
    expect(junk.status).toBe(422);
  });
});

/** The home form's fields for a layout, as the browser posts them. */
function homeFields(sections: readonly HomeSection[], version: number, intent = 'save'): Record<string, string> {
  const fields: Record<string, string> = { version: String(version), intent };
  sections.forEach((section, index) => {
    for (const [key, value] of Object.entries(section)) {
      if (key === 'isVisible') {
        if (value) fields[`sections[${index}].isVisible`] = 'on';
      } else fields[`sections[${index}].${key}`] = String(value);
    }
  });
  return fields;
}

describe('the home page editor', () => {
  beforeEach(async () => {
    await database.db.delete(homePageLayouts);
    announced.length = 0;
  });

  const homeCall = (handler: (args: never) => unknown, role: StaffRole, body?: Record<string, string>) =>
    call(handler, role, { url: '/admin/home-page', body });

  it('shows the default layout at version 1 to owners and editors, and to nobody else', async () => {
    const page = await homeCall(homePageRoute.loader, 'editor');
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ version: 1, sections: DEFAULT_HOME_LAYOUT });
    for (const role of ['manager', 'negotiator'] as const) {
      expect((await homeCall(homePageRoute.loader, role)).status).toBe(403);
      expect((await homeCall(homePageRoute.action, role, homeFields(DEFAULT_HOME_LAYOUT, 1))).status).toBe(403);
    }
  });

  it('saves headings, counts and visibility: version raised, audited before/after, the home page announced', async () => {
    const sections = DEFAULT_HOME_LAYOUT.map((section) => {
      if (section.kind === 'hero') return { ...section, heading: 'Homes across the West Country' };
      if (section.kind === 'articles') return { ...section, count: 6 };
      if (section.kind === 'valuation') return { ...section, isVisible: true };
      return section;
    });
    const saved = await homeCall(homePageRoute.action, 'owner', homeFields(sections, 1));
    expect(saved.status).toBe(303);
    expect(saved.response!.headers.get('location')).toBe('/admin/home-page?saved=1');
    expect(await getHomeLayout(database.db)).toEqual({ version: 2, sections });
    expect(announced).toContainEqual(['home']);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'home-page.changed'));
    const details = entry!.details as { from: { sections: HomeSection[] }; to: { sections: HomeSection[] } };
    expect(details.from.sections.map((section) => section.kind)).toEqual(['hero', 'articles', 'valuation']);
    expect(details.to.sections[0]).toMatchObject({ heading: 'Homes across the West Country' });
  });

  it('moves a section with its buttons, keeping what was typed', async () => {
    const fields = homeFields(DEFAULT_HOME_LAYOUT, 1, 'up:articles');
    fields['sections[0].heading'] = 'Welcome';
    const moved = await homeCall(homePageRoute.action, 'editor', fields);
    expect(moved.status).toBe(303);
    expect(moved.response!.headers.get('location')).toBe('/admin/home-page?moved=up:articles');
    const layout = await getHomeLayout(database.db);
    expect(layout.sections.map((section) => section.kind).indexOf('articles')).toBe(5);
    expect(layout.sections[0]).toMatchObject({ heading: 'Welcome' });
  });

  it('refuses a second save from the same version, and bad numbers, changing nothing', async () => {
    expect((await homeCall(homePageRoute.action, 'owner', homeFields(DEFAULT_HOME_LAYOUT, 1))).status).toBe(303);
    const second = await homeCall(homePageRoute.action, 'editor', homeFields(DEFAULT_HOME_LAYOUT, 1, 'down:hero'));
    expect(second.status).toBe(409);
    expect(errorsOf(second).form).toEqual([HOME_MESSAGES.conflict]);
    const fields = homeFields(DEFAULT_HOME_LAYOUT, 2);
    fields['sections[3].count'] = '500';
    const refused = await homeCall(homePageRoute.action, 'owner', fields);
    expect(refused.status).toBe(422);
    expect(errorsOf(refused)['sections[3].count']).toEqual([HOME_MESSAGES.count]);
    expect(await getHomeLayout(database.db)).toEqual({ version: 2, sections: DEFAULT_HOME_LAYOUT });
    expect(
      await database.db
        .select()
        .from(homePageLayouts)
        .where(and(eq(homePageLayouts.id, 1), eq(homePageLayouts.version, 2))),
    ).toHaveLength(1);
  });
});

type RouteEntry = { path?: string; file: string; children?: RouteEntry[] };

function routePaths(entries: readonly RouteEntry[], prefix = ''): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? prefix : `${prefix}/${entry.path}`.replace(/\/+/g, '/');
    return [path || '/', ...routePaths(entry.children ?? [], path)];
  });
}

describe('the link check follows the route table', () => {
  const served = new Set(routePaths(routes as unknown as RouteEntry[]));

  it('every fixed page and modal it accepts is a route of app/routes.ts, and the last route serves pages by name', () => {
    expect(served.size).toBeGreaterThan(60);
    for (const page of FIXED_PAGES) expect(served, page.path).toContain(page.path);
    expect(served).toContain('/*');
    for (const path of MODAL_PATHS.filter((path) => path !== '/book_a_valuation')) expect(served, path).toContain(path);
  });

  it('every public page route is either accepted or knowingly left out', () => {
    const leftOut =
      /^\/(admin|outbox|unsubscribe|form_submissions|saved_|searches|session|reset_passwords|marketing_preferences|custom_marketing|postcode_branch|address_lookup|legacy_asset|leads|user\/(edit|marketing-preferences|forgotten_password|verify-email|send_to_friend)|properties\/:slug\/|properties\/:propertyId|property_views|exposures|analytics_code|ajax-events|sitemap|sitemaps|robots|manifest|altcha|csrf-token|book-a-viewing|contact-staff-member|\*)/;
    for (const path of served) {
      if (leftOut.test(path) || /\.(ljson|xml|txt|rss|webmanifest)$/.test(path)) continue;
      const sample = path.replace(/:[a-zA-Z]+/g, 'sample');
      expect(matchSitePath(sample), path).not.toBeNull();
    }
  });
});
