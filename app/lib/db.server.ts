import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from '../../db/schema/index.ts';
import { getEnv } from './env.server.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

const migrationsFolder = path.resolve(import.meta.dirname, '../../db/migrations');

/**
 * PostgreSQL when a URL is given (scales out), otherwise embedded PGlite in a folder,
 * or in memory for `dataDir: 'memory://'` (tests). Both run the same committed migrations.
 */
export function openDatabase(options: { databaseUrl?: string; dataDir?: string } = {}): DatabaseHandle {
  if (options.databaseUrl) {
    // JIT compilation costs 5–10 ms per query and only pays off for long analytical queries, never for a web
    // request's millisecond lookups (docs/performance.md): off for the app's sessions.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, options: '-c jit=off' });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}

/**
 * The handle lives on globalThis: in production server/main.ts (run by tsx) and the built React Router bundle each
 * load their own copy of this module, and both must use the same database (two PGlite instances on one folder
 * would not see each other's writes and could corrupt it).
 */
const shared = globalThis as typeof globalThis & { __doorstepDatabaseHandle?: DatabaseHandle };

/** The app's one database handle, opened from the environment on first use. */
export function getDatabaseHandle(): DatabaseHandle {
  if (!shared.__doorstepDatabaseHandle) {
    const env = getEnv();
    shared.__doorstepDatabaseHandle = openDatabase(
      env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: path.resolve(env.PGLITE_DIR) },
    );
  }
  return shared.__doorstepDatabaseHandle;
}

export function getDb(): Database {
  return getDatabaseHandle().db;
}

/** Tests swap in their own database. */
export function setDatabaseHandle(next: DatabaseHandle | undefined): void {
  shared.__doorstepDatabaseHandle = next;
}

export { schema };

/** Drizzle's raw `execute` answers `{ rows }` on both drivers; read it in one place. */
export function rowsOf<T>(result: unknown): T[] {
  if (result && typeof result === 'object' && 'rows' in result) return (result as { rows: T[] }).rows;
  return result as T[];
}
