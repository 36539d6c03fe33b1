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
import { logger } from './logger.server.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * From the working directory (the project root, like PGLITE_DIR and the other data folders): this module runs from
 * app/lib in tests and scripts but from inside the production bundle under BUILD_DIR when served.
 */
export const migrationsFolder = path.resolve('db/migrations');

/**
 * pool.end() resolves as soon as it has asked each connection to close, before the connections have closed. Waiting
 * for every client's 'remove' (emitted once its socket has ended) means that after close() no backend of ours is
 * left: a following `drop database ... with (force)` then finds none to terminate (a terminated backend answers
 * 57P01 to a client that is still closing).
 */
async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const allClosed =
    open === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          pool.on('remove', () => {
            open -= 1;
            if (open === 0) resolve();
          });
        });
  await pool.end();
  await allClosed;
}

/**
 * PostgreSQL when a URL is given (scales out), otherwise embedded PGlite in a folder,
 * or in memory for `dataDir: 'memory://'` (tests). Both run the same committed migrations.
 */
export type DatabaseTimeouts = {
  /** How long to wait for a new PostgreSQL connection before the query fails (DATABASE_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /** The longest one statement may run, on the server and as a client-side guard (DATABASE_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number;
};

export function openDatabase(
  options: {
    databaseUrl?: string;
    dataDir?: string;
    /** For PGlite: start from this dump of a data folder (PGlite's dumpDataDir) instead of an empty database. */
    loadDataDir?: Blob;
  } & DatabaseTimeouts = {},
): DatabaseHandle {
  if (options.databaseUrl) {
    const statementTimeoutMs = options.statementTimeoutMs ?? 30_000;
    // JIT compilation costs 5–10 ms per query and only pays off for long analytical queries, never for a web
    // request's millisecond lookups (docs/performance.md): off for the app's sessions. The timeouts keep a request
    // from hanging while the database is unreachable: it fails, and the server answers 503 (server/app.ts).
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      options: '-c jit=off',
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
      statement_timeout: statementTimeoutMs,
      // The client-side guard fires a little later than the server's, for a server that no longer answers at all.
      query_timeout: statementTimeoutMs + 5_000,
      idle_in_transaction_session_timeout: statementTimeoutMs * 2,
    });
    // An idle client whose backend goes away (a restart, pg_terminate_backend, a failover) emits 'error' on the
    // pool; unheard, that event would end the process. The pool drops the dead client and the next query reconnects.
    pool.on('error', (error) => {
      logger.error({ err: error }, 'an idle PostgreSQL connection failed; the pool will open a new one');
    });
    // The pool listens only to idle clients. A checked-out client whose backend goes away between two queries (a
    // transaction awaiting its own work) emits 'error' with nobody listening, which would end the process too; the
    // query in hand fails on its own and the pool discards the client when it is released.
    pool.on('connect', (client) => {
      client.on('error', (error) => {
        logger.warn({ err: error }, 'a PostgreSQL connection in use failed; its request fails and it is replaced');
      });
    });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => endPool(pool),
    };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}

/**
 * The app's one database handle, opened from the environment on first use. A module variable is enough: the server
 * and the app are one module graph (one bundle in production, Vite's loader in development), so this module is
 * loaded once per process.
 */
let handle: DatabaseHandle | undefined;

export function getDatabaseHandle(): DatabaseHandle {
  if (!handle) {
    const env = getEnv();
    handle = openDatabase(
      env.DATABASE_URL
        ? {
            databaseUrl: env.DATABASE_URL,
            connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
            statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
          }
        : { dataDir: path.resolve(env.PGLITE_DIR) },
    );
  }
  return handle;
}

export function getDb(): Database {
  return getDatabaseHandle().db;
}

/** Tests swap in their own database. */
export function setDatabaseHandle(next: DatabaseHandle | undefined): void {
  handle = next;
}

/** Drizzle's raw `execute` answers `{ rows }` on both drivers; read it in one place. */
export function rowsOf<T>(result: unknown): T[] {
  if (result && typeof result === 'object' && 'rows' in result) return (result as { rows: T[] }).rows;
  return result as T[];
}
