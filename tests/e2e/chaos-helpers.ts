/**
 * Shared by the chaos tests: a production server of its own on a database of its own (so breaking it disturbs no
 * other journey), a burst of viewing requests as the page's script sends them, and the check of what was kept.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { expect } from 'vitest';
import { openDatabase, rowsOf, type DatabaseHandle } from '../../app/lib/db.server.ts';
import { insertLeadFixtures } from '../integration/leads-fixtures.ts';

export const root = path.resolve(import.meta.dirname, '../..');
export const serverEntry = path.resolve(root, process.env.BUILD_DIR ?? 'build', 'server/index.js');

export type ChaosDatabase =
  | { kind: 'pglite'; dir: string; serverEnv: Record<string, string> }
  | { kind: 'postgres'; name: string; url: string; serverEnv: Record<string, string> };

/** A fresh migrated database holding the lead tests' small agency (bot check off, one sales home with id 1). */
export async function createChaosDatabase(label: string, kind: 'pglite' | 'postgres'): Promise<ChaosDatabase> {
  if (kind === 'pglite') {
    const dir = path.resolve(root, process.env.E2E_DATA_DIR ?? 'data/e2e', `chaos-${label}`, 'pglite');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(path.dirname(dir), { recursive: true });
    const handle = openDatabase({ dataDir: dir });
    await handle.migrate();
    await insertLeadFixtures(handle.db);
    await handle.close();
    return { kind, dir, serverEnv: { DATABASE_URL: '', PGLITE_DIR: dir } };
  }
  const serverUrl = process.env.DATABASE_URL!;
  const name = `doorstep_chaos_${label.replace(/\W/g, '_')}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ databaseUrl: url.toString() });
  await handle.migrate();
  await insertLeadFixtures(handle.db);
  await handle.close();
  return { kind, name, url: url.toString(), serverEnv: { DATABASE_URL: url.toString() } };
}

export async function dropChaosDatabase(database: ChaosDatabase): Promise<void> {
  if (database.kind === 'pglite') {
    rmSync(path.dirname(database.dir), { recursive: true, force: true });
    return;
  }
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${database.name} with (force)`);
  await admin.end();
}

export function openChaosDatabase(database: ChaosDatabase): DatabaseHandle {
  return database.kind === 'pglite'
    ? openDatabase({ dataDir: database.dir })
    : openDatabase({ databaseUrl: database.url });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export type ChaosServer = { process: ChildProcess; baseURL: string; port: number };

/** The production bundle on the chaos database, answering once /readyz says the database is there. */
export async function startChaosServer(database: ChaosDatabase, port?: number): Promise<ChaosServer> {
  const chosenPort = port ?? (await freePort());
  const baseURL = `http://127.0.0.1:${chosenPort}`;
  const dataDir = path.resolve(root, process.env.E2E_DATA_DIR ?? 'data/e2e');
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      ...database.serverEnv,
      NODE_ENV: 'production',
      PORT: String(chosenPort),
      PUBLIC_URL: `http://localhost:${chosenPort}`,
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'silent',
      SEED_ON_EMPTY: 'false',
      SESSION_SECRET: 'chaos-session-secret-chaos-session-secret',
      STAFF_SECRET_KEY: 'c4a0'.repeat(16),
      COOKIE_SECURE: 'false',
      SMTP_URL: '',
      MAIL_DIR: path.join(dataDir, 'chaos-mail'),
      MEDIA_DIR: path.join(dataDir, 'media'),
      IMAGE_CACHE_DIR: path.join(dataDir, 'image-cache'),
      UPLOAD_DIR: path.join(dataDir, 'uploads'),
      RATE_LIMIT_LEADS: '100000/60',
      RATE_LIMIT_LEAD_CONFIRMATIONS: '100000/60',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the chaos server exited during start-up (code ${child.exitCode})`);
    try {
      if ((await fetch(`${baseURL}/readyz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the chaos server did not become ready within a minute');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { process: child, baseURL, port: chosenPort };
}

export async function stopChaosServer(server: ChaosServer): Promise<void> {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGTERM');
  await exited;
}

export type Visitor = { cookie: string; token: string };

/**
 * A visitor's session and authenticity token, as a page's script gets them on its first write: public pages are
 * shared and carry no token (decision 026).
 */
export async function newVisitor(baseURL: string): Promise<Visitor> {
  const response = await fetch(`${baseURL}/csrf-token`);
  const token = response.ok ? ((await response.json()) as { authenticity_token?: string }).authenticity_token : '';
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!token || !cookie) throw new Error(`no session from /csrf-token (status ${response.status})`);
  return { cookie, token };
}

/** What the visitor's page learnt: 200 shows the thank-you step; anything else shows 'Request failed…'. */
export type Submission = { email: string; outcome: 'accepted' | 'failed'; status: number | 'no answer' };

/** A viewing request for the fixtures' sales home, sent as the page's script sends it (JSON answer). */
export async function submitViewing(baseURL: string, visitor: Visitor, email: string): Promise<Submission> {
  const body = new URLSearchParams({
    'lead_client[first_name]': 'Chaos',
    'lead_client[last_name]': 'Tester',
    'lead_client[tel_home]': '01225 123456',
    'lead_client[email]': email,
    'lead_client[house_number]': '4',
    'lead_client[street_address]': 'Mill Lane',
    'lead_client[town]': 'Bath',
    'lead_client[postcode]': 'BA1 2AB',
    'lead[message]': 'Could I see it on Saturday morning?',
    'lead[lead_type]': 'email_portal_lead',
    'marketing_preferences[opt_in_terms]': 'on',
  });
  try {
    const response = await fetch(`${baseURL}/properties/1/sales/leads`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
        cookie: visitor.cookie,
        'x-csrf-token': visitor.token,
      },
      body,
      signal: AbortSignal.timeout(20_000),
    });
    const answer = (await response.json().catch(() => null)) as { ok?: boolean } | null;
    const isAccepted = response.status === 200 && answer?.ok === true;
    return { email, outcome: isAccepted ? 'accepted' : 'failed', status: response.status };
  } catch {
    return { email, outcome: 'failed', status: 'no answer' };
  }
}

/**
 * `workers` visitors sending viewing requests back to back until `until` resolves, each with its own address
 * (chaos-<label>-<n>@example.com), so each submission can be traced in the database.
 */
export async function burstOfViewings(
  baseURL: () => string,
  visitor: Visitor,
  label: string,
  workers: number,
  until: Promise<unknown>,
): Promise<Submission[]> {
  let isDone = false;
  void until.then(() => {
    isDone = true;
  });
  const submissions: Submission[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (!isDone) {
        const submission = await submitViewing(baseURL(), visitor, `chaos-${label}-${next++}@example.com`);
        submissions.push(submission);
        // A visitor whose request failed waits a moment before trying again, as a person would.
        if (submission.outcome === 'failed') await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }),
  );
  return submissions;
}

export type StoredLead = { id: number; email: string; emails: number };

/** Every chaos lead in the database with the number of emails queued for it. */
export async function storedLeads(handle: DatabaseHandle, label: string): Promise<Map<string, StoredLead>> {
  const rows = rowsOf<{ id: number; email: string; emails: string }>(
    await handle.db.execute(
      `select l.id, l.email, (select count(*) from email_outbox o where o.related_kind in ('lead', 'lead-confirmation') and o.related_id = l.id)::text as emails
         from leads l where l.email like 'chaos-${label}-%'`,
    ),
  );
  return new Map(rows.map((row) => [row.email, { id: row.id, email: row.email, emails: Number(row.emails) }]));
}

/**
 * The promise of a lead form: every submission answered with success is stored with its two emails (the staff
 * email and the visitor's confirmation) queued, and nothing is half stored. Returns the failed submissions that
 * were stored anyway (their answer was lost on the way), for the caller to bound.
 */
export function expectNothingLostOrHalfDone(submissions: Submission[], stored: Map<string, StoredLead>): Submission[] {
  const submitted = new Set(submissions.map((submission) => submission.email));
  for (const submission of submissions.filter((each) => each.outcome === 'accepted')) {
    expect(stored.get(submission.email), `${submission.email} was answered 200`).toMatchObject({ emails: 2 });
  }
  for (const lead of stored.values()) {
    expect(submitted.has(lead.email)).toBe(true);
    expect(lead.emails, `emails queued for ${lead.email}`).toBe(2);
  }
  return submissions.filter((submission) => submission.outcome === 'failed' && stored.has(submission.email));
}
