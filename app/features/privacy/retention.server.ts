/**
 * Retention: leads and uploads older than the agency's setting (months, default 24; 0 = keep everything) are deleted
 * by a daily job on the `jobs` table, claimed as the alert job is (FOR UPDATE SKIP LOCKED, so one instance runs it).
 * The audit log is never touched: its trigger refuses deletes, and nothing here asks. See docs/decisions/025.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { emailOutbox, formSubmissions, formUploads, jobs, leads, siteSettings } from '../../../db/schema/index.ts';
import { rowsOf, type Database } from '../../lib/db.server.ts';
import { recordAudit } from '../staff/index.server.ts';

const RETENTION_JOB_KIND = 'privacy-retention';
const DAY_MS = 24 * 60 * 60_000;
/** A run that has not finished in an hour died with its worker: another may take it over. */
const STALE_LOCK_MS = 60 * 60_000;
/** Rows deleted per statement, so PGlite's one connection is never held for long. */
const BATCH_SIZE = 500;
const DEFAULT_RETENTION_MONTHS = 24;

/** Outbox kinds that are copies of a lead (related_id = the lead) or of a form submission. */
const LEAD_EMAIL_KINDS = ['lead', 'lead-confirmation', 'lead-assignment'];
const SUBMISSION_KIND = 'form-submission';
const FINISHED_EMAIL_STATUSES = ['sent', 'failed', 'stored'] as const;

export async function getRetentionMonths(db: Database): Promise<number> {
  const [row] = await db
    .select({ months: siteSettings.leadRetentionMonths })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .limit(1);
  return row?.months ?? DEFAULT_RETENTION_MONTHS;
}

/** Saves the setting; the previous value, or null when the site has no settings row yet. */
export async function setRetentionMonths(db: Database, months: number): Promise<{ from: number } | null> {
  const from = await getRetentionMonths(db);
  const updated = await db
    .update(siteSettings)
    .set({ leadRetentionMonths: months, updatedAt: new Date() })
    .where(eq(siteSettings.id, 1))
    .returning({ id: siteSettings.id });
  return updated.length > 0 ? { from } : null;
}

export type RetentionCounts = { leads: number; uploads: number; formSubmissions: number; emails: number };

/**
 * Deletes what was received before `now` minus `months` calendar months (PostgreSQL's month arithmetic, so 31 March
 * minus one month is 28 or 29 February): uploads (file, then row), leads (their notes, history and booked slots go
 * with them), form submissions left without uploads, and the finished outbox copies of those leads and
 * submissions. Nothing received on or after the cut-off is touched. A file that cannot be deleted keeps its row, so
 * the next run tries again.
 */
export async function applyRetention(
  db: Database,
  options: { months: number; now: Date; deleteFile: (key: string) => Promise<void> },
): Promise<RetentionCounts> {
  const counts: RetentionCounts = { leads: 0, uploads: 0, formSubmissions: 0, emails: 0 };
  if (!Number.isInteger(options.months) || options.months <= 0) return counts;
  const cutoff = sql`(${options.now.toISOString()}::timestamptz - make_interval(months => ${options.months}::int))`;

  let lastUploadId = 0;
  for (;;) {
    const uploads = await db
      .select({ id: formUploads.id, storedName: formUploads.storedName })
      .from(formUploads)
      .where(and(lt(formUploads.createdAt, cutoff), sql`${formUploads.id} > ${lastUploadId}`))
      .orderBy(formUploads.id)
      .limit(BATCH_SIZE);
    if (uploads.length === 0) break;
    lastUploadId = uploads.at(-1)!.id;
    const deleted: number[] = [];
    for (const upload of uploads) {
      await options.deleteFile(`uploads/${upload.storedName}`);
      deleted.push(upload.id);
    }
    await db.delete(formUploads).where(inArray(formUploads.id, deleted));
    counts.uploads += deleted.length;
  }

  // Leads before submissions: deleting a submission would take its lead by cascade, unseen, and its emails' copies
  // would stay behind.
  for (;;) {
    const ids = rowsOf<{ id: number }>(
      await db.execute(sql`
        delete from ${leads} where id in (
          select id from ${leads} where created_at < ${cutoff} order by id limit ${BATCH_SIZE})
        returning id`),
    ).map((row) => row.id);
    if (ids.length === 0) break;
    counts.leads += ids.length;
    counts.emails += await deleteCopies(db, LEAD_EMAIL_KINDS, ids);
  }
  for (;;) {
    const ids = rowsOf<{ id: number }>(
      await db.execute(sql`
        delete from ${formSubmissions} where id in (
          select id from ${formSubmissions}
          where created_at < ${cutoff}
            and not exists (select 1 from ${formUploads} where form_submission_id = ${formSubmissions}.id)
          order by id limit ${BATCH_SIZE})
        returning id`),
    ).map((row) => row.id);
    if (ids.length === 0) break;
    counts.formSubmissions += ids.length;
    counts.emails += await deleteCopies(db, [SUBMISSION_KIND], ids);
  }

  return counts;
}

/** The outbox's finished copies of deleted leads or submissions (an unsent one is left to finish or fail). */
async function deleteCopies(db: Database, kinds: string[], relatedIds: number[]): Promise<number> {
  const deleted = await db
    .delete(emailOutbox)
    .where(
      and(
        inArray(emailOutbox.relatedKind, kinds),
        inArray(emailOutbox.relatedId, relatedIds),
        inArray(emailOutbox.status, [...FINISHED_EMAIL_STATUSES]),
      ),
    )
    .returning({ id: emailOutbox.id });
  return deleted.length;
}

export type RetentionRun = { ran: false } | { ran: true; months: number; counts: RetentionCounts };

/**
 * The daily job: runs when due, applies the setting, schedules the next run a day on, and records a run that
 * deleted anything in the audit log (as the system, with the counts only). Cheap when not due.
 */
export async function runRetentionJobIfDue(
  db: Database,
  options: { now?: Date; deleteFile: (key: string) => Promise<void> },
): Promise<RetentionRun> {
  const now = options.now ?? new Date();
  await db.execute(sql`
    insert into ${jobs} (kind, payload, status, run_at)
    select ${RETENTION_JOB_KIND}, '{}'::jsonb, 'queued', ${now.toISOString()}::timestamptz
    where not exists (select 1 from ${jobs} where kind = ${RETENTION_JOB_KIND})`);
  const claimed = rowsOf<{ id: number }>(
    await db.execute(sql`
      update ${jobs} set status = 'running', locked_at = ${now.toISOString()}::timestamptz, attempts = attempts + 1
      where id = (
        select id from ${jobs}
        where kind = ${RETENTION_JOB_KIND}
          and ((status = 'queued' and run_at <= ${now.toISOString()}::timestamptz)
            or (status = 'running' and locked_at < ${new Date(now.getTime() - STALE_LOCK_MS).toISOString()}::timestamptz))
        order by id limit 1
        for update skip locked
      )
      returning id`),
  );
  const job = claimed[0];
  if (!job) return { ran: false };
  const nextRunAt = new Date(now.getTime() + DAY_MS);
  try {
    const months = await getRetentionMonths(db);
    const counts = await applyRetention(db, { months, now, deleteFile: options.deleteFile });
    if (counts.leads + counts.uploads + counts.formSubmissions + counts.emails > 0) {
      await recordAudit(
        db,
        {
          staffId: null,
          actorEmail: null,
          ip: null,
          action: 'privacy.retention-run',
          details: { months, deleted: counts },
        },
        now,
      );
    }
    await db
      .update(jobs)
      .set({ status: 'queued', lockedAt: null, lastError: null, runAt: nextRunAt })
      .where(eq(jobs.id, job.id));
    return { ran: true, months, counts };
  } catch (error) {
    // Tried again in an hour rather than a day: a storage outage should not keep old data for another day.
    await db
      .update(jobs)
      .set({
        status: 'queued',
        lockedAt: null,
        lastError: error instanceof Error ? error.message.slice(0, 500) : 'unknown error',
        runAt: new Date(now.getTime() + STALE_LOCK_MS),
      })
      .where(eq(jobs.id, job.id));
    throw error;
  }
}
