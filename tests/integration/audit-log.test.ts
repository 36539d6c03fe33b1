/**
 * The audit log page (/admin/audit): newest first, 50 a page, filters by who, what, days in UK time and free text;
 * bad or hostile filters answer 400 with messages, never a 500; owners only; and nothing in the app can change or
 * remove an entry (no such statement in the source, and the database refuses them).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { VisitorSession, newSessionId } from '../../app/lib/session.server.ts';
import { recordAudit } from '../../app/features/staff/index.server.ts';
import { startSignedInSession } from '../../app/features/staff/staff-sessions.server.ts';
import * as auditRoute from '../../app/routes/admin/audit.tsx';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { createTestStaff, insertBranches, staffCookie } from './staff-fixtures.ts';

let database: TestDatabase;
const staff: Record<'owner' | 'manager', { staffId: number; email: string }> = {
  owner: { staffId: 0, email: '' },
  manager: { staffId: 0, email: '' },
};

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
  await insertBranches(database.db);
  for (const role of ['owner', 'manager'] as const) {
    const created = await createTestStaff(database.db, role, { branchSlugs: ['bath'] });
    staff[role] = { staffId: created.staffId, email: created.email };
  }
  const db = database.db;
  const manager = { staffId: staff.manager.staffId, actorEmail: staff.manager.email };
  // 60 exports by the manager, a minute apart in June 2020, so paging has two pages of them.
  for (let minute = 0; minute < 60; minute++) {
    await recordAudit(
      db,
      { ...manager, ip: '198.51.100.1', action: 'lead.export', details: { filters: { stage: 'new' } } },
      new Date(Date.UTC(2020, 5, 10, 9, minute)),
    );
  }
  // 30 June 23:30 UTC is 1 July 00:30 in London (summer time).
  await recordAudit(
    db,
    {
      ...manager,
      ip: '203.0.113.77',
      action: 'lead.stage-changed',
      target: 'lead:9',
      details: { from: 'new', to: 'contacted' },
    },
    new Date(Date.UTC(2020, 5, 30, 23, 30)),
  );
  await recordAudit(
    db,
    {
      staffId: null,
      actorEmail: null,
      ip: null,
      action: 'privacy.retention-run',
      details: { months: 24, deleted: { leads: 2 } },
    },
    new Date(Date.UTC(2020, 6, 2, 3, 0)),
  );
  await recordAudit(
    db,
    { staffId: null, actorEmail: 'stranger@example.com', ip: '192.0.2.200', action: 'staff.sign-in-failed' },
    new Date(Date.UTC(2020, 6, 3, 8, 0)),
  );
});

afterAll(async () => {
  setDatabaseHandle(undefined);
  await database?.dispose();
});

type Entry = {
  id: number;
  at: string;
  actorName: string | null;
  actorEmail: string | null;
  action: string;
  ip: string | null;
};
type Page = {
  log: { entries: Entry[]; total: number | null; hasNext: boolean; page: number };
  errors: { field: string }[];
};

async function load(query: string, who: 'owner' | 'manager' = 'owner', accept = 'text/html') {
  const token = await startSignedInSession(database.db, staff[who].staffId, { ip: null, userAgent: null }, null);
  const request = new Request(`http://localhost/admin/audit${query}`, {
    headers: { accept, cookie: staffCookie(token) },
  });
  const context = {
    clientIp: '192.0.2.1',
    origin: 'http://localhost',
    logger: pino({ level: 'silent' }),
    requestId: 'test',
    session: new VisitorSession(newSessionId(), true, () => database.db, {
      secure: false,
      idleMinutes: 30,
      absoluteDays: 30,
    }),
  };
  let result: unknown;
  try {
    result = await auditRoute.loader({ request, context, params: {} } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, page: null };
  if (result instanceof Error) throw result;
  const shaped = result as { init?: { status?: number } | null; data: Page };
  return { status: shaped.init?.status ?? 200, page: shaped.data };
}

/** Entries only from the fixtures' year: the set-up itself also wrote sign-in entries (now). */
const IN_2020 = 'from=2020-01-01&to=2020-12-31';

describe('the audit log page', () => {
  it('lists newest first with who, from where and the staff name, 50 a page', async () => {
    const first = await load(`?${IN_2020}`);
    expect(first.status).toBe(200);
    const { log } = first.page!;
    expect(log.total).toBe(63);
    expect(log.entries).toHaveLength(50);
    expect(log.hasNext).toBe(true);
    const times = log.entries.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(log.entries[0]!.action).toBe('staff.sign-in-failed');
    expect(log.entries[0]!.actorEmail).toBe('stranger@example.com');
    const change = log.entries.find((entry) => entry.action === 'lead.stage-changed')!;
    expect(change.actorName).toMatch(/^Test manager/);
    expect(change.ip).toBe('203.0.113.77');
    const second = await load(`?${IN_2020}&page=2`);
    expect(second.page!.log.entries).toHaveLength(13);
    expect(second.page!.log.hasNext).toBe(false);
  });

  it('filters by who, what, day (UK time) and free text', async () => {
    const byManager = await load(`?${IN_2020}&actor=${staff.manager.staffId}`);
    expect(byManager.page!.log.total).toBe(61);
    const bySystem = await load(`?${IN_2020}&actor=system`);
    expect(bySystem.page!.log.entries.map((entry) => entry.action)).toEqual(['privacy.retention-run']);
    const byAction = await load(`?${IN_2020}&action=lead.stage-changed`);
    expect(byAction.page!.log.total).toBe(1);
    // 30 June 23:30 UTC falls on 1 July in London.
    const firstOfJuly = await load('?from=2020-07-01&to=2020-07-01');
    expect(firstOfJuly.page!.log.entries.map((entry) => entry.action)).toEqual(['lead.stage-changed']);
    const byIp = await load(`?${IN_2020}&q=192.0.2.200`);
    expect(byIp.page!.log.entries.map((entry) => entry.action)).toEqual(['staff.sign-in-failed']);
    const byDetails = await load(`?${IN_2020}&q=contacted`);
    expect(byDetails.page!.log.total).toBe(1);
    const byName = await load(`?${IN_2020}&q=test manager`);
    expect(byName.page!.log.total).toBe(61);
    const literalPercent = await load(`?${IN_2020}&q=%25`);
    expect(literalPercent.page!.log.total).toBe(0);
  });

  it('answers bad filters with their messages (400)', async () => {
    const bad = await load('?actor=bob&action=DROP TABLE&from=2020-02-30&page=0');
    expect(bad.status).toBe(400);
    expect(bad.page!.errors.map((error) => error.field).sort()).toEqual(['action', 'actor', 'from', 'page']);
    expect((await load('?from=2020-07-02&to=2020-07-01')).status).toBe(400);
  });

  it('never answers hostile filters with a 500', async () => {
    const value = fc.oneof(
      fc.string(),
      fc.constantFrom('', '%', '\u0000', "'", '9999999999', '-1', 'system', '2020-01-01'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({ actor: value, action: value, from: value, to: value, q: value, page: value }),
        async (filters) => {
          const { status } = await load(`?${new URLSearchParams(filters).toString()}`);
          expect([200, 400]).toContain(status);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('is for owners only', async () => {
    expect((await load('', 'manager')).status).toBe(403);
    expect((await load('', 'manager', 'application/json')).status).toBe(403);
  });
});

describe('append-only', () => {
  it('no module of the app, server or scripts updates or deletes audit entries', async () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const offenders: string[] = [];
    const walk = async (dir: string) => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          const text = await readFile(full, 'utf8');
          if (/\.(update|delete)\(\s*auditLog\b|(update|delete\s+from)\s+"?audit_log\b/i.test(text)) {
            offenders.push(path.relative(root, full));
          }
        }
      }
    };
    for (const dir of ['app', 'server', 'scripts']) await walk(path.join(root, dir));
    expect(offenders).toEqual([]);
  });
});
