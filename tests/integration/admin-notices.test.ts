/**
 * Back-office pages that name a notice from their address (`?notice=`, `?moved=`), as their actions send back: a
 * value that is the name of an Object member ('__proto__', 'toString') shows no notice; it is never looked up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { startSignedInSession } from '../../app/features/staff/staff-sessions.server.ts';
import * as staffRoute from '../../app/routes/admin/staff.tsx';
import * as homePageRoute from '../../app/routes/admin/home-page.tsx';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { callStaffRoute, createTestStaff, insertBranches, staffCookie } from './staff-fixtures.ts';

let database: TestDatabase;
let cookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
  await insertBranches(database.db);
  const owner = await createTestStaff(database.db, 'owner');
  cookie = staffCookie(await startSignedInSession(database.db, owner.staffId, { ip: null, userAgent: null }, null));
});

afterAll(async () => {
  setDatabaseHandle(undefined);
  await database?.dispose();
});

const HOSTILE = ['__proto__', 'toString', 'constructor', 'hasOwnProperty'];

describe('/admin/staff?notice=', () => {
  it.each(HOSTILE)('shows no notice for %s', async (name) => {
    const answer = await callStaffRoute(database.db, staffRoute.loader, { cookie, url: `/admin/staff?notice=${name}` });
    expect(answer.status).toBe(200);
    expect((answer.data as { notice: unknown }).notice).toBeNull();
  });

  it('still shows the notices its actions send', async () => {
    for (const notice of ['deactivated', 'self', 'changed', 'unchanged', 'enrol-sent', 'not-set-up']) {
      const answer = await callStaffRoute(database.db, staffRoute.loader, {
        cookie,
        url: `/admin/staff?notice=${notice}`,
      });
      expect((answer.data as { notice: unknown }).notice).toBe(notice);
    }
  });
});

describe('/admin/home-page?moved=', () => {
  it.each(HOSTILE.flatMap((name) => [name, `up:${name}`]))('names no moved section for %s', async (moved) => {
    const answer = await callStaffRoute(database.db, homePageRoute.loader, {
      cookie,
      url: `/admin/home-page?moved=${encodeURIComponent(moved)}`,
    });
    expect(answer.status).toBe(200);
    expect((answer.data as { moved: unknown }).moved).toBeNull();
  });

  it('still names a section its action moved', async () => {
    const answer = await callStaffRoute(database.db, homePageRoute.loader, {
      cookie,
      url: '/admin/home-page?moved=down:hero',
    });
    expect((answer.data as { moved: unknown }).moved).toBe('down:hero');
  });
});
