/**
 * The back office's forms posted as a browser without JavaScript does: the sign-in in two posts with its cookies,
 * the same answer for an unknown email and a wrong password, and the same answer from the forgotten-password form
 * for a known and an unknown address.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { action as signInAction, loader as signInLoader } from '../../app/routes/admin/sign-in.tsx';
import { action as forgotAction } from '../../app/routes/admin/forgot-password.tsx';
import { loader as homeLoader } from '../../app/routes/admin/home.tsx';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { STAFF_PASSWORD, createTestStaff, insertBranches } from './staff-fixtures.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
  await insertBranches(database.db);
});
afterAll(async () => {
  setDatabaseHandle(undefined);
  await database?.dispose();
});

let ipCounter = 0;
type Answer = { status: number; location: string | null; cookies: string[]; body: string };

async function call(
  handler: (args: never) => unknown,
  path: string,
  options: { form?: Record<string, string>; cookie?: string } = {},
): Promise<Answer> {
  ipCounter += 1;
  const headers: Record<string, string> = { accept: 'text/html' };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.form) headers['content-type'] = 'application/x-www-form-urlencoded';
  const request = new Request(`http://localhost${path}`, {
    method: options.form ? 'POST' : 'GET',
    headers,
    body: options.form ? new URLSearchParams(options.form).toString() : undefined,
  });
  const context = {
    clientIp: `198.51.100.${ipCounter}`,
    origin: 'http://localhost',
    logger: pino({ level: 'silent' }),
  };
  let result: unknown;
  try {
    result = await handler({ request, context, params: {} } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    return {
      status: result.status,
      location: result.headers.get('location'),
      cookies: result.headers.getSetCookie(),
      body: await result.text(),
    };
  }
  const value = result as { data: unknown; init?: { status?: number; headers?: HeadersInit } | null };
  return {
    status: value.init?.status ?? 200,
    location: null,
    cookies: new Headers(value.init?.headers).getSetCookie(),
    body: JSON.stringify(value.data),
  };
}

function cookieValue(cookies: string[], name: string): string {
  const found = cookies.find((cookie) => cookie.startsWith(`${name}=`));
  return found ? found.split(';')[0]! : '';
}

describe('staff sign-in without JavaScript', () => {
  it('takes the password, then the code, and sets HttpOnly cookies with a new id at each step', async () => {
    const staff = await createTestStaff(database.db, 'manager', { branchSlugs: ['bath'] });
    const first = await call(signInAction, '/admin/sign-in?next=%2Fadmin%2Fstaff', {
      form: { intent: 'password', email: staff.email, password: STAFF_PASSWORD },
    });
    expect(first).toMatchObject({ status: 303, location: '/admin/sign-in?next=%2Fadmin%2Fstaff' });
    const pending = cookieValue(first.cookies, 'doorstep_staff');
    expect(first.cookies[0]).toMatch(/; Path=\/; HttpOnly; SameSite=Lax$/);
    // The pending session shows the code step and opens nothing else.
    const codePage = await call(signInLoader, '/admin/sign-in', { cookie: pending });
    expect(JSON.parse(codePage.body)).toMatchObject({ stage: 'code' });
    const home = await call(homeLoader, '/admin', { cookie: pending });
    expect(home).toMatchObject({ status: 302, location: '/admin/sign-in' });

    const second = await call(signInAction, '/admin/sign-in?next=%2Fadmin%2Fstaff', {
      form: { intent: 'code', otp_token: staff.nextCode() },
      cookie: pending,
    });
    expect(second).toMatchObject({ status: 303, location: '/admin/staff' });
    const session = cookieValue(second.cookies, 'doorstep_staff');
    expect(session).not.toBe(pending);
    expect(second.cookies.some((cookie) => cookie.startsWith('doorstep_staff_device='))).toBe(true);
    expect((await call(homeLoader, '/admin', { cookie: session })).status).toBe(200);
  });

  it('answers an unknown email and a wrong password with the same status and body', async () => {
    const staff = await createTestStaff(database.db, 'editor');
    const wrong = await call(signInAction, '/admin/sign-in', {
      form: { intent: 'password', email: staff.email, password: 'a wrong password here' },
    });
    const unknown = await call(signInAction, '/admin/sign-in', {
      form: { intent: 'password', email: 'nobody.at.all@agency.example', password: 'a wrong password here' },
    });
    expect(wrong.status).toBe(422);
    expect(unknown.status).toBe(422);
    expect(wrong.cookies).toEqual([]);
    const errorsOf = (answer: Answer) =>
      (JSON.parse(answer.body) as { formResult: { error: unknown } }).formResult.error;
    expect(errorsOf(wrong)).toEqual(errorsOf(unknown));
    expect(wrong.body).not.toContain('a wrong password here');
  });

  it('never sends users to another site after signing in', async () => {
    const page = await call(signInLoader, '/admin/sign-in?next=%2F%2Fevil.example');
    expect(JSON.parse(page.body)).toMatchObject({ next: '/admin' });
    const outside = await call(signInLoader, '/admin/sign-in?next=%2Fuser');
    expect(JSON.parse(outside.body)).toMatchObject({ next: '/admin' });
  });
});

describe('forgotten password without JavaScript', () => {
  it('answers a known and an unknown address alike', async () => {
    const staff = await createTestStaff(database.db, 'editor');
    const known = await call(forgotAction, '/admin/forgot-password', { form: { email: staff.email } });
    const unknown = await call(forgotAction, '/admin/forgot-password', { form: { email: 'nobody@agency.example' } });
    expect(known).toEqual(unknown);
    expect(known.status).toBe(200);
  });
});
