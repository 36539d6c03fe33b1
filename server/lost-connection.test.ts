/**
 * A request whose database connection fails just as PostgreSQL comes back: its query fails on a refused or cut
 * connection, but by the time the server asks whether the database is reachable it answers again. That request
 * was answered 500 (seen in the PostgreSQL chaos drill); it is the outage's doing and must be the 503.
 *
 * A scripted PostgreSQL stand-in makes each failure happen on cue, through the real driver (node-postgres) and
 * Drizzle: it completes the handshake and answers a given number of statements, then fails the next one the way
 * a server restart or pg_terminate_backend does.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../app/lib/db.server.ts';
import { isDatabaseUnavailableError } from '../app/lib/db-errors.server.ts';
import type { RequestContext } from '../app/lib/context.ts';
import { handleError } from '../app/entry.server.tsx';
import { createServerApp } from './app.ts';

type Failure =
  { kind: 'fatal'; code: string; message: string; atStartup?: boolean } | { kind: 'reset'; atStartup?: boolean };

function message(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

const fatal = (code: string, text: string) =>
  message('E', Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${text}\0\0`, 'utf8'));
const readyForQuery = (status: 'I' | 'T') => message('Z', Buffer.from(status, 'latin1'));
const authenticationOk = () => message('R', Buffer.from([0, 0, 0, 0]));
const commandComplete = (tag: string) => message('C', Buffer.from(`${tag}\0`, 'utf8'));

/**
 * Speaks just enough of the PostgreSQL protocol: the start-up handshake, then `okStatements` statements (simple
 * `Q` or extended ending in `S`ync) each answered as completed without rows, then `failure`.
 */
async function scriptedPostgres(okStatements: number, failure: Failure): Promise<{ url: string; server: Server }> {
  const server = createServer((socket: Socket) => {
    let buffer = Buffer.alloc(0);
    let isStarted = false;
    let answered = 0;
    const fail = () => {
      if (failure.kind === 'reset') socket.resetAndDestroy();
      else socket.end(fatal(failure.code, failure.message));
    };
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!isStarted) {
          if (buffer.length < 4) return;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) return;
          buffer = buffer.subarray(length);
          isStarted = true;
          if (failure.atStartup) return fail();
          socket.write(Buffer.concat([authenticationOk(), readyForQuery('I')]));
          continue;
        }
        if (buffer.length < 5) return;
        const type = String.fromCharCode(buffer[0]!);
        const length = buffer.readInt32BE(1);
        if (buffer.length < length + 1) return;
        buffer = buffer.subarray(length + 1);
        if (type === 'X') return;
        if (type !== 'Q' && type !== 'S') continue;
        if (answered >= okStatements) return fail();
        answered += 1;
        const extended =
          type === 'S'
            ? Buffer.concat([message('1', Buffer.alloc(0)), message('2', Buffer.alloc(0))])
            : Buffer.alloc(0);
        socket.write(
          Buffer.concat([extended, message('n', Buffer.alloc(0)), commandComplete('SELECT 0'), readyForQuery('T')]),
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `postgres://doorstep:doorstep@127.0.0.1:${port}/doorstep`, server };
}

const opened: { handle: DatabaseHandle; server: Server }[] = [];

afterEach(async () => {
  for (const { handle, server } of opened.splice(0)) {
    await handle.close().catch(() => {});
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

async function databaseThatFails(okStatements: number, failure: Failure): Promise<DatabaseHandle> {
  const { url, server } = await scriptedPostgres(okStatements, failure);
  const handle = openDatabase({ databaseUrl: url, connectTimeoutMs: 2_000, statementTimeoutMs: 2_000 });
  opened.push({ handle, server });
  return handle;
}

/**
 * The server with a page whose loader reads the database, handled as React Router handles a loader's error: the
 * app's handleError (app/entry.server.tsx) is told, and the page answers 500. The probe finds the database
 * reachable: it came back before the request's failure was judged.
 */
function appReading(handle: DatabaseHandle, loader: (handle: DatabaseHandle) => Promise<unknown>) {
  return createServerApp({
    getDb: () => handle.db,
    logger: pino({ level: 'silent' }),
    sessionSecret: 'test-secret-test-secret-test-secret-00',
    cookie: { secure: false, idleMinutes: 30, absoluteDays: 30 },
    isDevelopment: false,
    maxBodyBytes: 4096,
    tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    multipartPaths: [],
    isDatabaseReachable: () => Promise.resolve(true),
    handleDocument: async (request: Request, context: RequestContext) => {
      try {
        await loader(handle);
        return new Response('<p>page</p>', { headers: { 'content-type': 'text/html' } });
      } catch (error) {
        handleError(error, { request, params: {}, context: context as never });
        return new Response('<p>error</p>', { status: 500, headers: { 'content-type': 'text/html' } });
      }
    },
  });
}

const selectOne = (handle: DatabaseHandle) => handle.db.execute(sql`select 1`);

/** Two statements of one transaction: the connection is cut between them, the transaction left half-open. */
const twoStatementTransaction = (handle: DatabaseHandle) =>
  handle.db.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
    await tx.execute(sql`select 2`);
  });

describe('a request whose database connection fails just as the database comes back', () => {
  const cases: [string, number, Failure, (handle: DatabaseHandle) => Promise<unknown>][] = [
    [
      'its backend terminated mid-query (57P01, as pg_terminate_backend or a restart)',
      0,
      { kind: 'fatal', code: '57P01', message: 'terminating connection due to administrator command' },
      selectOne,
    ],
    [
      'its new connection refused while the server starts up (57P03)',
      0,
      { kind: 'fatal', code: '57P03', message: 'the database system is starting up', atStartup: true },
      selectOne,
    ],
    [
      'its new connection refused while the database is closed to connections (55000)',
      0,
      {
        kind: 'fatal',
        code: '55000',
        message: 'database "doorstep" is not currently accepting connections',
        atStartup: true,
      },
      selectOne,
    ],
    ['its connection reset by the network mid-query (ECONNRESET)', 0, { kind: 'reset' }, selectOne],
    [
      'its transaction cut between two statements (half-open)',
      2,
      { kind: 'fatal', code: '57P01', message: 'terminating connection due to administrator command' },
      twoStatementTransaction,
    ],
  ];

  it.each(cases)('answers 503 with Retry-After, not 500: %s', async (_name, okStatements, failure, loader) => {
    const handle = await databaseThatFails(okStatements, failure);
    const answer = await appReading(handle, loader).request('/', { headers: { accept: 'text/html' } });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('30');
  });

  it('still answers 500 for a failure of the app while the database answers', async () => {
    const handle = await databaseThatFails(0, { kind: 'reset' });
    const broken = appReading(handle, () => Promise.reject(new Error('a bug in a loader')));
    expect((await broken.request('/')).status).toBe(500);
  });
});

describe('isDatabaseUnavailableError', () => {
  it('sees a lost connection through the wrappers around it, and nothing else', () => {
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    expect(isDatabaseUnavailableError(new Error('Failed query: select 1', { cause: terminated }))).toBe(true);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailableError(new AggregateError([refused]))).toBe(true);
    expect(isDatabaseUnavailableError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailableError(Object.assign(new Error('server closed'), { code: '08006' }))).toBe(true);
    const duplicate = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    expect(isDatabaseUnavailableError(new Error('Failed query', { cause: duplicate }))).toBe(false);
    expect(isDatabaseUnavailableError(Object.assign(new Error('timeout'), { code: '57014' }))).toBe(false);
    expect(isDatabaseUnavailableError('Connection terminated')).toBe(false);
    expect(isDatabaseUnavailableError(null)).toBe(false);
  });
});
