/**
 * npm run jobs — the background worker on its own: delivers the email outbox (with retry and backoff), sends
 * saved-search alerts and tidies expired sessions and rate-limit windows. `npm start` runs the same jobs in-process
 * unless RUN_JOBS=false; on several web machines set RUN_JOBS=false on them and run one or more of these workers
 * against the shared PostgreSQL (DATABASE_URL). The alert job takes a lock in the database, so extra workers are safe.
 */
import { getDatabaseHandle, getDb } from '../app/lib/db.server.ts';
import { logger } from '../app/lib/logger.server.ts';
import { startJobRunner } from '../server/job-runner.ts';

const handle = getDatabaseHandle();
await handle.migrate();
const stop = startJobRunner(getDb, logger);
logger.info(`Doorstep jobs are running (${handle.kind})`);

async function shutdown(signal: string) {
  logger.info(`${signal}: stopping the jobs`);
  await stop();
  await handle.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
