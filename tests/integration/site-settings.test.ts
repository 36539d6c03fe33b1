/**
 * The settings editor's colours (/admin/settings): owners only; a save is validated by the form's schema (a pair
 * below WCAG AA is refused with both colours and the ratio), raises the version, is audited with before/after, and
 * shows on the next page at once (the settings memo is dropped); a save made from an older version is refused and
 * changes nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, siteSettings } from '../../db/schema/index.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { getSiteChrome } from '../../app/features/site/index.server.ts';
import { themeColours } from '../../app/features/site/index.ts';
import { normaliseHex } from '../../app/features/site-settings/colour-contrast.ts';
import { EDITABLE_COLOURS, VERSION_CONFLICT_MESSAGE } from '../../app/features/site-settings/settings-model.ts';
import { startSignedInSession } from '../../app/features/staff/staff-sessions.server.ts';
import type { StaffRole } from '../../app/features/staff/staff-roles.ts';
import * as settingsRoute from '../../app/routes/admin/settings.tsx';
import { insertLeadFixtures } from './leads-fixtures.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { callStaffRoute, createTestStaff, staffCookie, type RouteAnswer } from './staff-fixtures.ts';

let database: TestDatabase;
const cookies = new Map<StaffRole, string>();

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
  await insertLeadFixtures(database.db);
  for (const role of ['owner', 'manager', 'negotiator', 'editor'] as const) {
    const staff = await createTestStaff(database.db, role, { branchSlugs: ['bath'] });
    cookies.set(
      role,
      staffCookie(await startSignedInSession(database.db, staff.staffId, { ip: null, userAgent: null }, null)),
    );
  }
});

afterAll(async () => {
  await database?.dispose();
});

function call(handler: (args: never) => unknown, role: StaffRole, body?: Record<string, string>): Promise<RouteAnswer> {
  return callStaffRoute(database.db, handler, { cookie: cookies.get(role)!, url: '/admin/settings', body });
}

type FormData = { version: number; colours: Record<string, string> };

async function currentForm(): Promise<FormData> {
  const page = await call(settingsRoute.loader, 'owner');
  expect(page.status).toBe(200);
  return page.data as FormData;
}

function post(form: FormData, changes: Record<string, string> = {}): Record<string, string> {
  return { version: String(form.version), ...form.colours, ...changes };
}

/** The conflict or validation message in a no-JS reply. */
function messagesOf(answer: RouteAnswer): string[] {
  const result = (answer.data as { formResult: { error?: Record<string, string[]> } }).formResult;
  return Object.values(result.error ?? {}).flat();
}

describe('the colours form', () => {
  it('shows the palette as six-digit hex with the version', async () => {
    const form = await currentForm();
    expect(Object.keys(form.colours).sort()).toEqual([...EDITABLE_COLOURS].sort());
    expect(form.colours.ink).toBe('#111111');
    expect(form.colours.brand).toBe('#0b4f6c');
    expect(form.version).toBe(1);
  });

  it('saves a new primary colour: version raised, audited before/after, on the next page at once', async () => {
    const db = database.db;
    // Fill the settings memo first, so the test sees it dropped rather than merely empty.
    expect(themeColours((await getSiteChrome(db)).theme).brand).toBe('#0b4f6c');
    const form = await currentForm();
    const saved = await call(settingsRoute.action, 'owner', post(form, { brand: '#1A5E20' }));
    expect(saved.status).toBe(303);
    expect(saved.response!.headers.get('location')).toBe('/admin/settings?saved=colours');

    const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
    expect(row!.version).toBe(form.version + 1);
    expect(row!.theme.colours?.brand).toBe('#1a5e20');
    expect(themeColours((await getSiteChrome(db)).theme).brand).toBe('#1a5e20');

    const entries = await db.select().from(auditLog).where(eq(auditLog.action, 'settings.theme-changed'));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.details).toEqual({ from: { brand: '#0b4f6c' }, to: { brand: '#1a5e20' }, version: 2 });
    expect(entries[0]!.staffId).not.toBeNull();

    const after = await currentForm();
    expect(after.colours.brand).toBe('#1a5e20');
    expect(after.version).toBe(2);
  });

  it('keeps error and success in the preferences the toasts read', async () => {
    const form = await currentForm();
    expect((await call(settingsRoute.action, 'owner', post(form, { error: '#9b1c1c' }))).status).toBe(303);
    const [row] = await database.db.select().from(siteSettings).where(eq(siteSettings.id, 1));
    expect(row!.theme.preferences.errorColour).toBe('#9b1c1c');
    expect(themeColours(row!.theme).error).toBe('#9b1c1c');
  });

  it('refuses a pair below WCAG AA, naming both colours and the ratio, and changes nothing', async () => {
    const before = await currentForm();
    const refused = await call(settingsRoute.action, 'owner', post(before, { text: '#777' }));
    expect(refused.status).toBe(422);
    expect(messagesOf(refused)).toContain(
      'Text #777777 on White (page background) #ffffff (body text) has a contrast ratio of 4.47:1; it must be at least 4.5:1',
    );
    expect(await currentForm()).toEqual(before);
  });

  it('refuses the second of two saves made from the same version, with a clear message', async () => {
    const db = database.db;
    const opened = await currentForm();
    const first = await call(settingsRoute.action, 'owner', post(opened, { accent: '#8c2f1d' }));
    expect(first.status).toBe(303);
    const second = await call(settingsRoute.action, 'owner', post(opened, { accent: '#6b2414' }));
    expect(second.status).toBe(409);
    expect(messagesOf(second)).toEqual([VERSION_CONFLICT_MESSAGE]);
    const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
    expect(row!.theme.colours?.accent).toBe('#8c2f1d');
    expect(row!.version).toBe(opened.version + 1);
  });

  it('is for owners only: managers, negotiators and editors get 403 and change nothing', async () => {
    const before = await currentForm();
    for (const role of ['manager', 'negotiator', 'editor'] as const) {
      expect((await call(settingsRoute.loader, role)).status, role).toBe(403);
      expect((await call(settingsRoute.action, role, post(before, { brand: '#000000' }))).status, role).toBe(403);
    }
    expect(await currentForm()).toEqual(before);
  });

  it('never stores what is not a hex colour', async () => {
    const before = await currentForm();
    for (const value of ['red', '#fff;}body{background:url(x)', '', '#12345']) {
      const refused = await call(settingsRoute.action, 'owner', post(before, { marker: value }));
      expect(refused.status, value).toBe(422);
    }
    expect(normaliseHex((await currentForm()).colours.marker ?? '')).toBe(before.colours.marker);
  });
});
