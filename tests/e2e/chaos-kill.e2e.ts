/**
 * Chaos: the server is killed (`kill -9`, no shutdown of any kind) in the middle of a burst of viewing requests,
 * then started again on the same data (the same PGlite folder; on the PostgreSQL pass, the same database). Every
 * request answered with success must be stored with both its emails queued, no lead may be half stored, and the
 * restarted server must take leads again.
 */
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

const WORKERS = 6;
let database: ChaosDatabase | undefined;
let server: ChaosServer | undefined;

afterAll(async () => {
  if (server) await stopChaosServer(server);
  if (database) await dropChaosDatabase(database);
});

describe('kill -9 of the server mid-burst', () => {
  it('keeps every lead answered with success, with its emails queued, and nothing half stored', async () => {
    database = await createChaosDatabase('kill', process.env.DATABASE_URL ? 'postgres' : 'pglite');
    let current = await startChaosServer(database);
    server = current;
    const visitor = await newVisitor(current.baseURL);

    let killedAt = 0;
    let restarted: () => void = () => {};
    const restartedPromise = new Promise<void>((resolve) => {
      restarted = resolve;
    });
    const burst = burstOfViewings(() => current.baseURL, visitor, 'kill', WORKERS, restartedPromise);
    // Let the burst get going, then kill the process outright while requests are in flight.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const exited = new Promise((resolve) => current.process.once('exit', resolve));
    current.process.kill('SIGKILL');
    await exited;
    killedAt = performance.now();
    // Same port, same data: the visitors' pages keep posting to the same address.
    current = await startChaosServer(database, current.port);
    server = current;
    // A little more of the burst against the restarted server.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    restarted();
    const submissions = await burst;
    expect(killedAt).toBeGreaterThan(0);

    // The restarted server takes leads again (the session, kept in the database, survived too).
    const after = await submitViewing(current.baseURL, visitor, 'chaos-kill-after@example.com');
    expect(after).toMatchObject({ outcome: 'accepted', status: 200 });
    submissions.push(after);
    await stopChaosServer(current);
    server = undefined;

    const handle = openChaosDatabase(database);
    try {
      const stored = await storedLeads(handle, 'kill');
      const accepted = submissions.filter((submission) => submission.outcome === 'accepted');
      expect(accepted.length).toBeGreaterThan(10);
      expect(submissions.some((submission) => submission.outcome === 'failed')).toBe(true);
      const storedButFailed = expectNothingLostOrHalfDone(submissions, stored);
      // A lead committed in the instant before the kill, whose answer never left the process: at most one per
      // request in flight. The visitor saw 'Request failed' and may send it again; it is not lost.
      expect(storedButFailed.length).toBeLessThanOrEqual(WORKERS);
      expect(stored.get('chaos-kill-after@example.com')).toMatchObject({ emails: 2 });
    } finally {
      await handle.close();
    }
  });
});
