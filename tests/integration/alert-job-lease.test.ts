import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_JOB_KIND, runAlertJobIfDue, STALE_LOCK_MS } from '../../app/features/alerts/alerts.server.ts';
import { EMAIL_LEASE_MS } from '../../app/features/email/outbox.server.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { jobs } from '../../db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

describe('alert job claimed by a crashed worker', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    setDatabaseHandle(database);
  });
  afterAll(async () => {
    setDatabaseHandle(undefined);
    await database.dispose();
  });

  it('is taken over within a minute of its last heartbeat, and not before', async () => {
    expect(STALE_LOCK_MS).toBeLessThanOrEqual(60_000);
    // The email lease, plus the worker's one-second poll, is inside a minute too.
    expect(EMAIL_LEASE_MS + 1000).toBeLessThanOrEqual(60_000);
    const now = new Date('2026-03-02T09:00:00Z');
    const lockedAt = (msAgo: number) => new Date(now.getTime() - msAgo).toISOString();
    await database.db.execute(sql`
      insert into ${jobs} (kind, payload, status, run_at, locked_at, attempts)
      values (${ALERT_JOB_KIND}, '{}'::jsonb, 'running', ${lockedAt(120_000)}::timestamptz,
        ${lockedAt(30_000)}::timestamptz, 1)`);
    // Its worker renewed the lock 30 s ago: still alive as far as anyone can tell.
    expect((await runAlertJobIfDue(database.db, { now, origin: 'https://agency.example' })).ran).toBe(false);
    await database.db.execute(sql`update ${jobs} set locked_at = ${lockedAt(STALE_LOCK_MS + 1000)}::timestamptz`);
    expect((await runAlertJobIfDue(database.db, { now, origin: 'https://agency.example' })).ran).toBe(true);
    const [job] = await database.db.select().from(jobs);
    expect(job).toMatchObject({ status: 'queued', attempts: 2, lockedAt: null });
  });

  it('keeps its regular schedule when an import forces an extra run', async () => {
    await database.db.delete(jobs);
    const now = new Date('2026-03-02T10:00:00Z');
    const dueAt = new Date(now.getTime() + 2_000);
    await database.db.execute(sql`
      insert into ${jobs} (kind, payload, status, run_at, attempts)
      values (${ALERT_JOB_KIND}, '{}'::jsonb, 'queued', ${dueAt.toISOString()}::timestamptz, 0)`);
    // The import's own process knows only the default interval (a minute); the job runner's is two seconds.
    expect((await runAlertJobIfDue(database.db, { now, origin: 'https://agency.example', force: true })).ran).toBe(
      true,
    );
    const [afterForced] = await database.db.select().from(jobs);
    expect(afterForced!.runAt.getTime()).toBe(dueAt.getTime());
    // A regular run schedules the next one by its interval, as before.
    const later = new Date(dueAt.getTime() + 1);
    expect(
      (await runAlertJobIfDue(database.db, { now: later, origin: 'https://agency.example', intervalMs: 2_000 })).ran,
    ).toBe(true);
    const [afterRegular] = await database.db.select().from(jobs);
    expect(afterRegular!.runAt.getTime()).toBe(later.getTime() + 2_000);
  });
});
