/**
 * The outbox as the back office sees it (/admin/email): each email's state, paged and filtered; a failed email put
 * back on the queue; and whether the configured transport answers now. Only the subject and the recipient are read:
 * bodies hold visitors' messages and staff members' sign-in links.
 */
import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import { and, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { emailOutbox } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { getEnv, isProduction } from '../../lib/env.server.ts';

/**
 * What staff see of the queue's states: `pending` is split into queued (never tried) and retrying (tried, waiting for
 * its next attempt); `stored` is an email kept for the operator (file sink or development outbox), not delivered.
 */
const OUTBOX_STATES = ['queued', 'retrying', 'sending', 'sent', 'failed', 'stored'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

export function isOutboxState(value: unknown): value is OutboxState {
  return typeof value === 'string' && (OUTBOX_STATES as readonly string[]).includes(value);
}

function stateCondition(state: OutboxState): SQL {
  if (state === 'queued') return and(eq(emailOutbox.status, 'pending'), eq(emailOutbox.attempts, 0))!;
  if (state === 'retrying') return and(eq(emailOutbox.status, 'pending'), gt(emailOutbox.attempts, 0))!;
  return eq(emailOutbox.status, state);
}

function stateOf(status: string, attempts: number): OutboxState {
  if (status === 'pending') return attempts > 0 ? 'retrying' : 'queued';
  return isOutboxState(status) ? status : 'queued';
}

const OUTBOX_PAGE_SIZE = 50;

export type OutboxEntry = {
  id: number;
  toAddress: string;
  subject: string;
  state: OutboxState;
  attempts: number;
  /** When a queued or retrying email is next tried (for one being sent: when its lease ends). */
  nextAttemptAt: Date | null;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
};

/** One page of the outbox, newest first, optionally in one state; `beforeId` pages on (keyset, no OFFSET). */
export async function listOutboxEntries(
  db: Database,
  options: { state?: OutboxState; beforeId?: number } = {},
): Promise<{ entries: OutboxEntry[]; nextBeforeId: number | null }> {
  const conditions: SQL[] = [];
  if (options.state) conditions.push(stateCondition(options.state));
  if (options.beforeId !== undefined) conditions.push(lt(emailOutbox.id, options.beforeId));
  const rows = await db
    .select({
      id: emailOutbox.id,
      toAddress: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      nextAttemptAt: emailOutbox.nextAttemptAt,
      lastError: emailOutbox.lastError,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
    })
    .from(emailOutbox)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(emailOutbox.id))
    .limit(OUTBOX_PAGE_SIZE + 1);
  const page = rows.slice(0, OUTBOX_PAGE_SIZE);
  return {
    entries: page.map(({ status, ...row }) => {
      const state = stateOf(status, row.attempts);
      const isWaiting = state === 'queued' || state === 'retrying' || state === 'sending';
      return { ...row, state, nextAttemptAt: isWaiting ? row.nextAttemptAt : null };
    }),
    nextBeforeId: rows.length > OUTBOX_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
  };
}

/** How many emails are in each state (one grouped read of the status index). */
export async function countOutboxStates(db: Database): Promise<Record<OutboxState, number>> {
  const rows = await db
    .select({
      status: emailOutbox.status,
      isRetry: sql<boolean>`${emailOutbox.attempts} > 0`,
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(emailOutbox)
    .groupBy(emailOutbox.status, sql`${emailOutbox.attempts} > 0`);
  const counts = Object.fromEntries(OUTBOX_STATES.map((state) => [state, 0])) as Record<OutboxState, number>;
  for (const row of rows) counts[stateOf(row.status, row.isRetry ? 1 : 0)] += row.count;
  return counts;
}

/**
 * Puts failed emails back on the queue, due now, with a fresh retry window (attempts from 0). The update touches only
 * rows still `failed`, so an email that is queued, being sent or already sent is never queued a second time, however
 * often the button is pressed. Returns the ids requeued.
 */
export async function requeueFailedEmails(db: Database, onlyId?: number): Promise<number[]> {
  const conditions = [eq(emailOutbox.status, 'failed')];
  if (onlyId !== undefined) conditions.push(eq(emailOutbox.id, onlyId));
  const rows = await db
    .update(emailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()` })
    .where(and(...conditions))
    .returning({ id: emailOutbox.id });
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

export type TransportCheck = {
  kind: 'smtp' | 'files' | 'outbox';
  /** Where mail goes, without credentials. */
  target: string;
  isAnswering: boolean;
  /** The server's or the file system's answer when it is not answering. */
  problem: string | null;
  checkedInMs: number;
};

/** `smtp://host:port` of an SMTP URL, leaving out the user name and password it may carry. */
function smtpTarget(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}`;
  } catch {
    return 'an SMTP server (the address in SMTP_URL could not be read)';
  }
}

/** Describes an SMTP failure without echoing the URL (it may hold the password). */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return 'no answer';
  const smtp = error as Error & { code?: string; response?: string };
  return [smtp.code, smtp.response ?? smtp.message]
    .filter((part) => part)
    .join(' ')
    .slice(0, 300);
}

/**
 * Whether the configured transport answers now. SMTP: a fresh, unpooled connection says hello (and logs in when the
 * URL has credentials) through nodemailer's verify(), bounded by `timeoutMs` on every step and by a timer around the
 * whole. Production without SMTP: whether MAIL_DIR is writable. Development and tests: the outbox table, which
 * always answers while the database does.
 */
export async function checkMailTransport(options: { smtpUrl?: string; timeoutMs?: number } = {}) {
  const env = getEnv();
  const smtpUrl = options.smtpUrl ?? env.SMTP_URL;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const started = performance.now();
  const done = (check: Omit<TransportCheck, 'checkedInMs'>): TransportCheck => ({
    ...check,
    checkedInMs: Math.round(performance.now() - started),
  });
  if (smtpUrl) {
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        transport.verify(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      return done({ kind: 'smtp', target: smtpTarget(smtpUrl), isAnswering: true, problem: null });
    } catch (error) {
      return done({ kind: 'smtp', target: smtpTarget(smtpUrl), isAnswering: false, problem: describeFailure(error) });
    } finally {
      clearTimeout(timer);
      transport.close();
    }
  }
  if (isProduction()) {
    try {
      await mkdir(env.MAIL_DIR, { recursive: true, mode: 0o700 });
      await access(env.MAIL_DIR, constants.W_OK);
      return done({ kind: 'files', target: env.MAIL_DIR, isAnswering: true, problem: null });
    } catch (error) {
      const problem = error instanceof Error ? error.message.slice(0, 300) : 'not writable';
      return done({ kind: 'files', target: env.MAIL_DIR, isAnswering: false, problem });
    }
  }
  return done({ kind: 'outbox', target: 'the development outbox (/outbox)', isAnswering: true, problem: null });
}
