/**
 * `npm run bench:workers`: uncached throughput of one worker process against two (server/cluster.ts) on PostgreSQL
 * (DATABASE_URL, a seeded database). For each, the production build serves BENCH_WORKER_SECONDS (default 15) of GETs from
 * BENCH_WORKER_CONCURRENCY (default 16) keep-alive connections over home, search and property pages; prints requests per
 * second, the ratio, and fails below 1.7 (docs/performance.md, "Worker processes"). The load generator runs on the
 * same machine: on a 2-core machine it takes CPU the second worker would use, so read the figures with the core
 * count printed beside them.
 */
import http from 'node:http';
import os from 'node:os';
import { freePort, percentile } from './bench-helpers.ts';
import { uncachedHeaders } from './bench-page-cache.ts';
import { get, propertyPaths, startBenchServer, stopBenchServer } from './bench-server.ts';
import { getEnv, getScriptEnv } from '../app/lib/env.server.ts';

if (!getEnv().DATABASE_URL) {
  console.error('bench:workers needs PostgreSQL: set DATABASE_URL to a seeded database');
  process.exit(2);
}
const seconds = getScriptEnv().BENCH_WORKER_SECONDS;
const concurrency = getScriptEnv().BENCH_WORKER_CONCURRENCY;
const RATIO_TARGET = 1.7;
// Every page rendered afresh (a session cookie bypasses the shared page cache): the target is about rendering, and
// cached answers cost too little to show what a second core adds.
const renderHeaders = uncachedHeaders();

async function throughput(workers: number) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // Every request waits its turn (no 503s for a long line): the bench counts pages served, not turn-aways.
  const server = await startBenchServer(port, { WEB_CONCURRENCY: String(workers), SERVER_QUEUE_TIMEOUT_MS: '30000' });
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    const properties = await propertyPaths(agent, base);
    const paths = ['/', '/search?channel=sales', '/search?channel=lettings&page=2', ...properties];
    const run = async (untilMs: number, times: number[] | null) => {
      let next = 0;
      const errors = new Map<number, number>();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (performance.now() < untilMs) {
            const path = paths[next++ % paths.length]!;
            const response = await get(agent, `${base}${path}`, renderHeaders);
            if (response.status !== 200) errors.set(response.status, (errors.get(response.status) ?? 0) + 1);
            times?.push(response.ms);
          }
        }),
      );
      return errors;
    };
    // Warm both workers (each compiles its own code and fills its own pool) before counting.
    await run(performance.now() + 3_000, null);
    const times: number[] = [];
    const started = performance.now();
    const errors = await run(started + seconds * 1000, times);
    const elapsed = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    return {
      workers,
      rps: times.length / elapsed,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      errors: [...errors.values()].reduce((sum, count) => sum + count, 0),
      statuses: [...errors].map(([status, count]) => `${count}× ${status}`).join(', '),
    };
  } finally {
    agent.destroy();
    await stopBenchServer(server);
  }
}

const one = await throughput(1);
const two = await throughput(2);
const ratio = two.rps / one.rps;
console.log(
  `Worker processes on PostgreSQL, ${concurrency} connections, ${seconds} s each, ${os.availableParallelism()} cores (load generator on the same machine), load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}`,
);
for (const result of [one, two]) {
  console.log(
    `  ${result.workers} worker${result.workers === 1 ? ' ' : 's'}: ${result.rps.toFixed(0)} requests/s, p50 ${result.p50.toFixed(0)} ms, p95 ${result.p95.toFixed(0)} ms, errors ${result.errors}${result.errors > 0 ? ` (${result.statuses})` : ''}`,
  );
}
console.log(`  ratio ${ratio.toFixed(2)}× (target ≥ ${RATIO_TARGET}×)`);
if (ratio < RATIO_TARGET || one.errors + two.errors > 0) {
  console.error(`FAIL: two workers give ${ratio.toFixed(2)}× one worker's throughput`);
  process.exit(1);
}
