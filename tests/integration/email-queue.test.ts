/**
 * The email queue against a real local SMTP server: an outage loses nothing and sends nothing twice, a hung server
 * costs one timeout and holds up nothing else, a crashed worker's claim is taken over once its lease ends, and a
 * failing email is retried on the capped backoff schedule for 72 hours before it is marked failed.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  claimDueEmails,
  createSmtpTransport,
  deliverDueEmails,
  enqueueEmail,
  MAX_EMAIL_ATTEMPTS,
  nextAttemptDelayMs,
  RETRY_WINDOW_MS,
  type MailSender,
} from '../../app/features/email/outbox.server.ts';
import { emailOutbox } from '../../db/schema/index.ts';
import { startJobRunner } from '../../server/job-runner.ts';
import { SmtpSink, startSilentServer } from './smtp-sink.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

type LogLine = { level: number; msg: string; emailId?: number; smtp?: string; attempt?: number };

function captureLogger() {
  const lines: LogLine[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as LogLine) });
  return { logger, lines };
}

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('email queue', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.dispose();
  });
  beforeEach(async () => {
    await database.db.delete(emailOutbox);
  });

  async function statuses(ids: number[]) {
    return database.db
      .select({
        id: emailOutbox.id,
        status: emailOutbox.status,
        attempts: emailOutbox.attempts,
        lastError: emailOutbox.lastError,
      })
      .from(emailOutbox)
      .where(inArray(emailOutbox.id, ids));
  }

  /** Lets time pass for the waiting emails: their next attempt is due now. */
  async function skipBackoff(ids: number[]) {
    await database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(sql`${inArray(emailOutbox.id, ids)} and ${emailOutbox.status} = 'pending'`);
  }

  describe('with a local SMTP server', () => {
    const sink = new SmtpSink();
    let stopRunner: (() => Promise<void>) | undefined;
    beforeEach(async () => {
      sink.received.length = 0;
      await sink.start();
    });
    afterEach(async () => {
      await stopRunner?.();
      stopRunner = undefined;
      await sink.stop();
    });

    it('delivers every email exactly once when the SMTP server goes down for a while and comes back', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 60; i++) {
        ids.push(await enqueueEmail(database.db, { to: `buyer${i}@example.com`, subject: `Chaos ${i}`, text: 'x' }));
      }
      const { logger, lines } = captureLogger();
      const transport = createSmtpTransport({ url: sink.url, concurrency: 4, timeoutMs: 2000 });
      // Slow each send a little so the outage lands in the middle of the run.
      const sender: MailSender = {
        sendMail: async (message) => {
          await new Promise((resolve) => setTimeout(resolve, 10));
          return transport.sendMail(message);
        },
      };
      stopRunner = startJobRunner(() => database.db, logger, {
        sender,
        concurrency: 4,
        mailPollMs: 20,
        alertJob: async () => undefined,
      });

      await waitFor(() => sink.received.length >= 10);
      await sink.stop();
      // Down: the rest fail (connection refused) and wait on the backoff; none is left mid-send.
      await waitFor(async () =>
        (await statuses(ids)).every((row) => row.status === 'sent' || row.status === 'pending'),
      );
      const waiting = (await statuses(ids)).filter((row) => row.status === 'pending');
      expect(waiting.length).toBeGreaterThan(0);
      expect(waiting.every((row) => row.lastError && row.lastError.length > 0)).toBe(true);
      const warnings = lines.filter((line) => line.level === 40 && line.msg.includes('will be retried'));
      expect(warnings.length).toBeGreaterThan(0);
      expect(warnings[0]?.smtp).toMatch(/ECONNREFUSED|421|ECONNECTION|closed/i);

      // Up again, and the backoff has passed.
      await sink.start();
      await skipBackoff(ids);
      await waitFor(async () => (await statuses(ids)).every((row) => row.status === 'sent'), 20_000);
      await stopRunner();
      stopRunner = undefined;
      transport.close();

      const counts = sink.countBySubject();
      expect(counts.size).toBe(60);
      expect([...counts.values()].every((count) => count === 1)).toBe(true);
      expect(sink.received).toHaveLength(60);
      // Each row has one Message-ID, whichever attempt delivered it.
      const messageIds = sink.received.map((email) => /^Message-ID: (.*)$/im.exec(email.raw)?.[1]?.trim());
      expect(new Set(messageIds).size).toBe(60);
      expect(messageIds.every((messageId) => /^<outbox-\d+-\d+@doorstep\.example>$/.test(messageId ?? ''))).toBe(true);
    });

    it('takes over an email claimed by a worker that crashed, once its lease has run out', async () => {
      const id = await enqueueEmail(database.db, { to: 'crash@example.com', subject: 'After the crash', text: 'x' });
      // A worker claims it with a short lease and dies before sending.
      expect((await claimDueEmails(database.db, 10, 400)).map((row) => row.id)).toEqual([id]);
      const transport = createSmtpTransport({ url: sink.url, concurrency: 1, timeoutMs: 2000 });
      // While the lease holds, nobody else sends it.
      expect(await deliverDueEmails(database.db, transport, { leaseMs: 400 })).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await deliverDueEmails(database.db, transport, { leaseMs: 400 })).toBe(1);
      transport.close();
      expect(sink.received.map((email) => email.subject)).toEqual(['After the crash']);
      const [row] = await statuses([id]);
      expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    });

    it('keeps a slow send leased (heartbeat): a second worker never sends it too', async () => {
      const id = await enqueueEmail(database.db, { to: 'slow@example.com', subject: 'Slow', text: 'x' });
      const transport = createSmtpTransport({ url: sink.url, concurrency: 1, timeoutMs: 2000 });
      const slow: MailSender = {
        sendMail: async (message) => {
          // Four lease lengths: only the renewals keep it claimed.
          await new Promise((resolve) => setTimeout(resolve, 1200));
          return transport.sendMail(message);
        },
      };
      const first = deliverDueEmails(database.db, slow, { leaseMs: 300 });
      await waitFor(async () => (await statuses([id]))[0]?.status === 'sending');
      let secondSent = 0;
      const deadline = Date.now() + 1500;
      while (Date.now() < deadline) {
        secondSent += await deliverDueEmails(database.db, transport, { leaseMs: 300 });
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      expect(await first).toBe(1);
      transport.close();
      expect(secondSent).toBe(0);
      expect(sink.received).toHaveLength(1);
      expect((await statuses([id]))[0]).toMatchObject({ status: 'sent', attempts: 1 });
    });
  });

  it('a hung SMTP server (connects, never greets) costs one timeout and does not hold up other jobs', async () => {
    const silent = await startSilentServer();
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) {
      ids.push(await enqueueEmail(database.db, { to: `hung${i}@example.com`, subject: `Hung ${i}`, text: 'x' }));
    }
    const { logger, lines } = captureLogger();
    const transport = createSmtpTransport({ url: silent.url, concurrency: 4, timeoutMs: 500 });
    let alertRuns = 0;
    const started = Date.now();
    const stop = startJobRunner(() => database.db, logger, {
      sender: transport,
      concurrency: 4,
      mailPollMs: 20,
      alertPollMs: 20,
      alertJob: async () => {
        alertRuns++;
      },
    });
    try {
      await waitFor(
        async () => (await statuses(ids)).every((row) => row.status === 'pending' && row.attempts === 1),
        10_000,
      );
      const elapsed = Date.now() - started;
      // Eight emails four at a time: two rounds of the 500 ms timeout (plus a busy machine's slack), not a stall.
      expect(elapsed).toBeLessThan(4000);
      // The alert loop kept running while every mail lane waited on the silent server.
      expect(alertRuns).toBeGreaterThan(5);
      const rows = await statuses(ids);
      expect(rows.every((row) => /greeting|timeout|ETIMEDOUT/i.test(row.lastError ?? ''))).toBe(true);
      expect(lines.some((line) => line.level === 40 && /greeting|timeout/i.test(line.smtp ?? ''))).toBe(true);
    } finally {
      await stop();
      transport.close();
      await silent.close();
    }
  });

  it('retries a failing email on a backoff capped at one hour for at least 72 hours, then marks it failed', async () => {
    const delays = Array.from({ length: MAX_EMAIL_ATTEMPTS - 1 }, (_, index) => nextAttemptDelayMs(index + 1));
    expect(delays.slice(0, 4)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(Math.max(...delays)).toBe(3_600_000);
    expect(delays.every((delay, index) => index === 0 || delay >= delays[index - 1]!)).toBe(true);
    const total = delays.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeGreaterThanOrEqual(RETRY_WINDOW_MS);
    expect(RETRY_WINDOW_MS).toBe(72 * 3_600_000);
    // No more attempts than the window needs.
    expect(total - delays.at(-1)!).toBeLessThan(RETRY_WINDOW_MS);

    const id = await enqueueEmail(database.db, { to: 'nobody@example.com', subject: 'Doomed', text: 'x' });
    const { logger, lines } = captureLogger();
    const refusing: MailSender = {
      sendMail: () =>
        Promise.reject(
          Object.assign(new Error('Message failed'), {
            code: 'EMESSAGE',
            responseCode: 451,
            response: '451 4.3.0 Try again later',
            command: 'DATA',
          }),
        ),
    };
    const observed: number[] = [];
    for (let attempt = 1; attempt <= MAX_EMAIL_ATTEMPTS; attempt++) {
      const before = Date.now();
      await deliverDueEmails(database.db, refusing, { logger });
      const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      expect(row?.attempts).toBe(attempt);
      expect(row?.lastError).toContain('451 4.3.0 Try again later');
      if (attempt < MAX_EMAIL_ATTEMPTS) {
        expect(row?.status).toBe('pending');
        observed.push(row!.nextAttemptAt.getTime() - before);
        await skipBackoff([id]);
      } else {
        expect(row?.status).toBe('failed');
      }
    }
    // The waits the database recorded follow the schedule (within the clock's slack).
    observed.forEach((wait, index) => expect(Math.abs(wait - delays[index]!)).toBeLessThan(2000));
    expect(lines.filter((line) => line.level === 40)).toHaveLength(MAX_EMAIL_ATTEMPTS - 1);
    const final = lines.filter((line) => line.level === 50);
    expect(final).toHaveLength(1);
    expect(final[0]).toMatchObject({ emailId: id, attempt: MAX_EMAIL_ATTEMPTS, smtp: expect.stringContaining('451') });
    // A failed email is no longer due.
    await database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 day'` })
      .where(eq(emailOutbox.id, id));
    expect(await deliverDueEmails(database.db, refusing, { logger })).toBe(0);
  });

  it('logs authentication failures and 5xx answers as errors at once', async () => {
    const id = await enqueueEmail(database.db, { to: 'x@example.com', subject: 'Auth', text: 'x' });
    const { logger, lines } = captureLogger();
    const badLogin: MailSender = {
      sendMail: () =>
        Promise.reject(
          Object.assign(new Error('Invalid login'), {
            code: 'EAUTH',
            responseCode: 535,
            response: '535 5.7.8 Authentication failed',
            command: 'AUTH PLAIN',
          }),
        ),
    };
    await deliverDueEmails(database.db, badLogin, { logger });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 50,
      emailId: id,
      smtp: expect.stringContaining('535 5.7.8 Authentication failed'),
    });
    // Still retried: fixing the credentials lets the mail through.
    expect((await statuses([id]))[0]?.status).toBe('pending');
  });
});
