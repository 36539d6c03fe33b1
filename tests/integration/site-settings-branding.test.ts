/**
 * The logo and favicon page (/admin/settings/branding): owners upload images through the back office's upload
 * reader (its authenticity token checked before the file); the logo is used as stored, the favicon is made into a
 * 192 px square PNG; the page and the document's icon link follow at once; a PDF is refused by its bytes, a save
 * from an older version is refused and keeps no file, and other roles are refused.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { maskedCsrfToken } from '../../app/lib/csrf.server.ts';
import { resetEnvForTests } from '../../app/lib/env.server.ts';
import { getStorage } from '../../app/lib/storage/storage.server.ts';
import { getSiteChrome } from '../../app/features/site/index.server.ts';
import { BRANDING_MESSAGES, VERSION_CONFLICT_MESSAGE } from '../../app/features/site-settings/settings-model.ts';
import { startSignedInSession } from '../../app/features/staff/staff-sessions.server.ts';
import type { StaffRole } from '../../app/features/staff/staff-roles.ts';
import * as brandingRoute from '../../app/routes/admin/settings-branding.tsx';
import { insertLeadFixtures } from './leads-fixtures.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { createTestStaff, staffCookie } from './staff-fixtures.ts';
import { minimalPdf } from '../upload-fixtures.ts';

const ORIGIN = 'http://localhost';
const SESSION_ID = 'branding-session-0123456789abcdef0123';
let database: TestDatabase;
const cookies = new Map<StaffRole, string>();

beforeAll(async () => {
  process.env.MEDIA_DIR = await mkdtemp(path.join(tmpdir(), 'doorstep-branding-media-'));
  process.env.UPLOAD_DIR = await mkdtemp(path.join(tmpdir(), 'doorstep-branding-uploads-'));
  resetEnvForTests();
  database = await createTestDatabase();
  setDatabaseHandle(database);
  await insertLeadFixtures(database.db);
  for (const role of ['owner', 'manager', 'editor'] as const) {
    const staff = await createTestStaff(database.db, role, { branchSlugs: ['bath'] });
    cookies.set(
      role,
      staffCookie(await startSignedInSession(database.db, staff.staffId, { ip: null, userAgent: null }, null)),
    );
  }
});

afterAll(async () => {
  delete process.env.MEDIA_DIR;
  delete process.env.UPLOAD_DIR;
  resetEnvForTests();
  await database?.dispose();
});

const context = {
  clientIp: '192.0.2.1',
  origin: ORIGIN,
  logger: pino({ level: 'silent' }),
  requestId: 'test',
  session: { id: SESSION_ID, isKept: true },
  anonymousCsrfId: null,
};

type Answer = { status: number; location: string | null; data: unknown };

async function run(handler: (args: never) => unknown, request: Request): Promise<Answer> {
  let result: unknown;
  try {
    result = await handler({ request, context, params: {} } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response)
    return { status: result.status, location: result.headers.get('location'), data: null };
  if (result instanceof Error) throw result;
  const shaped = result as { init?: { status?: number } | null; data?: unknown };
  return { status: shaped.init?.status ?? 200, location: null, data: shaped.data };
}

async function loadPage(role: StaffRole = 'owner') {
  const request = new Request(`${ORIGIN}/admin/settings/branding`, { headers: { cookie: cookies.get(role)! } });
  return run(brandingRoute.loader, request);
}

async function upload(
  fields: Record<string, string>,
  file: { name: string; bytes: Uint8Array } | null,
  role: StaffRole = 'owner',
): Promise<Answer> {
  const form = new FormData();
  form.append('authenticity_token', maskedCsrfToken(SESSION_ID, process.env.SESSION_SECRET!));
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new File([new Uint8Array(file.bytes)], file.name));
  const request = new Request(`${ORIGIN}/admin/settings/branding`, {
    method: 'POST',
    body: form,
    headers: { cookie: cookies.get(role)!, origin: ORIGIN },
  });
  return run(brandingRoute.action, request);
}

const square = (size: number) =>
  sharp({ create: { width: size, height: size, channels: 4, background: { r: 10, g: 90, b: 120, alpha: 1 } } })
    .png()
    .toBuffer();

async function versionNow(): Promise<number> {
  return ((await loadPage()).data as { version: number }).version;
}

describe('logo and favicon', () => {
  it('an owner uploads a logo: stored, shown on the site at once, audited', async () => {
    const version = await versionNow();
    const saved = await upload(
      { version: String(version), intent: 'logo' },
      { name: 'logo.png', bytes: await square(600) },
    );
    expect(saved.status).toBe(303);
    expect(saved.location).toBe('/admin/settings/branding?saved=1');
    const chrome = await getSiteChrome(database.db);
    expect(chrome.logo).toMatch(/^\/media\/site\/[0-9a-f-]{36}\.png$/);
    expect(await getStorage().exists(`originals/${chrome.logo.slice('/media/'.length)}`)).toBe(true);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'settings.branding-changed'));
    expect(entry!.details).toMatchObject({ from: { logoUrl: '/logo.png' }, to: { logoUrl: chrome.logo } });
  });

  it('makes an uploaded favicon a 192 px square PNG, which the document links to', async () => {
    const version = await versionNow();
    const saved = await upload(
      { version: String(version), intent: 'favicon' },
      { name: 'icon.webp', bytes: await square(1024) },
    );
    expect(saved.status).toBe(303);
    const { favicon } = await getSiteChrome(database.db);
    expect(favicon).toMatch(/^\/media\/site\/[0-9a-f-]{36}\.png$/);
    const stored = await getStorage().get(`originals/${favicon!.slice('/media/'.length)}`);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
    const metadata = await sharp(Buffer.concat(chunks)).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 192, 192]);
  });

  it('goes back to the default icon', async () => {
    const version = await versionNow();
    const form = new URLSearchParams({
      authenticity_token: 'checked by the server before the route',
      version: String(version),
      intent: 'default-favicon',
    });
    const request = new Request(`${ORIGIN}/admin/settings/branding`, {
      method: 'POST',
      body: form,
      headers: { cookie: cookies.get('owner')!, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect((await run(brandingRoute.action, request)).status).toBe(303);
    expect((await getSiteChrome(database.db)).favicon).toBeNull();
  });

  it('refuses a PDF named as an image, and no file at all, with clear messages', async () => {
    const version = await versionNow();
    const pdf = await upload({ version: String(version), intent: 'logo' }, { name: 'logo.png', bytes: minimalPdf() });
    expect(pdf.status).toBe(422);
    expect(pdf.data).toEqual({
      uploadError: 'Only JPEG, PNG, WebP or GIF images can be uploaded here. Nothing was uploaded.',
    });
    const none = await upload({ version: String(version), intent: 'favicon' }, null);
    expect(none.status).toBe(422);
    expect(none.data).toEqual({ uploadError: BRANDING_MESSAGES.chooseFavicon });
  });

  it('refuses a save from an older version, keeping neither the file nor the change', async () => {
    const version = await versionNow();
    const first = await upload(
      { version: String(version), intent: 'logo' },
      { name: 'a.png', bytes: await square(300) },
    );
    expect(first.status).toBe(303);
    const logo = (await getSiteChrome(database.db)).logo;
    const second = await upload(
      { version: String(version), intent: 'logo' },
      { name: 'b.png', bytes: await square(300) },
    );
    expect(second.status).toBe(409);
    expect(second.data).toEqual({ uploadError: VERSION_CONFLICT_MESSAGE });
    expect((await getSiteChrome(database.db)).logo).toBe(logo);
    let files = 0;
    for await (const _ of getStorage().list('originals/site/')) files += 1;
    // The two logos saved so far and the icon: the refused upload's file is gone (replaced files are kept).
    expect(files).toBe(3);
  });

  it('is for owners only', async () => {
    for (const role of ['manager', 'editor'] as const) {
      expect((await loadPage(role)).status, role).toBe(403);
      const refused = await upload({ version: '1', intent: 'logo' }, { name: 'x.png', bytes: await square(50) }, role);
      expect(refused.status, role).toBe(403);
    }
  });
});
