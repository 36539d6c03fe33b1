import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../app/lib/db.server.ts';
export { rowsOf } from '../../app/lib/db.server.ts';

export type TestDatabase = DatabaseHandle & { dispose: () => Promise<void> };

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new throw-away database on the
 * PostgreSQL server named by DATABASE_URL (the CI's second leg), dropped afterwards.
 *
 * PGlite starts from the migrated data folder the run's global set-up dumped once (tests/global-setup.ts): an
 * empty PGlite and the migrations took four times as long, once for every test file. `fromScratch` migrates an
 * empty database instead, for the tests of the migrations themselves.
 */
export async function createTestDatabase(options: { fromScratch?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const templatePath = inject('pgliteTemplate');
    if (options.fromScratch || !templatePath) {
      const handle = openDatabase({ dataDir: 'memory://' });
      await handle.migrate();
      return { ...handle, dispose: () => handle.close() };
    }
    const handle = openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([await readFile(templatePath)]) });
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
