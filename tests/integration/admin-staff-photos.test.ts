/**
 * A staff profile's photo, uploaded and removed in the back office: only for the profile's branch (another branch's
 * profile is 404 before a byte of the body is kept), checked by its bytes, stored through the storage interface,
 * saved at the version the page showed (a stale page is refused and the stored file deleted again), audit-logged
 * and on the site at once.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staffMembers } from '../../db/schema/index.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { resetEnvForTests } from '../../app/lib/env.server.ts';
import { maskedCsrfToken } from '../../app/lib/csrf.server.ts';
import { onPageChange } from '../../app/lib/page-cache-bus.server.ts';
import { VisitorSession, newSessionId } from '../../app/lib/session.server.ts';
import { getStorage } from '../../app/lib/storage/storage.server.ts';
import type { StaffRole } from '../../app/features/staff/index.ts';
import { STAFF_PROFILE_MESSAGES } from '../../app/features/branch-editor/staff-profile-schemas.ts';
import { getBranchBySlug } from '../../app/features/content/branch-queries.server.ts';
import * as photoRoute from '../../app/routes/admin/branch-staff-photo.tsx';
import { acceptsMultipart } from '../../server/multipart-paths.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { callStaffRoute, insertBranches, type RouteAnswer, signedInStaff } from './staff-fixtures.ts';

const BATH = 1;
const BRISTOL = 2;
let database: TestDatabase;
let work: string;
const cookies: Record<string, () => Promise<string>> = {};
const announced: string[][] = [];
let stopListening: () => void = () => undefined;
const profile: Record<'bath' | 'bristol', number> = { bath: 0, bristol: 0 };

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'doorstep-staff-photos-'));
  process.env.MEDIA_DIR = path.join(work, 'media');
  process.env.UPLOAD_DIR = path.join(work, 'uploads');
  resetEnvForTests();
  database = await createTestDatabase();
  setDatabaseHandle(database);
  await insertBranches(database.db);
  for (const [slug, branchId] of [
    ['bath', BATH],
    ['bristol', BRISTOL],
  ] as const) {
    const [row] = await database.db
      .insert(staffMembers)
      .values({
        branchId,
        firstName: 'Pia',
        surname: slug,
        jobTitle: 'Negotiator',
        email: `pia.${slug}@agency.example`,
        telephoneNumber: '01632 960100',
      })
      .returning({ id: staffMembers.id });
    profile[slug] = row!.id;
  }
  for (const [name, role, branchSlugs] of [
    ['owner', 'owner', []],
    ['bathManager', 'manager', ['bath']],
    ['negotiator', 'negotiator', ['bath']],
  ] as const) {
    cookies[name] = (await signedInStaff(database.db, role as StaffRole, [...branchSlugs])).cookie;
  }
  stopListening = onPageChange((tags) => announced.push([...tags]));
});

afterAll(async () => {
  stopListening();
  setDatabaseHandle(undefined);
  await database?.dispose();
  delete process.env.MEDIA_DIR;
  delete process.env.UPLOAD_DIR;
  resetEnvForTests();
  await rm(work, { recursive: true, force: true });
});

const jpeg = () =>
  sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 90, g: 120, b: 200 } } })
    .jpeg()
    .withMetadata({ orientation: 1 })
    .toBuffer();

/** The photo form as the browser posts it: the token first, then the fields, then the file. */
async function upload(
  who: string,
  branchId: number,
  staffId: number,
  parts: { version: string; file?: { name: string; bytes: Uint8Array } | null; token?: 'good' | 'bad' },
): Promise<RouteAnswer> {
  const sessionId = newSessionId();
  const form = new FormData();
  form.append(
    'authenticity_token',
    parts.token === 'bad' ? 'forged' : maskedCsrfToken(sessionId, process.env.SESSION_SECRET!),
  );
  form.append('intent', 'upload');
  form.append('version', parts.version);
  if (parts.file !== null) {
    const file = parts.file ?? { name: 'pia.jpg', bytes: await jpeg() };
    form.append('photo', new File([new Uint8Array(file.bytes)], file.name, { type: 'image/jpeg' }));
  }
  const url = `/admin/branches/${branchId}/staff/${staffId}/photo`;
  expect(acceptsMultipart(url)).toBe(true);
  const request = new Request(`http://localhost${url}`, {
    method: 'POST',
    body: form,
    headers: { cookie: await cookies[who]!(), accept: 'text/html', origin: 'http://localhost' },
  });
  const context = {
    clientIp: '192.0.2.1',
    origin: 'http://localhost',
    logger: pino({ level: 'silent' }),
    requestId: 'test',
    anonymousCsrfId: null,
    // A returning visitor's session (not a new one): the token was handed out for it with the form.
    session: new VisitorSession(sessionId, false, () => database.db, {
      secure: false,
      idleMinutes: 30,
      absoluteDays: 30,
    }),
  };
  let result: unknown;
  try {
    result = await photoRoute.action({
      request,
      context,
      params: { id: String(branchId), staffId: String(staffId) },
    } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, response: result, data: null };
  if (result instanceof Error) throw result;
  const shaped = result as { init?: { status?: number } | null; data?: unknown };
  return { status: shaped.init?.status ?? 200, response: null, data: shaped.data };
}

async function rowOf(staffId: number) {
  const [row] = await database.db.select().from(staffMembers).where(eq(staffMembers.id, staffId));
  return row!;
}

async function storedStaffKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of getStorage().list('originals/staff/')) keys.push(entry.key);
  return keys;
}

describe('staff profile photos', () => {
  it('the page is for owners and the branch’s managers; another branch’s profile is 404', async () => {
    const page = async (who: string, branchId: number, staffId: number) =>
      callStaffRoute(database.db, photoRoute.loader as never, {
        cookie: await cookies[who]!(),
        url: `/admin/branches/${branchId}/staff/${staffId}/photo`,
        params: { id: String(branchId), staffId: String(staffId) },
      });
    expect((await page('bathManager', BATH, profile.bath)).status).toBe(200);
    expect((await page('negotiator', BATH, profile.bath)).status).toBe(403);
    expect((await page('bathManager', BRISTOL, profile.bristol)).status).toBe(404);
    expect((await page('bathManager', BATH, profile.bristol)).status).toBe(404);
    expect((await page('owner', BRISTOL, profile.bristol)).status).toBe(200);
  });

  it('stores an uploaded photo, raises the version, records it and shows it on the branch page at once', async () => {
    const answer = await upload('bathManager', BATH, profile.bath, { version: '1' });
    expect(answer.status).toBe(303);
    expect(answer.response?.headers.get('location')).toBe(`/admin/branches/1/staff/${profile.bath}/photo?notice=saved`);
    const row = await rowOf(profile.bath);
    expect(row.photoUrl).toMatch(/^\/media\/staff\/[0-9a-f-]{36}\.jpg$/);
    expect(row.version).toBe(2);
    expect(await storedStaffKeys()).toEqual([`originals${row.photoUrl!.slice('/media'.length)}`]);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'staff-profile.updated'));
    expect(entry!.details).toEqual({ before: { photoUrl: null }, after: { photoUrl: row.photoUrl } });
    expect(announced).toContainEqual(['branch:bath']);
    const page = await getBranchBySlug(database.db, 'bath');
    expect(page?.staff.find((member) => member.staffMemberId === profile.bath)?.photo).toBe(row.photoUrl);
  });

  it('refuses a stale page with the message and deletes the file it stored', async () => {
    const before = await storedStaffKeys();
    const stale = await upload('bathManager', BATH, profile.bath, { version: '1' });
    expect(stale.status).toBe(409);
    expect(stale.data).toMatchObject({ refused: STAFF_PROFILE_MESSAGES.photoConflict });
    expect(await storedStaffKeys()).toEqual(before);
  });

  it('refuses another branch’s profile (404), files that are not images, no file and a forged token; stores nothing', async () => {
    const before = await storedStaffKeys();
    const other = await upload('bathManager', BRISTOL, profile.bristol, { version: '1' });
    expect(other.status).toBe(404);
    const crossed = await upload('bathManager', BATH, profile.bristol, { version: '1' });
    expect(crossed.status).toBe(404);
    const text = await upload('bathManager', BATH, profile.bath, {
      version: '2',
      file: { name: 'pia.jpg', bytes: new TextEncoder().encode('<script>alert(1)</script>') },
    });
    expect(text.status).toBe(422);
    expect((text.data as { refused: string }).refused).toContain('can be uploaded here');
    const none = await upload('bathManager', BATH, profile.bath, { version: '2', file: null });
    expect(none.status).toBe(422);
    expect(none.data).toMatchObject({ refused: STAFF_PROFILE_MESSAGES.photoMissing });
    const forged = await upload('bathManager', BATH, profile.bath, { version: '2', token: 'bad' });
    expect(forged.status).toBe(422);
    for (const version of ['', 'x', '-1', '99999999999']) {
      const answer = await upload('bathManager', BATH, profile.bath, { version });
      expect([409, 422], version).toContain(answer.status);
    }
    expect(await storedStaffKeys()).toEqual(before);
    expect((await rowOf(profile.bristol)).photoUrl).toBeNull();
    expect((await rowOf(profile.bath)).version).toBe(2);
  });

  it('removes the photo from a plain form, at its version', async () => {
    const remove = async (version: string) =>
      callStaffRoute(database.db, photoRoute.action as never, {
        cookie: await cookies.bathManager!(),
        url: `/admin/branches/1/staff/${profile.bath}/photo`,
        params: { id: '1', staffId: String(profile.bath) },
        body: { intent: 'remove', version },
      });
    expect((await remove('1')).status).toBe(409);
    const removed = await remove('2');
    expect(removed.status).toBe(303);
    expect((await rowOf(profile.bath)).photoUrl).toBeNull();
    expect(announced).toContainEqual(['branch:bath']);
    const odd = await remove('x');
    expect(odd.status).toBe(422);
  });
});
