/**
 * Staff accounts (docs/decisions/019): set-up links, sign-in with a password and a second factor, replay refusal,
 * recovery codes, rate limits, session timeouts, deactivation, password reset, and staff:create through the
 * control channel.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, staffAccounts, staffSessions, staffTokens } from '../../db/schema/index.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { setRateLimitRuleForTests } from '../../app/lib/rate-limit.server.ts';
import {
  changeStaffPassword,
  checkStaffCode,
  checkStaffPassword,
  completeStaffSetup,
  createStaffInvitation,
  deactivateStaff,
  getSetupScreen,
  requestStaffPasswordReset,
  resetStaffPassword,
} from '../../app/features/staff/staff-accounts.server.ts';
import { getStaffPrincipal } from '../../app/features/staff/staff-sessions.server.ts';
import { totpCodeAt } from '../../app/features/staff/totp.server.ts';
import { startControlChannel } from '../../server/control.ts';
import { callControlCommand, findControlServer } from '../../server/control-client.ts';
import { controlCommands } from '../../server/control-commands.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { META, STAFF_PASSWORD, createTestStaff, insertBranches, principalOf, setupTokenOf } from './staff-fixtures.ts';

const run = promisify(execFile);
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
afterEach(() => setRateLimitRuleForTests());

let ipCounter = 0;
/** Each test signs in from its own address, so the per-IP limit of one test does not reach another. */
function freshMeta() {
  ipCounter += 1;
  return { ...META, ip: `198.51.100.${ipCounter}` };
}

async function signIn(email: string, code: string, now = new Date(), meta = freshMeta()) {
  const first = await checkStaffPassword(db(), { email, password: STAFF_PASSWORD }, meta, now);
  if (first.status !== 'code-needed') return first;
  return checkStaffCode(db(), first.pendingToken, code, meta, null, now);
}

describe('set-up links', () => {
  it('work once: the page shows a QR code and the secret, the code confirms it, ten recovery codes come back', async () => {
    const invitation = await createStaffInvitation(
      db(),
      { email: 'Nora.Setup@Agency.example', name: 'Nora Setup', role: 'negotiator', branchSlugs: ['bath'] },
      { origin: 'http://localhost', ip: null, actor: null },
    );
    expect(invitation.status).toBe('created');
    if (invitation.status !== 'created') return;
    expect(invitation.link).toMatch(/^http:\/\/localhost\/admin\/setup\/[A-Za-z0-9_-]{43}$/);
    const token = setupTokenOf(invitation.link);
    // Only the hash of the token is stored.
    const stored = await db().select({ tokenHash: staffTokens.tokenHash }).from(staffTokens);
    expect(stored.map((row) => row.tokenHash)).not.toContain(token);

    const screen = await getSetupScreen(db(), token, 'Agency');
    expect(screen).toMatchObject({ email: 'Nora.Setup@Agency.example' });
    expect(screen!.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(screen!.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    // Visiting again shows the same secret (nothing is written on a visit).
    expect((await getSetupScreen(db(), token, 'Agency'))!.secret).toBe(screen!.secret);

    const now = new Date();
    const wrong = await completeStaffSetup(db(), token, { password: STAFF_PASSWORD, code: '000000' }, META, null, now);
    expect(wrong.status).toBe('wrong-code');
    const done = await completeStaffSetup(
      db(),
      token,
      { password: STAFF_PASSWORD, code: totpCodeAt(screen!.secret, now) },
      META,
      null,
      now,
    );
    expect(done.status).toBe('done');
    if (done.status !== 'done') return;
    expect(done.recoveryCodes).toHaveLength(10);
    const principal = await getStaffPrincipal(db(), done.sessionToken);
    expect(principal).toEqual({
      staffId: done.staffId,
      email: 'Nora.Setup@Agency.example',
      name: 'Nora Setup',
      role: 'negotiator',
      branchIds: [1],
    });
    const [account] = await db().select().from(staffAccounts).where(eq(staffAccounts.id, done.staffId));
    expect(account!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(account!.totpSecretEncrypted).toMatch(/^v1\./);
    expect(account!.totpSecretEncrypted).not.toContain(screen!.secret);

    // Used up: the page and a second post both refuse it.
    expect(await getSetupScreen(db(), token, 'Agency')).toBeNull();
    const again = await completeStaffSetup(
      db(),
      token,
      { password: STAFF_PASSWORD, code: totpCodeAt(screen!.secret, new Date(now.getTime() + 30_000)) },
      META,
      null,
      now,
    );
    expect(again.status).toBe('invalid-link');
  });

  it('expire after 24 hours', async () => {
    const created = new Date('2026-01-01T09:00:00Z');
    const invitation = await createStaffInvitation(
      db(),
      { email: 'late@agency.example', name: 'Late', role: 'editor' },
      { origin: 'http://localhost', ip: null, actor: null },
      created,
    );
    if (invitation.status !== 'created') throw new Error('not created');
    const token = setupTokenOf(invitation.link);
    const justBefore = new Date(created.getTime() + 24 * 3_600_000 - 1000);
    const justAfter = new Date(created.getTime() + 24 * 3_600_000 + 1000);
    expect(await getSetupScreen(db(), token, 'Agency', justBefore)).not.toBeNull();
    expect(await getSetupScreen(db(), token, 'Agency', justAfter)).toBeNull();
    const secret = (await getSetupScreen(db(), token, 'Agency', justBefore))!.secret;
    const late = await completeStaffSetup(
      db(),
      token,
      { password: STAFF_PASSWORD, code: totpCodeAt(secret, justAfter) },
      META,
      null,
      justAfter,
    );
    expect(late.status).toBe('invalid-link');
  });

  it('refuse an email already used by a staff member, in any case, and unknown branches', async () => {
    await createTestStaff(db(), 'manager', { email: 'taken@agency.example' });
    const context = { origin: 'http://localhost', ip: null, actor: null };
    expect(
      await createStaffInvitation(db(), { email: ' TAKEN@agency.example ', name: 'X', role: 'editor' }, context),
    ).toEqual({ status: 'email-taken' });
    expect(
      await createStaffInvitation(
        db(),
        { email: 'new@agency.example', name: 'X', role: 'editor', branchSlugs: ['nowhere'] },
        context,
      ),
    ).toEqual({ status: 'unknown-branch', branches: ['nowhere'] });
  });
});

describe('sign-in', () => {
  it('needs the password and then a code; the same code cannot be used twice', async () => {
    const staff = await createTestStaff(db(), 'negotiator', { branchSlugs: ['bath'] });
    const now = new Date(Date.now() + 60_000);
    const code = totpCodeAt(staff.secret, now);
    const meta = freshMeta();
    // A password alone gives only a pending session, which opens nothing.
    const first = await checkStaffPassword(db(), { email: staff.email, password: STAFF_PASSWORD }, meta, now);
    expect(first.status).toBe('code-needed');
    if (first.status !== 'code-needed') return;
    expect(await getStaffPrincipal(db(), first.pendingToken, now)).toBeNull();
    const signedIn = await checkStaffCode(db(), first.pendingToken, code, meta, null, now);
    expect(signedIn.status).toBe('signed-in');
    if (signedIn.status !== 'signed-in') return;
    // A new session id after the second factor; the pending one is gone.
    expect(signedIn.sessionToken).not.toBe(first.pendingToken);
    expect(await getStaffPrincipal(db(), signedIn.sessionToken, now)).toMatchObject({ staffId: staff.staffId });

    // Replay: the same code, within its window, on a new sign-in.
    const replay = await signIn(staff.email, code, new Date(now.getTime() + 5_000));
    expect(replay.status).toBe('wrong-code');
    // The code of the next step is fine.
    expect((await signIn(staff.email, totpCodeAt(staff.secret, new Date(now.getTime() + 30_000)), now)).status).toBe(
      'signed-in',
    );
  });

  it('answers a wrong password, an unknown email and a deactivated account alike', async () => {
    const staff = await createTestStaff(db(), 'editor');
    const gone = await createTestStaff(db(), 'editor');
    const owner = await createTestStaff(db(), 'owner');
    await deactivateStaff(db(), principalOf(owner, 'owner'), gone.staffId, META);
    const outcomes = [
      await checkStaffPassword(db(), { email: staff.email, password: 'wrong password entirely' }, freshMeta()),
      await checkStaffPassword(db(), { email: 'nobody@agency.example', password: STAFF_PASSWORD }, freshMeta()),
      await checkStaffPassword(db(), { email: gone.email, password: STAFF_PASSWORD }, freshMeta()),
    ];
    expect(outcomes).toEqual([{ status: 'refused' }, { status: 'refused' }, { status: 'refused' }]);
    const failures = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.action, 'staff.sign-in-failed'));
    expect(failures.length).toBeGreaterThanOrEqual(3);
  });

  it('takes each recovery code once', async () => {
    const staff = await createTestStaff(db(), 'manager');
    const [code] = staff.recoveryCodes;
    expect((await signIn(staff.email, code!.toUpperCase().replace(/-/g, ' '))).status).toBe('signed-in');
    expect((await signIn(staff.email, code!)).status).toBe('wrong-code');
    expect((await signIn(staff.email, staff.recoveryCodes[1]!)).status).toBe('signed-in');
  });

  it('allows five wrong codes per password entry, then asks for the password again', async () => {
    const staff = await createTestStaff(db(), 'editor');
    const meta = freshMeta();
    const first = await checkStaffPassword(db(), { email: staff.email, password: STAFF_PASSWORD }, meta);
    if (first.status !== 'code-needed') throw new Error('no code step');
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await checkStaffCode(db(), first.pendingToken, '000000', meta, null)).status).toBe('wrong-code');
    }
    expect((await checkStaffCode(db(), first.pendingToken, staff.nextCode(), meta, null)).status).toBe('expired');
  });

  it('is rate limited per IP and per account (failures only), with the limit checked before the password', async () => {
    setRateLimitRuleForTests('staffSignIn', { limit: 3, windowSeconds: 600 });
    const meta = freshMeta();
    const staff = await createTestStaff(db(), 'editor');
    for (let attempt = 0; attempt < 3; attempt++) {
      await checkStaffPassword(db(), { email: 'someone@agency.example', password: 'x' }, meta);
    }
    await expect(
      checkStaffPassword(db(), { email: staff.email, password: STAFF_PASSWORD }, meta),
    ).rejects.toMatchObject({
      status: 429,
    });

    setRateLimitRuleForTests('staffSignIn', { limit: 1000, windowSeconds: 600 });
    setRateLimitRuleForTests('staffSignInAccount', { limit: 2, windowSeconds: 3600 });
    const target = await createTestStaff(db(), 'editor');
    // Successes do not count against the account.
    expect((await signIn(target.email, target.nextCode())).status).toBe('signed-in');
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(
        (await checkStaffPassword(db(), { email: target.email, password: 'not the password' }, freshMeta())).status,
      ).toBe('refused');
    }
    // Exhausted: even the right password from a new address is refused until the window ends.
    await expect(
      checkStaffPassword(db(), { email: target.email, password: STAFF_PASSWORD }, freshMeta()),
    ).rejects.toMatchObject({ status: 429 });
  });
});

describe('sessions', () => {
  it('end after 30 idle minutes and after 12 hours however busy', async () => {
    const start = new Date('2026-03-01T08:00:00Z');
    const idle = await createTestStaff(db(), 'editor', { now: start });
    expect(await getStaffPrincipal(db(), idle.sessionToken, new Date(start.getTime() + 29 * 60_000))).not.toBeNull();
    // Seen at 08:29, so idle until 08:59.
    expect(await getStaffPrincipal(db(), idle.sessionToken, new Date(start.getTime() + 58 * 60_000))).not.toBeNull();
    expect(await getStaffPrincipal(db(), idle.sessionToken, new Date(start.getTime() + 89 * 60_000))).toBeNull();
    // Ended for good: its row is gone.
    expect(await getStaffPrincipal(db(), idle.sessionToken, new Date(start.getTime() + 90 * 60_000))).toBeNull();

    const busy = await createTestStaff(db(), 'editor', { now: start });
    let at = start.getTime();
    while (at < start.getTime() + 12 * 3_600_000 - 20 * 60_000) {
      at += 20 * 60_000;
      expect(await getStaffPrincipal(db(), busy.sessionToken, new Date(at))).not.toBeNull();
    }
    expect(
      await getStaffPrincipal(db(), busy.sessionToken, new Date(start.getTime() + 12 * 3_600_000 + 1000)),
    ).toBeNull();
  });

  it('end at once when the account is deactivated', async () => {
    const owner = await createTestStaff(db(), 'owner');
    const negotiator = await createTestStaff(db(), 'negotiator');
    const second = await signIn(negotiator.email, negotiator.nextCode());
    if (second.status !== 'signed-in') throw new Error('not signed in');
    const ownerPrincipal = (await getStaffPrincipal(db(), owner.sessionToken))!;
    expect(await deactivateStaff(db(), ownerPrincipal, ownerPrincipal.staffId, META)).toBe('self');
    expect(await deactivateStaff(db(), ownerPrincipal, negotiator.staffId, META)).toBe('deactivated');
    expect(await getStaffPrincipal(db(), negotiator.sessionToken)).toBeNull();
    expect(await getStaffPrincipal(db(), second.sessionToken)).toBeNull();
    const left = await db().select().from(staffSessions).where(eq(staffSessions.staffId, negotiator.staffId));
    expect(left).toEqual([]);
  });

  it('a password change ends every other session and renews this one', async () => {
    const staff = await createTestStaff(db(), 'manager');
    const other = await signIn(staff.email, staff.nextCode());
    if (other.status !== 'signed-in') throw new Error('not signed in');
    const principal = (await getStaffPrincipal(db(), staff.sessionToken))!;
    const wrong = await changeStaffPassword(
      db(),
      principal,
      staff.sessionToken,
      { currentPassword: 'not it at all', password: 'a brand new long password' },
      META,
    );
    expect(wrong.status).toBe('wrong-current');
    const changed = await changeStaffPassword(
      db(),
      principal,
      staff.sessionToken,
      { currentPassword: STAFF_PASSWORD, password: 'a brand new long password' },
      META,
    );
    if (changed.status !== 'changed') throw new Error('not changed');
    expect(await getStaffPrincipal(db(), other.sessionToken)).toBeNull();
    expect(await getStaffPrincipal(db(), staff.sessionToken)).toBeNull();
    expect(await getStaffPrincipal(db(), changed.sessionToken)).toMatchObject({ staffId: staff.staffId });
  });
});

describe('password reset by email', () => {
  it('emails a one-hour, single-use link to a known address only; using it ends every session', async () => {
    const staff = await createTestStaff(db(), 'editor');
    const before = await db().select({ id: emailOutbox.id }).from(emailOutbox);
    await requestStaffPasswordReset(db(), 'nobody-here@agency.example', META);
    expect(await db().select({ id: emailOutbox.id }).from(emailOutbox)).toHaveLength(before.length);
    await requestStaffPasswordReset(db(), staff.email.toUpperCase(), META);
    const [email] = await db()
      .select({ to: emailOutbox.toAddress, text: emailOutbox.textBody })
      .from(emailOutbox)
      .orderBy(desc(emailOutbox.id))
      .limit(1);
    expect(email!.to).toBe(staff.email);
    const token = /\/admin\/reset\/([A-Za-z0-9_-]{43})/.exec(email!.text)![1]!;
    const late = new Date(Date.now() + 61 * 60_000);
    expect(await resetStaffPassword(db(), token, 'another long new password', META, late)).toBe(false);
    expect(await resetStaffPassword(db(), token, 'another long new password', META)).toBe(true);
    expect(await resetStaffPassword(db(), token, 'yet another long password', META)).toBe(false);
    expect(await getStaffPrincipal(db(), staff.sessionToken)).toBeNull();
    const first = await checkStaffPassword(
      db(),
      { email: staff.email, password: 'another long new password' },
      freshMeta(),
    );
    expect(first.status).toBe('code-needed');
  });
});

describe('new-device emails and the audit log', () => {
  it('emails a sign-in from an unknown browser, not from a known one, and records each sign-in', async () => {
    const staff = await createTestStaff(db(), 'negotiator');
    const countDeviceEmails = async () =>
      (
        await db()
          .select({ id: emailOutbox.id })
          .from(emailOutbox)
          .where(and(eq(emailOutbox.toAddress, staff.email), eq(emailOutbox.relatedKind, 'staff_new_device')))
      ).length;
    const meta = freshMeta();
    const first = await checkStaffPassword(db(), { email: staff.email, password: STAFF_PASSWORD }, meta);
    if (first.status !== 'code-needed') throw new Error('no code step');
    const signedIn = await checkStaffCode(db(), first.pendingToken, staff.nextCode(), meta, null);
    if (signedIn.status !== 'signed-in') throw new Error('not signed in');
    expect(await countDeviceEmails()).toBe(1);
    const again = await checkStaffPassword(db(), { email: staff.email, password: STAFF_PASSWORD }, meta);
    if (again.status !== 'code-needed') throw new Error('no code step');
    const later = new Date(Date.now() + 60_000);
    await checkStaffCode(db(), again.pendingToken, staff.nextCode(later), meta, signedIn.deviceToken, later);
    expect(await countDeviceEmails()).toBe(1);
    const entries = await db()
      .select({ action: auditLog.action, ip: auditLog.ip })
      .from(auditLog)
      .where(and(eq(auditLog.staffId, staff.staffId), eq(auditLog.action, 'staff.sign-in')));
    expect(entries).toEqual([
      { action: 'staff.sign-in', ip: meta.ip },
      { action: 'staff.sign-in', ip: meta.ip },
    ]);
  });

  it('cannot be changed or deleted', async () => {
    await expect(db().execute(sql`update audit_log set action = 'edited'`)).rejects.toThrow();
    await expect(db().execute(sql`delete from audit_log`)).rejects.toThrow();
  });
});

describe('npm run staff:create', () => {
  it('hands the work to the server holding the database and refuses a used email', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'doorstep-staff-create-'));
    const pgliteDir = path.join(work, 'pglite');
    const logger = pino({ level: 'silent' });
    const channel = await startControlChannel({ pgliteDir, commands: controlCommands(() => database.db), logger });
    try {
      const info = (await findControlServer(pgliteDir))!;
      const created = (await callControlCommand(info, 'staff-create', {
        email: 'channel@agency.example',
        name: 'Channel Person',
        role: 'manager',
        branches: ['bristol'],
      })) as { status: string; link: string };
      expect(created).toMatchObject({ status: 'created' });
      expect(created.link).toMatch(/\/admin\/setup\/[A-Za-z0-9_-]{43}$/);
      await expect(callControlCommand(info, 'staff-create', { email: 'x', role: 'king' })).rejects.toThrow(
        'The command input is not valid',
      );

      const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DIR: pgliteDir };
      delete env.DATABASE_URL;
      const cli = await run(
        'npx',
        [
          'tsx',
          'scripts/staff-create.ts',
          '--email',
          'cli@agency.example',
          '--name',
          'Cli Person',
          '--role',
          'negotiator',
          '--branch',
          'bath',
        ],
        { env, cwd: process.cwd() },
      );
      expect(cli.stdout).toContain('holds the database: it creates the account');
      expect(cli.stdout).toMatch(/http:\/\/localhost:\d+\/admin\/setup\/[A-Za-z0-9_-]{43}\n/);
      const [account] = await db()
        .select()
        .from(staffAccounts)
        .where(eq(staffAccounts.emailLower, 'cli@agency.example'));
      expect(account).toMatchObject({ role: 'negotiator', passwordHash: null });

      const refused = await run(
        'npx',
        ['tsx', 'scripts/staff-create.ts', '--email', 'CLI@agency.example', '--name', 'Again', '--role', 'editor'],
        { env, cwd: process.cwd() },
      ).catch((error: { code: number; stderr: string }) => error);
      expect(refused).toMatchObject({ code: 1 });
      expect((refused as { stderr: string }).stderr).toContain('already belongs to a staff member');

      const usage = await run('npx', ['tsx', 'scripts/staff-create.ts', '--email', 'u@agency.example'], {
        env,
        cwd: process.cwd(),
      }).catch((error: { code: number; stderr: string }) => error);
      expect(usage).toMatchObject({ code: 2 });
      expect((usage as { stderr: string }).stderr).toContain('--name is required');
    } finally {
      await channel.close();
      await rm(work, { recursive: true, force: true });
    }
  }, 120_000);
});
