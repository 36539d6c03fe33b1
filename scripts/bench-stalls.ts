/**
 * `npm run bench:stalls`: one connection, requests one after another (BENCH_SEQUENTIAL per page kind, default 1000)
 * on the home page, search and property pages, twice: as anonymous visitors (the shared page cache answers what it
 * holds) and with a session cookie (every page rendered), against the production build on the database of the environment
 * (PGLITE_DIR, or DATABASE_URL with WEB_CONCURRENCY=1). Prints p50/p95/p99/max per kind and a timeline of the
 * answers slower than 100 ms, so a burst (a garbage collection, a database checkpoint) shows as a run of outliers
 * close together. Fails when a kind's p99 is above 30 ms (docs/performance.md, "Sequential requests").
 *
 * The server runs with scripts/stall-probe.mjs, which reports its collections and event-loop holds; each outlier is
 * printed with what the probe saw during it. BENCH_TRACE_GC=true adds --trace-gc (output on this terminal);
 * BENCH_NODE_OPTIONS adds node flags (e.g. heap settings) to compare.
 */
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort, percentile } from './bench-helpers.ts';
import { uncachedHeaders } from './bench-page-cache.ts';
import { get, propertyPaths, startBenchServer, stopBenchServer } from './bench-server.ts';
import { getScriptEnv } from '../app/lib/env.server.ts';

const scriptEnv = getScriptEnv();
const perKind = scriptEnv.BENCH_SEQUENTIAL;
const traceGc = scriptEnv.BENCH_TRACE_GC === 'true';
const P99_BUDGET_MS = 30;
const OUTLIER_MS = 100;

type Sample = { kind: string; path: string; at: number; wall: number; ms: number };
const GC_KINDS: Record<number, string> = {
  1: 'scavenge',
  2: 'mark-compact',
  4: 'incremental marking',
  8: 'weak callbacks',
};

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = await startBenchServer(
  port,
  { WEB_CONCURRENCY: '1' },
  {
    nodeOptions: [
      '--import',
      pathToFileURL(path.join(import.meta.dirname, 'stall-probe.mjs')).href,
      ...(traceGc ? ['--trace-gc'] : []),
    ],
    stdout: traceGc ? 'inherit' : 'ignore',
    stderr: 'pipe',
  },
);
type ProbeEvent = { gc?: number; held?: number; cpuMs?: number; ms?: number; at: number };
const probeEvents: ProbeEvent[] = [];
let pendingErr = '';
server.stderr!.on('data', (chunk: Buffer) => {
  pendingErr += chunk.toString();
  const lines = pendingErr.split('\n');
  pendingErr = lines.pop() ?? '';
  for (const line of lines) {
    if (line.startsWith('STALL-PROBE ')) probeEvents.push(JSON.parse(line.slice(12)) as ProbeEvent);
    else if (line) process.stderr.write(`${line}\n`);
  }
});
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let failed = false;
try {
  const properties = await propertyPaths(agent, base);
  const kinds: Record<string, (index: number) => string> = {
    home: () => '/',
    search: (index) => `/search?channel=${index % 2 === 0 ? 'sales' : 'lettings'}&page=${1 + (index % 5)}`,
    property: (index) => properties[index % properties.length]!,
  };
  for (let index = 0; index < 100; index += 1) {
    for (const pathFor of Object.values(kinds)) await get(agent, `${base}${pathFor(index)}`);
  }
  // Two passes: as an anonymous visitor (the shared page cache answers what it holds) and as a visitor with a
  // session (every page rendered afresh), so a stall in rendering cannot hide behind the cache.
  const passes = [
    { name: 'shared', headers: (): Record<string, string> => ({}) },
    { name: 'own render', headers: uncachedHeaders },
  ];
  const samples: Sample[] = [];
  for (const pass of passes) {
    const headers = pass.headers();
    const ofPass: Sample[] = [];
    const started = performance.now();
    // Interleaved, as a visitor's pages would be, so a stall lands on whichever kind was in hand.
    for (let index = 0; index < perKind; index += 1) {
      for (const [kind, pathFor] of Object.entries(kinds)) {
        const path = pathFor(index);
        const at = performance.now() - started;
        const wall = Date.now();
        const response = await get(agent, `${base}${path}`, headers);
        if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
        ofPass.push({ kind, path, at, wall, ms: response.ms });
      }
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(`\n${pass.name}: sequential requests, one connection: ${ofPass.length} in ${seconds.toFixed(1)} s`);
    console.log('kind      p50     p95     p99     max   (ms)');
    for (const kind of Object.keys(kinds)) {
      const times = ofPass
        .filter((sample) => sample.kind === kind)
        .map((sample) => sample.ms)
        .sort((a, b) => a - b);
      const p99 = percentile(times, 99);
      if (p99 > P99_BUDGET_MS) failed = true;
      console.log(
        `${kind.padEnd(8)} ${[50, 95, 99].map((p) => percentile(times, p).toFixed(1).padStart(6)).join('  ')}  ${(times.at(-1) ?? 0).toFixed(1).padStart(6)}${p99 > P99_BUDGET_MS ? `  over the ${P99_BUDGET_MS} ms p99 budget` : ''}`,
      );
    }
    samples.push(...ofPass);
  }
  const outliers = samples.filter((sample) => sample.ms > OUTLIER_MS);
  console.log(`Answers over ${OUTLIER_MS} ms: ${outliers.length}`);
  // Each outlier with what the server's probe saw during it: collections, and loop holds with the CPU of our own.
  let ownWorkMs = 0;
  let descheduledMs = 0;
  let gcMs = 0;
  for (const outlier of outliers) {
    const during = probeEvents.filter(
      (event) => event.at <= outlier.wall + outlier.ms && event.at + (event.ms ?? event.held ?? 0) >= outlier.wall,
    );
    const notes = during.map((event) => {
      if (event.gc !== undefined) {
        gcMs += event.ms ?? 0;
        return `GC ${GC_KINDS[event.gc] ?? event.gc} ${event.ms!.toFixed(0)} ms`;
      }
      ownWorkMs += Math.min(event.cpuMs ?? 0, event.held ?? 0);
      descheduledMs += Math.max(0, (event.held ?? 0) - (event.cpuMs ?? 0));
      return `loop held ${event.held!.toFixed(0)} ms (${event.cpuMs!.toFixed(0)} ms CPU of its own)`;
    });
    console.log(
      `  at ${(outlier.at / 1000).toFixed(2)} s  ${outlier.ms.toFixed(0).padStart(5)} ms  ${outlier.path}${notes.length > 0 ? `  [${notes.join('; ')}]` : ''}`,
    );
  }
  const collections = probeEvents.filter((event) => event.gc !== undefined);
  const byKind = Object.entries(GC_KINDS).map(([kind, name]) => {
    const ofKind = collections.filter((event) => event.gc === Number(kind));
    const ms = ofKind.reduce((sum, event) => sum + (event.ms ?? 0), 0);
    return `${name} ${ofKind.length}× ${ms.toFixed(0)} ms`;
  });
  console.log(`Server collections over the run: ${byKind.join(', ')}`);
  console.log(
    `Server probe: ${collections.filter((event) => (event.ms ?? 0) >= 10).length} collections of 10 ms or more (longest ${Math.max(0, ...collections.map((event) => event.ms ?? 0)).toFixed(0)} ms); ` +
      `in outliers: ${gcMs.toFixed(0)} ms GC, ${ownWorkMs.toFixed(0)} ms loop held by own work, ${descheduledMs.toFixed(0)} ms held without CPU (core taken by other processes)`,
  );
} finally {
  agent.destroy();
  await stopBenchServer(server);
}
if (failed) {
  console.error(`FAIL: a page kind's sequential p99 is above ${P99_BUDGET_MS} ms`);
  process.exit(1);
}
