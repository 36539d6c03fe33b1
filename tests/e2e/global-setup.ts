import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** Where the server keeps its data, for a command run beside it (npm run import). */
    serverEnv: Record<string, string>;
  }
}

const root = path.resolve(import.meta.dirname, '../..');
const serverEntry = path.resolve(root, process.env.BUILD_DIR ?? 'build', 'server/index.js');
/** Separate folders let several e2e runs work side by side (E2E_DATA_DIR). */
const e2eDataDir = path.resolve(root, process.env.E2E_DATA_DIR ?? 'data/e2e');
let server: ChildProcess | undefined;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A fresh database for the run: a new PGlite folder, or a new database on the PostgreSQL server of DATABASE_URL. */
async function freshDatabaseEnv(): Promise<Record<string, string>> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dir = path.join(e2eDataDir, 'pglite');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(path.dirname(dir), { recursive: true });
    return { PGLITE_DIR: dir };
  }
  const name = `doorstep_e2e_${path.basename(e2eDataDir).replace(/[^a-z0-9]/gi, '_')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString() };
}

export default async function setup(project: TestProject) {
  if (!existsSync(serverEntry)) {
    throw new Error('No production build: run `npm run build` first (npm run test:e2e does).');
  }
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const databaseEnv = await freshDatabaseEnv();
  const env = {
    ...process.env,
    ...databaseEnv,
    NODE_ENV: 'production',
    PORT: String(port),
    PUBLIC_URL: baseURL,
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    SEED_ON_EMPTY: 'true',
    // Images are generated once and shared between runs; the database is always fresh.
    MEDIA_DIR: path.join(e2eDataDir, 'media'),
    IMAGE_CACHE_DIR: path.join(e2eDataDir, 'image-cache'),
    UPLOAD_DIR: path.join(e2eDataDir, 'uploads'),
    SESSION_SECRET: 'e2e-session-secret-e2e-session-secret-e2e',
    STAFF_SECRET_KEY: 'e2e0'.repeat(16),
    COOKIE_SECURE: 'false',
    SMTP_URL: '',
    // Journeys read the emails on /outbox. Production serves it only with this opt-in, on a loopback HOST, to requests
    // that did not come through a proxy (docs/decisions/015-job-queue.md); the emails also go to MAIL_DIR.
    OUTBOX_PAGE: 'true',
    MAIL_DIR: path.join(e2eDataDir, 'mail'),
    // Saved-search alerts are due every 2 s instead of every minute, so the alert journey sees its e-mail quickly.
    ALERTS_INTERVAL_SECONDS: '2',
    // Journeys are not a load test: on a busy CI machine a page may wait longer than production's 500 ms for its
    // turn, and a 503 there would fail a journey for the machine's sake (load shedding: server/admission.ts).
    SERVER_QUEUE_TIMEOUT_MS: '30000',
    // Journeys send many forms from one address: rate limits are tested in the integration suite instead.
    ...Object.fromEntries(
      [
        'LEADS',
        'SIGN_IN',
        'SIGN_IN_ACCOUNT',
        'REGISTER',
        'PASSWORD_RESET',
        'SEND_TO_FRIEND',
        'FORM_SUBMISSIONS',
        'ADDRESS_LOOKUP',
        'STAFF_SIGN_IN',
        'STAFF_SIGN_IN_ACCOUNT',
        'STAFF_PASSWORD_RESET',
      ].map((name) => [`RATE_LIMIT_${name}`, '10000/60']),
    ),
  };
  // The same bundle `npm start` runs, with plain node.
  server = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited during start-up (code ${server.exitCode}).`);
    try {
      const response = await fetch(`${baseURL}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('The server did not become healthy within 4 minutes.');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  project.provide('baseURL', baseURL);
  project.provide('serverEnv', { ...databaseEnv, MEDIA_DIR: env.MEDIA_DIR, PUBLIC_URL: baseURL });
  return async () => {
    server?.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
  };
}
