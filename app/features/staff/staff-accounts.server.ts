/**
 * Staff accounts: invitations (a one-time set-up link), set-up (password, TOTP enrolment, recovery codes),
 * sign-in in two steps (password, then a TOTP or recovery code), password change and reset, deactivation.
 * Decisions and limits: docs/decisions/019-staff-accounts.md.
 */
import { hash, verify } from '@node-rs/argon2';
import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../lib/db.server.ts';
import { isLimitReached, limit } from '../../lib/rate-limit.server.ts';
import {
  branches,
  staffAccountBranches,
  staffAccounts,
  staffDevices,
  staffRecoveryCodes,
  staffTokens,
} from '../../../db/schema/index.ts';
import { recordAudit } from './audit.server.ts';
import {
  sendEnrolEmail,
  sendInvitationEmail,
  sendNewDeviceEmail,
  sendPasswordChangedEmail,
  sendResetEmail,
} from './staff-emails.server.ts';
import type { StaffPrincipal, StaffRole } from './staff-roles.ts';
import {
  decryptSecret,
  encryptSecret,
  enrolmentSecretBytes,
  newRecoveryCodes,
  newToken,
  normaliseRecoveryCode,
  sha256,
} from './staff-secrets.server.ts';
import {
  countFailedCode,
  endAllStaffSessions,
  endSessionsOf,
  endStaffSession,
  getPendingSignIn,
  startPendingSession,
  startSignedInSession,
} from './staff-sessions.server.ts';
import { base32Of, enrolmentQr, verifyTotp } from './totp.server.ts';

const SETUP_LINK_HOURS = 24;
const RESET_LINK_MINUTES = 60;
/** Wrong codes allowed on one pending sign-in before the password must be entered again. */
const MAX_CODES_PER_SIGN_IN = 5;

/** OWASP's argon2id settings, as for visitors' passwords: 19 MiB of memory, 2 passes, 1 lane. */
const ARGON2_OPTIONS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Where a request came from, for sessions, the audit log and emails. */
export type RequestMeta = { ip: string | null; userAgent: string | null; origin: string };

function normaliseStaffEmail(email: string): string {
  return email.trim().toLowerCase();
}

let dummyHash: Promise<string> | undefined;

/** With no hash (unknown email) a dummy one is verified, so the answer takes as long as for a real account. */
async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash('not-a-real-staff-password-only-for-timing', ARGON2_OPTIONS);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

function isUniqueViolation(error: unknown): boolean {
  const found = (error as { code?: string; cause?: { code?: string } } | null) ?? null;
  return found?.code === '23505' || found?.cause?.code === '23505';
}

// ---------------------------------------------------------------------------------------------------------------
// Invitations

export type InvitationInput = {
  email: string;
  name: string;
  role: StaffRole;
  /** Branches by slug (the command line) or by id (the back office's form). */
  branchSlugs?: readonly string[];
  branchIds?: readonly number[];
};

export type InvitationOutcome =
  | { status: 'created'; staffId: number; link: string; expiresAt: string }
  | { status: 'email-taken' }
  | { status: 'unknown-branch'; branches: string[] };

async function resolveBranchIds(db: Database, input: InvitationInput): Promise<number[] | { unknown: string[] }> {
  const slugs = [...new Set(input.branchSlugs ?? [])];
  const ids = [...new Set(input.branchIds ?? [])];
  const found = new Set<number>();
  if (slugs.length > 0) {
    const rows = await db
      .select({ id: branches.id, slug: branches.slug })
      .from(branches)
      .where(inArray(branches.slug, slugs));
    const known = new Set(rows.map((row) => row.slug));
    const unknown = slugs.filter((slug) => !known.has(slug));
    if (unknown.length > 0) return { unknown };
    for (const row of rows) found.add(row.id);
  }
  if (ids.length > 0) {
    const rows = await db.select({ id: branches.id }).from(branches).where(inArray(branches.id, ids));
    if (rows.length !== ids.length) {
      const known = new Set(rows.map((row) => row.id));
      return { unknown: ids.filter((id) => !known.has(id)).map(String) };
    }
    for (const row of rows) found.add(row.id);
  }
  return [...found].sort((a, b) => a - b);
}

/**
 * Creates the account (no password, no authenticator yet) and its one-time set-up link, valid 24 hours. An email
 * already used by a staff member, in any case, is refused.
 */
export async function createStaffInvitation(
  db: Database,
  input: InvitationInput,
  context: { origin: string; ip: string | null; actor: { staffId: number; email: string } | null },
  now = new Date(),
): Promise<InvitationOutcome> {
  const emailLower = normaliseStaffEmail(input.email);
  const [existing] = await db
    .select({ id: staffAccounts.id })
    .from(staffAccounts)
    .where(eq(staffAccounts.emailLower, emailLower))
    .limit(1);
  if (existing) return { status: 'email-taken' };
  const branchIds = await resolveBranchIds(db, input);
  if (!Array.isArray(branchIds)) return { status: 'unknown-branch', branches: branchIds.unknown };
  const token = newToken();
  const expiresAt = new Date(now.getTime() + SETUP_LINK_HOURS * 3_600_000);
  let staffId: number;
  try {
    staffId = await db.transaction(async (tx) => {
      const [account] = await tx
        .insert(staffAccounts)
        .values({
          email: input.email.trim(),
          emailLower,
          name: input.name.trim(),
          role: input.role,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: staffAccounts.id });
      if (!account) throw new Error('staff account was not stored');
      if (branchIds.length > 0) {
        await tx.insert(staffAccountBranches).values(branchIds.map((branchId) => ({ staffId: account.id, branchId })));
      }
      await tx
        .insert(staffTokens)
        .values({ tokenHash: sha256(token), staffId: account.id, kind: 'setup', expiresAt, createdAt: now });
      return account.id;
    });
  } catch (error) {
    // Two invitations for one address at the same moment: the unique index decides.
    if (isUniqueViolation(error)) return { status: 'email-taken' };
    throw error;
  }
  await recordAudit(
    db,
    {
      staffId: context.actor?.staffId ?? null,
      actorEmail: context.actor?.email ?? 'command line',
      ip: context.ip,
      action: 'staff.invited',
      target: `staff:${staffId}`,
      details: { email: emailLower, role: input.role, branchIds },
    },
    now,
  );
  return {
    status: 'created',
    staffId,
    link: `${context.origin}/admin/setup/${token}`,
    expiresAt: expiresAt.toISOString(),
  };
}

/** An owner's invitation from the back office: the same account and link, sent by email rather than printed. */
export async function inviteStaffByEmail(
  db: Database,
  input: InvitationInput,
  actor: StaffPrincipal,
  meta: RequestMeta,
): Promise<InvitationOutcome> {
  const outcome = await createStaffInvitation(db, input, {
    origin: meta.origin,
    ip: meta.ip,
    actor: { staffId: actor.staffId, email: actor.email },
  });
  if (outcome.status === 'created') {
    await sendInvitationEmail(db, { email: input.email.trim(), name: input.name.trim() }, outcome.link, actor.name);
  }
  return outcome;
}

// ---------------------------------------------------------------------------------------------------------------
// Tokens (set-up and reset links)

type TokenKind = 'setup' | 'enrol' | 'reset';

async function findLiveToken(db: Database, token: string, kind: TokenKind | readonly TokenKind[], now: Date) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db
    .select({
      staffId: staffAccounts.id,
      email: staffAccounts.email,
      name: staffAccounts.name,
      kind: staffTokens.kind,
      passwordHash: staffAccounts.passwordHash,
    })
    .from(staffTokens)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffTokens.staffId))
    .where(
      and(
        eq(staffTokens.tokenHash, sha256(token)),
        typeof kind === 'string' ? eq(staffTokens.kind, kind) : inArray(staffTokens.kind, [...kind]),
        isNull(staffTokens.usedAt),
        gt(staffTokens.expiresAt, now),
        eq(staffAccounts.isActive, true),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Marks the token used; false when another request used it first (single use under races too). */
async function spendToken(db: Database, token: string, now: Date): Promise<boolean> {
  const used = await db
    .update(staffTokens)
    .set({ usedAt: now })
    .where(and(eq(staffTokens.tokenHash, sha256(token)), isNull(staffTokens.usedAt), gt(staffTokens.expiresAt, now)))
    .returning({ staffId: staffTokens.staffId });
  return used.length === 1;
}

// ---------------------------------------------------------------------------------------------------------------
// Set-up

/**
 * `setup`: a new account chooses a password and enrols an authenticator. `enrol`: a set-up account whose owner reset
 * its authenticator confirms its current password and enrols a new one.
 */
type SetupMode = 'setup' | 'enrol';
export type SetupScreen = { email: string; name: string; secret: string; qrDataUrl: string; mode: SetupMode };
const SETUP_KINDS = ['setup', 'enrol'] as const;

/** What the set-up page shows, or null when the link is unknown, used, expired or its account deactivated. */
export async function getSetupScreen(
  db: Database,
  token: string,
  agencyName: string,
  now = new Date(),
): Promise<SetupScreen | null> {
  const found = await findLiveToken(db, token, SETUP_KINDS, now);
  if (!found) return null;
  const secret = base32Of(enrolmentSecretBytes(token));
  const { qrDataUrl } = await enrolmentQr(secret, { email: found.email, issuer: `${agencyName} back office` });
  return { email: found.email, name: found.name, secret, qrDataUrl, mode: found.kind === 'enrol' ? 'enrol' : 'setup' };
}

export type SetupOutcome =
  | { status: 'invalid-link' }
  | { status: 'wrong-code' }
  | { status: 'wrong-password' }
  | { status: 'done'; staffId: number; recoveryCodes: string[]; sessionToken: string; deviceToken: string };

/**
 * Finishes a set-up link: the code proves the authenticator holds the page's secret; then the password, the
 * encrypted secret and ten new recovery codes are stored, the link is used up, and the person is signed in. An
 * `enrol` link keeps the password, which must be the account's current one (the link alone, from a stolen mailbox,
 * enrols nothing).
 */
export async function completeStaffSetup(
  db: Database,
  token: string,
  answers: { password: string; code: string },
  meta: RequestMeta,
  deviceToken: string | null,
  now = new Date(),
): Promise<SetupOutcome> {
  const found = await findLiveToken(db, token, SETUP_KINDS, now);
  if (!found) return { status: 'invalid-link' };
  const isEnrolment = found.kind === 'enrol';
  if (isEnrolment && !(await verifyPassword(found.passwordHash, answers.password))) {
    await recordAudit(
      db,
      {
        staffId: found.staffId,
        actorEmail: normaliseStaffEmail(found.email),
        ip: meta.ip,
        action: 'staff.sign-in-failed',
        details: { step: 'enrol-password' },
      },
      now,
    );
    return { status: 'wrong-password' };
  }
  const secret = base32Of(enrolmentSecretBytes(token));
  const step = verifyTotp(secret, answers.code, null, now);
  if (step === null) return { status: 'wrong-code' };
  const passwordHash = isEnrolment ? found.passwordHash : await hashPassword(answers.password);
  const recoveryCodes = newRecoveryCodes();
  const isDone = await db.transaction(async (tx) => {
    if (!(await spendToken(tx as unknown as Database, token, now))) return false;
    await tx
      .update(staffAccounts)
      .set({ passwordHash, totpSecretEncrypted: encryptSecret(secret), totpLastStep: step, updatedAt: now })
      .where(eq(staffAccounts.id, found.staffId));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, found.staffId));
    await tx
      .insert(staffRecoveryCodes)
      .values(recoveryCodes.map((code) => ({ staffId: found.staffId, codeHash: sha256(normaliseRecoveryCode(code)) })));
    return true;
  });
  if (!isDone) return { status: 'invalid-link' };
  await endAllStaffSessions(db, found.staffId);
  const sessionToken = await startSignedInSession(db, found.staffId, meta, null, now);
  const device = await rememberDevice(db, found.staffId, deviceToken, meta.userAgent, now);
  await recordAudit(
    db,
    {
      staffId: found.staffId,
      actorEmail: normaliseStaffEmail(found.email),
      ip: meta.ip,
      action: 'staff.setup-completed',
      details: { mode: isEnrolment ? 'enrol' : 'setup' },
    },
    now,
  );
  return { status: 'done', staffId: found.staffId, recoveryCodes, sessionToken, deviceToken: device.deviceToken };
}

// ---------------------------------------------------------------------------------------------------------------
// Known browsers

async function rememberDevice(
  db: Database,
  staffId: number,
  deviceToken: string | null,
  userAgent: string | null,
  now: Date,
): Promise<{ deviceToken: string; isNew: boolean }> {
  const token = deviceToken ?? newToken();
  const deviceHash = sha256(token);
  const updated = await db
    .update(staffDevices)
    .set({ lastSeenAt: now })
    .where(and(eq(staffDevices.staffId, staffId), eq(staffDevices.deviceHash, deviceHash)))
    .returning({ staffId: staffDevices.staffId });
  if (updated.length > 0) return { deviceToken: token, isNew: false };
  await db
    .insert(staffDevices)
    .values({ staffId, deviceHash, userAgent: userAgent?.slice(0, 300) ?? null, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoNothing();
  return { deviceToken: token, isNew: true };
}

// ---------------------------------------------------------------------------------------------------------------
// Sign-in

export type PasswordStepOutcome = { status: 'code-needed'; pendingToken: string } | { status: 'refused' };

/**
 * Step one. Every attempt counts against the IP's limit; failures count against the account's (checked before
 * the password, so a right guess cannot slip past an exhausted limit). An unknown email, a wrong password, a
 * deactivated account and one not yet set up all get the same answer in the same time.
 */
export async function checkStaffPassword(
  db: Database,
  answers: { email: string; password: string },
  meta: RequestMeta,
  now = new Date(),
): Promise<PasswordStepOutcome> {
  await limit(db, 'staffSignIn', meta.ip ?? 'unknown', now);
  const emailLower = normaliseStaffEmail(answers.email);
  if (await isLimitReached(db, 'staffSignInAccount', emailLower, now)) {
    await limit(db, 'staffSignInAccount', emailLower, now);
  }
  const [account] = await db
    .select({
      id: staffAccounts.id,
      passwordHash: staffAccounts.passwordHash,
      isActive: staffAccounts.isActive,
      hasTotp: sql<boolean>`${staffAccounts.totpSecretEncrypted} is not null`,
    })
    .from(staffAccounts)
    .where(eq(staffAccounts.emailLower, emailLower))
    .limit(1);
  const isRight = await verifyPassword(account?.passwordHash ?? null, answers.password);
  if (!account || !isRight || !account.isActive || !account.hasTotp) {
    await recordAudit(
      db,
      {
        staffId: account?.id ?? null,
        actorEmail: emailLower,
        ip: meta.ip,
        action: 'staff.sign-in-failed',
        details: { step: 'password' },
      },
      now,
    );
    await limit(db, 'staffSignInAccount', emailLower, now);
    return { status: 'refused' };
  }
  return { status: 'code-needed', pendingToken: await startPendingSession(db, account.id, meta, now) };
}

export type CodeStepOutcome =
  { status: 'signed-in'; sessionToken: string; deviceToken: string } | { status: 'wrong-code' } | { status: 'expired' };

/** A TOTP code of a step after the last accepted one, stored at once so the same code cannot be used twice. */
async function acceptTotp(
  db: Database,
  staffId: number,
  encrypted: string,
  lastStep: number | null,
  code: string,
  now: Date,
) {
  const step = verifyTotp(decryptSecret(encrypted), code, lastStep, now);
  if (step === null) return false;
  const updated = await db
    .update(staffAccounts)
    .set({ totpLastStep: step })
    .where(
      and(eq(staffAccounts.id, staffId), or(isNull(staffAccounts.totpLastStep), lt(staffAccounts.totpLastStep, step))),
    )
    .returning({ id: staffAccounts.id });
  return updated.length === 1;
}

async function acceptRecoveryCode(db: Database, staffId: number, code: string, now: Date): Promise<boolean> {
  const normalised = normaliseRecoveryCode(code);
  if (!/^[a-z0-9]{12}$/.test(normalised)) return false;
  const used = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, staffId),
        eq(staffRecoveryCodes.codeHash, sha256(normalised)),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return used.length === 1;
}

/** Step two: a TOTP code or an unused recovery code turns the pending session into a signed-in one (a new id). */
export async function checkStaffCode(
  db: Database,
  pendingToken: string | null,
  code: string,
  meta: RequestMeta,
  deviceToken: string | null,
  now = new Date(),
): Promise<CodeStepOutcome> {
  await limit(db, 'staffSignIn', meta.ip ?? 'unknown', now);
  const pending = await getPendingSignIn(db, pendingToken, now);
  if (!pending || !pendingToken) return { status: 'expired' };
  if (pending.failedCodes >= MAX_CODES_PER_SIGN_IN) {
    await endStaffSession(db, pendingToken);
    return { status: 'expired' };
  }
  const [account] = await db
    .select({
      email: staffAccounts.email,
      emailLower: staffAccounts.emailLower,
      name: staffAccounts.name,
      secret: staffAccounts.totpSecretEncrypted,
      lastStep: staffAccounts.totpLastStep,
    })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, pending.staffId))
    .limit(1);
  if (!account?.secret) return { status: 'expired' };
  if (await isLimitReached(db, 'staffSignInAccount', account.emailLower, now)) {
    await limit(db, 'staffSignInAccount', account.emailLower, now);
  }
  let method: 'totp' | 'recovery-code' | null = null;
  if (await acceptTotp(db, pending.staffId, account.secret, account.lastStep, code, now)) method = 'totp';
  else if (await acceptRecoveryCode(db, pending.staffId, code, now)) method = 'recovery-code';
  if (!method) {
    await countFailedCode(db, pendingToken, pending.failedCodes);
    await recordAudit(
      db,
      {
        staffId: pending.staffId,
        actorEmail: account.emailLower,
        ip: meta.ip,
        action: 'staff.sign-in-failed',
        details: { step: 'code' },
      },
      now,
    );
    await limit(db, 'staffSignInAccount', account.emailLower, now);
    return { status: 'wrong-code' };
  }
  const sessionToken = await startSignedInSession(db, pending.staffId, meta, pendingToken, now);
  const device = await rememberDevice(db, pending.staffId, deviceToken, meta.userAgent, now);
  if (device.isNew) {
    await sendNewDeviceEmail(
      db,
      { email: account.email, name: account.name },
      { ip: meta.ip, userAgent: meta.userAgent, at: now },
      meta.origin,
    );
  }
  await recordAudit(
    db,
    {
      staffId: pending.staffId,
      actorEmail: account.emailLower,
      ip: meta.ip,
      action: method === 'totp' ? 'staff.sign-in' : 'staff.sign-in-recovery-code',
      details: { isNewDevice: device.isNew },
    },
    now,
  );
  return { status: 'signed-in', sessionToken, deviceToken: device.deviceToken };
}

// ---------------------------------------------------------------------------------------------------------------
// Signing out

export async function signOutStaff(db: Database, principal: StaffPrincipal, token: string | null, meta: RequestMeta) {
  await endStaffSession(db, token);
  await recordAudit(db, {
    staffId: principal.staffId,
    actorEmail: principal.email,
    ip: meta.ip,
    action: 'staff.sign-out',
  });
}

export async function signOutStaffEverywhere(db: Database, principal: StaffPrincipal, meta: RequestMeta) {
  await endAllStaffSessions(db, principal.staffId);
  await recordAudit(db, {
    staffId: principal.staffId,
    actorEmail: principal.email,
    ip: meta.ip,
    action: 'staff.sign-out-everywhere',
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Passwords

/**
 * A reset link for an active, set-up account, emailed through the outbox. The caller answers first and lets this
 * run after, so a known address takes no longer to answer than an unknown one.
 */
export async function requestStaffPasswordReset(db: Database, email: string, meta: RequestMeta, now = new Date()) {
  const emailLower = normaliseStaffEmail(email);
  const [account] = await db
    .select({ id: staffAccounts.id, email: staffAccounts.email, name: staffAccounts.name })
    .from(staffAccounts)
    .where(
      and(
        eq(staffAccounts.emailLower, emailLower),
        eq(staffAccounts.isActive, true),
        sql`${staffAccounts.passwordHash} is not null`,
      ),
    )
    .limit(1);
  await recordAudit(
    db,
    { staffId: account?.id ?? null, actorEmail: emailLower, ip: meta.ip, action: 'staff.password-reset-requested' },
    now,
  );
  if (!account) return;
  const token = newToken();
  // A new link voids the older ones.
  await db
    .update(staffTokens)
    .set({ usedAt: now })
    .where(and(eq(staffTokens.staffId, account.id), eq(staffTokens.kind, 'reset'), isNull(staffTokens.usedAt)));
  await db.insert(staffTokens).values({
    tokenHash: sha256(token),
    staffId: account.id,
    kind: 'reset',
    expiresAt: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000),
    createdAt: now,
  });
  await sendResetEmail(db, { email: account.email, name: account.name }, `${meta.origin}/admin/reset/${token}`);
}

export async function isResetLinkLive(db: Database, token: string, now = new Date()): Promise<boolean> {
  return (await findLiveToken(db, token, 'reset', now)) !== null;
}

/** Sets the new password, uses up the link and ends every session of the account. False for a dead link. */
export async function resetStaffPassword(
  db: Database,
  token: string,
  password: string,
  meta: RequestMeta,
  now = new Date(),
): Promise<boolean> {
  const found = await findLiveToken(db, token, 'reset', now);
  if (!found) return false;
  const passwordHash = await hashPassword(password);
  if (!(await spendToken(db, token, now))) return false;
  await db.update(staffAccounts).set({ passwordHash, updatedAt: now }).where(eq(staffAccounts.id, found.staffId));
  await endAllStaffSessions(db, found.staffId);
  await recordAudit(
    db,
    {
      staffId: found.staffId,
      actorEmail: normaliseStaffEmail(found.email),
      ip: meta.ip,
      action: 'staff.password-reset',
    },
    now,
  );
  await sendPasswordChangedEmail(db, { email: found.email, name: found.name }, meta.origin);
  return true;
}

/**
 * Needs the current password (ASVS 6.2.3); every other session ends and this one gets a new id (7.4.3, 7.2.4).
 * Wrong current passwords count against the account's sign-in failures.
 */
export async function changeStaffPassword(
  db: Database,
  principal: StaffPrincipal,
  currentToken: string | null,
  answers: { currentPassword: string; password: string },
  meta: RequestMeta,
  now = new Date(),
): Promise<{ status: 'wrong-current' } | { status: 'changed'; sessionToken: string }> {
  const emailLower = normaliseStaffEmail(principal.email);
  if (await isLimitReached(db, 'staffSignInAccount', emailLower, now)) {
    await limit(db, 'staffSignInAccount', emailLower, now);
  }
  const [account] = await db
    .select({ passwordHash: staffAccounts.passwordHash })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, principal.staffId))
    .limit(1);
  if (!(await verifyPassword(account?.passwordHash ?? null, answers.currentPassword))) {
    await limit(db, 'staffSignInAccount', emailLower, now);
    return { status: 'wrong-current' };
  }
  const passwordHash = await hashPassword(answers.password);
  await db.update(staffAccounts).set({ passwordHash, updatedAt: now }).where(eq(staffAccounts.id, principal.staffId));
  await endAllStaffSessions(db, principal.staffId);
  const sessionToken = await startSignedInSession(db, principal.staffId, meta, currentToken, now);
  await recordAudit(
    db,
    { staffId: principal.staffId, actorEmail: emailLower, ip: meta.ip, action: 'staff.password-changed' },
    now,
  );
  await sendPasswordChangedEmail(db, { email: principal.email, name: principal.name }, meta.origin);
  return { status: 'changed', sessionToken };
}

// ---------------------------------------------------------------------------------------------------------------
// The staff list (owners)

export type StaffListEntry = {
  staffId: number;
  email: string;
  name: string;
  role: StaffRole;
  isActive: boolean;
  isSetUp: boolean;
  branchNames: string[];
};

export async function listStaffAccounts(db: Database): Promise<StaffListEntry[]> {
  const rows = await db
    .select({
      staffId: staffAccounts.id,
      email: staffAccounts.email,
      name: staffAccounts.name,
      role: staffAccounts.role,
      isActive: staffAccounts.isActive,
      isSetUp: sql<boolean>`${staffAccounts.passwordHash} is not null`,
    })
    .from(staffAccounts)
    .orderBy(asc(staffAccounts.name), asc(staffAccounts.id));
  const branchRows = await db
    .select({ staffId: staffAccountBranches.staffId, name: branches.name })
    .from(staffAccountBranches)
    .innerJoin(branches, eq(branches.id, staffAccountBranches.branchId))
    .orderBy(asc(branches.name));
  return rows.map((row) => ({
    ...row,
    branchNames: branchRows.filter((branch) => branch.staffId === row.staffId).map((branch) => branch.name),
  }));
}

export async function listBranchChoices(db: Database): Promise<{ id: number; name: string }[]> {
  return db.select({ id: branches.id, name: branches.name }).from(branches).orderBy(asc(branches.name));
}

/**
 * Deactivation ends the person's sessions at once and voids their open links. An owner cannot deactivate
 * themselves (the agency would risk losing its last owner).
 */
export async function deactivateStaff(
  db: Database,
  actor: StaffPrincipal,
  staffId: number,
  meta: RequestMeta,
  now = new Date(),
): Promise<'deactivated' | 'not-found' | 'self'> {
  if (staffId === actor.staffId) return 'self';
  const updated = await db
    .update(staffAccounts)
    .set({ isActive: false, updatedAt: now })
    .where(eq(staffAccounts.id, staffId))
    .returning({ email: staffAccounts.emailLower });
  if (updated.length === 0) return 'not-found';
  await endSessionsOf(db, [staffId]);
  await db
    .update(staffTokens)
    .set({ usedAt: now })
    .where(and(eq(staffTokens.staffId, staffId), isNull(staffTokens.usedAt)));
  await recordAudit(
    db,
    {
      staffId: actor.staffId,
      actorEmail: actor.email,
      ip: meta.ip,
      action: 'staff.deactivated',
      target: `staff:${staffId}`,
      details: { email: updated[0]?.email },
    },
    now,
  );
  return 'deactivated';
}

export type AccessChangeOutcome = 'changed' | 'unchanged' | 'not-found' | 'last-owner' | 'unknown-branch';

/**
 * Changes a staff member's role and branches, with an audit entry holding both before and after. The accounts of the
 * active owners are locked first, so two owners demoting each other at the same moment cannot leave none. The change
 * applies on the person's next request: every request reads the role and branches afresh (getStaffPrincipal).
 */
export async function changeStaffAccess(
  db: Database,
  actor: StaffPrincipal,
  staffId: number,
  change: { role: StaffRole; branchIds: readonly number[] },
  meta: RequestMeta,
  now = new Date(),
): Promise<AccessChangeOutcome> {
  const branchIds = await resolveBranchIds(db, { email: '', name: '', role: change.role, branchIds: change.branchIds });
  if (!Array.isArray(branchIds)) return 'unknown-branch';
  const outcome = await db.transaction(async (tx) => {
    const owners = await tx
      .select({ id: staffAccounts.id })
      .from(staffAccounts)
      .where(and(eq(staffAccounts.role, 'owner'), eq(staffAccounts.isActive, true)))
      .orderBy(asc(staffAccounts.id))
      .for('update');
    const [target] = await tx
      .select({ role: staffAccounts.role, isActive: staffAccounts.isActive, email: staffAccounts.emailLower })
      .from(staffAccounts)
      .where(eq(staffAccounts.id, staffId))
      .for('update');
    if (!target) return { status: 'not-found' as const };
    const before = await tx
      .select({ branchId: staffAccountBranches.branchId })
      .from(staffAccountBranches)
      .where(eq(staffAccountBranches.staffId, staffId))
      .orderBy(asc(staffAccountBranches.branchId));
    const beforeBranchIds = before.map((row) => row.branchId);
    const isDemotingOwner = target.role === 'owner' && change.role !== 'owner' && target.isActive;
    if (isDemotingOwner && owners.length <= 1) return { status: 'last-owner' as const };
    if (target.role === change.role && beforeBranchIds.join() === branchIds.join()) {
      return { status: 'unchanged' as const };
    }
    await tx.update(staffAccounts).set({ role: change.role, updatedAt: now }).where(eq(staffAccounts.id, staffId));
    await tx.delete(staffAccountBranches).where(eq(staffAccountBranches.staffId, staffId));
    if (branchIds.length > 0) {
      await tx.insert(staffAccountBranches).values(branchIds.map((branchId) => ({ staffId, branchId })));
    }
    return {
      status: 'changed' as const,
      email: target.email,
      before: { role: target.role, branchIds: beforeBranchIds },
      after: { role: change.role, branchIds },
    };
  });
  if (outcome.status !== 'changed') return outcome.status;
  await recordAudit(
    db,
    {
      staffId: actor.staffId,
      actorEmail: actor.email,
      ip: meta.ip,
      action: 'staff.role-changed',
      target: `staff:${staffId}`,
      details: { email: outcome.email, before: outcome.before, after: outcome.after },
    },
    now,
  );
  return 'changed';
}

export type AuthenticatorResetOutcome = 'sent' | 'not-found' | 'self' | 'not-set-up';

/**
 * A staff member lost their phone: the owner resets their authenticator. The old one and every recovery code stop
 * working at once, the person's sessions and open links end, and a one-time `enrol` link (24 hours) is emailed to
 * them: on it they confirm their current password and enrol a new authenticator. An owner cannot reset their own
 * (they would sign themselves out with no way back in but that email); another owner does it.
 */
export async function resetStaffAuthenticator(
  db: Database,
  actor: StaffPrincipal,
  staffId: number,
  meta: RequestMeta,
  now = new Date(),
): Promise<AuthenticatorResetOutcome> {
  if (staffId === actor.staffId) return 'self';
  const token = newToken();
  const outcome = await db.transaction(async (tx) => {
    const [target] = await tx
      .select({
        email: staffAccounts.email,
        name: staffAccounts.name,
        isSetUp: sql<boolean>`${staffAccounts.passwordHash} is not null`,
      })
      .from(staffAccounts)
      .where(and(eq(staffAccounts.id, staffId), eq(staffAccounts.isActive, true)))
      .for('update');
    if (!target) return { status: 'not-found' as const };
    // An account never set up has no authenticator to replace: its invitation is what it needs.
    if (!target.isSetUp) return { status: 'not-set-up' as const };
    await tx
      .update(staffAccounts)
      .set({ totpSecretEncrypted: null, totpLastStep: null, updatedAt: now })
      .where(eq(staffAccounts.id, staffId));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
    await tx
      .update(staffTokens)
      .set({ usedAt: now })
      .where(and(eq(staffTokens.staffId, staffId), isNull(staffTokens.usedAt)));
    await tx.insert(staffTokens).values({
      tokenHash: sha256(token),
      staffId,
      kind: 'enrol',
      expiresAt: new Date(now.getTime() + SETUP_LINK_HOURS * 3_600_000),
      createdAt: now,
    });
    return { status: 'sent' as const, email: target.email, name: target.name };
  });
  if (outcome.status !== 'sent') return outcome.status;
  await endSessionsOf(db, [staffId]);
  await sendEnrolEmail(
    db,
    { email: outcome.email, name: outcome.name },
    `${meta.origin}/admin/setup/${token}`,
    actor.name,
  );
  await recordAudit(
    db,
    {
      staffId: actor.staffId,
      actorEmail: actor.email,
      ip: meta.ip,
      action: 'staff.authenticator-reset',
      target: `staff:${staffId}`,
      details: { email: normaliseStaffEmail(outcome.email) },
    },
    now,
  );
  return 'sent';
}

/** The role and branches of one account, for the owner's change form. */
export async function getStaffAccess(
  db: Database,
  staffId: number,
): Promise<{ staffId: number; name: string; role: StaffRole; branchIds: number[] } | null> {
  const [account] = await db
    .select({ staffId: staffAccounts.id, name: staffAccounts.name, role: staffAccounts.role })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.id, staffId), eq(staffAccounts.isActive, true)))
    .limit(1);
  if (!account) return null;
  const rows = await db
    .select({ branchId: staffAccountBranches.branchId })
    .from(staffAccountBranches)
    .where(eq(staffAccountBranches.staffId, staffId));
  return { ...account, branchIds: rows.map((row) => row.branchId).sort((a, b) => a - b) };
}
