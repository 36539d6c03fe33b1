import { randomUUID } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { SendMailOptions, Transporter } from 'nodemailer';
import nodemailer from 'nodemailer';
import { emailOutbox } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { getEnv, isProduction } from '../../lib/env.server.ts';
import type { Logger } from '../../lib/logger.server.ts';
import { getMailFrom } from './mail-from.server.ts';

type EmailLogger = Pick<Logger, 'info' | 'warn' | 'error'>;

/** The app's logger, loaded on first use: importing it reads the environment, which tests set up after importing. */
async function appLogger(): Promise<EmailLogger> {
  return (await import('../../lib/logger.server.ts')).logger;
}

type EmailAttachment = { filename: string; contentType: string; content: string };

export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** Small text files sent with the email (a calendar invitation); kept in the row so a retry sends the same. */
  attachments?: EmailAttachment[];
  relatedKind?: string;
  relatedId?: number;
};

/** Every email is stored first; delivery happens later, so a lead never waits on (or fails with) SMTP. */
export async function enqueueEmail(db: Database, email: OutgoingEmail): Promise<number> {
  const fromAddress = await getMailFrom(db);
  const [row] = await db
    .insert(emailOutbox)
    .values({
      toAddress: email.to,
      fromAddress,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html ?? null,
      headers: email.headers ?? null,
      attachments: email.attachments?.length ? email.attachments : null,
      relatedKind: email.relatedKind ?? null,
      relatedId: email.relatedId ?? null,
    })
    .returning({ id: emailOutbox.id });
  if (!row) throw new Error('email was not stored');
  return row.id;
}

const RETRY_BASE_MS = 30_000;
const RETRY_CAP_MS = 60 * 60_000;
/** A failing email is retried for at least this long before it is marked failed (a long SMTP outage loses nothing). */
export const RETRY_WINDOW_MS = 72 * 60 * 60_000;

/** Exponential backoff: 30 s, 1 min, 2 min … capped at 1 hour. `attempts` is the number of attempts made so far. */
export function nextAttemptDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_CAP_MS);
}

/** The fewest attempts whose waits between them add up to the retry window (79 with the figures above). */
function attemptsCovering(windowMs: number): number {
  let attempts = 1;
  for (let waited = 0; waited < windowMs; attempts++) waited += nextAttemptDelayMs(attempts);
  return attempts;
}

export const MAX_EMAIL_ATTEMPTS = attemptsCovering(RETRY_WINDOW_MS);

/**
 * A claimed email is leased to its worker for this long; the worker renews the lease while it sends, so a crashed
 * worker's emails are due again within a minute, and a slow but live one keeps them (no second copy).
 */
export const EMAIL_LEASE_MS = 45_000;

/** What delivers a claimed email. `keepsOnly`: the message is kept for the operator (file or outbox page), not sent. */
export type MailSender = {
  sendMail(message: SendMailOptions): Promise<unknown>;
  keepsOnly?: boolean;
};

export type DeliveryOptions = {
  /** Most emails claimed at once. */
  batchSize?: number;
  /** Most emails sent at the same time. */
  concurrency?: number;
  leaseMs?: number;
  logger?: EmailLogger;
};

export type SmtpSettings = { url: string; concurrency: number; timeoutMs: number };

/**
 * Pooled SMTP connections (one per parallel send). Connection, greeting and socket timeouts bound every attempt, so a
 * server that accepts the connection and then says nothing fails the attempt instead of holding the worker. The pool's
 * own re-queueing is off: retries are the outbox's job, on its backoff schedule.
 */
export function createSmtpTransport(settings: SmtpSettings): Transporter {
  return nodemailer.createTransport({
    url: settings.url,
    pool: true,
    maxConnections: settings.concurrency,
    maxMessages: 100,
    maxRequeues: 0,
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
  } as Parameters<typeof nodemailer.createTransport>[0]);
}

/**
 * Production without SMTP: each email is written as an .eml file only the server's user can read (the folder is 0700,
 * the files 0600), never shown on a web page. Password-reset links are in these files: they are the operator's.
 */
export function createFileSink(dir: string): MailSender {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    keepsOnly: true,
    async sendMail(message) {
      const info = (await builder.sendMail(message)) as { message: Buffer };
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await chmod(dir, 0o700);
      // Named after the Message-ID (one per outbox row): a retry after a crash between writing the file and recording
      // it rewrites the same file instead of adding a second copy.
      const name = `${String(message.messageId ?? randomUUID()).replace(/[^\w.@-]/g, '')}.eml`;
      await writeFile(path.join(dir, name), info.message, { mode: 0o600 });
    },
  };
}

let cachedSender: MailSender | null | undefined;

/**
 * SMTP when SMTP_URL is set; otherwise, in production, the private file sink (MAIL_DIR); in development and tests
 * nothing (null): the row is kept as 'stored' and read on the outbox page.
 */
export function getMailSender(logger?: Pick<Logger, 'warn'>): MailSender | null {
  if (cachedSender === undefined) {
    const env = getEnv();
    if (env.SMTP_URL) {
      cachedSender = createSmtpTransport({
        url: env.SMTP_URL,
        concurrency: env.EMAIL_CONCURRENCY,
        timeoutMs: env.SMTP_TIMEOUT_SECONDS * 1000,
      });
    } else if (isProduction()) {
      cachedSender = createFileSink(env.MAIL_DIR);
      logger?.warn(
        { mailDir: env.MAIL_DIR },
        'SMTP_URL is not set: emails are written to files in MAIL_DIR (readable only by this user) and not delivered',
      );
    } else {
      cachedSender = null;
    }
  }
  return cachedSender;
}

type SmtpError = Error & { code?: string; responseCode?: number; response?: string; command?: string };

/** Authentication failures and 5xx answers will not go away by waiting: they need the operator at once. */
function isPermanentSmtpError(error: unknown): boolean {
  const smtp = error as SmtpError;
  return smtp?.code === 'EAUTH' || (typeof smtp?.responseCode === 'number' && smtp.responseCode >= 500);
}

/** The SMTP server's answer when there is one (e.g. "451 4.3.0 Try later"), else the network error. */
function describeSendError(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const smtp = error as SmtpError;
  const parts = [smtp.code, smtp.command ? `after ${smtp.command}` : undefined, smtp.response ?? smtp.message];
  return parts
    .filter((part) => part)
    .join(' ')
    .slice(0, 500);
}

type ClaimedEmail = typeof emailOutbox.$inferSelect;

/**
 * Claims up to `limit` due emails for this worker: pending ones whose time has come and 'sending' ones whose lease
 * ran out (their worker died). One statement picks and leases them, skipping rows another worker holds, so two
 * workers never hold the same email. Each claim counts as an attempt, so an email that crashes its worker every
 * time still ends as failed.
 */
export async function claimDueEmails(db: Database, limit: number, leaseMs = EMAIL_LEASE_MS): Promise<ClaimedEmail[]> {
  const claimed = await db
    .update(emailOutbox)
    .set({
      status: 'sending',
      attempts: sql`${emailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
    })
    .where(
      inArray(
        emailOutbox.id,
        db
          .select({ id: emailOutbox.id })
          .from(emailOutbox)
          // The database's clock decides what is due (one clock for every worker, and no sub-millisecond gap).
          .where(and(inArray(emailOutbox.status, ['pending', 'sending']), sql`${emailOutbox.nextAttemptAt} <= now()`))
          .orderBy(asc(emailOutbox.id))
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();
  return claimed.sort((a, b) => a.id - b.id);
}

async function renewLeases(db: Database, ids: number[], leaseMs: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
    .where(and(inArray(emailOutbox.id, ids), eq(emailOutbox.status, 'sending')));
}

async function forEachConcurrently<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

/**
 * Sends one claimed batch of due emails, `concurrency` at a time, and records each outcome; returns how many were
 * delivered (or kept). Failures are retried with backoff for RETRY_WINDOW_MS and then marked failed; nothing is
 * dropped. Without a sender (development) the rows are marked 'stored' and read on /outbox.
 */
export async function deliverDueEmails(
  db: Database,
  sender: MailSender | null,
  options: DeliveryOptions | number = {},
): Promise<number> {
  return (await deliverDueEmailBatch(db, sender, typeof options === 'number' ? { batchSize: options } : options))
    .delivered;
}

/** deliverDueEmails, also telling how many emails it claimed (the worker goes straight on while there are some). */
export async function deliverDueEmailBatch(
  db: Database,
  sender: MailSender | null,
  settings: DeliveryOptions,
): Promise<{ claimed: number; delivered: number }> {
  const leaseMs = settings.leaseMs ?? EMAIL_LEASE_MS;
  const log = settings.logger ?? (await appLogger());
  const due = await claimDueEmails(db, settings.batchSize ?? 20, leaseMs);
  if (due.length === 0) return { claimed: 0, delivered: 0 };
  if (!sender) {
    await db
      .update(emailOutbox)
      .set({ status: 'stored' })
      .where(
        inArray(
          emailOutbox.id,
          due.map((row) => row.id),
        ),
      );
    return { claimed: due.length, delivered: due.length };
  }
  const inFlight = new Set(due.map((row) => row.id));
  const heartbeat = setInterval(
    () => {
      renewLeases(db, [...inFlight], leaseMs).catch((error: unknown) =>
        log.error({ err: error }, 'could not renew the outbox lease'),
      );
    },
    Math.max(100, Math.floor(leaseMs / 3)),
  );
  let delivered = 0;
  try {
    await forEachConcurrently(due, settings.concurrency ?? 4, async (row) => {
      try {
        await sender.sendMail({
          messageId: messageIdOf(row),
          from: row.fromAddress,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody ?? undefined,
          headers: row.headers ?? undefined,
          attachments: row.attachments?.map((file) => ({ ...file })) ?? undefined,
        });
      } catch (error) {
        inFlight.delete(row.id);
        await recordFailure(db, row, error, log).catch((dbError: unknown) =>
          log.error({ err: dbError, emailId: row.id }, 'could not record a failed email attempt; it is retried'),
        );
        return;
      }
      inFlight.delete(row.id);
      delivered++;
      // The email is out; if this write fails the row's lease runs out and it is sent again (at least once).
      await db
        .update(emailOutbox)
        .set(sender.keepsOnly ? { status: 'stored' } : { status: 'sent', sentAt: new Date() })
        .where(eq(emailOutbox.id, row.id))
        .catch((dbError: unknown) =>
          log.error({ err: dbError, emailId: row.id }, 'could not record a sent email; it may be sent again'),
        );
    });
  } finally {
    clearInterval(heartbeat);
  }
  return { claimed: due.length, delivered };
}

/**
 * One Message-ID per outbox row, the same on every attempt: if SMTP's at-least-once window ever delivers an email
 * twice, mail systems can tell the copies are one message.
 */
function messageIdOf(row: ClaimedEmail): string {
  const domain = /@([A-Za-z0-9.-]+)/.exec(row.fromAddress)?.[1] ?? 'doorstep.invalid';
  return `<outbox-${row.id}-${row.createdAt.getTime()}@${domain}>`;
}

async function recordFailure(db: Database, row: ClaimedEmail, error: unknown, log: EmailLogger): Promise<void> {
  const answer = describeSendError(error);
  const isFinal = row.attempts >= MAX_EMAIL_ATTEMPTS;
  const delayMs = nextAttemptDelayMs(row.attempts);
  // Only the worker that holds this claim (same attempt number) records it; a stale worker's outcome is dropped.
  await db
    .update(emailOutbox)
    .set({
      lastError: answer,
      status: isFinal ? 'failed' : 'pending',
      nextAttemptAt: sql`now() + ${`${delayMs} milliseconds`}::interval`,
    })
    .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.attempts, row.attempts), eq(emailOutbox.status, 'sending')));
  const context = {
    emailId: row.id,
    relatedKind: row.relatedKind,
    attempt: row.attempts,
    smtp: answer,
    ...(isFinal ? {} : { retryInSeconds: Math.round(delayMs / 1000) }),
  };
  if (isFinal)
    log.error(context, 'email failed for good after retrying for 72 hours; it stays in the outbox as failed');
  else if (isPermanentSmtpError(error))
    log.error(context, 'the SMTP server refused an email (retried on the backoff schedule)');
  else log.warn(context, 'email attempt failed; it will be retried');
}

export async function listOutbox(db: Database, limit = 50) {
  return db
    .select({
      id: emailOutbox.id,
      toAddress: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      textBody: emailOutbox.textBody,
      attachments: emailOutbox.attachments,
      status: emailOutbox.status,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .orderBy(sql`${emailOutbox.id} desc`)
    .limit(limit);
}
