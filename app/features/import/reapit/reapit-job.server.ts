/**
 * The scheduled Reapit pull (docs/import.md, "Reapit Foundations"), a tick of the job runner. Its memory is the
 * import_runs table: the changes since the last applied pull are fetched every REAPIT_INTERVAL_MINUTES, and every
 * REAPIT_FULL_PULL_HOURS a full pull reads everything again, which is when listings missing from Reapit (archived,
 * deleted) are withdrawn. A refused pull (bad credentials, Reapit down, a mass withdrawal) is recorded like any
 * import and tried again at the next interval; the changes are then fetched from the last pull that was applied.
 */
import { and, desc, eq, inArray, like } from 'drizzle-orm';
import type { Logger } from 'pino';
import { importRuns } from '../../../../db/schema/index.ts';
import type { Database } from '../../../lib/db.server.ts';
import type { Env } from '../../../lib/env.server.ts';
import { applyFeed, type ImportReport } from '../pipeline.server.ts';
import type { MediaOptions } from '../pipeline-media.server.ts';
import { createReapitClient, type ReapitClientOptions } from './client.server.ts';
import { createReapitFeed, type ReapitPull } from './reapit-feed.server.ts';

const REAPIT_SOURCE = 'reapit';
const FULL_PULL_NAME = 'Reapit full pull';
const INCREMENTAL_PULL_NAME = 'Reapit changes since';
/** Changes are asked for from a little before the last pull began: clocks differ, and a change in flight counts. */
const OVERLAP_MS = 5 * 60_000;

export type ReapitSettings = Pick<
  ReapitClientOptions,
  'baseUrl' | 'tokenUrl' | 'clientId' | 'clientSecret' | 'customerId'
> & { intervalMs: number; fullPullMs: number };

/** The pull's settings, or null when the credentials are not set (the pull is off). */
export function reapitSettingsFrom(env: Env): ReapitSettings | null {
  if (!env.REAPIT_CLIENT_ID || !env.REAPIT_CLIENT_SECRET || !env.REAPIT_CUSTOMER_ID) return null;
  return {
    baseUrl: env.REAPIT_BASE_URL,
    tokenUrl: env.REAPIT_TOKEN_URL,
    clientId: env.REAPIT_CLIENT_ID,
    clientSecret: env.REAPIT_CLIENT_SECRET,
    customerId: env.REAPIT_CUSTOMER_ID,
    intervalMs: env.REAPIT_INTERVAL_MINUTES * 60_000,
    fullPullMs: env.REAPIT_FULL_PULL_HOURS * 3_600_000,
  };
}

export type ReapitPullOutcome = { kind: 'idle' } | { kind: 'pulled'; pull: ReapitPull; report: ImportReport };

type PullOptions = {
  media?: Partial<MediaOptions>;
  /** Retry timing and a sleep for tests; the rest comes from the settings. */
  client?: Pick<ReapitClientOptions, 'retries' | 'retryDelayMs' | 'maxRetryDelayMs' | 'timeoutMs' | 'sleep'>;
  origin?: string;
  sendAlerts?: boolean;
};

/** One pull, applied through the import pipeline under the source name `reapit`. */
export async function pullReapit(
  db: Database,
  settings: ReapitSettings,
  pull: ReapitPull,
  options: PullOptions = {},
): Promise<ImportReport> {
  const client = createReapitClient({ ...settings, ...options.client });
  const feed = createReapitFeed(client, pull);
  return applyFeed(db, feed, {
    source: REAPIT_SOURCE,
    fileName: pull.kind === 'full' ? FULL_PULL_NAME : `${INCREMENTAL_PULL_NAME} ${pull.modifiedFrom.toISOString()}`,
    isSnapshot: pull.kind === 'full',
    media: options.media,
    origin: options.origin,
    sendAlerts: options.sendAlerts,
  });
}

/** Which pull is due now, if any. */
export async function nextReapitPull(db: Database, settings: ReapitSettings, now: Date): Promise<ReapitPull | null> {
  const latest = (conditions: Parameters<typeof and>) =>
    db
      .select({ startedAt: importRuns.startedAt })
      .from(importRuns)
      .where(and(eq(importRuns.source, REAPIT_SOURCE), ...conditions))
      .orderBy(desc(importRuns.startedAt))
      .limit(1)
      .then((rows) => rows[0]?.startedAt ?? null);
  const attempted = inArray(importRuns.status, ['applied', 'refused']);
  const lastAttempt = await latest([attempted]);
  const isIntervalDue = !lastAttempt || now.getTime() - lastAttempt.getTime() >= settings.intervalMs;
  const lastApplied = await latest([eq(importRuns.status, 'applied')]);
  if (!lastApplied) return isIntervalDue ? { kind: 'full' } : null;
  const lastFull = await latest([attempted, like(importRuns.fileName, `${FULL_PULL_NAME}%`)]);
  if (!lastFull || now.getTime() - lastFull.getTime() >= settings.fullPullMs) return { kind: 'full' };
  if (!isIntervalDue) return null;
  return { kind: 'incremental', modifiedFrom: new Date(lastApplied.getTime() - OVERLAP_MS) };
}

/** The job runner's tick, or null when the Reapit credentials are not set: then nothing is ever pulled. */
export function createReapitJob(options: {
  settings: ReapitSettings | null;
  logger: Logger;
  now?: () => Date;
  pull?: PullOptions;
}): ((db: Database) => Promise<ReapitPullOutcome>) | null {
  const settings = options.settings;
  if (!settings) return null;
  return async function tick(db) {
    const pull = await nextReapitPull(db, settings, options.now?.() ?? new Date());
    if (!pull) return { kind: 'idle' };
    const report = await pullReapit(db, settings, pull, options.pull);
    const log =
      report.status === 'applied' ? options.logger.info.bind(options.logger) : options.logger.warn.bind(options.logger);
    log(
      { source: REAPIT_SOURCE, pull: pull.kind, status: report.status, reason: report.reason, counts: report.counts },
      `Reapit ${pull.kind} pull ${report.status}`,
    );
    return { kind: 'pulled', pull, report };
  };
}
