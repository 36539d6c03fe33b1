/**
 * Chaos on the PostgreSQL pass: the database goes away in the middle of a burst of viewing requests and comes back.
 * Restarting the cluster would break every other journey running against it (and needs root), so the test does
 * what a restart does to this app's own database: it refuses new connections (ALLOW_CONNECTIONS false, as while
 * the server is down) and terminates every backend of the app (pg_terminate_backend, as a restart or failover
 * does), holds that for a while, then lets connections in again (docs/operations.md). Every submission must
 * either be answered with success and be stored with both emails queued, or be answered with a failure and not
 * be stored; the process must stay up and take leads again without a restart.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  burstOfViewings,
  createChaosDatabase,
  dropChaosDatabase,
  expectNothingLostOrHalfDone,
  newVisitor,
  openChaosDatabase,
  startChaosServer,
  stopChaosServer,
  storedLeads,
  submitViewing,
  type ChaosDatabase,
  type ChaosServer,
} from './chaos-helpers.ts';

let database: ChaosDatabase | undefined;
let server: ChaosServer | undefined;
let admin: pg.Client | undefined;

afterAll(async () => {
  if (admin && database?.kind === 'postgres') {
    await admin.query(`alter database ${database.name} with allow_connections true`).catch(() => {});
    await admin.end();
  }
  if (server) await stopChaosServer(server);
  if (database) await dropChaosDatabase(database);
});

/** The app's backends are cut off and no new connection is accepted until `back` is called. */
async function takeDatabaseAway(client: pg.Client, name: string): Promise<() => Promise<void>> {
  await client.query(`alter database ${name} with allow_connections false`);
  await client.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [name],
  );
  return async () => {
    await client.query(`alter database ${name} with allow_connections true`);
  };
}

describe('PostgreSQL goes away mid-burst', () => {
  it('answers every lead either with success (stored, emails queued) or with a failure (not stored)', async () => {
    database = await createChaosDatabase('pg', 'postgres');
    if (database.kind !== 'postgres') throw new Error('expected a PostgreSQL database');
    const name = database.name;
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const current = await startChaosServer(database);
    server = current;
    const visitor = await newVisitor(current.baseURL);

    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const burst = burstOfViewings(() => current.baseURL, visitor, 'pg', 6, finished);
    const readiness: number[] = [];
    for (let outage = 0; outage < 2; outage += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const back = await takeDatabaseAway(admin, name);
      await new Promise((resolve) => setTimeout(resolve, 300));
      readiness.push((await fetch(`${current.baseURL}/readyz`)).status);
      expect((await fetch(`${current.baseURL}/healthz`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await back();
    }
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    finish();
    const submissions = await burst;

    // The process lived through it, said it was not ready while the database was away, and serves again.
    expect(current.process.exitCode).toBeNull();
    expect(readiness).toEqual([503, 503]);
    expect((await fetch(`${current.baseURL}/readyz`)).status).toBe(200);
    const after = await submitViewing(current.baseURL, visitor, 'chaos-pg-after@example.com');
    expect(after).toMatchObject({ outcome: 'accepted', status: 200 });
    submissions.push(after);

    const failedStatuses = new Set(
      submissions.filter((submission) => submission.outcome === 'failed').map((submission) => submission.status),
    );
    // Refused while away: 503 with the JSON body the page's script reads as a failure, never a false success and
    // never a hang or a cut connection — nor a 500 for a request whose connection failed just as the database
    // came back (its own error says the connection was lost, whatever a later probe finds).
    expect(failedStatuses.has(503)).toBe(true);
    expect([...failedStatuses].filter((status) => status !== 503)).toEqual([]);

    const handle = openChaosDatabase(database);
    try {
      const stored = await storedLeads(handle, 'pg');
      expect(submissions.filter((submission) => submission.outcome === 'accepted').length).toBeGreaterThan(10);
      // The server stayed up, so no answer was lost on the way: a failure means nothing was kept.
      expect(expectNothingLostOrHalfDone(submissions, stored)).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
