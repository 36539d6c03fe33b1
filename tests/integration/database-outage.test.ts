import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { createServerApp } from '../../server/app.ts';
import { checkReadiness, isDatabaseReachable } from '../../server/readiness.ts';
import { openDatabase, rowsOf, type Database, type DatabaseHandle } from '../../app/lib/db.server.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/** A port nothing listens on: connecting to it is refused at once, like a PostgreSQL server that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function appOn(getDb: () => Database): Hono {
  return createServerApp({
    getDb,
    logger: pino({ level: 'silent' }),
    sessionSecret: 'test-secret-test-secret-test-secret-00',
    cookie: { secure: false, idleMinutes: 30, absoluteDays: 30 },
    isDevelopment: false,
    maxBodyBytes: 4096,
    tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    multipartPaths: [],
    isDatabaseReachable: () => isDatabaseReachable(getDb()),
    // A page whose loader reads the database, as every page's root loader does.
    handleDocument: async () => {
      await getDb().execute(sql`select 1`);
      return new Response('<p>home</p>', { headers: { 'content-type': 'text/html' } });
    },
  });
}

let database: TestDatabase;
let dead: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  dead = openDatabase({
    databaseUrl: `postgres://nobody:nothing@127.0.0.1:${await closedPort()}/none`,
    connectTimeoutMs: 1000,
    statementTimeoutMs: 1000,
  });
});

afterAll(async () => {
  await dead?.close();
  await database?.dispose();
});

describe('the database goes away', () => {
  it('answers pages 503 with Retry-After and JSON calls 503 with a JSON body', async () => {
    const app = appOn(() => dead.db);
    const page = await app.request('/', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe('30');
    expect(await page.text()).toContain('temporarily unavailable');
    const call = await app.request('/search.ljson', { headers: { accept: 'application/json' } });
    expect(call.status).toBe(503);
    expect(await call.json()).toMatchObject({ status: 503 });
  });

  it('keeps /healthz at 200 and answers /readyz 503 (database unavailable)', async () => {
    const app = appOn(() => dead.db);
    expect((await app.request('/healthz')).status).toBe(200);
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'database unavailable' });
    expect(await checkReadiness(dead.db)).toEqual({ ready: false, reason: 'database unavailable' });
  });

  it('reports migrations pending on a reachable database whose migrations have not run', async () => {
    const serverUrl = process.env.DATABASE_URL;
    const name = `doorstep_unmigrated_${process.pid}`;
    let empty: DatabaseHandle;
    if (serverUrl) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name}`);
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      empty = openDatabase({ databaseUrl: url.toString() });
    } else {
      empty = openDatabase({ dataDir: 'memory://' });
    }
    try {
      expect(await checkReadiness(empty.db)).toEqual({ ready: false, reason: 'migrations pending' });
      expect((await appOn(() => empty.db).request('/readyz')).status).toBe(503);
    } finally {
      await empty.close();
      if (serverUrl) {
        const admin = new pg.Client({ connectionString: serverUrl });
        await admin.connect();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    }
  });

  it('comes back: after its connections are cut, the next requests are served again', async () => {
    const app = appOn(() => database.db);
    expect((await app.request('/')).status).toBe(200);
    if (database.kind === 'postgres') {
      const [current] = rowsOf<{ name: string }>(await database.db.execute(sql`select current_database() as name`));
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [current!.name],
      );
      await admin.end();
    }
    // The pool drops the dead connections (its error listener keeps the process up) and opens new ones.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) statuses.push((await app.request('/')).status);
    expect(statuses.at(-1)).toBe(200);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    expect((await app.request('/readyz')).status).toBe(200);
  });
});
