import { asc, eq } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, leads } from '../../db/schema/index.ts';
import { acceptLead, chooseRecipientEmail } from '../../app/features/leads/lead-store.server.ts';
import { deliverDueEmails } from '../../app/features/email/outbox.server.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { AGENCY_EMAIL, ANN_EMAIL, BRANCH_EMAIL, insertLeadFixtures, SALES_EMAIL } from './leads-fixtures.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await insertLeadFixtures(database.db);
});

afterAll(async () => {
  await database?.dispose();
});

const base = {
  kind: 'viewing' as const,
  payload: { lead_client: { first_name: 'Eve' } },
  email: 'eve@example.com',
  ipAddress: '203.0.113.9',
  summary: ['Name: Eve Adams', 'Phone: 01234 567890'],
  subject: 'Viewing request: 1 Mill Lane, Bath',
};

async function outboxFor(leadId: number) {
  const rows = await database.db.select().from(emailOutbox).orderBy(asc(emailOutbox.id));
  return rows.filter((row) => row.relatedId === leadId);
}

describe('chooseRecipientEmail', () => {
  it('prefers explicit, then staff member, department, branch and agency', () => {
    const all = { explicit: 'x@a', staffMember: 's@a', department: 'd@a', branch: 'b@a', agency: 'a@a' };
    expect(chooseRecipientEmail(all)).toBe('x@a');
    expect(chooseRecipientEmail({ ...all, explicit: null })).toBe('s@a');
    expect(chooseRecipientEmail({ ...all, explicit: null, staffMember: ' ' })).toBe('d@a');
    expect(chooseRecipientEmail({ branch: 'b@a', agency: 'a@a' })).toBe('b@a');
    expect(chooseRecipientEmail({ agency: 'a@a' })).toBe('a@a');
    expect(chooseRecipientEmail({})).toBeNull();
  });
});

describe('acceptLead', () => {
  it('stores the lead as received and queues the staff email and the visitor confirmation', async () => {
    const { leadId } = await acceptLead(
      database.db,
      { ...base, propertyId: 1, branchId: 1, departmentId: 1, staffMemberId: 1 },
      'https://agency.test',
    );
    const [lead] = await database.db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead).toMatchObject({
      kind: 'viewing',
      status: 'received',
      email: 'eve@example.com',
      propertyId: 1,
      branchId: 1,
      departmentId: 1,
      staffMemberId: 1,
      recipientEmail: ANN_EMAIL,
      ipAddress: '203.0.113.9',
      payload: { lead_client: { first_name: 'Eve' } },
    });
    const emails = await outboxFor(leadId);
    expect(emails.map((email) => [email.toAddress, email.status])).toEqual([
      [ANN_EMAIL, 'pending'],
      ['eve@example.com', 'pending'],
    ]);
    expect(emails[0]!.subject).toBe('Viewing request: 1 Mill Lane, Bath');
    expect(emails[0]!.textBody).toContain('Name: Eve Adams');
    expect(emails[1]!.textBody).toContain('We have received your enquiry and our agent will be in touch soon.');
  });

  it('routes to the department, then the branch, then the agency when nothing closer is known', async () => {
    const department = await acceptLead(database.db, { ...base, branchId: 1, departmentId: 1 }, '');
    const branch = await acceptLead(database.db, { ...base, branchId: 1 }, '');
    const agency = await acceptLead(database.db, { ...base }, '');
    const explicit = await acceptLead(database.db, { ...base, staffMemberId: 1, recipientEmail: 'x@example.com' }, '');
    const recipients = await Promise.all(
      [department, branch, agency, explicit].map(async ({ leadId }) => (await outboxFor(leadId))[0]!.toAddress),
    );
    expect(recipients).toEqual([SALES_EMAIL, BRANCH_EMAIL, AGENCY_EMAIL, 'x@example.com']);
  });

  it('skips the confirmation when told to or when there is no visitor email', async () => {
    const quiet = await acceptLead(database.db, { ...base, confirmVisitor: false }, '');
    const anonymous = await acceptLead(database.db, { ...base, email: null }, '');
    expect((await outboxFor(quiet.leadId)).map((email) => email.toAddress)).toEqual([AGENCY_EMAIL]);
    expect((await outboxFor(anonymous.leadId)).map((email) => email.toAddress)).toEqual([AGENCY_EMAIL]);
  });

  it('keeps the lead when SMTP is down and retries the email later with backoff', async () => {
    // Its own visitor address: each address gets a few confirmations a day (tested below).
    const { leadId } = await acceptLead(database.db, { ...base, email: 'smtp-down@example.com', branchId: 1 }, '');
    const failing = {
      sendMail: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:25')),
    } as unknown as Transporter;
    const before = Date.now();
    await deliverDueEmails(database.db, failing, 100);

    const [lead] = await database.db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead?.status).toBe('received');
    const failed = await outboxFor(leadId);
    expect(failed.length).toBe(2);
    for (const email of failed) {
      expect(email.status).toBe('pending');
      expect(email.attempts).toBe(1);
      expect(email.lastError).toContain('ECONNREFUSED');
      expect(email.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 29_000);
    }

    // Not due yet: a second run does not touch them.
    const sent: string[] = [];
    const working = {
      sendMail: (message: { to: string }) => {
        sent.push(message.to);
        return Promise.resolve({});
      },
    } as unknown as Transporter;
    await deliverDueEmails(database.db, working, 100);
    expect(sent).toEqual([]);

    // Once the backoff has passed, SMTP is back and the emails go.
    await database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(emailOutbox.relatedId, leadId));
    await deliverDueEmails(database.db, working, 100);
    expect(sent).toEqual(expect.arrayContaining([BRANCH_EMAIL, 'smtp-down@example.com']));
    const delivered = await outboxFor(leadId);
    expect(delivered.every((email) => email.status === 'sent' && email.attempts === 2)).toBe(true);
  });

  it("never echoes the visitor's text in their confirmation: only the agency's own words", async () => {
    const { leadId } = await acceptLead(
      database.db,
      {
        ...base,
        email: 'victim@example.com',
        summary: ['Name: Win Prize', 'Message: Claim your prize at https://evil.example/claim or www.evil.example'],
      },
      '',
    );
    const [staff, confirmation] = await outboxFor(leadId);
    expect(staff!.textBody).toContain('https://evil.example/claim'); // staff still see everything
    expect(confirmation!.toAddress).toBe('victim@example.com');
    expect(confirmation!.textBody).toContain('We have received your enquiry and our agent will be in touch soon.');
    expect(confirmation!.textBody).not.toMatch(/evil|prize|https?:|www\./i);
  });

  it('sends a recipient at most three confirmations a day; the lead and the staff email still go', async () => {
    const sent = [];
    for (let index = 0; index < 5; index += 1) {
      const { leadId } = await acceptLead(database.db, { ...base, email: 'Flooded@Example.com', branchId: 1 }, '');
      const emails = await outboxFor(leadId);
      expect(emails[0]!.toAddress).toBe(BRANCH_EMAIL);
      const [lead] = await database.db.select().from(leads).where(eq(leads.id, leadId));
      expect(lead?.status).toBe('received');
      sent.push(emails.length);
    }
    expect(sent).toEqual([2, 2, 2, 1, 1]);
  });
});
