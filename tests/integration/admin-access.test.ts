/**
 * Who may open what in the back office: every /admin route, for no session, a signed-in visitor and each staff
 * role, as a page (the sign-in page or a 403) and as a data call (401 / 403), for its loader and its action.
 * To add a route, add a row to ADMIN_ROUTES: the test fails while any /admin route in app/routes.ts has none.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { leads, users } from '../../db/schema/index.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { VisitorSession, newSessionId } from '../../app/lib/session.server.ts';
import { STAFF_ROLES, type StaffRole } from '../../app/features/staff/staff-roles.ts';
import { startSignedInSession } from '../../app/features/staff/staff-sessions.server.ts';
import routes from '../../app/routes.ts';
import * as homeRoute from '../../app/routes/admin/home.tsx';
import * as signInRoute from '../../app/routes/admin/sign-in.tsx';
import * as signOutRoute from '../../app/routes/admin/sign-out.tsx';
import * as setupRoute from '../../app/routes/admin/setup.tsx';
import * as forgotPasswordRoute from '../../app/routes/admin/forgot-password.tsx';
import * as resetRoute from '../../app/routes/admin/reset.tsx';
import * as accountRoute from '../../app/routes/admin/account.tsx';
import * as staffRoute from '../../app/routes/admin/staff.tsx';
import * as emailRoute from '../../app/routes/admin/email.tsx';
import * as leadsRoute from '../../app/routes/admin/leads.tsx';
import * as leadsExportRoute from '../../app/routes/admin/leads-export.ts';
import * as leadRoute from '../../app/routes/admin/lead.tsx';
import * as leadFileRoute from '../../app/routes/admin/lead-file.ts';
import * as diaryRoute from '../../app/routes/admin/diary.tsx';
import * as listingsRoute from '../../app/routes/admin/listings.tsx';
import * as listingMediaRoute from '../../app/routes/admin/listing-media.tsx';
import * as listingMediaUploadRoute from '../../app/routes/admin/listing-media-upload.ts';
import * as listingNewRoute from '../../app/routes/admin/listing-new.tsx';
import * as listingRoute from '../../app/routes/admin/listing.tsx';
import * as listingPreviewRoute from '../../app/routes/admin/listing-preview.tsx';
import * as diaryEntryRoute from '../../app/routes/admin/diary-entry.tsx';
import * as privacyRoute from '../../app/routes/admin/privacy.tsx';
import * as privacyExportRoute from '../../app/routes/admin/privacy-export.ts';
import * as auditRoute from '../../app/routes/admin/audit.tsx';
import * as settingsRoute from '../../app/routes/admin/settings.tsx';
import * as menusRoute from '../../app/routes/admin/menus.tsx';
import * as menuItemRoute from '../../app/routes/admin/menus-item.tsx';
import * as homePageRoute from '../../app/routes/admin/home-page.tsx';
import * as settingsAgencyRoute from '../../app/routes/admin/settings-agency.tsx';
import * as settingsLegalRoute from '../../app/routes/admin/settings-legal.tsx';
import * as settingsOptionsRoute from '../../app/routes/admin/settings-options.tsx';
import * as settingsAnalyticsRoute from '../../app/routes/admin/settings-analytics.tsx';
import * as settingsLeadRoutingRoute from '../../app/routes/admin/settings-lead-routing.tsx';
import * as settingsBrandingRoute from '../../app/routes/admin/settings-branding.tsx';
import * as layoutRoute from '../../app/routes/admin/admin-layout.tsx';
import * as branchesRoute from '../../app/routes/admin/branches.tsx';
import * as branchRoute from '../../app/routes/admin/branch.tsx';
import * as branchNewRoute from '../../app/routes/admin/branch-new.tsx';
import * as branchStaffRoute from '../../app/routes/admin/branch-staff.tsx';
import * as branchStaffProfileRoute from '../../app/routes/admin/branch-staff-profile.tsx';
import * as branchStaffNewRoute from '../../app/routes/admin/branch-staff-new.tsx';
import * as branchDepartmentsRoute from '../../app/routes/admin/branch-departments.tsx';
import * as branchStaffPhotoRoute from '../../app/routes/admin/branch-staff-photo.tsx';
import * as articlesRoute from '../../app/routes/admin/articles.tsx';
import * as articleNewRoute from '../../app/routes/admin/articles-new.tsx';
import * as articleEditRoute from '../../app/routes/admin/articles-edit.tsx';
import * as articleImagesRoute from '../../app/routes/admin/articles-images.tsx';
import * as pagesRoute from '../../app/routes/admin/pages.tsx';
import * as pageEditRoute from '../../app/routes/admin/pages-edit.tsx';
import * as pageNewRoute from '../../app/routes/admin/pages-new.tsx';
import * as formsRoute from '../../app/routes/admin/forms.tsx';
import * as formsNewRoute from '../../app/routes/admin/forms-new.tsx';
import * as formsEditRoute from '../../app/routes/admin/forms-edit.tsx';
import * as formsPreviewRoute from '../../app/routes/admin/forms-preview.tsx';
import { createServerApp } from '../../server/app.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { createTestStaff, insertBranches, staffCookie } from './staff-fixtures.ts';

type RouteModule = { loader?: (args: never) => unknown; action?: (args: never) => unknown };

/** Who a route is for: everyone (the sign-in and link pages), or the staff roles listed. */
type Access = 'everyone' | readonly StaffRole[];

type AdminRouteCase = {
  /** The route's file in app/routes.ts. */
  file: string;
  /** A URL that reaches it. */
  path: string;
  module: RouteModule;
  params?: Record<string, string>;
  access: Access;
  /** A download (a .csv path): always answered as data, 401 rather than the sign-in page. */
  isDataOnly?: boolean;
};

const UNKNOWN_TOKEN = 'x'.repeat(43);
const LEAD_ROLES = ['owner', 'manager', 'negotiator'] as const;
const LISTING_ROLES = ['owner', 'manager'] as const;
const CONTENT_ROLES = ['owner', 'editor'] as const;

const ADMIN_ROUTES: readonly AdminRouteCase[] = [
  { file: 'routes/admin/admin-layout.tsx', path: '/admin', module: layoutRoute, access: 'everyone' },
  { file: 'routes/admin/home.tsx', path: '/admin', module: homeRoute, access: STAFF_ROLES },
  { file: 'routes/admin/sign-in.tsx', path: '/admin/sign-in', module: signInRoute, access: 'everyone' },
  { file: 'routes/admin/sign-out.tsx', path: '/admin/sign-out', module: signOutRoute, access: STAFF_ROLES },
  {
    file: 'routes/admin/setup.tsx',
    path: `/admin/setup/${UNKNOWN_TOKEN}`,
    params: { token: UNKNOWN_TOKEN },
    module: setupRoute,
    access: 'everyone',
  },
  {
    file: 'routes/admin/forgot-password.tsx',
    path: '/admin/forgot-password',
    module: forgotPasswordRoute,
    access: 'everyone',
  },
  {
    file: 'routes/admin/reset.tsx',
    path: `/admin/reset/${UNKNOWN_TOKEN}`,
    params: { token: UNKNOWN_TOKEN },
    module: resetRoute,
    access: 'everyone',
  },
  { file: 'routes/admin/account.tsx', path: '/admin/account', module: accountRoute, access: STAFF_ROLES },
  { file: 'routes/admin/staff.tsx', path: '/admin/staff', module: staffRoute, access: ['owner'] },
  { file: 'routes/admin/email.tsx', path: '/admin/email', module: emailRoute, access: ['owner', 'manager'] },
  { file: 'routes/admin/leads.tsx', path: '/admin/leads', module: leadsRoute, access: LEAD_ROLES },
  {
    file: 'routes/admin/leads-export.ts',
    path: '/admin/leads/export.csv',
    module: leadsExportRoute,
    access: LEAD_ROLES,
    isDataOnly: true,
  },
  {
    file: 'routes/admin/lead.tsx',
    path: '/admin/leads/1',
    params: { id: '1' },
    module: leadRoute,
    access: LEAD_ROLES,
  },
  {
    file: 'routes/admin/lead-file.ts',
    path: '/admin/leads/1/files/1',
    params: { id: '1', uploadId: '1' },
    module: leadFileRoute,
    access: LEAD_ROLES,
  },
  { file: 'routes/admin/listings.tsx', path: '/admin/listings', module: listingsRoute, access: LISTING_ROLES },
  {
    file: 'routes/admin/listing-new.tsx',
    path: '/admin/listings/new',
    module: listingNewRoute,
    access: LISTING_ROLES,
  },
  {
    file: 'routes/admin/listing.tsx',
    path: '/admin/listings/1',
    params: { id: '1' },
    module: listingRoute,
    access: LISTING_ROLES,
  },
  {
    file: 'routes/admin/listing-preview.tsx',
    path: '/admin/listings/1/preview',
    params: { id: '1' },
    module: listingPreviewRoute,
    access: LISTING_ROLES,
  },
  {
    file: 'routes/admin/listing-media.tsx',
    path: '/admin/listings/1/media',
    params: { id: '1' },
    module: listingMediaRoute,
    access: LISTING_ROLES,
  },
  {
    file: 'routes/admin/listing-media-upload.ts',
    path: '/admin/listings/1/media/upload',
    params: { id: '1' },
    module: listingMediaUploadRoute,
    access: LISTING_ROLES,
  },
  { file: 'routes/admin/diary.tsx', path: '/admin/diary', module: diaryRoute, access: LEAD_ROLES },
  {
    file: 'routes/admin/diary-entry.tsx',
    path: '/admin/diary/1',
    params: { id: '1' },
    module: diaryEntryRoute,
    access: LEAD_ROLES,
  },
  { file: 'routes/admin/privacy.tsx', path: '/admin/privacy', module: privacyRoute, access: ['owner'] },
  { file: 'routes/admin/settings.tsx', path: '/admin/settings', module: settingsRoute, access: ['owner'] },
  { file: 'routes/admin/menus.tsx', path: '/admin/menus', module: menusRoute, access: ['owner', 'editor'] },
  {
    file: 'routes/admin/menus-item.tsx',
    path: '/admin/menus/items/1',
    params: { id: '1' },
    module: menuItemRoute,
    access: ['owner', 'editor'],
  },
  { file: 'routes/admin/home-page.tsx', path: '/admin/home-page', module: homePageRoute, access: ['owner', 'editor'] },
  {
    file: 'routes/admin/settings-agency.tsx',
    path: '/admin/settings/agency',
    module: settingsAgencyRoute,
    access: ['owner'],
  },
  {
    file: 'routes/admin/settings-legal.tsx',
    path: '/admin/settings/legal',
    module: settingsLegalRoute,
    access: ['owner'],
  },
  {
    file: 'routes/admin/settings-options.tsx',
    path: '/admin/settings/options',
    module: settingsOptionsRoute,
    access: ['owner'],
  },
  {
    file: 'routes/admin/settings-analytics.tsx',
    path: '/admin/settings/analytics',
    module: settingsAnalyticsRoute,
    access: ['owner'],
  },
  {
    file: 'routes/admin/settings-lead-routing.tsx',
    path: '/admin/settings/lead-routing',
    module: settingsLeadRoutingRoute,
    access: ['owner'],
  },
  {
    file: 'routes/admin/settings-branding.tsx',
    path: '/admin/settings/branding',
    module: settingsBrandingRoute,
    access: ['owner'],
  },
  {
    file: 'routes/admin/privacy-export.ts',
    path: '/admin/privacy/export',
    module: privacyExportRoute,
    access: ['owner'],
  },
  { file: 'routes/admin/audit.tsx', path: '/admin/audit', module: auditRoute, access: ['owner'] },
  {
    file: 'routes/admin/branches.tsx',
    path: '/admin/branches',
    module: branchesRoute,
    access: ['owner', 'manager'],
  },
  { file: 'routes/admin/branch-new.tsx', path: '/admin/branches/new', module: branchNewRoute, access: ['owner'] },
  {
    file: 'routes/admin/branch.tsx',
    path: '/admin/branches/1',
    params: { id: '1' },
    module: branchRoute,
    access: ['owner', 'manager'],
  },
  {
    file: 'routes/admin/branch-staff.tsx',
    path: '/admin/branches/1/staff',
    params: { id: '1' },
    module: branchStaffRoute,
    access: ['owner', 'manager'],
  },
  {
    file: 'routes/admin/branch-staff-profile.tsx',
    path: '/admin/branches/1/staff/1',
    params: { id: '1', staffId: '1' },
    module: branchStaffProfileRoute,
    access: ['owner', 'manager'],
  },
  {
    file: 'routes/admin/branch-staff-new.tsx',
    path: '/admin/branches/1/staff/new',
    params: { id: '1' },
    module: branchStaffNewRoute,
    access: ['owner', 'manager'],
  },
  {
    file: 'routes/admin/branch-departments.tsx',
    path: '/admin/branches/1/departments',
    params: { id: '1' },
    module: branchDepartmentsRoute,
    access: ['owner', 'manager'],
  },
  {
    file: 'routes/admin/branch-staff-photo.tsx',
    path: '/admin/branches/1/staff/1/photo',
    params: { id: '1', staffId: '1' },
    module: branchStaffPhotoRoute,
    access: ['owner', 'manager'],
  },
  { file: 'routes/admin/articles.tsx', path: '/admin/articles', module: articlesRoute, access: CONTENT_ROLES },
  {
    file: 'routes/admin/articles-new.tsx',
    path: '/admin/articles/new',
    module: articleNewRoute,
    access: CONTENT_ROLES,
  },
  {
    file: 'routes/admin/articles-edit.tsx',
    path: '/admin/articles/1',
    params: { id: '1' },
    module: articleEditRoute,
    access: CONTENT_ROLES,
  },
  {
    file: 'routes/admin/articles-images.tsx',
    path: '/admin/articles/images',
    module: articleImagesRoute,
    access: CONTENT_ROLES,
  },
  { file: 'routes/admin/pages.tsx', path: '/admin/pages', module: pagesRoute, access: CONTENT_ROLES },
  { file: 'routes/admin/pages-new.tsx', path: '/admin/pages/new', module: pageNewRoute, access: CONTENT_ROLES },
  {
    file: 'routes/admin/pages-edit.tsx',
    path: '/admin/pages/1',
    params: { id: '1' },
    module: pageEditRoute,
    access: CONTENT_ROLES,
  },
  { file: 'routes/admin/forms.tsx', path: '/admin/forms', module: formsRoute, access: CONTENT_ROLES },
  { file: 'routes/admin/forms-new.tsx', path: '/admin/forms/new', module: formsNewRoute, access: CONTENT_ROLES },
  {
    file: 'routes/admin/forms-edit.tsx',
    path: '/admin/forms/1',
    params: { id: '1' },
    module: formsEditRoute,
    access: CONTENT_ROLES,
  },
  {
    file: 'routes/admin/forms-preview.tsx',
    path: '/admin/forms/1/preview',
    params: { id: '1' },
    module: formsPreviewRoute,
    access: CONTENT_ROLES,
  },
];

/** A negotiator of Bristol, where lead 1 is Bath's: the role may open lead pages, but not that lead's. */
const ELSEWHERE = 'negotiator of another branch';
type Visitor = 'anonymous' | 'visitor' | StaffRole | typeof ELSEWHERE;
const VISITORS: readonly Visitor[] = ['anonymous', 'visitor', ...STAFF_ROLES, ELSEWHERE];

let database: TestDatabase;
let visitorSessionId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
  await insertBranches(database.db);
  await database.db.insert(leads).values({ kind: 'viewing', payload: {}, email: 'a@example.com', branchId: 1 });
  const [user] = await database.db
    .insert(users)
    .values({
      email: 'visitor@example.com',
      emailLower: 'visitor@example.com',
      passwordHash: 'x',
      firstName: 'Vi',
      lastName: 'Sitor',
    })
    .returning({ id: users.id });
  const session = new VisitorSession(newSessionId(), true, () => database.db, {
    secure: false,
    idleMinutes: 30,
    absoluteDays: 30,
  });
  await session.signIn(user!.id);
  visitorSessionId = session.id;
});

afterAll(async () => {
  setDatabaseHandle(undefined);
  await database?.dispose();
});

const staffByRole = new Map<StaffRole | typeof ELSEWHERE, number>();

/** A cookie for each kind of visitor: a new staff session for every call, so a sign-out harms nothing. */
async function cookieFor(visitor: Visitor): Promise<string | null> {
  if (visitor === 'anonymous') return null;
  if (visitor === 'visitor') return `doorstep_session=${visitorSessionId}`;
  let staffId = staffByRole.get(visitor);
  if (staffId === undefined) {
    const role = visitor === ELSEWHERE ? 'negotiator' : visitor;
    const branchSlugs = visitor === ELSEWHERE ? ['bristol'] : ['bath'];
    staffId = (await createTestStaff(database.db, role, { branchSlugs })).staffId;
    staffByRole.set(visitor, staffId);
  }
  const token = await startSignedInSession(database.db, staffId, { ip: null, userAgent: null }, null);
  return staffCookie(token);
}

type Outcome = { status: number; location: string | null };

/** A loader's or action's answer as React Router would send it: a thrown Response, data() or plain data. */
async function callRoute(
  handler: (args: never) => unknown,
  route: AdminRouteCase,
  method: 'GET' | 'POST',
  cookie: string | null,
  accept: string,
): Promise<Outcome> {
  const headers: Record<string, string> = { accept };
  if (cookie) headers.cookie = cookie;
  if (method === 'POST') headers['content-type'] = 'application/x-www-form-urlencoded';
  const request = new Request(`http://localhost${route.path}`, {
    method,
    headers,
    body: method === 'POST' ? '' : undefined,
  });
  const context = {
    clientIp: '192.0.2.1',
    origin: 'http://localhost',
    logger: pino({ level: 'silent' }),
    requestId: 'test',
    session: new VisitorSession(newSessionId(), true, () => database.db, {
      secure: false,
      idleMinutes: 30,
      absoluteDays: 30,
    }),
  };
  let result: unknown;
  try {
    result = await handler({ request, context, params: route.params ?? {} } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get('location') };
  if (result instanceof Error) throw result;
  const init = (result as { init?: { status?: number } | null } | null)?.init;
  return { status: init?.status ?? 200, location: null };
}

const PAGE = 'text/html,application/xhtml+xml';
const DATA = 'application/json';

function isAllowed(access: Access, visitor: Visitor): boolean {
  if (access === 'everyone') return true;
  if (visitor === ELSEWHERE) return access.includes('negotiator');
  return visitor !== 'anonymous' && visitor !== 'visitor' && access.includes(visitor);
}

function isSignInRedirect(outcome: Outcome): boolean {
  return outcome.status === 302 && /^\/admin\/sign-in(\?next=|$)/.test(outcome.location ?? '');
}

describe('the table covers the back office', () => {
  it('has a row for every /admin route in app/routes.ts', () => {
    type Entry = { path?: string; file: string; children?: Entry[] };
    const files: string[] = [];
    const walk = (entries: readonly Entry[], inAdmin: boolean) => {
      for (const entry of entries) {
        const isAdmin = inAdmin || entry.path === 'admin';
        if (isAdmin) files.push(entry.file);
        walk(entry.children ?? [], isAdmin);
      }
    };
    walk(routes as unknown as Entry[], false);
    expect(files.length).toBeGreaterThan(0);
    expect(new Set(ADMIN_ROUTES.map((route) => route.file))).toEqual(new Set(files));
  });
});

describe.each(ADMIN_ROUTES)('$path ($file)', (route) => {
  it.each(VISITORS)('loader and action for %s', async (visitor) => {
    const allowed = isAllowed(route.access, visitor);
    for (const [method, handler] of [
      ['GET', route.module.loader],
      ['POST', route.module.action],
    ] as const) {
      if (!handler) continue;
      const page = await callRoute(handler, route, method, await cookieFor(visitor), PAGE);
      const data = await callRoute(handler, route, method, await cookieFor(visitor), DATA);
      if (allowed && visitor === ELSEWHERE && route.params?.id) {
        // Another branch's lead is "not found", as one that does not exist.
        expect(page.status, `${method} page`).toBe(404);
        expect(data.status, `${method} data`).toBe(404);
      } else if (allowed) {
        expect(isSignInRedirect(page), `${method} page`).toBe(false);
        expect([401, 403], `${method} page`).not.toContain(page.status);
        expect([401, 403], `${method} data`).not.toContain(data.status);
      } else if ((visitor === 'anonymous' || visitor === 'visitor') && route.isDataOnly) {
        expect(page.status, `${method} page`).toBe(401);
        expect(data.status, `${method} data`).toBe(401);
      } else if (visitor === 'anonymous' || visitor === 'visitor') {
        expect(isSignInRedirect(page), `${method} page: ${JSON.stringify(page)}`).toBe(true);
        expect(data.status, `${method} data`).toBe(401);
      } else {
        expect(page.status, `${method} page`).toBe(403);
        expect(data.status, `${method} data`).toBe(403);
      }
    }
  });
});

describe('every /admin answer', () => {
  function makeApp(): Hono {
    return createServerApp({
      getDb: () => database.db,
      logger: pino({ level: 'silent' }),
      sessionSecret: 'test-secret-test-secret-test-secret-00',
      cookie: { secure: false, idleMinutes: 30, absoluteDays: 30 },
      isDevelopment: false,
      maxBodyBytes: 2048,
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      multipartPaths: [],
      publicUrl: 'https://agency.example',
      // A route that asks to be cached, as a careless one might: the back office is never cached all the same.
      handleDocument: async () => new Response('<p>page</p>', { headers: { 'Cache-Control': 'public, max-age=600' } }),
    });
  }

  it.each(['/admin', '/admin/sign-in', '/admin/staff.data', '/admin.data', '/admin/no-such-page'])(
    '%s is never cached, indexed or framed',
    async (path) => {
      const response = await makeApp().request(`https://agency.example${path}`);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    },
  );

  it('leaves the public site as it was', async () => {
    for (const path of ['/', '/administration', '/admins']) {
      const response = await makeApp().request(`https://agency.example${path}`);
      expect(response.headers.get('x-robots-tag')).toBeNull();
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    }
  });
});
