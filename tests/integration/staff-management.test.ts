/**
 * Owners' staff management: changing a role and branches (audited before and after, applied on the next request,
 * never leaving the agency without an owner), and resetting a lost authenticator (the old one and the recovery codes
 * stop at once; an emailed one-time link enrols a new one after the current password).
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, staffAccounts } from '../../db/schema/index.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import {
  changeStaffAccess,
  checkStaffCode,
  checkStaffPassword,
  completeStaffSetup,
  getSetupScreen,
  resetStaffAuthenticator,
} from '../../app/features/staff/staff-accounts.server.ts';
import { getStaffPrincipal } from '../../app/features/staff/staff-sessions.server.ts';
import { enrolmentSecretBytes } from '../../app/features/staff/staff-secrets.server.ts';
import { base32Of, totpCodeAt } from '../../app/features/staff/totp.server.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { META, STAFF_PASSWORD, createTestStaff, insertBranches, principalOf, setupTokenOf } from './staff-fixtures.ts';

let database: TestDatabase;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
  await insertBranches(database.db);
});

afterAll(async () => {
  setDatabaseHandle(undefined);
  await database?.dispose();
});

async function lastAudit(action: string) {
  const [entry] = await db()
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return entry;
}

describe('changing a role and branches', () => {
  it('applies on the next request and is audited with before and after', async () => {
    const owner = await createTestStaff(db(), 'owner');
    const member = await createTestStaff(db(), 'negotiator', { branchSlugs: ['bath'] });
    expect(await getStaffPrincipal(db(), member.sessionToken)).toMatchObject({ role: 'negotiator', branchIds: [1] });
    const outcome = await changeStaffAccess(
      db(),
      principalOf(owner, 'owner'),
      member.staffId,
      { role: 'manager', branchIds: [1, 2] },
      META,
    );
    expect(outcome).toBe('changed');
    // The same session, the next request: the new role and branches, no sign-in needed.
    expect(await getStaffPrincipal(db(), member.sessionToken)).toMatchObject({ role: 'manager', branchIds: [1, 2] });
    expect(await lastAudit('staff.role-changed')).toMatchObject({
      staffId: owner.staffId,
      target: `staff:${member.staffId}`,
      details: { before: { role: 'negotiator', branchIds: [1] }, after: { role: 'manager', branchIds: [1, 2] } },
    });
    expect(
      await changeStaffAccess(
        db(),
        principalOf(owner, 'owner'),
        member.staffId,
        { role: 'manager', branchIds: [2, 1] },
        META,
      ),
    ).toBe('unchanged');
  });

  it('refuses unknown branches and unknown staff', async () => {
    const owner = await createTestStaff(db(), 'owner');
    const member = await createTestStaff(db(), 'editor');
    const actor = principalOf(owner, 'owner');
    expect(await changeStaffAccess(db(), actor, member.staffId, { role: 'editor', branchIds: [99] }, META)).toBe(
      'unknown-branch',
    );
    expect(await changeStaffAccess(db(), actor, 999_999, { role: 'editor', branchIds: [] }, META)).toBe('not-found');
  });

  it('never demotes the last active owner, themselves included', async () => {
    await db().update(staffAccounts).set({ isActive: false }).where(eq(staffAccounts.role, 'owner'));
    const owner = await createTestStaff(db(), 'owner');
    const actor = principalOf(owner, 'owner');
    expect(await changeStaffAccess(db(), actor, owner.staffId, { role: 'manager', branchIds: [] }, META)).toBe(
      'last-owner',
    );
    const [row] = await db()
      .select({ role: staffAccounts.role })
      .from(staffAccounts)
      .where(eq(staffAccounts.id, owner.staffId));
    expect(row?.role).toBe('owner');
    // With a second owner, either may step down.
    const second = await createTestStaff(db(), 'owner');
    expect(await changeStaffAccess(db(), actor, second.staffId, { role: 'manager', branchIds: [1] }, META)).toBe(
      'changed',
    );
    expect(await changeStaffAccess(db(), actor, owner.staffId, { role: 'manager', branchIds: [] }, META)).toBe(
      'last-owner',
    );
  });

  it('lets two owners demoting each other at once leave one owner', async () => {
    await db().update(staffAccounts).set({ isActive: false }).where(eq(staffAccounts.role, 'owner'));
    const first = await createTestStaff(db(), 'owner');
    const second = await createTestStaff(db(), 'owner');
    const outcomes = await Promise.all([
      changeStaffAccess(db(), principalOf(first, 'owner'), second.staffId, { role: 'manager', branchIds: [] }, META),
      changeStaffAccess(db(), principalOf(second, 'owner'), first.staffId, { role: 'manager', branchIds: [] }, META),
    ]);
    expect(outcomes.sort()).toEqual(['changed', 'last-owner']);
    const owners = await db()
      .select({ id: staffAccounts.id })
      .from(staffAccounts)
      .where(and(eq(staffAccounts.role, 'owner'), eq(staffAccounts.isActive, true)));
    expect(owners).toHaveLength(1);
  });
});

describe('resetting a lost authenticator', () => {
  it('voids the old one at once and enrols a new one through the emailed link after the current password', async () => {
    const owner = await createTestStaff(db(), 'owner');
    const member = await createTestStaff(db(), 'negotiator', { branchSlugs: ['bath'] });
    const actor = principalOf(owner, 'owner');
    expect(await resetStaffAuthenticator(db(), actor, member.staffId, META)).toBe('sent');
    // Signed out, and neither the old app nor a recovery code signs in.
    expect(await getStaffPrincipal(db(), member.sessionToken)).toBeNull();
    const meta = { ...META, ip: '198.51.100.200' };
    const attempt = await checkStaffPassword(db(), { email: member.email, password: STAFF_PASSWORD }, meta);
    expect(attempt.status).toBe('refused');
    expect(await lastAudit('staff.authenticator-reset')).toMatchObject({
      staffId: owner.staffId,
      target: `staff:${member.staffId}`,
    });

    const [email] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, member.email))
      .orderBy(desc(emailOutbox.id))
      .limit(1);
    expect(email?.subject).toBe('Set up your authenticator app again');
    const link = /http\S+\/admin\/setup\/\S+/.exec(email!.textBody)![0];
    const token = setupTokenOf(link);
    const screen = await getSetupScreen(db(), token, 'Agency');
    expect(screen?.mode).toBe('enrol');
    const secret = base32Of(enrolmentSecretBytes(token));
    const now = new Date();

    // The link alone is not enough: the current password is checked, and is not replaced.
    expect(
      await completeStaffSetup(
        db(),
        token,
        { password: 'not the password at all', code: totpCodeAt(secret, now) },
        META,
        null,
        now,
      ),
    ).toEqual({ status: 'wrong-password' });
    const done = await completeStaffSetup(
      db(),
      token,
      { password: STAFF_PASSWORD, code: totpCodeAt(secret, now) },
      META,
      null,
      now,
    );
    expect(done.status).toBe('done');
    if (done.status !== 'done') return;
    expect(done.recoveryCodes).toHaveLength(10);
    expect(await getStaffPrincipal(db(), done.sessionToken)).toMatchObject({ staffId: member.staffId });
    // The link works once.
    expect(await getSetupScreen(db(), token, 'Agency')).toBeNull();

    // The next sign-in takes the old password and the new app's code.
    const later = new Date(now.getTime() + 60_000);
    const signIn = await checkStaffPassword(
      db(),
      { email: member.email, password: STAFF_PASSWORD },
      { ...META, ip: '198.51.100.201' },
      later,
    );
    expect(signIn.status).toBe('code-needed');
    if (signIn.status !== 'code-needed') return;
    const code = await checkStaffCode(db(), signIn.pendingToken, totpCodeAt(secret, later), META, null, later);
    expect(code.status).toBe('signed-in');
    // The old app's secret does nothing now.
    expect(totpCodeAt(member.secret, later)).not.toBe(totpCodeAt(secret, later));
  });

  it('is refused for oneself and for an account not yet set up', async () => {
    const owner = await createTestStaff(db(), 'owner');
    const actor = principalOf(owner, 'owner');
    expect(await resetStaffAuthenticator(db(), actor, owner.staffId, META)).toBe('self');
    const [invited] = await db()
      .insert(staffAccounts)
      .values({ email: 'new@agency.example', emailLower: 'new@agency.example', name: 'New', role: 'editor' })
      .returning({ id: staffAccounts.id });
    expect(await resetStaffAuthenticator(db(), actor, invited!.id, META)).toBe('not-set-up');
    expect(await resetStaffAuthenticator(db(), actor, 999_999, META)).toBe('not-found');
  });
});
