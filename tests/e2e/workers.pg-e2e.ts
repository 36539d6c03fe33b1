/**
 * Worker processes on PostgreSQL (server/cluster.ts): the production bundle with WEB_CONCURRENCY=2 serves from both
 * workers, runs the jobs in one of them only, starts a worker again when one dies, and on SIGTERM finishes the
 * request in hand before every process exits 0.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../app/lib/db.server.ts';
import {
  createChaosDatabase,
  dropChaosDatabase,
  newVisitor,
  openChaosDatabase,
  type ChaosDatabase,
  type Visitor,
} from './chaos-helpers.ts';

const root = path.resolve(import.meta.dirname, '../..');
const serverEntry = path.resolve(root, process.env.BUILD_DIR ?? 'build', 'server/index.js');
const dataDir = path.resolve(root, process.env.E2E_DATA_DIR ?? 'data/e2e');

type LogLine = { pid: number; msg: string; worker?: number; runsJobs?: boolean };

let database: ChaosDatabase | undefined;
let server: ChildProcess | undefined;

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGKILL');
    await exited;
  }
  if (database) await dropChaosDatabase(database);
});

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A POST whose body arrives in two parts, `gapMs` apart: a request still in hand while the test acts. */
function slowPost(port: number, pathname: string, visitor: Visitor, body: string, gapMs: number, during: () => void) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const half = Math.floor(body.length / 2);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
          accept: 'application/json',
          cookie: visitor.cookie,
          'x-csrf-token': visitor.token,
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, half));
    // The headers are in the worker's hands once a part of the body has gone; then the test acts.
    setTimeout(() => {
      during();
      setTimeout(() => req.end(body.slice(half)), gapMs);
    }, 300);
  });
}

describe('WEB_CONCURRENCY=2 on PostgreSQL', () => {
  it('serves from both workers, runs the jobs once, restarts a dead worker and drains on SIGTERM', async () => {
    database = await createChaosDatabase('workers', 'postgres');
    const port = 30_000 + Math.floor(Math.random() * 20_000);
    const baseURL = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [serverEntry], {
      cwd: root,
      env: {
        ...process.env,
        ...database.serverEnv,
        NODE_ENV: 'production',
        WEB_CONCURRENCY: '2',
        WORKER_HEADER: 'true',
        PORT: String(port),
        PUBLIC_URL: `http://localhost:${port}`,
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        SEED_ON_EMPTY: 'false',
        ALERTS_INTERVAL_SECONDS: '1',
        SESSION_SECRET: 'workers-session-secret-workers-session-secret',
        STAFF_SECRET_KEY: 'a1b2'.repeat(16),
        COOKIE_SECURE: 'false',
        SMTP_URL: '',
        MAIL_DIR: path.join(dataDir, 'workers-mail'),
        MEDIA_DIR: path.join(dataDir, 'media'),
        IMAGE_CACHE_DIR: path.join(dataDir, 'image-cache'),
        UPLOAD_DIR: path.join(dataDir, 'uploads'),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    server = child;
    const logs: LogLine[] = [];
    let pending = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        try {
          logs.push(JSON.parse(line) as LogLine);
        } catch {
          // not a log line
        }
      }
    });
    const exitCode = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const servingPids = () =>
      new Set(logs.filter((line) => line.msg.startsWith('Doorstep is serving')).map((l) => l.pid));

    await until('two workers serving', () => (servingPids().size === 2 ? true : undefined));
    expect(servingPids().has(child.pid!)).toBe(false);

    // Connections are handed out in turn: fresh connections reach both workers.
    const workersSeen = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const response = await fetch(`${baseURL}/readyz`, { headers: { connection: 'close' } });
      expect(response.status).toBe(200);
      workersSeen.add(response.headers.get('x-doorstep-worker') ?? 'none');
    }
    expect([...workersSeen].sort()).toEqual(['1', '2']);

    // The jobs run in worker 1 alone, and they do run: the alert job (due every second) has been claimed.
    const starting = logs.filter((line) => line.msg === 'worker starting');
    expect(starting.map((line) => [line.worker, line.runsJobs]).sort()).toEqual([
      [1, true],
      [2, false],
    ]);
    const handle = openChaosDatabase(database);
    try {
      await until('the alert job to run', async () => {
        const rows = rowsOf<{ attempts: number }>(
          await handle.db.execute(sql`select attempts from jobs where kind = 'saved-search-alerts' and attempts > 0`),
        );
        return rows.length === 1 ? true : undefined;
      });
    } finally {
      await handle.close();
    }

    // A worker that dies is started again with its number.
    const second = starting.find((line) => line.worker === 2)!;
    process.kill(second.pid, 'SIGKILL');
    await until('worker 2 to be started again', () =>
      logs.some((line) => line.msg === 'worker starting' && line.worker === 2 && line.pid !== second.pid)
        ? true
        : undefined,
    );
    await until('three serving pids', () => (servingPids().size === 3 ? true : undefined));

    // SIGTERM while a request is in hand: the request is answered, then every process exits 0.
    const visitor = await newVisitor(baseURL);
    const answer = await slowPost(port, '/property_views', visitor, 'property_id=1&domain=localhost', 1_000, () =>
      child.kill('SIGTERM'),
    );
    expect(answer.status).toBe(204);
    expect(await exitCode).toBe(0);
    await expect(fetch(`${baseURL}/readyz`)).rejects.toThrow();
    expect(logs.some((line) => line.msg === 'every worker has stopped')).toBe(true);
  });
});
