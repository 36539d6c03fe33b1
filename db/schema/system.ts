import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ImportCounts, ImportRecordReport } from './import-report.ts';

/** Every email goes through the outbox: stored first, then sent by a job (SMTP) or read on the outbox page. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Extra headers, e.g. List-Unsubscribe on alert emails (RFC 8058). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** Small text attachments kept with the email (e.g. a calendar invitation), sent as they are. */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; content: string }[]>(),
    status: text('status').$type<'pending' | 'sending' | 'sent' | 'failed' | 'stored'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    relatedKind: text('related_kind'),
    relatedId: integer('related_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_outbox_status_next_idx').on(t.status, t.nextAttemptAt),
    // The emails sent about one lead or submission, for the back office's lead page.
    index('email_outbox_related_idx').on(t.relatedKind, t.relatedId),
    // The emails sent to one address, whatever its case, for the privacy tools.
    index('email_outbox_to_lower_idx').on(sql`lower(${t.toAddress})`),
  ],
);

/** A small durable job queue drained by the in-process runner or `npm run jobs`. */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('jobs_status_run_at_idx').on(t.status, t.runAt)],
);

/** Fixed-window request counters for rate limits, shared by every app instance through the database. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/**
 * One row per imported file (or dry run): the report the command printed. The records kept are capped
 * (IMPORT_RUN_RECORD_LIMIT, rejected and warned records first) so a 10,000-listing file stays a small row.
 */
export const importRuns = pgTable(
  'import_runs',
  {
    id: serial('id').primaryKey(),
    source: text('source').notNull(),
    fileName: text('file_name').notNull(),
    status: text('status').$type<'applied' | 'refused' | 'dry-run'>().notNull(),
    reason: text('reason'),
    counts: jsonb('counts').$type<ImportCounts>().notNull(),
    records: jsonb('records').$type<ImportRecordReport[]>().notNull().default([]),
    /** How many records the file had; `records` may hold fewer. */
    recordCount: integer('record_count').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('import_runs_source_started_idx').on(t.source, t.startedAt)],
);
