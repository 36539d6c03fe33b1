/**
 * The admission queue over real sockets: a client that pipelines many requests on one keep-alive connection does
 * not hold up other visitors, a crowd beyond the bound is answered 503 with Retry-After at once, and a client that
 * hangs up mid-request is logged as such, not as a server error.
 */
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createServerApp } from './app.ts';
import { AdmissionQueue } from './admission.ts';

type LogLine = { level: number; msg: string; status?: number; path?: string };

/** How long the fake page takes; it gives up when the client goes away, as React Router's handler does. */
const PAGE_MS = 40;

function startApp(admission: AdmissionQueue) {
  const lines: LogLine[] = [];
  /** The paths in the order their handling began. */
  const started: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as LogLine) });
  const app = createServerApp({
    getDb: () => {
      throw new Error('no database in this test');
    },
    logger,
    sessionSecret: 'test-secret-test-secret-test-secret-00',
    cookie: { secure: false, idleMinutes: 30, absoluteDays: 30 },
    isDevelopment: false,
    maxBodyBytes: 4096,
    tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    multipartPaths: [],
    admission,
    handleDocument: (request) =>
      new Promise<Response>((resolve, reject) => {
        started.push(new URL(request.url).pathname);
        const ms = request.url.includes('slow') ? 2_000 : PAGE_MS;
        const timer = setTimeout(() => resolve(new Response(`<p>${new URL(request.url).pathname}</p>`)), ms);
        request.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new Error('The operation was aborted'));
        });
      }),
  });
  const server = createServer(getRequestListener(app.fetch));
  return new Promise<{ server: Server; port: number; lines: LogLine[]; started: string[] }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as { port: number }).port, lines, started }),
    ),
  );
}

let running: Server | undefined;
afterEach(async () => {
  running?.closeAllConnections();
  await new Promise((resolve) => running?.close(resolve));
  running = undefined;
});

/** Sends `count` GETs back to back on one connection; resolves with the time each answer's end arrived. */
function pipeline(port: number, count: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const finished: number[] = [];
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      const answers = received.split('HTTP/1.1 ').length - 1;
      while (finished.length < answers) finished.push(performance.now());
      if (finished.length === count) {
        socket.destroy();
        resolve(finished);
      }
    });
    socket.on('error', reject);
    socket.write(
      Array.from({ length: count }, (_, index) => `GET /pipelined-${index} HTTP/1.1\r\nHost: localhost\r\n\r\n`).join(
        '',
      ),
    );
  });
}

describe('admission over HTTP', () => {
  it('serves other visitors between the requests of a client pipelining on one connection', async () => {
    const admission = new AdmissionQueue({
      maxActive: 1,
      maxWaitMs: 30_000,
      maxQueued: 100,
      maxQueuedPerConnection: 8,
    });
    const { server, port, started } = await startApp(admission);
    running = server;
    const greedy = pipeline(port, 8);
    // Once the pipelined requests are in line, three other visitors arrive.
    while (admission.queuedCount < 7) await new Promise((resolve) => setTimeout(resolve, 5));
    const visitors = Array.from({ length: 3 }, async (_, index) => {
      const response = await fetch(`http://127.0.0.1:${port}/visitor-${index}`);
      expect(response.status).toBe(200);
      await response.text();
    });
    await Promise.all([greedy, ...visitors]);
    // Round robin: each visitor is served after at most one more pipelined request, not after all seven.
    const lastVisitor = Math.max(...[0, 1, 2].map((index) => started.indexOf(`/visitor-${index}`)));
    expect(lastVisitor).toBeGreaterThan(0);
    expect(lastVisitor).toBeLessThan(started.indexOf('/pipelined-4'));
  });

  it('answers a crowd beyond its bound 503 with Retry-After at once, and serves the rest', async () => {
    const admission = new AdmissionQueue({ maxActive: 1, maxWaitMs: 150, maxQueued: 100, maxQueuedPerConnection: 8 });
    const { server, port } = await startApp(admission);
    running = server;
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const started = performance.now();
        const response = await fetch(`http://127.0.0.1:${port}/crowd-${index}`, {
          headers: { accept: 'application/json' },
        });
        const body = await response.text();
        return {
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          body,
          ms: performance.now() - started,
        };
      }),
    );
    const shed = answers.filter((answer) => answer.status === 503);
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);
    expect(shed.length).toBeGreaterThan(0);
    expect(shed.every((answer) => answer.retryAfter === '1')).toBe(true);
    expect(JSON.parse(shed[0]!.body)).toMatchObject({ status: 503 });
  });

  it('logs a client that hangs up mid-request as "client closed request", not as a server error', async () => {
    const admission = new AdmissionQueue({
      maxActive: 1,
      maxWaitMs: 10_000,
      maxQueued: 100,
      maxQueuedPerConnection: 8,
    });
    const { server, port, lines } = await startApp(admission);
    running = server;
    const sockets = [];
    for (const path of ['/slow-page', '/slow-page-queued']) {
      const socket = connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      sockets.push(socket);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The first is being handled, the second waits its turn: both visitors give up.
    for (const socket of sockets) socket.destroy();
    const deadline = Date.now() + 5_000;
    while (lines.filter((line) => line.msg === 'client closed request').length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const closed = lines.filter((line) => line.msg === 'client closed request');
    expect(closed.map((line) => line.path).sort()).toEqual(['/slow-page', '/slow-page-queued']);
    expect(closed.every((line) => line.level === 30 && line.status === 499)).toBe(true);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(admission.activeCount + admission.queuedCount).toBe(0);
  });
});
