/**
 * The leads inbox's routes: every id of another branch answers 404 (read, change, assign, note, download), the
 * export holds only the scope's leads, editors get 403, bad filters answer 400 with their messages, the forms
 * record their audit entries, and no post changes anything without the authenticity token.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, formDefinitions, formSubmissions, formUploads, leadNotes, leads } from '../../db/schema/index.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { resetEnvForTests } from '../../app/lib/env.server.ts';
import { setRateLimitRuleForTests } from '../../app/lib/rate-limit.server.ts';
import type { StaffRole } from '../../app/features/staff/index.ts';
import * as listRoute from '../../app/routes/admin/leads.tsx';
import * as exportRoute from '../../app/routes/admin/leads-export.ts';
import * as leadRoute from '../../app/routes/admin/lead.tsx';
import * as fileRoute from '../../app/routes/admin/lead-file.ts';
import { createServerApp } from '../../server/app.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { callStaffRoute, insertBranches, type RouteAnswer, signedInStaff } from './staff-fixtures.ts';

const BATH = 1;
const BRISTOL = 2;
let database: TestDatabase;
let uploadDir: string;
const lead: Record<'bath' | 'bristol', number> = { bath: 0, bristol: 0 };
const upload: Record<'bath' | 'bristol', number> = { bath: 0, bristol: 0 };
const staff: Record<string, { staffId: number; cookie: () => Promise<string> }> = {};

async function makeStaff(name: string, role: StaffRole, branchSlugs: string[]) {
  staff[name] = await signedInStaff(database.db, role, branchSlugs);
}

async function insertLeadWithFile(branchId: number, name: string): Promise<{ leadId: number; uploadId: number }> {
  const [definition] = await database.db
    .insert(formDefinitions)
    .values({
      slug: `form-${name}`,
      title: `Form ${name}`,
      htmlFormId: `form-${name}`,
      formElements: [],
      recipientEmail: 'forms@agency.example',
    })
    .returning({ id: formDefinitions.id });
  const [submission] = await database.db
    .insert(formSubmissions)
    .values({ formDefinitionId: definition!.id, values: { name } })
    .returning({ id: formSubmissions.id });
  const storedName = `${name}-0000.pdf`;
  await writeFile(path.join(uploadDir, storedName), `%PDF-1.4 ${name}`);
  const [file] = await database.db
    .insert(formUploads)
    .values({
      formSubmissionId: submission!.id,
      fieldName: 'cv',
      originalName: `${name} cv.pdf`,
      storedName,
      contentType: 'application/pdf',
      sizeBytes: 12,
    })
    .returning({ id: formUploads.id });
  const [row] = await database.db
    .insert(leads)
    .values({
      kind: 'custom-form',
      payload: { name: `Visitor ${name}` },
      email: `${name}@example.com`,
      branchId,
      formSubmissionId: submission!.id,
    })
    .returning({ id: leads.id });
  return { leadId: row!.id, uploadId: file!.id };
}

beforeAll(async () => {
  uploadDir = await mkdtemp(path.join(tmpdir(), 'doorstep-lead-files-'));
  process.env.UPLOAD_DIR = uploadDir;
  resetEnvForTests();
  database = await createTestDatabase();
  setDatabaseHandle(database);
  await insertBranches(database.db);
  for (const [key, branchId] of [
    ['bath', BATH],
    ['bristol', BRISTOL],
  ] as const) {
    const created = await insertLeadWithFile(branchId, key);
    lead[key] = created.leadId;
    upload[key] = created.uploadId;
  }
  await makeStaff('owner', 'owner', []);
  await makeStaff('bathNegotiator', 'negotiator', ['bath']);
  await makeStaff('bathManager', 'manager', ['bath']);
  await makeStaff('bristolNegotiator', 'negotiator', ['bristol']);
  await makeStaff('editor', 'editor', ['bath', 'bristol']);
});

afterAll(async () => {
  setDatabaseHandle(undefined);
  await database?.dispose();
  await rm(uploadDir, { recursive: true, force: true });
});

function call(
  handler: (args: never) => unknown,
  who: string,
  url: string,
  params: Record<string, string>,
  body?: Record<string, string>,
): Promise<RouteAnswer> {
  return staff[who]!.cookie().then((cookie) => callStaffRoute(database.db, handler, { cookie, url, params, body }));
}

async function leadRow(id: number) {
  const [row] = await database.db.select().from(leads).where(eq(leads.id, id));
  return row!;
}

const leadPath = (id: number) => `/admin/leads/${id}`;

describe.each([
  ['a negotiator of Bristol', 'bristolNegotiator', 'bath'],
  ['a manager of Bath', 'bathManager', 'bristol'],
] as const)('%s and another branch’s lead', (_label, who, other) => {
  it('cannot read it, nor its file', async () => {
    const id = lead[other];
    expect((await call(leadRoute.loader, who, leadPath(id), { id: String(id) })).status).toBe(404);
    const file = await call(fileRoute.loader, who, `${leadPath(id)}/files/${upload[other]}`, {
      id: String(id),
      uploadId: String(upload[other]),
    });
    expect(file.status).toBe(404);
  });

  it('cannot change its status, assign it or add a note', async () => {
    const id = lead[other];
    const before = await leadRow(id);
    for (const body of <Record<string, string>[]>[
      { intent: 'stage', stage: 'closed' },
      { intent: 'assign', assigned_staff_id: String(staff[who]!.staffId) },
      { intent: 'note', note: 'Snooping' },
    ]) {
      expect((await call(leadRoute.action, who, leadPath(id), { id: String(id) }, body)).status).toBe(404);
    }
    const after = await leadRow(id);
    expect(after.stage).toBe(before.stage);
    expect(after.assignedStaffId).toBe(before.assignedStaffId);
    expect(await database.db.select().from(leadNotes).where(eq(leadNotes.leadId, id))).toEqual([]);
  });

  it('does not get it in the list or the export, even when filtering by its branch', async () => {
    const otherBranch = other === 'bath' ? BATH : BRISTOL;
    const list = await call(listRoute.loader, who, `/admin/leads?branch=${otherBranch}`, {});
    expect(list.status).toBe(200);
    expect((list.data as { list: { leads: unknown[] } }).list.leads).toEqual([]);
    const csv = await call(exportRoute.loader, who, `/admin/leads/export.csv`, {});
    expect(csv.status).toBe(200);
    const text = await csv.response!.text();
    expect(text).not.toContain(`${other}@example.com`);
    expect(text).toContain(`${other === 'bath' ? 'bristol' : 'bath'}@example.com`);
  });

  it('cannot download its own lead’s file through the other lead’s id', async () => {
    const own = other === 'bath' ? 'bristol' : 'bath';
    const answer = await call(fileRoute.loader, who, `${leadPath(lead[own])}/files/${upload[other]}`, {
      id: String(lead[own]),
      uploadId: String(upload[other]),
    });
    expect(answer.status).toBe(404);
  });
});

describe('an editor', () => {
  it('gets 403 on every leads route', async () => {
    const id = String(lead.bath);
    expect((await call(listRoute.loader, 'editor', '/admin/leads', {})).status).toBe(403);
    expect((await call(exportRoute.loader, 'editor', '/admin/leads/export.csv', {})).status).toBe(403);
    expect((await call(leadRoute.loader, 'editor', leadPath(lead.bath), { id })).status).toBe(403);
    const note = { intent: 'note', note: 'x' };
    expect((await call(leadRoute.action, 'editor', leadPath(lead.bath), { id }, note)).status).toBe(403);
    const file = await call(fileRoute.loader, 'editor', `${leadPath(lead.bath)}/files/${upload.bath}`, {
      id,
      uploadId: String(upload.bath),
    });
    expect(file.status).toBe(403);
  });
});

describe('within the scope', () => {
  it('answers bad filters with their messages (400), and unknown ids with 404', async () => {
    const answer = await call(listRoute.loader, 'owner', '/admin/leads?kind=nonsense&from=2026-02-31', {});
    expect(answer.status).toBe(400);
    const errors = (answer.data as { errors: { field: string }[] }).errors.map((error) => error.field);
    expect(errors).toEqual(expect.arrayContaining(['kind', 'from']));
    expect((await call(exportRoute.loader, 'owner', '/admin/leads/export.csv?page=0', {})).status).toBe(400);
    for (const id of ['999999', 'abc', '0', '1e3']) {
      expect((await call(leadRoute.loader, 'owner', leadPath(0), { id })).status).toBe(404);
    }
  });

  it('downloads the lead’s file as an attachment that is never sniffed', async () => {
    const answer = await call(fileRoute.loader, 'bathNegotiator', `${leadPath(lead.bath)}/files/${upload.bath}`, {
      id: String(lead.bath),
      uploadId: String(upload.bath),
    });
    expect(answer.status).toBe(200);
    expect(answer.response!.headers.get('content-disposition')).toMatch(/^attachment; filename="bath cv.pdf"/);
    expect(answer.response!.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await answer.response!.text()).toBe('%PDF-1.4 bath');
  });

  it('moves, assigns and notes the lead, with audit entries; refuses an assignee of another branch', async () => {
    const id = lead.bath;
    const who = 'bathNegotiator';
    const params = { id: String(id) };
    const lost = await call(leadRoute.action, who, leadPath(id), params, { intent: 'stage', stage: 'lost' });
    expect(lost.status).toBe(422);
    expect((lost.data as { errors: { field: string }[] }).errors[0]!.field).toBe('lost_reason');
    const moved = await call(leadRoute.action, who, leadPath(id), params, { intent: 'stage', stage: 'contacted' });
    expect(moved.status).toBe(303);
    const stranger = String(staff.bristolNegotiator!.staffId);
    const refused = await call(leadRoute.action, who, leadPath(id), params, {
      intent: 'assign',
      assigned_staff_id: stranger,
    });
    expect(refused.status).toBe(422);
    const editor = String(staff.editor!.staffId);
    const editorRefused = await call(leadRoute.action, who, leadPath(id), params, {
      intent: 'assign',
      assigned_staff_id: editor,
    });
    expect(editorRefused.status).toBe(422);
    const self = String(staff[who]!.staffId);
    const assigned = await call(leadRoute.action, who, leadPath(id), params, {
      intent: 'assign',
      assigned_staff_id: self,
    });
    expect(assigned.status).toBe(303);
    const noted = await call(leadRoute.action, who, leadPath(id), params, { intent: 'note', note: 'Rang back' });
    expect(noted.status).toBe(303);
    const row = await leadRow(id);
    expect(row.stage).toBe('contacted');
    expect(row.assignedStaffId).toBe(staff[who]!.staffId);
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `lead:${id}`));
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      'lead.assigned',
      'lead.note-added',
      'lead.stage-changed',
    ]);
  });

  it('records each export in the audit log', async () => {
    const before = await database.db.select().from(auditLog).where(eq(auditLog.action, 'lead.export'));
    const answer = await call(exportRoute.loader, 'owner', '/admin/leads/export.csv?stage=new', {});
    expect(answer.response!.headers.get('content-disposition')).toMatch(/^attachment; filename="leads-/);
    await answer.response!.text();
    const after = await database.db.select().from(auditLog).where(eq(auditLog.action, 'lead.export'));
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)!.staffId).toBe(staff.owner!.staffId);
  });
});

describe('the export’s rate limit', () => {
  it('answers 429 once a staff member has used up their exports, and records nothing more', async () => {
    await makeStaff('exporter', 'negotiator', ['bath']);
    setRateLimitRuleForTests('staffLeadExport', { limit: 1, windowSeconds: 3600 });
    try {
      const first = await call(exportRoute.loader, 'exporter', '/admin/leads/export.csv', {});
      expect(first.status).toBe(200);
      await first.response!.text();
      const before = await database.db.select().from(auditLog).where(eq(auditLog.action, 'lead.export'));
      const second = await call(exportRoute.loader, 'exporter', '/admin/leads/export.csv', {});
      expect(second.status).toBe(429);
      const after = await database.db.select().from(auditLog).where(eq(auditLog.action, 'lead.export'));
      expect(after.length).toBe(before.length);
    } finally {
      setRateLimitRuleForTests();
    }
  });
});

describe('the lead forms through the real server', () => {
  it.each(['stage', 'assign', 'note'])('refuse the %s form without the authenticity token', async (intent) => {
    let isReached = false;
    const app = createServerApp({
      getDb: () => database.db,
      logger: pino({ level: 'silent' }),
      sessionSecret: 'test-secret-test-secret-test-secret-00',
      cookie: { secure: false, idleMinutes: 30, absoluteDays: 30 },
      isDevelopment: false,
      maxBodyBytes: 64 * 1024,
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      multipartPaths: [],
      handleDocument: async () => {
        isReached = true;
        return new Response('reached');
      },
    });
    const before = await leadRow(lead.bath);
    const response = await app.request(leadPath(lead.bath), {
      method: 'POST',
      headers: {
        cookie: await staff.owner!.cookie(),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        intent,
        stage: 'closed',
        assigned_staff_id: 'none',
        note: 'forged',
        authenticity_token: 'forged',
      }).toString(),
    });
    expect(response.status).toBe(422);
    expect(isReached).toBe(false);
    const after = await leadRow(lead.bath);
    expect(after.stage).toBe(before.stage);
    expect(after.assignedStaffId).toBe(before.assignedStaffId);
  });
});
