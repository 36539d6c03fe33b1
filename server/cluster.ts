/**
 * Worker processes behind one port (docs/decisions/027-workers-and-first-paint.md). With PostgreSQL the primary
 * applies migrations and seeds once, then forks WEB_CONCURRENCY workers (default: one per core); node's cluster
 * module hands each new connection to a worker in turn. Each worker has its own connection pool. Only worker 1 runs
 * the job runner, so timers (alerts, housekeeping, the drop folder, the Reapit pull) fire once across the workers; a
 * worker that dies is started again with its number, so the jobs come back with worker 1. Embedded PGlite allows one
 * process per data folder, so it always runs in one process (which also owns the control channel).
 *
 * SIGTERM or SIGINT to the primary asks every worker to stop: each stops accepting, finishes the requests in hand
 * (server/start.ts), stops its jobs, closes its pool and exits; the primary exits 0 when all of them exited cleanly.
 */
import cluster, { type Worker } from 'node:cluster';
import type { Server } from 'node:http';
import { availableParallelism } from 'node:os';
import { getDatabaseHandle } from '../app/lib/db.server.ts';
import { getEnv, type Env } from '../app/lib/env.server.ts';
import { logger } from '../app/lib/logger.server.ts';
import { prepareDatabase } from './prepare-database.ts';

/** What one serving process does besides serving. */
export type WorkerRole = {
  /** Apply migrations (and seed an empty database) before listening: the primary did it for cluster workers. */
  prepareDatabase: boolean;
  /** Run the in-process job runner (still subject to RUN_JOBS). */
  runJobs: boolean;
  /** Tests only (WORKER_HEADER): the value of the `x-doorstep-worker` header on every answer. */
  header?: string;
};

export const SINGLE_PROCESS: WorkerRole = { prepareDatabase: true, runJobs: true };

/** How long a stopping server waits for the requests in hand before it closes their connections. */
export const SHUTDOWN_GRACE_MS = 20_000;

/** A restarted worker that dies again within this time waits RESTART_DELAY_MS first (no hot crash loop). */
const QUICK_CRASH_MS = 10_000;
const RESTART_DELAY_MS = 2_000;

/**
 * Stops accepting and resolves once every request in hand has been answered. Keep-alive sockets close as soon as
 * they are idle (node closes the idle ones only once, at close()); after graceMs the rest are cut.
 */
export function drainServer(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    server.prependListener('request', (_request, response) => response.setHeader('connection', 'close'));
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const cut = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/** How many processes serve: WEB_CONCURRENCY (default one per core) with PostgreSQL, always one with PGlite. */
export function workerCount(
  env: Pick<Env, 'DATABASE_URL' | 'WEB_CONCURRENCY'>,
  cores = availableParallelism(),
): number {
  if (!env.DATABASE_URL) return 1;
  return env.WEB_CONCURRENCY ?? cores;
}

function headerFor(env: Env, worker: number): string | undefined {
  return env.WORKER_HEADER === 'true' ? String(worker) : undefined;
}

/** Runs `start` in this process, or becomes the primary of a cluster of workers that each run it. */
export async function runServer(start: (role: WorkerRole) => Promise<void>): Promise<void> {
  const env = getEnv();
  if (cluster.isWorker) {
    const worker = env.DOORSTEP_WORKER ?? 1;
    logger.info({ worker, runsJobs: worker === 1 }, 'worker starting');
    await start({ prepareDatabase: false, runJobs: worker === 1, header: headerFor(env, worker) });
    return;
  }
  const count = workerCount(env);
  if (!env.DATABASE_URL && (env.WEB_CONCURRENCY ?? 1) > 1) {
    logger.warn(
      { WEB_CONCURRENCY: env.WEB_CONCURRENCY },
      'WEB_CONCURRENCY is ignored with embedded PGlite: only one process may open its data folder, so one process serves',
    );
  }
  if (count === 1) {
    await start({ ...SINGLE_PROCESS, header: headerFor(env, 1) });
    return;
  }
  await prepareDatabase(getDatabaseHandle(), { seedOnEmpty: env.SEED_ON_EMPTY === 'true' });
  // The primary serves nothing: its pool would only hold connections the workers need.
  await getDatabaseHandle().close();
  startPrimary(count);
}

function startPrimary(count: number): void {
  const numbers = new Map<Worker, number>();
  const startedAt = new Map<number, number>();
  let isStopping = false;
  let isCleanStop = true;

  const fork = (number: number) => {
    startedAt.set(number, Date.now());
    numbers.set(cluster.fork({ DOORSTEP_WORKER: String(number) }), number);
  };

  cluster.on('exit', (worker, code, signal) => {
    const number = numbers.get(worker) ?? 0;
    numbers.delete(worker);
    if (isStopping) {
      if (code !== 0) isCleanStop = false;
      if (numbers.size === 0) {
        logger.info({ clean: isCleanStop }, 'every worker has stopped');
        process.exit(isCleanStop ? 0 : 1);
      }
      return;
    }
    const livedMs = Date.now() - (startedAt.get(number) ?? 0);
    const delayMs = livedMs < QUICK_CRASH_MS ? RESTART_DELAY_MS : 0;
    logger.error({ worker: number, pid: worker.process.pid, code, signal, delayMs }, 'a worker died; starting another');
    setTimeout(() => {
      if (!isStopping) fork(number);
    }, delayMs);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (isStopping) return;
    isStopping = true;
    logger.info({ signal, workers: numbers.size }, 'shutting down: draining the workers');
    if (numbers.size === 0) process.exit(0);
    for (const worker of numbers.keys()) worker.process.kill('SIGTERM');
    // A worker stuck past its own grace period is killed, and the stop reported as unclean.
    setTimeout(() => {
      for (const worker of numbers.keys()) worker.process.kill('SIGKILL');
    }, SHUTDOWN_GRACE_MS + 10_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  logger.info({ workers: count, cores: availableParallelism() }, 'starting the worker processes');
  for (let number = 1; number <= count; number++) fork(number);
}
