/**
 * Staff sessions: their own table and cookie, apart from visitors' (a visitor session never opens the back office).
 * The cookie holds 256 random bits; the row is keyed by their SHA-256. Idle timeout 30 minutes and absolute
 * 12 hours, both enforced here on every request; ending a session deletes its row.
 */
import { and, eq, inArray, lt, ne, or } from 'drizzle-orm';
import { redirect } from 'react-router';
import { getDb, type Database } from '../../lib/db.server.ts';
import { getEnv } from '../../lib/env.server.ts';
import { readCookie } from '../../lib/cookies.ts';
import { safeRedirectPath } from '../../lib/safe-redirect.ts';
import { staffAccountBranches, staffAccounts, staffSessions } from '../../../db/schema/index.ts';
import { isStaffRole, type StaffPrincipal, type StaffRole } from './staff-roles.ts';
import { newToken, sha256 } from './staff-secrets.server.ts';

const STAFF_IDLE_MINUTES = 30;
const STAFF_ABSOLUTE_HOURS = 12;
/** Between the password and the code: long enough to open an authenticator app. */
const PENDING_MINUTES = 10;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Same rule as the visitor cookie (server/start.ts): Secure in production unless COOKIE_SECURE says otherwise. */
function isSecureCookie(): boolean {
  const env = getEnv();
  return env.COOKIE_SECURE ? env.COOKIE_SECURE === 'true' : env.NODE_ENV === 'production';
}

function cookieName(base: string): string {
  // __Host- pins the cookie to this host, over HTTPS, on every path; plain-HTTP development cannot use it.
  return isSecureCookie() ? `__Host-${base}` : base;
}

const SESSION_COOKIE = 'doorstep_staff';
const DEVICE_COOKIE = 'doorstep_staff_device';

function cookieHeader(name: string, value: string, maxAgeSeconds?: number): string {
  const parts = [`${cookieName(name)}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (maxAgeSeconds !== undefined) parts.push(`Max-Age=${maxAgeSeconds}`);
  if (isSecureCookie()) parts.push('Secure');
  return parts.join('; ');
}

/** A browser-session cookie: closing the browser ends it too; the server's timeouts apply either way. */
export function staffSessionCookie(token: string): string {
  return cookieHeader(SESSION_COOKIE, token);
}

export function clearStaffSessionCookie(): string {
  return cookieHeader(SESSION_COOKIE, '', 0);
}

function readToken(request: Request, base: string): string | null {
  const value = readCookie(request.headers.get('cookie'), cookieName(base));
  return value && TOKEN_PATTERN.test(value) ? value : null;
}

export function readStaffSessionToken(request: Request): string | null {
  return readToken(request, SESSION_COOKIE);
}

/** The long-lived cookie that tells a known browser from a new one (new-device emails). */
export function readDeviceToken(request: Request): string | null {
  return readToken(request, DEVICE_COOKIE);
}

export function deviceCookie(token: string): string {
  return cookieHeader(DEVICE_COOKIE, token, 400 * 86_400);
}

type SessionMeta = { ip: string | null; userAgent: string | null };

async function insertSession(
  db: Database,
  staffId: number,
  stage: 'pending' | 'signedIn',
  meta: SessionMeta,
  now: Date,
): Promise<string> {
  const token = newToken();
  const lifetime = stage === 'pending' ? PENDING_MINUTES * 60_000 : STAFF_ABSOLUTE_HOURS * 3_600_000;
  await db.insert(staffSessions).values({
    idHash: sha256(token),
    staffId,
    stage,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + lifetime),
  });
  return token;
}

/** After a correct password: a short-lived session that only lets the second factor be entered. */
export function startPendingSession(db: Database, staffId: number, meta: SessionMeta, now = new Date()) {
  return insertSession(db, staffId, 'pending', meta, now);
}

/** After the second factor: the pending row goes and a new token is issued (a fresh id on every sign-in). */
export async function startSignedInSession(
  db: Database,
  staffId: number,
  meta: SessionMeta,
  replacing: string | null,
  now = new Date(),
): Promise<string> {
  if (replacing) await db.delete(staffSessions).where(eq(staffSessions.idHash, sha256(replacing)));
  return insertSession(db, staffId, 'signedIn', meta, now);
}

type PendingSignIn = { staffId: number; failedCodes: number };

export async function getPendingSignIn(db: Database, token: string | null, now = new Date()) {
  if (!token) return null;
  const [row] = await db
    .select({
      staffId: staffSessions.staffId,
      failedCodes: staffSessions.failedCodes,
      expiresAt: staffSessions.expiresAt,
    })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.idHash, sha256(token)),
        eq(staffSessions.stage, 'pending'),
        eq(staffAccounts.isActive, true),
      ),
    )
    .limit(1);
  if (!row || row.expiresAt <= now) return null;
  return { staffId: row.staffId, failedCodes: row.failedCodes } satisfies PendingSignIn;
}

export async function countFailedCode(db: Database, token: string, failedCodes: number): Promise<void> {
  await db
    .update(staffSessions)
    .set({ failedCodes: failedCodes + 1 })
    .where(eq(staffSessions.idHash, sha256(token)));
}

export async function endStaffSession(db: Database, token: string | null): Promise<void> {
  if (token) await db.delete(staffSessions).where(eq(staffSessions.idHash, sha256(token)));
}

/** Every session of the account, or every other one when `keep` is the current token. */
export async function endAllStaffSessions(db: Database, staffId: number, keep: string | null = null): Promise<void> {
  const condition = keep
    ? and(eq(staffSessions.staffId, staffId), ne(staffSessions.idHash, sha256(keep)))
    : eq(staffSessions.staffId, staffId);
  await db.delete(staffSessions).where(condition);
}

/** The signed-in staff member of this session token, or null (no session, timed out, revoked or deactivated). */
export async function getStaffPrincipal(
  db: Database,
  token: string | null,
  now = new Date(),
): Promise<StaffPrincipal | null> {
  if (!token) return null;
  const idHash = sha256(token);
  const [row] = await db
    .select({
      staffId: staffAccounts.id,
      email: staffAccounts.email,
      name: staffAccounts.name,
      role: staffAccounts.role,
      isActive: staffAccounts.isActive,
      lastSeenAt: staffSessions.lastSeenAt,
      expiresAt: staffSessions.expiresAt,
    })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(and(eq(staffSessions.idHash, idHash), eq(staffSessions.stage, 'signedIn')))
    .limit(1);
  if (!row) return null;
  const isIdle = now.getTime() - row.lastSeenAt.getTime() > STAFF_IDLE_MINUTES * 60_000;
  if (!row.isActive || isIdle || row.expiresAt <= now || !isStaffRole(row.role)) {
    await db.delete(staffSessions).where(eq(staffSessions.idHash, idHash));
    return null;
  }
  // Touch at most once a minute: a busy page does not write on every request.
  if (now.getTime() - row.lastSeenAt.getTime() > 60_000) {
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.idHash, idHash));
  }
  const branchRows = await db
    .select({ branchId: staffAccountBranches.branchId })
    .from(staffAccountBranches)
    .where(eq(staffAccountBranches.staffId, row.staffId));
  return {
    staffId: row.staffId,
    email: row.email,
    name: row.name,
    role: row.role,
    branchIds: branchRows.map((branch) => branch.branchId).sort((a, b) => a - b),
  };
}

/** A call for data (JSON, CSV) rather than a page: such callers get 401/403, not the sign-in page. */
function isDataRequest(request: Request): boolean {
  const { pathname } = new URL(request.url);
  if (/\.(json|ljson|csv)$/.test(pathname)) return true;
  const accept = request.headers.get('accept') ?? '';
  return /application\/json|text\/csv/.test(accept) && !accept.includes('text/html');
}

function deniedResponse(status: 401 | 403): Response {
  const message = status === 401 ? 'Sign in to the back office first.' : 'Your role does not give access to this.';
  return Response.json({ error: message, status }, { status, headers: { 'Cache-Control': 'no-store' } });
}

function forbiddenPage(): Response {
  return new Response('Your role does not give access to this page.', {
    status: 403,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/**
 * The one permission check of the back office, called by every loader and action itself (loaders run in
 * parallel: a layout's check protects nothing). Returns the principal, or throws: for a page a redirect to the
 * sign-in page (which brings the person back), for a data call 401 without a session and 403 for a wrong role.
 */
export async function requireStaff(
  request: Request,
  options: { roles?: readonly StaffRole[] } = {},
): Promise<StaffPrincipal> {
  const principal = await getStaffPrincipal(getDb(), readStaffSessionToken(request));
  const isData = isDataRequest(request);
  if (!principal) {
    if (isData) throw deniedResponse(401);
    const url = new URL(request.url);
    const back = safeRedirectPath(`${url.pathname}${url.search}`, '/admin');
    const query = back === '/admin' ? '' : `?next=${encodeURIComponent(back)}`;
    throw redirect(`/admin/sign-in${query}`, { headers: { 'Cache-Control': 'no-store' } });
  }
  if (options.roles && !options.roles.includes(principal.role)) {
    throw isData ? deniedResponse(403) : forbiddenPage();
  }
  return principal;
}

/** Housekeeping for the job runner: expired and long-idle rows. */
export async function deleteExpiredStaffSessions(db: Database, now = new Date()): Promise<void> {
  const idleCutoff = new Date(now.getTime() - STAFF_IDLE_MINUTES * 60_000);
  await db.delete(staffSessions).where(or(lt(staffSessions.expiresAt, now), lt(staffSessions.lastSeenAt, idleCutoff)));
}

/** Deactivation and role changes end these accounts' sessions at once. */
export async function endSessionsOf(db: Database, staffIds: number[]): Promise<void> {
  if (staffIds.length > 0) await db.delete(staffSessions).where(inArray(staffSessions.staffId, staffIds));
}
