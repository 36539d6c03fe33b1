/**
 * Email health: the outbox by state, paged; resending requeues exactly the failed emails (never one already sent or
 * queued), through the page's action with an audit entry; the transport check says "not answering" for a dead SMTP
 * server within its timeout.
 */
import { createServer } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox } from '../../db/schema/index.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import {
  checkMailTransport,
  countOutboxStates,
  listOutboxEntries,
  requeueFailedEmails,
} from '../../app/features/email/index.server.ts';
import { claimDueEmails } from '../../app/features/email/outbox.server.ts';
import * as emailRoute from '../../app/routes/admin/email.tsx';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { callStaffRoute, createTestStaff, insertBranches, staffCookie } from './staff-fixtures.ts';
import { SmtpSink, startSilentServer } from './smtp-sink.ts';

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

type Status = (typeof emailOutbox.$inferInsert)['status'];

async function seedOutbox(rows: { status: Status; attempts: number; lastError?: string }[]): Promise<number[]> {
  await database.db.delete(emailOutbox);
  const inserted = await database.db
    .insert(emailOutbox)
    .values(
      rows.map((row, index) => ({
        toAddress: `person${index}@example.com`,
        fromAddress: 'agency@example.com',
        subject: `Subject ${index}`,
        textBody: 'A visitor message that staff should not see here',
        status: row.status,
        attempts: row.attempts,
        lastError: row.lastError ?? null,
      })),
    )
    .returning({ id: emailOutbox.id });
  return inserted.map((row) => row.id);
}

async function statuses() {
  return database.db
    .select({ id: emailOutbox.id, status: emailOutbox.status, attempts: emailOutbox.attempts })
    .from(emailOutbox)
    .orderBy(asc(emailOutbox.id));
}

describe('listing the outbox', () => {
  beforeEach(async () => {
    await seedOutbox([
      { status: 'pending', attempts: 0 },
      { status: 'pending', attempts: 4, lastError: '451 4.3.0 Try later' },
      { status: 'sending', attempts: 1 },
      { status: 'sent', attempts: 1 },
      { status: 'failed', attempts: 79, lastError: '550 5.1.1 No such user' },
      { status: 'stored', attempts: 1 },
    ]);
  });

  it('names each state, with the next attempt of the waiting ones and the SMTP answer', async () => {
    const { entries } = await listOutboxEntries(database.db);
    expect(entries.map((entry) => entry.state)).toEqual(['stored', 'failed', 'sent', 'sending', 'retrying', 'queued']);
    const failed = entries.find((entry) => entry.state === 'failed')!;
    expect(failed.lastError).toBe('550 5.1.1 No such user');
    expect(failed.nextAttemptAt).toBeNull();
    expect(entries.find((entry) => entry.state === 'retrying')!.nextAttemptAt).toBeInstanceOf(Date);
    expect(Object.keys(failed)).not.toContain('textBody');
  });

  it('filters by state and counts each', async () => {
    const { entries } = await listOutboxEntries(database.db, { state: 'retrying' });
    expect(entries.map((entry) => entry.lastError)).toEqual(['451 4.3.0 Try later']);
    expect(await countOutboxStates(database.db)).toEqual({
      queued: 1,
      retrying: 1,
      sending: 1,
      sent: 1,
      failed: 1,
      stored: 1,
    });
  });

  it('pages 50 at a time, newest first', async () => {
    await seedOutbox(Array.from({ length: 120 }, () => ({ status: 'sent' as const, attempts: 1 })));
    const first = await listOutboxEntries(database.db, { state: 'sent' });
    expect(first.entries).toHaveLength(50);
    const second = await listOutboxEntries(database.db, { state: 'sent', beforeId: first.nextBeforeId! });
    const third = await listOutboxEntries(database.db, { state: 'sent', beforeId: second.nextBeforeId! });
    expect(third.entries).toHaveLength(20);
    expect(third.nextBeforeId).toBeNull();
    const ids = [...first.entries, ...second.entries, ...third.entries].map((entry) => entry.id);
    expect(new Set(ids).size).toBe(120);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});

describe('requeueing failed emails', () => {
  it('requeues exactly the failed ones, due now with a fresh retry window, and only once', async () => {
    const ids = await seedOutbox([
      { status: 'failed', attempts: 79 },
      { status: 'sent', attempts: 1 },
      { status: 'failed', attempts: 79 },
      { status: 'pending', attempts: 2 },
      { status: 'sending', attempts: 1 },
      { status: 'stored', attempts: 1 },
    ]);
    expect(await requeueFailedEmails(database.db)).toEqual([ids[0], ids[2]]);
    expect((await statuses()).map((row) => [row.status, row.attempts])).toEqual([
      ['pending', 0],
      ['sent', 1],
      ['pending', 0],
      ['pending', 2],
      ['sending', 1],
      ['stored', 1],
    ]);
    // Pressed again (or a second tab): nothing is failed any more, nothing is queued twice.
    expect(await requeueFailedEmails(database.db)).toEqual([]);
    // The worker picks them up at once.
    const claimed = (await claimDueEmails(database.db, 10)).map((row) => row.id);
    expect(claimed).toEqual(expect.arrayContaining([ids[0], ids[2]]));
    expect(claimed).not.toContain(ids[1]);
  });

  it('requeues one failed email by id, and refuses a sent one', async () => {
    const ids = await seedOutbox([
      { status: 'failed', attempts: 79 },
      { status: 'failed', attempts: 79 },
      { status: 'sent', attempts: 1 },
    ]);
    expect(await requeueFailedEmails(database.db, ids[1])).toEqual([ids[1]]);
    expect(await requeueFailedEmails(database.db, ids[2])).toEqual([]);
    expect((await statuses()).map((row) => row.status)).toEqual(['failed', 'pending', 'sent']);
  });
});

describe('the /admin/email action', () => {
  async function post(cookie: string, body: Record<string, string>, query = '') {
    const answer = await callStaffRoute(database.db, emailRoute.action, { cookie, url: `/admin/email${query}`, body });
    return answer.response!;
  }

  it('resends all failed emails as a manager and writes an audit entry', async () => {
    const manager = await createTestStaff(database.db, 'manager', { branchSlugs: ['bath'] });
    const ids = await seedOutbox([
      { status: 'failed', attempts: 79 },
      { status: 'sent', attempts: 1 },
      { status: 'failed', attempts: 79 },
    ]);
    const response = await post(staffCookie(manager.sessionToken), { intent: 'resend-failed' }, '?status=failed');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/admin/email?status=failed&requeued=2');
    expect((await statuses()).map((row) => row.status)).toEqual(['pending', 'sent', 'pending']);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'email.requeued'))
      .orderBy(asc(auditLog.id));
    expect(entry).toMatchObject({
      staffId: manager.staffId,
      target: 'email:failed',
      details: { emailIds: [ids[0], ids[2]] },
    });
  });

  it('resends one failed email; a sent one is left alone and not audited', async () => {
    const owner = await createTestStaff(database.db, 'owner');
    const ids = await seedOutbox([
      { status: 'failed', attempts: 79 },
      { status: 'sent', attempts: 1 },
    ]);
    const resent = await post(staffCookie(owner.sessionToken), { intent: 'resend', email_id: String(ids[0]) });
    expect(resent.headers.get('location')).toBe('/admin/email?requeued=1');
    const before = (await database.db.select().from(auditLog)).length;
    const refused = await post(staffCookie(owner.sessionToken), { intent: 'resend', email_id: String(ids[1]) });
    expect(refused.headers.get('location')).toBe('/admin/email?requeued=0');
    expect((await database.db.select().from(auditLog)).length).toBe(before);
    expect((await statuses()).map((row) => row.status)).toEqual(['pending', 'sent']);
  });

  it('answers hostile, huge and malformed query values without a 500', async () => {
    const owner = await createTestStaff(database.db, 'owner');
    const cookie = staffCookie(owner.sessionToken);
    const values = [
      '',
      ' ',
      'x'.repeat(10_000),
      '-1',
      '1e308',
      '9'.repeat(40),
      '%00',
      "'; drop table email_outbox; --",
    ];
    for (const value of values) {
      for (const name of ['status', 'before', 'requeued']) {
        const url = `/admin/email?${new URLSearchParams({ [name]: value }).toString()}`;
        const answer = await callStaffRoute(database.db, emailRoute.loader, { cookie, url });
        expect(answer.status, `${name}=${value.slice(0, 20)}`).toBeLessThan(500);
      }
    }
  });

  it('answers 400 to a post without a valid intent or id', async () => {
    const owner = await createTestStaff(database.db, 'owner');
    expect((await post(staffCookie(owner.sessionToken), { intent: 'resend', email_id: 'x' })).status).toBe(400);
    expect((await post(staffCookie(owner.sessionToken), { intent: 'delete' })).status).toBe(400);
  });
});

describe('checkMailTransport', () => {
  let silent: Awaited<ReturnType<typeof startSilentServer>>;
  const sink = new SmtpSink();

  beforeAll(async () => {
    silent = await startSilentServer();
    await sink.start();
  });

  afterAll(async () => {
    await silent.close();
    await sink.stop();
  });

  it('says a live SMTP server answers', async () => {
    const check = await checkMailTransport({ smtpUrl: sink.url, timeoutMs: 2_000 });
    expect(check).toMatchObject({ kind: 'smtp', isAnswering: true, target: sink.url, problem: null });
  });

  it('names the server without the credentials in its URL', async () => {
    const url = new URL(silent.url);
    url.username = 'user';
    url.password = 'secret';
    const check = await checkMailTransport({ smtpUrl: url.toString(), timeoutMs: 300 });
    expect(check.target).toBe(silent.url);
    expect(JSON.stringify(check)).not.toContain('secret');
  });

  it('says a silent SMTP server is not answering, within its timeout', async () => {
    const started = Date.now();
    const check = await checkMailTransport({ smtpUrl: silent.url, timeoutMs: 500 });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(check.isAnswering).toBe(false);
    expect(check.problem).toBeTruthy();
  });

  it('says a closed port is not answering', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const check = await checkMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, timeoutMs: 1_000 });
    expect(check.isAnswering).toBe(false);
    expect(check.problem).toMatch(/ECONNREFUSED|ECONNECTION|connect/i);
  });

  it('without SMTP in development, names the development outbox', async () => {
    const check = await checkMailTransport({ smtpUrl: '' });
    expect(check).toMatchObject({ kind: 'outbox', isAnswering: true });
  });
});
