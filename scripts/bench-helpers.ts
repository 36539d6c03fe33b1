/** What the benchmarks share: a free port to start a production server on, percentiles, and the database to fill. */
import { createServer } from 'node:net';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../app/lib/db.server.ts';
import { getEnv, getScriptEnv } from '../app/lib/env.server.ts';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The p-th percentile (nearest rank) of values already sorted ascending; 0 for none. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

/**
 * The database a benchmark fills: PGlite in memory by default, or a fresh database of that name on the PostgreSQL
 * server named by BENCH_DATABASE_URL (or DATABASE_URL), dropped and created again so every run starts empty.
 */
export async function openBenchDatabase(name: string): Promise<{ handle: DatabaseHandle; label: string }> {
  const serverUrl = getScriptEnv().BENCH_DATABASE_URL ?? getEnv().DATABASE_URL;
  if (!serverUrl) {
    const handle = openDatabase({ dataDir: 'memory://' });
    await handle.migrate();
    return { handle, label: 'PGlite (in memory)' };
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const version = (await admin.query('show server_version')).rows[0]?.server_version as string;
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ databaseUrl: url.toString() });
  await handle.migrate();
  return { handle, label: `PostgreSQL ${version}` };
}
