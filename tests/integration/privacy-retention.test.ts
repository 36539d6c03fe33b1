/**
 * The retention job: with back-dated rows either side of the cut-off, it deletes exactly the leads, uploads (files
 * too), form submissions and finished email copies received before now minus the setting's months, and nothing
 * else; it runs once a day; 0 months keeps everything; the audit log, however old, is never deleted.
 */
import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  emailOutbox,
  formDefinitions,
  formSubmissions,
  formUploads,
  jobs,
  leadCounts,
  leads,
  siteSettings,
} from '../../db/schema/index.ts';
import { applyRetention, runRetentionJobIfDue } from '../../app/features/privacy/retention.server.ts';
import { recordAudit } from '../../app/features/staff/index.server.ts';
import { insertLeadFixtures } from './leads-fixtures.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

let database: TestDatabase;
let uploadDir: string;
let formId = 0;
const NOW = new Date('2026-06-15T09:00:00Z');

/** `months` calendar months and `days` days before NOW (positive: older). */
function ago(months: number, days = 0): Date {
  const date = new Date(NOW);
  date.setUTCMonth(date.getUTCMonth() - months);
  date.setUTCDate(date.getUTCDate() - days);
  return date;
}

async function deleteFile(key: string): Promise<void> {
  await rm(path.join(uploadDir, key.replace(/^uploads\//, '')), { force: true });
}

beforeAll(async () => {
  uploadDir = await mkdtemp(path.join(tmpdir(), 'doorstep-retention-'));
  database = await createTestDatabase();
  await insertLeadFixtures(database.db);
  const [form] = await database.db
    .insert(formDefinitions)
    .values({ slug: 'careers', title: 'Careers', htmlFormId: 'careers', formElements: [], recipientEmail: 'j@a.test' })
    .returning({ id: formDefinitions.id });
  formId = form!.id;
});

afterAll(async () => {
  await database?.dispose();
  await rm(uploadDir, { recursive: true, force: true });
});

beforeEach(async () => {
  const db = database.db;
  await db.delete(emailOutbox);
  await db.delete(formSubmissions);
  await db.delete(leads);
  await db.delete(jobs);
  await db.update(siteSettings).set({ leadRetentionMonths: 24 });
});

type Fixture = { leadId: number; submissionId: number; uploadId: number; file: string; emailIds: number[] };

/** A custom-form lead with its submission, upload (a real file) and two emails, all received at `at`. */
async function insertFormLead(at: Date, name: string, emailStatus: 'sent' | 'pending' = 'sent'): Promise<Fixture> {
  const db = database.db;
  const [submission] = await db
    .insert(formSubmissions)
    .values({ formDefinitionId: formId, values: { name }, createdAt: at })
    .returning({ id: formSubmissions.id });
  const file = `${name}.pdf`;
  await writeFile(path.join(uploadDir, file), name);
  const [upload] = await db
    .insert(formUploads)
    .values({
      formSubmissionId: submission!.id,
      fieldName: 'cv',
      originalName: file,
      storedName: file,
      contentType: 'application/pdf',
      sizeBytes: name.length,
      createdAt: at,
    })
    .returning({ id: formUploads.id });
  const [lead] = await db
    .insert(leads)
    .values({
      kind: 'custom-form',
      payload: { name },
      email: `${name}@example.com`,
      formSubmissionId: submission!.id,
      createdAt: at,
    })
    .returning({ id: leads.id });
  const emails = await db
    .insert(emailOutbox)
    .values([
      {
        toAddress: 'jobs@agency.test',
        fromAddress: 'web@agency.test',
        subject: name,
        textBody: name,
        status: emailStatus,
        relatedKind: 'form-submission',
        relatedId: submission!.id,
        createdAt: at,
      },
      {
        toAddress: `${name}@example.com`,
        fromAddress: 'web@agency.test',
        subject: name,
        textBody: name,
        status: emailStatus,
        relatedKind: 'lead-confirmation',
        relatedId: lead!.id,
        createdAt: at,
      },
    ])
    .returning({ id: emailOutbox.id });
  return {
    leadId: lead!.id,
    submissionId: submission!.id,
    uploadId: upload!.id,
    file,
    emailIds: emails.map((email) => email.id),
  };
}

async function insertViewing(at: Date, name: string): Promise<number> {
  const [lead] = await database.db
    .insert(leads)
    .values({ kind: 'viewing', payload: { name }, branchId: 1, propertyId: 1, createdAt: at })
    .returning({ id: leads.id });
  return lead!.id;
}

const idsOf = async (table: typeof leads | typeof formSubmissions | typeof formUploads | typeof emailOutbox) =>
  (await database.db.select({ id: table.id }).from(table)).map((row) => row.id).sort((a, b) => a - b);

const exists = (file: string) =>
  access(path.join(uploadDir, file)).then(
    () => true,
    () => false,
  );

describe('the retention job', () => {
  it('deletes exactly what is older than the setting, and nothing else', async () => {
    const old = await insertFormLead(ago(30), 'ancient');
    const justOlder = await insertFormLead(new Date(ago(24).getTime() - 60_000), 'justolder');
    const justNewer = await insertFormLead(new Date(ago(24).getTime() + 60_000), 'justnewer');
    const recent = await insertFormLead(ago(0, 2), 'recent');
    const oldViewing = await insertViewing(ago(25), 'oldviewer');
    const newViewing = await insertViewing(ago(23), 'newviewer');
    // An unsent email about an old lead is left to finish or fail.
    const oldPending = await insertFormLead(ago(26), 'oldpending', 'pending');
    const unrelated = await database.db
      .insert(emailOutbox)
      .values({
        toAddress: 'x@example.com',
        fromAddress: 'w@a.test',
        subject: 's',
        textBody: 't',
        status: 'sent',
        createdAt: ago(60),
      })
      .returning({ id: emailOutbox.id });
    // The audit log, five years old: never deleted.
    await recordAudit(
      database.db,
      { staffId: null, actorEmail: 'old@agency.test', ip: null, action: 'lead.export' },
      ago(60),
    );
    const auditBefore = await database.db.select().from(auditLog);

    const run = await runRetentionJobIfDue(database.db, { now: NOW, deleteFile });
    expect(run).toEqual({
      ran: true,
      months: 24,
      counts: { leads: 4, uploads: 3, formSubmissions: 3, emails: 4 },
    });

    expect(await idsOf(leads)).toEqual([justNewer.leadId, recent.leadId, newViewing].sort((a, b) => a - b));
    expect(await idsOf(formSubmissions)).toEqual([justNewer.submissionId, recent.submissionId].sort((a, b) => a - b));
    expect(await idsOf(formUploads)).toEqual([justNewer.uploadId, recent.uploadId].sort((a, b) => a - b));
    expect(await idsOf(emailOutbox)).toEqual(
      [...justNewer.emailIds, ...recent.emailIds, ...oldPending.emailIds, unrelated[0]!.id].sort((a, b) => a - b),
    );
    for (const gone of [old, justOlder, oldPending]) expect(await exists(gone.file), gone.file).toBe(false);
    for (const kept of [justNewer, recent]) expect(await exists(kept.file), kept.file).toBe(true);
    expect(oldViewing).toBeGreaterThan(0);

    // The counts follow the leads that are left.
    const [counted] = await database.db.select({ total: sql<number>`sum(count)::int` }).from(leadCounts);
    expect(counted!.total).toBe(3);

    const auditAfter = await database.db.select().from(auditLog);
    expect(auditAfter.slice(0, auditBefore.length)).toEqual(auditBefore);
    const runEntry = auditAfter.find((entry) => entry.action === 'privacy.retention-run')!;
    expect(runEntry.staffId).toBeNull();
    expect(runEntry.details).toEqual({ months: 24, deleted: { leads: 4, uploads: 3, formSubmissions: 3, emails: 4 } });
  });

  it('runs once a day', async () => {
    await insertViewing(ago(30), 'first');
    expect((await runRetentionJobIfDue(database.db, { now: NOW, deleteFile })).ran).toBe(true);
    await insertViewing(ago(30), 'second');
    const later = new Date(NOW.getTime() + 23 * 3_600_000);
    expect(await runRetentionJobIfDue(database.db, { now: later, deleteFile })).toEqual({ ran: false });
    const nextDay = new Date(NOW.getTime() + 24 * 3_600_000);
    const run = await runRetentionJobIfDue(database.db, { now: nextDay, deleteFile });
    expect(run.ran && run.counts.leads).toBe(1);
  });

  it('keeps everything when the setting is 0', async () => {
    await database.db.update(siteSettings).set({ leadRetentionMonths: 0 });
    const old = await insertFormLead(ago(120), 'decade');
    const run = await runRetentionJobIfDue(database.db, { now: NOW, deleteFile });
    expect(run).toEqual({ ran: true, months: 0, counts: { leads: 0, uploads: 0, formSubmissions: 0, emails: 0 } });
    expect(await idsOf(leads)).toEqual([old.leadId]);
    expect(await exists(old.file)).toBe(true);
  });

  it('keeps an upload’s row when its file cannot be deleted, and tries again next time', async () => {
    const old = await insertFormLead(ago(30), 'stuck');
    await expect(
      applyRetention(database.db, {
        months: 24,
        now: NOW,
        deleteFile: async () => {
          throw new Error('storage is down');
        },
      }),
    ).rejects.toThrow('storage is down');
    expect(await idsOf(formUploads)).toContain(old.uploadId);
    expect(await idsOf(leads)).toContain(old.leadId);
    const counts = await applyRetention(database.db, { months: 24, now: NOW, deleteFile });
    expect(counts.uploads).toBe(1);
    expect(await exists(old.file)).toBe(false);
  });
});

describe('the audit log is append-only', () => {
  it('refuses UPDATE and DELETE in the database itself', async () => {
    await recordAudit(database.db, { staffId: null, actorEmail: null, ip: null, action: 'lead.export' });
    await expect(database.db.update(auditLog).set({ action: 'changed' })).rejects.toThrow();
    await expect(database.db.delete(auditLog)).rejects.toThrow();
    await expect(database.db.delete(auditLog).where(eq(auditLog.action, 'lead.export'))).rejects.toThrow();
    const rows = await database.db.select({ action: auditLog.action }).from(auditLog);
    expect(rows.every((row) => row.action !== 'changed')).toBe(true);
  });
});
