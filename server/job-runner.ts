import type { Logger } from 'pino';
import { deliverDueEmails, getSmtpTransport } from '../app/features/email/outbox.server.ts';
import type { Database } from '../app/lib/db.server.ts';
import { deleteExpiredSessions } from '../app/lib/session.server.ts';
import { getEnv } from '../app/lib/env.server.ts';
import { ALERT_INTERVAL_MS, alertOrigin, runAlertJobIfDue } from '../app/features/alerts/alerts.server.ts';
import { deleteStaleRateLimits } from '../app/lib/rate-limit.server.ts';

/**
 * The in-process worker: drains the email outbox every few seconds and tidies expired sessions.
 * Returns a stop function that waits for the current tick.
 */
export function startJobRunner(getDb: () => Database, logger: Logger, intervalMs = 3000): () => Promise<void> {
  let stopped = false;
  let current: Promise<void> = Promise.resolve();
  let ticks = 0;
  const tick = async () => {
    try {
      await deliverDueEmails(getDb(), getSmtpTransport());
      if (ticks++ % 200 === 0) {
        await deleteExpiredSessions(getDb());
        await deleteStaleRateLimits(getDb());
      }
      // Saved-search alerts and saved-property changes: due once a minute (ALERTS_INTERVAL_SECONDS overrides).
      const env = getEnv();
      await runAlertJobIfDue(getDb(), {
        origin: alertOrigin(env),
        intervalMs: env.ALERTS_INTERVAL_SECONDS ? env.ALERTS_INTERVAL_SECONDS * 1000 : ALERT_INTERVAL_MS,
      });
    } catch (error) {
      logger.error({ err: error }, 'job runner tick failed');
    }
  };
  const timer = setInterval(() => {
    if (!stopped) current = current.then(tick);
  }, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await current;
  };
}
