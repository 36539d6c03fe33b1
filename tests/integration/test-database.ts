import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../app/lib/db.server.ts';
export { rowsOf } from '../../app/lib/db.server.ts';

export type TestDatabase = DatabaseHandle & { dispose: () => Promise<void> };

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new throw-away database on the
 * PostgreSQL server named by DATABASE_URL (the CI's second leg), dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = openDatabase({ dataDir: 'memory://' });
    await handle.migrate();
    return { ...handle, dispose: () => handle.close() };
  }
  const name = `doorstep_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ databaseUrl: url.toString() });
  await handle.migrate();
  return {
    ...handle,
    dispose: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
