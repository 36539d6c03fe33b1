/**
 * `npm run bench:load`: the site under a crowd. Starts the production build on embedded PGlite (its own folder,
 * seeded on first use) and, when DATABASE_URL is set, on that PostgreSQL database (seeded when empty), and keeps
 * CONNECTIONS keep-alive connections busy for DURATION seconds with a mix of page views (home, search, property
 * pages) and lead submissions (a viewing request with a solved bot check, as the page's script sends it). Prints
 * p50/p95/p99 and the longest wait, errors and 503s per engine, and exits non-zero when a budget is missed:
 *   - PGlite: no request waits more than 2 s (an answer, 503 included, within 2 s);
 *   - PostgreSQL: p99 under 1 s;
 *   - both: no errors (no 5xx other than 503, no reset or timed-out connection).
 *
 * Each connection behaves like a visitor who is told to come back later: after a 503 it waits Retry-After seconds.
 *
 * Flags: --duration <s> (60), --connections <n> (200), --writes <share of requests that are leads> (0.1),
 * --engines pglite,postgres (both when DATABASE_URL is set). BUILD_DIR picks the build (default build).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { freePort, percentile } from './bench-helpers.ts';
import { childProcessEnv, getEnv, getScriptEnv } from '../app/lib/env.server.ts';

const root = path.resolve(import.meta.dirname, '..');
const { BUILD_DIR: buildDir, BENCH_SERVER_LOG } = getScriptEnv();
const env = getEnv();
const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '200' },
    writes: { type: 'string', default: '0.1' },
    engines: { type: 'string' },
  },
});
const durationSeconds = Number(flags.duration);
const connections = Number(flags.connections);
const writeShare = Number(flags.writes);
const engines = (flags.engines ?? (env.DATABASE_URL ? 'pglite,postgres' : 'pglite'))
  .split(',')
  .map((engine) => engine.trim()) as ('pglite' | 'postgres')[];

const PGLITE_MAX_WAIT_MS = 2_000;
const POSTGRES_P99_MS = 1_000;
/** A request still unanswered after this long is counted as an error (a visitor has given up long before). */
const CLIENT_TIMEOUT_MS = 30_000;

type Answer = { status: number; ms: number; body: string; headers: http.IncomingHttpHeaders };

type SendOptions = { method?: string; headers?: Record<string, string>; body?: string };

/**
 * One request. A keep-alive connection the server closed as idle just as the request went out fails at once with
 * ECONNRESET; like browsers, the request is sent again once on a new connection (Node's documented
 * `reusedSocket` check), the time counted from the first attempt.
 */
function send(agent: http.Agent, url: string, options: SendOptions = {}): Promise<Answer> {
  const started = performance.now();
  return sendOnce(agent, url, options, started).catch((error: NodeJS.ErrnoException & { isReused?: boolean }) => {
    if (error.isReused && error.code === 'ECONNRESET') return sendOnce(agent, url, options, started);
    throw error;
  });
}

function sendOnce(agent: http.Agent, url: string, options: SendOptions, started: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { agent, method: options.method ?? 'GET', headers: options.headers, timeout: CLIENT_TIMEOUT_MS },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            ms: performance.now() - started,
            body: Buffer.concat(chunks).toString('utf8'),
            headers: response.headers,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${CLIENT_TIMEOUT_MS} ms`)));
    request.on('error', (error: NodeJS.ErrnoException & { isReused?: boolean }) => {
      error.isReused = request.reusedSocket;
      reject(error);
    });
    request.end(options.body);
  });
}

async function startServer(engine: 'pglite' | 'postgres', port: number): Promise<ChildProcess> {
  const dataDir = path.join(root, 'data', 'bench-load');
  mkdirSync(dataDir, { recursive: true });
  const server = spawn(process.execPath, [path.join(root, buildDir, 'server/index.js')], {
    cwd: root,
    env: childProcessEnv({
      ...(engine === 'pglite'
        ? { DATABASE_URL: '', PGLITE_DIR: path.join(dataDir, 'pglite') }
        : { DATABASE_URL: env.DATABASE_URL }),
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      HOST: '127.0.0.1',
      SEED_ON_EMPTY: 'true',
      COOKIE_SECURE: 'false',
      SESSION_SECRET: env.SESSION_SECRET ?? 'bench-load-session-secret-bench-load-secret',
      STAFF_SECRET_KEY: env.STAFF_SECRET_KEY ?? 'b10a'.repeat(16),
      // Emails go to the production file sink, as on a site without SMTP; the job runner works as in production.
      SMTP_URL: '',
      MAIL_DIR: path.join(dataDir, 'mail'),
      // A crowd from one address would hit the per-IP limits: this measures load, not rate limiting.
      RATE_LIMIT_LEADS: '1000000/60',
      RATE_LIMIT_LEAD_CONFIRMATIONS: '1000000/60',
      // Request logs go to /dev/null: the server still formats them, as in production.
      LOG_LEVEL: env.LOG_LEVEL,
    }),
    stdio: ['ignore', BENCH_SERVER_LOG ? 'pipe' : 'ignore', 'inherit'],
  });
  // BENCH_SERVER_LOG=<file> keeps the server's request log, to see its own timings.
  if (BENCH_SERVER_LOG) server.stdout?.pipe(createWriteStream(BENCH_SERVER_LOG));
  const probe = new http.Agent();
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the ${engine} server exited (code ${server.exitCode})`);
    try {
      if ((await send(probe, `http://127.0.0.1:${port}/readyz`)).status === 200) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start within 10 minutes (seeding?)');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (server.exitCode === null) server.kill('SIGKILL');
}

type Listing = { property_id: number; property_url: string };

async function listings(agent: http.Agent, base: string): Promise<Listing[]> {
  const found: Listing[] = [];
  for (let page = 1; page <= 5; page += 1) {
    const answer = await send(agent, `${base}/search.ljson?channel=sales&page=${page}`);
    if (answer.status !== 200) throw new Error(`/search.ljson answered ${answer.status}`);
    found.push(...(JSON.parse(answer.body) as { properties: Listing[] }).properties);
  }
  if (found.length === 0) throw new Error('no sales listings in the database');
  return found;
}

/** Solved bot checks, made before the measured minute so the bench's own hashing does not take the server's CPU. */
async function solvedBotChecks(agent: http.Agent, base: string, count: number): Promise<string[]> {
  const proofs: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const challenge = JSON.parse((await send(agent, `${base}/altcha/challenge`)).body) as Parameters<
      typeof solveChallenge
    >[0]['challenge'];
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error('ALTCHA challenge not solved');
    proofs.push(Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'));
  }
  return proofs;
}

/** One visitor on one keep-alive connection of its own, as a browser tab (and autocannon's connections) would. */
type Visitor = { cookie: string; token: string; agent: http.Agent };

async function newVisitor(base: string): Promise<Visitor> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const home = await send(agent, `${base}/terms-of-use`);
  const token = /<meta name="csrf-token" content="([^"]+)"/.exec(home.body)?.[1];
  const setCookie = home.headers['set-cookie']?.[0];
  if (!token || !setCookie) throw new Error(`no session from /terms-of-use (status ${home.status})`);
  return { cookie: setCookie.split(';')[0] ?? '', token, agent };
}

const SEARCHES = [
  '/search?channel=sales',
  '/search?channel=lettings',
  '/search?channel=sales&min_price=200000&max_price=600000',
  '/search?channel=sales&bedrooms=3&sort=price-desc',
  '/search?channel=lettings&page=2',
  '/search?channel=sales&view=map',
];

type Kind = 'home' | 'search' | 'property' | 'lead';
type Sample = { kind: Kind; status: number; ms: number; error?: string };
/** The first unexpected answer's body, to say why. */
let firstUnexpectedBody = '';

async function runMix(engine: 'pglite' | 'postgres') {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(engine, port);
  const agent = new http.Agent({ keepAlive: true });
  const visitors: Visitor[] = [];
  try {
    const found = await listings(agent, base);
    // Enough proofs for the expected leads; a connection that runs out sends a page view instead.
    const proofs = await solvedBotChecks(agent, base, Math.ceil(durationSeconds * 150 * writeShare));
    for (let index = 0; index < connections; index += 1) visitors.push(await newVisitor(base));
    // Warm-up: every page type once, so the first measured requests do not pay for lazy start-up work.
    for (const url of ['/', SEARCHES[0]!, found[0]!.property_url]) await send(agent, `${base}${url}`);

    const samples: Sample[] = [];
    let sequence = 0;
    const deadline = performance.now() + durationSeconds * 1000;
    const started = performance.now();
    await Promise.all(
      visitors.map(async (visitor) => {
        while (performance.now() < deadline) {
          const turn = sequence++;
          const listing = found[turn % found.length]!;
          const roll = Math.random();
          const proof = roll < writeShare ? proofs.pop() : undefined;
          let kind: Kind;
          let request: Promise<Answer>;
          const headers = { cookie: visitor.cookie, 'accept-encoding': 'gzip' };
          if (proof) {
            kind = 'lead';
            const body = new URLSearchParams({
              'lead_client[first_name]': 'Bench',
              'lead_client[last_name]': 'Visitor',
              'lead_client[tel_home]': '01225 123456',
              'lead_client[email]': `bench-${turn}@example.com`,
              'lead_client[house_number]': '4',
              'lead_client[street_address]': 'Mill Lane',
              'lead_client[town]': 'Bath',
              'lead_client[postcode]': 'BA1 2AB',
              'lead[message]': 'Could I see it on Saturday morning?',
              'lead[lead_type]': 'email_portal_lead',
              'marketing_preferences[opt_in_terms]': 'on',
              altcha: proof,
            }).toString();
            request = send(visitor.agent, `${base}/properties/${listing.property_id}/sales/leads`, {
              method: 'POST',
              headers: {
                ...headers,
                accept: 'application/json',
                'content-type': 'application/x-www-form-urlencoded',
                'x-csrf-token': visitor.token,
              },
              body,
            });
          } else {
            const third = turn % 3;
            kind = third === 0 ? 'home' : third === 1 ? 'search' : 'property';
            const url =
              kind === 'home' ? '/' : kind === 'search' ? SEARCHES[turn % SEARCHES.length]! : listing.property_url;
            request = send(visitor.agent, `${base}${url}`, { headers });
          }
          const sent = performance.now();
          try {
            const answer = await request;
            samples.push({ kind, status: answer.status, ms: answer.ms });
            if (answer.status >= 300 && answer.status < 500 && !firstUnexpectedBody) {
              firstUnexpectedBody = answer.body.slice(0, 300);
            }
            if (answer.status === 503) {
              const retryAfter = Number(answer.headers['retry-after'] ?? 1);
              await new Promise((resolve) => setTimeout(resolve, Math.min(retryAfter, 30) * 1000));
            }
          } catch (error) {
            samples.push({ kind, status: 0, ms: performance.now() - sent, error: (error as Error).message });
          }
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    return { engine, samples, elapsed };
  } finally {
    agent.destroy();
    for (const visitor of visitors) visitor.agent.destroy();
    await stopServer(server);
  }
}

function report({ engine, samples, elapsed }: Awaited<ReturnType<typeof runMix>>) {
  const times = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const answered = samples.filter((sample) => sample.status !== 503 && sample.status !== 0);
  const served = answered.map((sample) => sample.ms).sort((a, b) => a - b);
  const shed = samples.filter((sample) => sample.status === 503).length;
  const errors = samples.filter((sample) => sample.status === 0 || (sample.status >= 500 && sample.status !== 503));
  const unexpected = samples.filter((sample) => sample.status >= 300 && sample.status < 500);
  const longest = times.at(-1) ?? 0;
  const p99 = percentile(times, 99);
  const line = (label: string, list: number[]) =>
    `${label.padEnd(10)} p50 ${percentile(list, 50).toFixed(1)} ms, p95 ${percentile(list, 95).toFixed(1)} ms, ` +
    `p99 ${percentile(list, 99).toFixed(1)} ms, max ${(list.at(-1) ?? 0).toFixed(1)} ms (${list.length})`;
  console.log(`\n== ${engine}: ${connections} connections, ${elapsed.toFixed(1)} s, ${writeShare * 100}% leads`);
  console.log(`requests   ${samples.length} (${(samples.length / elapsed).toFixed(1)}/s), ${answered.length} served`);
  console.log(line('all', times));
  for (const kind of ['home', 'search', 'property', 'lead'] as const) {
    console.log(
      line(
        kind,
        samples
          .filter((sample) => sample.kind === kind)
          .map((sample) => sample.ms)
          .sort((a, b) => a - b),
      ),
    );
  }
  console.log(line('served', served));
  console.log(`503s       ${shed} (${((shed / Math.max(1, samples.length)) * 100).toFixed(1)}%)`);
  console.log(`errors     ${errors.length}${errors[0] ? ` (first: ${errors[0].error ?? errors[0].status})` : ''}`);
  if (unexpected.length > 0) {
    const statuses = [...new Set(unexpected.map((sample) => `${sample.kind} ${sample.status}`))].join(', ');
    console.log(`other      ${unexpected.length} answers 3xx/4xx: ${statuses}; first: ${firstUnexpectedBody}`);
  }
  const failures: string[] = [];
  if (errors.length > 0) failures.push(`${errors.length} errors`);
  if (unexpected.length > 0) failures.push(`${unexpected.length} unexpected 3xx/4xx answers`);
  if (engine === 'pglite' && longest > PGLITE_MAX_WAIT_MS) {
    failures.push(`longest wait ${longest.toFixed(0)} ms > ${PGLITE_MAX_WAIT_MS} ms`);
  }
  if (engine === 'postgres' && p99 > POSTGRES_P99_MS) failures.push(`p99 ${p99.toFixed(0)} ms > ${POSTGRES_P99_MS} ms`);
  console.log(failures.length > 0 ? `BUDGET MISSED: ${failures.join('; ')}` : 'budget met');
  return failures.length === 0;
}

if (!existsSync(path.join(root, buildDir, 'server/index.js'))) {
  console.error(`No production build in ${buildDir}: run \`npm run build\` first.`);
  process.exit(1);
}
console.log(
  `bench:load on ${os.cpus().length} cores (load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}), Node ${process.version}, ${new Date().toISOString()}`,
);
let isWithinBudget = true;
for (const engine of engines) {
  if (engine === 'postgres' && !env.DATABASE_URL) throw new Error('--engines postgres needs DATABASE_URL');
  isWithinBudget = report(await runMix(engine)) && isWithinBudget;
}
process.exit(isWithinBudget ? 0 : 1);
