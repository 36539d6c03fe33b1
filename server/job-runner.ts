import type { Logger } from 'pino';
import { deliverDueEmailBatch, getMailSender, type MailSender } from '../app/features/email/outbox.server.ts';
import type { Database } from '../app/lib/db.server.ts';
import { deleteExpiredSessions } from '../app/lib/session.server.ts';
import { getEnv } from '../app/lib/env.server.ts';
import { ALERT_INTERVAL_MS, alertOrigin, runAlertJobIfDue } from '../app/features/alerts/alerts.server.ts';
import { deleteStaleRateLimits } from '../app/lib/rate-limit.server.ts';
import { deleteExpiredStaffSessions } from '../app/features/staff/index.server.ts';
import { runRetentionJobIfDue } from '../app/features/privacy/index.server.ts';
import { getStorage } from '../app/lib/storage/storage.server.ts';
import { FailureBackoff } from './job-backoff.ts';
import {
  createDropFolder,
  createReapitJob,
  openFeedFile,
  reapitSettingsFrom,
} from '../app/features/import/index.server.ts';

export type JobRunnerOptions = {
  /** How often the mail loop looks for due emails when the outbox is empty. */
  mailPollMs?: number;
  /** How often the alert loop asks whether the alert job is due. */
  alertPollMs?: number;
  /** Defaults to SMTP (SMTP_URL), the file sink (production) or the outbox page (development). */
  sender?: MailSender | null;
  concurrency?: number;
  leaseMs?: number;
  /** Extra work for the alert loop, e.g. in tests; defaults to the saved-search alert job. */
  alertJob?: (db: Database) => Promise<unknown>;
  /** The drop folder's tick (docs/import.md); defaults to IMPORT_DROP_DIR, null turns it off. */
  dropFolderJob?: ((db: Database) => Promise<unknown>) | null;
  dropFolderPollMs?: number;
  /** The scheduled Reapit pull (docs/import.md); defaults to the REAPIT_* settings (off without them), null turns it off. */
  reapitJob?: ((db: Database) => Promise<unknown>) | null;
  reapitPollMs?: number;
  /** The daily retention job (docs/decisions/025); null turns it off. */
  retentionJob?: ((db: Database) => Promise<unknown>) | null;
  retentionPollMs?: number;
};

const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000;

/**
 * The in-process worker: two independent loops, so a slow mail server never holds up alert matching and a long
 * alert run never holds up mail. The mail loop claims due emails and sends them EMAIL_CONCURRENCY at a time, going
 * straight on while there is work; the alert loop runs the alert job when due and tidies expired sessions and
 * rate-limit windows. Returns a stop function that waits for the work in hand.
 */
export function startJobRunner(
  getDb: () => Database,
  logger: Logger,
  options: JobRunnerOptions | number = {},
): () => Promise<void> {
  const settings: JobRunnerOptions = typeof options === 'number' ? { mailPollMs: options } : options;
  const env = getEnv();
  const sender = settings.sender === undefined ? getMailSender(logger) : settings.sender;
  const concurrency = settings.concurrency ?? env.EMAIL_CONCURRENCY;
  const batchSize = Math.max(20, concurrency * 10);
  let isStopped = false;
  const sleepers = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      timer.unref();
      sleepers.add(wake);
    });

  const mailLoop = async () => {
    const backoff = new FailureBackoff(logger, 'email delivery');
    const pollMs = settings.mailPollMs ?? 1000;
    while (!isStopped) {
      let waitMs = pollMs;
      try {
        const { claimed } = await deliverDueEmailBatch(getDb(), sender, {
          batchSize,
          concurrency,
          leaseMs: settings.leaseMs,
          logger,
        });
        backoff.succeeded();
        if (claimed > 0) continue;
      } catch (error) {
        waitMs = backoff.failed(error, pollMs);
      }
      await sleep(waitMs);
    }
  };

  const alertJob =
    settings.alertJob ??
    ((db: Database) =>
      // Saved-search alerts and saved-property changes: due once a minute (ALERTS_INTERVAL_SECONDS overrides).
      runAlertJobIfDue(db, {
        origin: alertOrigin(env),
        intervalMs: env.ALERTS_INTERVAL_SECONDS ? env.ALERTS_INTERVAL_SECONDS * 1000 : ALERT_INTERVAL_MS,
      }));
  const alertLoop = async () => {
    let lastHousekeeping = 0;
    const backoff = new FailureBackoff(logger, 'alert job');
    const pollMs = settings.alertPollMs ?? 3000;
    while (!isStopped) {
      let waitMs = pollMs;
      try {
        if (Date.now() - lastHousekeeping >= HOUSEKEEPING_INTERVAL_MS) {
          lastHousekeeping = Date.now();
          await deleteExpiredSessions(getDb());
          await deleteStaleRateLimits(getDb());
          await deleteExpiredStaffSessions(getDb());
        }
        await alertJob(getDb());
        backoff.succeeded();
      } catch (error) {
        waitMs = backoff.failed(error, pollMs);
      }
      await sleep(waitMs);
    }
  };

  // Feeds dropped in IMPORT_DROP_DIR, one file a tick, in a loop of their own: a long import never delays mail.
  const dropFolderJob =
    settings.dropFolderJob === undefined
      ? createDropFolder({ dir: env.IMPORT_DROP_DIR, openFeed: openFeedFile, logger })
      : settings.dropFolderJob;
  const dropFolderLoop = async () => {
    if (!dropFolderJob) return;
    const backoff = new FailureBackoff(logger, 'drop folder import');
    const pollMs = settings.dropFolderPollMs ?? 10_000;
    while (!isStopped) {
      let waitMs = pollMs;
      try {
        await dropFolderJob(getDb());
        backoff.succeeded();
      } catch (error) {
        waitMs = backoff.failed(error, pollMs);
      }
      await sleep(waitMs);
    }
  };

  // The Reapit pull, in a loop of its own; each tick asks whether a pull is due (the schedule is in import_runs).
  const reapitJob =
    settings.reapitJob === undefined
      ? createReapitJob({ settings: reapitSettingsFrom(env), logger })
      : settings.reapitJob;
  const reapitLoop = async () => {
    if (!reapitJob) return;
    const backoff = new FailureBackoff(logger, 'Reapit pull');
    const pollMs = settings.reapitPollMs ?? 60_000;
    while (!isStopped) {
      let waitMs = pollMs;
      try {
        await reapitJob(getDb());
        backoff.succeeded();
      } catch (error) {
        waitMs = backoff.failed(error, pollMs);
      }
      await sleep(waitMs);
    }
  };

  // Retention: deletes leads and uploads older than the agency's setting, once a day (the due time is in `jobs`).
  const retentionJob =
    settings.retentionJob === undefined
      ? (db: Database) => runRetentionJobIfDue(db, { deleteFile: (key) => getStorage().delete(key) })
      : settings.retentionJob;
  const retentionLoop = async () => {
    if (!retentionJob) return;
    const backoff = new FailureBackoff(logger, 'retention job');
    const pollMs = settings.retentionPollMs ?? 60_000;
    while (!isStopped) {
      let waitMs = pollMs;
      try {
        await retentionJob(getDb());
        backoff.succeeded();
      } catch (error) {
        waitMs = backoff.failed(error, pollMs);
      }
      await sleep(waitMs);
    }
  };

  const running = Promise.all([mailLoop(), alertLoop(), dropFolderLoop(), reapitLoop(), retentionLoop()]);
  return async () => {
    isStopped = true;
    for (const wake of [...sleepers]) wake();
    await running;
  };
}
