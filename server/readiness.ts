import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { migrationsFolder, rowsOf, type Database } from '../app/lib/db.server.ts';

/** A probe must answer quickly: a load balancer's check, or the decision to answer 503, waits for it. */
const PROBE_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export async function isDatabaseReachable(db: Database): Promise<boolean> {
  try {
    await withTimeout(db.execute('select 1'), PROBE_TIMEOUT_MS);
    return true;
  } catch {
    return false;
  }
}

/** The newest committed migration's timestamp, from Drizzle's journal (read once). */
let newestMigration: Promise<number> | undefined;
function newestCommittedMigration(): Promise<number> {
  newestMigration ??= readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8').then((text) => {
    const journal = JSON.parse(text) as { entries: { when: number }[] };
    return Math.max(0, ...journal.entries.map((entry) => entry.when));
  });
  return newestMigration;
}

export type Readiness = { ready: true } | { ready: false; reason: 'database unavailable' | 'migrations pending' };

/**
 * Ready to take traffic: the database answers and every committed migration has been applied (Drizzle records each
 * applied migration's journal timestamp in drizzle.__drizzle_migrations).
 */
export async function checkReadiness(db: Database): Promise<Readiness> {
  let applied: number;
  try {
    const result = await withTimeout(
      db.execute('select coalesce(max(created_at), 0)::text as newest from drizzle.__drizzle_migrations'),
      PROBE_TIMEOUT_MS,
    );
    applied = Number(rowsOf<{ newest: string }>(result)[0]?.newest ?? 0);
  } catch {
    // A missing table means no migration has run; anything else here means the database is not answering.
    if (!(await isDatabaseReachable(db))) return { ready: false, reason: 'database unavailable' };
    return { ready: false, reason: 'migrations pending' };
  }
  return applied >= (await newestCommittedMigration())
    ? { ready: true }
    : { ready: false, reason: 'migrations pending' };
}
