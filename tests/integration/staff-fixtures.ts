/** Staff accounts for integration tests: made through the feature's own invitation and set-up functions. */
import pino from 'pino';
import type { Database } from '../../app/lib/db.server.ts';
import { VisitorSession, newSessionId } from '../../app/lib/session.server.ts';
import { branches } from '../../db/schema/index.ts';
import { completeStaffSetup, createStaffInvitation } from '../../app/features/staff/staff-accounts.server.ts';
import { enrolmentSecretBytes } from '../../app/features/staff/staff-secrets.server.ts';
import type { StaffPrincipal, StaffRole } from '../../app/features/staff/index.ts';
import { startSignedInSession } from '../../app/features/staff/staff-sessions.server.ts';
import { base32Of, totpCodeAt } from '../../app/features/staff/totp.server.ts';

export const STAFF_PASSWORD = 'correct horse battery staple lantern';
export const META = { ip: '203.0.113.9', userAgent: 'vitest', origin: 'http://localhost' };

export async function insertBranches(db: Database): Promise<void> {
  const branch = (id: number, slug: string, name: string) => ({
    id,
    slug,
    name,
    addressLine1: `${id} High Street`,
    town: name,
    county: 'Somerset',
    country: 'england' as const,
    postcode: 'BA1 1BA',
    location: { lng: -2.36, lat: 51.38 },
    contactNumber: '01225 000000',
    email: `${slug}@agency.example`,
  });
  await db.insert(branches).values([branch(1, 'bath', 'Bath'), branch(2, 'bristol', 'Bristol')]);
}

export function setupTokenOf(link: string): string {
  return link.slice(link.lastIndexOf('/') + 1);
}

export type TestStaff = {
  staffId: number;
  email: string;
  secret: string;
  sessionToken: string;
  recoveryCodes: string[];
  /** A TOTP code for a moment after the set-up's own step (that one is used up). */
  nextCode: (now?: Date) => string;
};

let counter = 0;

/** An invited and set-up staff member, signed in (the set-up signs in). */
export async function createTestStaff(
  db: Database,
  role: StaffRole,
  options: { branchSlugs?: string[]; email?: string; now?: Date } = {},
): Promise<TestStaff> {
  counter += 1;
  const email = options.email ?? `staff-${role}-${counter}-${process.pid}@agency.example`;
  const now = options.now ?? new Date();
  const invitation = await createStaffInvitation(
    db,
    { email, name: `Test ${role} ${counter}`, role, branchSlugs: options.branchSlugs ?? [] },
    { origin: META.origin, ip: null, actor: null },
    now,
  );
  if (invitation.status !== 'created') throw new Error(`invitation refused: ${invitation.status}`);
  const token = setupTokenOf(invitation.link);
  const secret = base32Of(enrolmentSecretBytes(token));
  const setup = await completeStaffSetup(
    db,
    token,
    { password: STAFF_PASSWORD, code: totpCodeAt(secret, now) },
    META,
    null,
    now,
  );
  if (setup.status !== 'done') throw new Error(`set-up refused: ${setup.status}`);
  return {
    staffId: setup.staffId,
    email,
    secret,
    sessionToken: setup.sessionToken,
    recoveryCodes: setup.recoveryCodes,
    nextCode: (at = new Date(now.getTime() + 30_000)) => totpCodeAt(secret, at),
  };
}

/** The staff session cookie as a test request sends it (plain HTTP: no __Host- prefix). */
export function staffCookie(token: string): string {
  return `doorstep_staff=${token}`;
}

/**
 * A set-up staff member of `role` and a maker of their session cookie: each call signs them in afresh, so a test that
 * signs a session out or revokes it does not spoil the next request.
 */
export async function signedInStaff(
  db: Database,
  role: StaffRole,
  branchSlugs: readonly string[] = [],
): Promise<{ staffId: number; cookie: () => Promise<string> }> {
  const created = await createTestStaff(db, role, { branchSlugs: [...branchSlugs] });
  return {
    staffId: created.staffId,
    cookie: async () =>
      staffCookie(await startSignedInSession(db, created.staffId, { ip: null, userAgent: null }, null)),
  };
}

/** The principal of a test staff member, as `requireStaff` answers it. */
export function principalOf(staff: TestStaff, role: StaffRole, branchIds: number[] = []): StaffPrincipal {
  return { staffId: staff.staffId, email: staff.email, name: 'Test', role, branchIds };
}

export type RouteAnswer = { status: number; response: Response | null; data: unknown };

/**
 * A back-office loader or action called as the router calls it: a request carrying the staff member's cookie (a form
 * post when there is a body), a fresh request context, the route's params. A thrown Response is the answer, as the
 * router makes it; data() results give their status and data.
 */
export async function callStaffRoute(
  db: Database,
  handler: (args: never) => unknown,
  call: {
    cookie: string;
    url: string;
    params?: Record<string, string>;
    /** Pairs when a name repeats (a list such as `order[]`). */
    body?: Record<string, string> | [string, string][];
    accept?: string;
    clientIp?: string;
  },
): Promise<RouteAnswer> {
  const headers: Record<string, string> = { accept: call.accept ?? 'text/html', cookie: call.cookie };
  if (call.body) headers['content-type'] = 'application/x-www-form-urlencoded';
  const request = new Request(`http://localhost${call.url}`, {
    method: call.body ? 'POST' : 'GET',
    headers,
    body: call.body ? new URLSearchParams(call.body).toString() : undefined,
  });
  const context = {
    clientIp: call.clientIp ?? '192.0.2.1',
    origin: 'http://localhost',
    logger: pino({ level: 'silent' }),
    requestId: 'test',
    session: new VisitorSession(newSessionId(), true, () => db, { secure: false, idleMinutes: 30, absoluteDays: 30 }),
  };
  let result: unknown;
  try {
    result = await handler({ request, context, params: call.params ?? {} } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, response: result, data: null };
  if (result instanceof Error) throw result;
  const shaped = result as { init?: { status?: number } | null; data?: unknown };
  return { status: shaped.init?.status ?? 200, response: null, data: shaped.data };
}

/** `callStaffRoute` as one of the named staff members of `cookies` (read when called: tests fill it in beforeAll). */
export function staffRouteCaller(getDb: () => Database, cookies: Readonly<Record<string, () => Promise<string>>>) {
  return async (
    who: string,
    handler: (args: never) => unknown,
    url: string,
    params: Record<string, string> = {},
    body?: Record<string, string>,
  ): Promise<RouteAnswer> => callStaffRoute(getDb(), handler, { cookie: await cookies[who]!(), url, params, body });
}

/** The field errors of a form action's answer (none when the answer has no form result). */
export function formErrorsOf(answer: RouteAnswer): Record<string, unknown> {
  const result = (answer.data as { formResult?: { error?: Record<string, unknown> } } | null)?.formResult;
  return result?.error ?? {};
}
