/**
 * The production build as the worker and stall benchmarks start it (bench-workers.ts, bench-stalls.ts): on the
 * database of the environment (DATABASE_URL, or PGLITE_DIR), never seeding, jobs off, plus a bare keep-alive GET
 * whose own cost stays small next to the server's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { childProcessEnv, getScriptEnv } from '../app/lib/env.server.ts';

const root = path.resolve(import.meta.dirname, '..');
const { BUILD_DIR: buildDir } = getScriptEnv();

export type Fetched = { status: number; ms: number; body: Buffer };

export function get(agent: http.Agent, url: string, headers: Record<string, string> = {}): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, ms: performance.now() - started, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** Starts `node <build>/server/index.js` with `env` on top and resolves once /healthz answers. */
export async function startBenchServer(
  port: number,
  env: Record<string, string>,
  options: { nodeOptions?: string[]; stdout?: 'ignore' | 'inherit'; stderr?: 'inherit' | 'pipe' } = {},
): Promise<ChildProcess> {
  const nodeOptions = options.nodeOptions ?? [];
  const server = spawn(process.execPath, [...nodeOptions, path.join(root, buildDir, 'server/index.js')], {
    cwd: root,
    env: childProcessEnv({
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      HOST: '127.0.0.1',
      SEED_ON_EMPTY: 'false',
      RUN_JOBS: 'false',
      COOKIE_SECURE: 'false',
      LOG_LEVEL: 'warn',
      // Fixed secrets, so a PostgreSQL run (where production requires them) needs no more settings than the URL.
      SESSION_SECRET: 'bench-session-secret-bench-session-secret-00',
      STAFF_SECRET_KEY: 'be5e'.repeat(16),
      ...env,
    }),
    stdio: ['ignore', options.stdout ?? 'ignore', options.stderr ?? 'inherit'],
  });
  const agent = new http.Agent({ keepAlive: false });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited (code ${server.exitCode})`);
    try {
      if ((await get(agent, `http://127.0.0.1:${port}/healthz`)).status === 200) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start within 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

export async function stopBenchServer(server: ChildProcess): Promise<number | null> {
  if (server.exitCode !== null) return server.exitCode;
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  server.kill('SIGTERM');
  return exited;
}

/** Property page paths from the first search pages of both channels. */
export async function propertyPaths(agent: http.Agent, base: string): Promise<string[]> {
  const paths: string[] = [];
  for (const channel of ['sales', 'lettings']) {
    for (let page = 1; page <= 3; page += 1) {
      const response = await get(agent, `${base}/search.ljson?channel=${channel}&page=${page}`);
      if (response.status !== 200) throw new Error(`/search.ljson answered ${response.status}`);
      const { properties } = JSON.parse(response.body.toString('utf8')) as { properties: { property_url: string }[] };
      paths.push(...properties.map((property) => new URL(property.property_url, base).pathname));
    }
  }
  if (paths.length === 0) throw new Error('no properties: seed the database first (npm run db:seed)');
  return paths;
}
