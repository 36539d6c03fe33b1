import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  branches,
  emailOutbox,
  formDefinitions,
  formUploads,
  leadCounts,
  leadEvents,
  leads,
  properties,
  users,
  valuationBookings,
} from '../../db/schema/index.ts';
import { buildFormDefinitions } from '../../db/seed/content.ts';
import { acceptLead } from '../../app/features/leads/lead-store.server.ts';
import { receiveFormSubmission } from '../../app/features/forms/form-submissions.server.ts';
import { createLocalDiskStorage } from '../../app/lib/storage/local-disk.server.ts';
import {
  addLeadNote,
  assignLead,
  getLead,
  listLeads,
  setLeadStage,
} from '../../app/features/lead-inbox/lead-inbox.server.ts';
import { exportLeadsCsv, leadsCsvResponse } from '../../app/features/lead-inbox/lead-export.server.ts';
import {
  inboxKinds,
  leadScopeFor,
  parseLeadFilters,
  type LeadScope,
} from '../../app/features/lead-inbox/lead-inbox-model.ts';
import { createTestDatabase, rowsOf, type TestDatabase } from './test-database.ts';
import { insertLeadFixtures, insertStaffAccounts } from './leads-fixtures.ts';

let database: TestDatabase;
let uploadRoot: string;
const OWNER: LeadScope = leadScopeFor('owner', [])!;
const BATH: LeadScope = leadScopeFor('negotiator', [1])!;
const FROME: LeadScope = leadScopeFor('manager', [2])!;
const ORIGIN = 'https://agency.test';
const ids: Record<string, number> = {};

function clientPayload(first: string, last: string, email: string, extra: Record<string, unknown> = {}) {
  return {
    lead_client: {
      first_name: first,
      last_name: last,
      email,
      tel_home: '07700 900123',
      street_address: '4 Mill Lane',
      town: 'Bath',
      postcode: 'BA1 2AB',
    },
    lead: { message: 'Is the garden south facing?', channel: 'sales', ...extra },
    marketing_preferences: { opt_in_terms: 'on' },
  };
}

async function accept(
  name: string,
  lead: Omit<Parameters<typeof acceptLead>[1], 'ipAddress' | 'summary' | 'subject'>,
): Promise<number> {
  const { leadId } = await acceptLead(
    database.db,
    { ...lead, ipAddress: '203.0.113.9', summary: [`Lead ${name}`], subject: `Lead ${name}` },
    ORIGIN,
  );
  ids[name] = leadId;
  return leadId;
}

async function submitLandlordForm(answers: Record<string, string>): Promise<void> {
  const body = new URLSearchParams({ f_id: '1', redirect_url: '/forms/landlord-enquiry', hfhp: '' });
  for (const [name, value] of Object.entries(answers)) body.set(`form_submission[${name}]`, value);
  const result = await receiveFormSubmission(
    new Request(`${ORIGIN}/form_submissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: body.toString(),
    }),
    {
      db: database.db,
      uploadDir: uploadRoot,
      storage: createLocalDiskStorage({ root: uploadRoot }),
      sessionSecret: process.env.SESSION_SECRET!,
      sessionId: 'session',
      isCsrfDeferred: false,
      clientIp: '203.0.113.10',
      origin: ORIGIN,
      // The bot check has its own tests; here the submission is a person's.
      verifyBotCheck: async () => true,
    },
  );
  expect(result.outcome).toBe('sent');
}

beforeAll(async () => {
  uploadRoot = await mkdtemp(path.join(tmpdir(), 'doorstep-lead-inbox-'));
  database = await createTestDatabase();
  await insertLeadFixtures(database.db);
  await insertStaffAccounts(database.db, 20);
  await database.db.insert(formDefinitions).values(buildFormDefinitions());
  await database.db.insert(branches).values({
    id: 2,
    slug: 'frome',
    name: 'Frome',
    addressLine1: '2 Market Place',
    town: 'Frome',
    county: 'Somerset',
    country: 'england',
    postcode: 'BA11 1AA',
    location: { lat: 51.23, lng: -2.32 },
    contactNumber: '01632 960200',
    email: 'frome@agency.test',
  });
  await database.db
    .update(properties)
    .set({ photos: [{ url: '/media/home-1/front.jpg', imageAlt: 'Front of the house' }] })
    .where(eq(properties.id, 1));
  const [account] = await database.db
    .insert(users)
    .values({
      email: 'Vera@Example.com',
      emailLower: 'vera@example.com',
      passwordHash: 'x',
      firstName: 'Vera',
      lastName: 'Viewer',
    })
    .returning({ id: users.id });

  await accept('viewing', {
    kind: 'viewing',
    payload: clientPayload('Vera', 'Viewer', 'vera@example.com'),
    email: 'vera@example.com',
    propertyId: 1,
    branchId: 1,
    departmentId: 1,
    staffMemberId: 1,
    userId: account!.id,
  });
  const valuationId = await accept('valuation', {
    kind: 'valuation',
    payload: clientPayload('Val', 'Owner', 'val@example.com', { is_valuation_request: 'true' }),
    email: 'val@example.com',
    branchId: 1,
  });
  await database.db
    .insert(valuationBookings)
    .values({ leadId: valuationId, branchId: 1, bookingDate: '2026-12-01', timeSlots: ['09:00', '09:30'] });
  // An instant valuation's follow-up for a postcode no branch covers: it stays with the agency, in no branch.
  await accept('followUp', {
    kind: 'instant-valuation',
    payload: clientPayload('Ivy', 'Instant', 'ivy@example.com', {
      is_valuation_request: 'true',
      source: 'instant-valuation',
    }),
    email: 'ivy@example.com',
  });
  await accept('staff', {
    kind: 'staff-enquiry',
    payload: clientPayload('Stan', 'Staffer', 'stan@example.com'),
    email: 'stan@example.com',
    branchId: 1,
    staffMemberId: 1,
  });
  await accept('department', {
    kind: 'department-enquiry',
    payload: clientPayload('Dee', 'Department', 'dee@example.com'),
    email: 'dee@example.com',
    branchId: 1,
    departmentId: 1,
  });
  await accept('newHomes', {
    kind: 'new-homes',
    payload: {
      form: 'new-homes-enquiry',
      first_name: 'Nia',
      last_name: 'Newhome',
      email: 'nia@example.com',
      phone: '01234 567890',
      message: 'Which plots have a garage?',
      terms: 'on',
    },
    email: 'nia@example.com',
    propertyId: 1,
    branchId: 1,
  });
  await accept('friend', {
    kind: 'send-to-friend',
    payload: { send_to_friend: { name: 'Fred', email: 'fred@example.com', friend_email: 'pal@example.com' } },
    email: 'fred@example.com',
    branchId: 1,
    propertyId: 1,
    recipientEmail: 'pal@example.com',
    confirmVisitor: false,
  });
  await accept('frome', {
    kind: 'viewing',
    payload: clientPayload('Zed', 'Elsewhere', 'zed@example.com'),
    email: 'zed@example.com',
    branchId: 2,
  });
  await accept('formula', {
    kind: 'department-enquiry',
    payload: clientPayload('=HYPERLINK("http://evil.example")', '+Smith', '@evil@example.com', {
      message: '-2+3',
    }),
    email: 'formula@example.com',
    branchId: 1,
  });
  await submitLandlordForm({
    name: 'Lana Landlord',
    email: 'lana@example.com',
    phone: '07700 900999',
    property_address: '9 Orchard Way, Bath',
    number_of_properties: '2 to 5',
    message: 'Please manage my flats.',
  });
  const [landlordLead] = await database.db.select().from(leads).where(eq(leads.kind, 'custom-form'));
  ids.customForm = landlordLead!.id;
  await database.db.insert(formUploads).values({
    formSubmissionId: landlordLead!.formSubmissionId!,
    fieldName: 'cv',
    originalName: 'lana-details.pdf',
    storedName: '00000000-0000-4000-8000-000000000000.pdf',
    contentType: 'application/pdf',
    sizeBytes: 2048,
  });
});

afterAll(async () => {
  await database?.dispose();
  await rm(uploadRoot, { recursive: true, force: true });
});

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe(`leads inbox (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('gives owners every branch, managers and negotiators their own, editors nothing', () => {
    expect(leadScopeFor('owner', [1])).toEqual({ allBranches: true, branchIds: [] });
    expect(leadScopeFor('manager', [2, 2, 3])).toEqual({ allBranches: false, branchIds: [2, 3] });
    expect(leadScopeFor('negotiator', [1])).toEqual({ allBranches: false, branchIds: [1] });
    expect(leadScopeFor('editor', [1])).toBeNull();
  });

  it('lists every kind of lead in one list, newest first, without send-to-a-friend', async () => {
    const list = await listLeads(database.db, OWNER, {}, 1);
    const kinds = new Set(list.leads.map((lead) => lead.kind));
    for (const kind of inboxKinds) expect(kinds).toContain(kind);
    expect(list.leads.map((lead) => lead.id)).not.toContain(ids.friend);
    expect(list.total).toBe(9);
    const times = list.leads.map((lead) => lead.receivedAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(list.counts?.byKind).toEqual({
      viewing: 2,
      valuation: 1,
      'instant-valuation': 1,
      'staff-enquiry': 1,
      'department-enquiry': 2,
      'new-homes': 1,
      'custom-form': 1,
    });
    expect(list.counts?.byStage.new).toBe(9);
    const custom = list.leads.find((lead) => lead.kind === 'custom-form');
    expect(custom).toMatchObject({
      name: 'Lana Landlord',
      email: 'lana@example.com',
      phone: '07700 900999',
      formTitle: 'Landlord enquiry',
      branchName: null,
    });
    expect(list.leads.find((lead) => lead.id === ids.viewing)).toMatchObject({
      name: 'Vera Viewer',
      branchName: 'Bath',
      propertyAddress: '1 Mill Lane, Bath',
    });
  });

  it('keeps a lead of another branch out of the list, the lead page and every change', async () => {
    const bath = await listLeads(database.db, BATH, {}, 1);
    expect(bath.leads.map((lead) => lead.id)).not.toContain(ids.frome);
    expect(bath.leads.map((lead) => lead.id)).not.toContain(ids.customForm);
    expect(bath.total).toBe(6);
    const frome = await listLeads(database.db, FROME, {}, 1);
    expect(frome.leads.map((lead) => lead.id)).toEqual([ids.frome]);
    // Asking for the other branch by filter does not widen the scope.
    expect((await listLeads(database.db, BATH, { branch: 2 }, 1)).leads).toEqual([]);
    expect(await listLeads(database.db, { allBranches: false, branchIds: [] }, {}, 1)).toMatchObject({
      leads: [],
      total: 0,
    });

    expect(await getLead(database.db, BATH, ids.frome!)).toBeNull();
    expect(await getLead(database.db, BATH, ids.customForm!)).toBeNull();
    expect(await getLead(database.db, OWNER, ids.friend!)).toBeNull();
    expect(await setLeadStage(database.db, BATH, 7, ids.frome!, { stage: 'contacted' })).toBe(false);
    expect(
      await assignLead(database.db, BATH, 7, ids.frome!, { staffId: 8, email: 'x@agency.test', name: 'X' }, ORIGIN),
    ).toBe(false);
    expect(await addLeadNote(database.db, BATH, 7, ids.frome!, 'Not mine')).toBeNull();
    const [untouched] = await database.db.select().from(leads).where(eq(leads.id, ids.frome!));
    expect(untouched).toMatchObject({ stage: 'new', assignedStaffId: null });
    const csv = await readAll(exportLeadsCsv(database.db, BATH, {}));
    expect(csv).not.toContain('zed@example.com');
    expect(csv).not.toContain('lana@example.com');
    expect(csv).toContain('vera@example.com');
  });

  it('shows everything about a lead in readable form', async () => {
    const viewing = await getLead(database.db, BATH, ids.viewing!);
    expect(viewing).toMatchObject({
      kind: 'viewing',
      kindLabel: 'Viewing request',
      stage: 'new',
      email: 'vera@example.com',
      branch: { id: 1, name: 'Bath' },
      department: 'Bath Sales',
      staffMember: 'Ann Smith',
      property: {
        id: 1,
        title: '1 Mill Lane, Bath',
        url: '/properties/home-1',
        thumbnailUrl: '/media/home-1/front.jpg',
      },
      account: { name: 'Vera Viewer', email: 'Vera@Example.com', isSignedInLead: true },
    });
    expect(viewing!.fields).toEqual(
      expect.arrayContaining([
        { label: 'First name', value: 'Vera' },
        { label: 'Phone', value: '07700 900123' },
        { label: 'Message', value: 'Is the garden south facing?' },
        { label: 'Agreed to the terms', value: 'Yes' },
      ]),
    );
    expect(viewing!.fields.map((field) => field.label)).not.toContain('first_name');
    expect(viewing!.emails.map((email) => email.purpose)).toEqual([
      'Lead notification to staff',
      "Visitor's confirmation",
    ]);
    expect(viewing!.emails[0]).toMatchObject({ to: 'ann.smith@agency.test', status: 'pending', attempts: 0 });

    const valuation = await getLead(database.db, OWNER, ids.valuation!);
    expect(valuation!.booking).toEqual({ date: '2026-12-01', timeSlots: ['09:00', '09:30'] });
    expect(valuation!.fields.map((field) => field.label)).not.toContain('Is valuation request');

    const newHomes = await getLead(database.db, OWNER, ids.newHomes!);
    expect(newHomes!.formTitle).toBe('Register your interest');
    expect(newHomes!.fields).toEqual(
      expect.arrayContaining([
        { label: 'First name', value: 'Nia' },
        { label: 'Phone number', value: '01234 567890' },
      ]),
    );

    const custom = await getLead(database.db, OWNER, ids.customForm!);
    expect(custom).toMatchObject({ kind: 'custom-form', formTitle: 'Landlord enquiry', account: null, branch: null });
    expect(custom!.fields).toEqual(
      expect.arrayContaining([
        { label: 'Name', value: 'Lana Landlord' },
        { label: 'Number of properties', value: '2 to 5' },
      ]),
    );
    expect(custom!.files).toEqual([
      { id: expect.any(Number), name: 'lana-details.pdf', contentType: 'application/pdf', sizeBytes: 2048 },
    ]);
    expect(custom!.emails).toEqual([
      expect.objectContaining({ purpose: 'Form notification to staff', status: 'pending' }),
    ]);
    expect(await getLead(database.db, OWNER, 999_999)).toBeNull();
    expect(await getLead(database.db, OWNER, -1)).toBeNull();
  });

  it('moves a lead through the workflow, with a reason when lost, and keeps the history and counts', async () => {
    const id = ids.staff!;
    expect(await setLeadStage(database.db, BATH, 7, id, { stage: 'contacted' })).toBe(true);
    expect(await setLeadStage(database.db, BATH, 7, id, { stage: 'booked' })).toBe(true);
    await expect(setLeadStage(database.db, BATH, 7, id, { stage: 'lost', lostReason: ' ' })).rejects.toThrow();
    expect(await setLeadStage(database.db, BATH, 7, id, { stage: 'lost', lostReason: 'Bought elsewhere' })).toBe(true);
    const lead = await getLead(database.db, BATH, id);
    expect(lead).toMatchObject({ stage: 'lost', stageLabel: 'Lost', lostReason: 'Bought elsewhere' });
    expect(lead!.history.map((event) => [event.from, event.to, event.actorStaffId])).toEqual([
      ['new', 'contacted', 7],
      ['contacted', 'booked', 7],
      ['booked', 'lost', 7],
    ]);
    expect(await setLeadStage(database.db, BATH, 7, id, { stage: 'new', lostReason: 'ignored' })).toBe(true);
    expect((await getLead(database.db, BATH, id))!.lostReason).toBeNull();
    expect(await setLeadStage(database.db, BATH, 7, id, { stage: 'closed' })).toBe(true);

    const list = await listLeads(database.db, OWNER, { stage: 'closed' }, 1);
    expect(list.leads.map((row) => row.id)).toEqual([id]);
    expect(list.counts?.byStage).toMatchObject({ new: 8, closed: 1 });
    // The trigger's counts agree with counting the leads.
    const [counted] = rowsOf<{ count: number }>(
      await database.db.execute(sql`select count(*)::int as count from leads where stage = 'closed'`),
    );
    const [kept] = await database.db
      .select({ count: sql<number>`sum(${leadCounts.count})`.mapWith(Number) })
      .from(leadCounts)
      .where(eq(leadCounts.stage, 'closed'));
    expect(kept!.count).toBe(counted!.count);
  });

  it('assigns a lead and emails the assignee through the outbox', async () => {
    const id = ids.department!;
    const assignee = { staffId: 11, email: 'nina.negotiator@agency.test', name: 'Nina Negotiator' };
    expect(await assignLead(database.db, BATH, 7, id, assignee, ORIGIN)).toBe(true);
    // Assigning again to the same person changes nothing and sends nothing more.
    expect(await assignLead(database.db, BATH, 7, id, assignee, ORIGIN)).toBe(true);
    const emails = await database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.relatedKind, 'lead-assignment'), eq(emailOutbox.relatedId, id)));
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      toAddress: 'nina.negotiator@agency.test',
      subject: 'Lead assigned to you: Office or department enquiry from Dee Department',
      status: 'pending',
    });
    expect(emails[0]!.textBody).toContain(`${ORIGIN}/admin/leads/${id}`);
    const lead = await getLead(database.db, BATH, id);
    expect(lead!.assignedStaffId).toBe(11);
    expect(lead!.emails.map((email) => email.purpose)).toContain('Assignment');
    expect((await listLeads(database.db, BATH, { assignee: 11 }, 1)).leads.map((row) => row.id)).toEqual([id]);
    expect((await listLeads(database.db, BATH, { assignee: 'none' }, 1)).total).toBe(5);
    expect(await assignLead(database.db, BATH, 7, id, null, ORIGIN)).toBe(true);
    const events = await database.db.select().from(leadEvents).where(eq(leadEvents.leadId, id));
    expect(events.map((event) => [event.kind, event.fromValue, event.toValue])).toEqual([
      ['assignment', null, '11'],
      ['assignment', '11', null],
    ]);
  });

  it('keeps internal notes with their author', async () => {
    const noteId = await addLeadNote(database.db, BATH, 7, ids.viewing!, '  Called, no answer.  ');
    expect(noteId).toEqual(expect.any(Number));
    const lead = await getLead(database.db, BATH, ids.viewing!);
    expect(lead!.notes).toEqual([
      { id: noteId, authorStaffId: 7, body: 'Called, no answer.', createdAt: expect.any(String) },
    ]);
  });

  it('filters by kind, branch, stage, assignee, dates and free text, and pages newest first', async () => {
    const ofKind = await listLeads(database.db, OWNER, { kind: 'viewing' }, 1);
    expect(ofKind.leads.map((lead) => lead.id).sort()).toEqual([ids.viewing, ids.frome].sort());
    expect(ofKind.total).toBe(2);
    expect((await listLeads(database.db, OWNER, { branch: 2 }, 1)).leads.map((lead) => lead.id)).toEqual([ids.frome]);

    const text = async (q: string) =>
      (await listLeads(database.db, OWNER, { q }, 1)).leads.map((lead) => lead.id).sort((a, b) => a - b);
    expect(await text('vera')).toEqual([ids.viewing]);
    expect(await text('Lana landl')).toEqual([ids.customForm]);
    expect(await text('lana@example.com')).toEqual([ids.customForm]);
    expect(await text('07700900999')).toEqual([ids.customForm]);
    expect(await text('Orchard')).toEqual([ids.customForm]);
    expect(await text('garage')).toEqual([ids.newHomes]);
    expect(await text("'); drop table leads; --")).toEqual([]);
    expect(await text('!!!')).toEqual([]);

    const today = new Date().toISOString().slice(0, 10);
    expect((await listLeads(database.db, OWNER, { from: today, to: today }, 1)).total).toBe(9);
    expect((await listLeads(database.db, OWNER, { to: '2000-01-01' }, 1)).total).toBe(0);
    expect((await listLeads(database.db, OWNER, { from: '2999-01-01' }, 1)).leads).toEqual([]);

    // Paging: 60 more leads in Frome, one a minute apart.
    await database.db.execute(sql`insert into leads (kind, payload, email, branch_id, created_at)
      select 'viewing', jsonb_build_object('lead_client', jsonb_build_object('first_name', 'Page', 'last_name', 'Lead ' || g)),
        'page' || g || '@example.com', 2, now() - g * interval '1 minute'
      from generate_series(1, 60) g`);
    const first = await listLeads(database.db, FROME, {}, 1);
    expect(first).toMatchObject({ total: 61, lastPage: 2, hasNext: true, page: 1 });
    expect(first.leads).toHaveLength(50);
    const second = await listLeads(database.db, FROME, {}, 2);
    expect(second.leads).toHaveLength(11);
    expect(second.hasNext).toBe(false);
    expect(new Set([...first.leads, ...second.leads].map((lead) => lead.id)).size).toBe(61);
    expect(second.leads.at(-1)!.receivedAt <= first.leads.at(-1)!.receivedAt).toBe(true);
  });

  it('survives any filter value: a validation result or a list, never an exception', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom('kind', 'branch', 'stage', 'assignee', 'from', 'to', 'q', 'page', 'other'),
          fc.oneof(
            fc.string(),
            fc.string({ unit: 'binary' }),
            fc.constantFrom('', 'none', '0', '1', '2026-02-30', '\u0000'),
          ),
        ),
        async (input) => {
          const parsed = parseLeadFilters(new URLSearchParams(input));
          if (!parsed.success) {
            expect(parsed.errors.length).toBeGreaterThan(0);
            return;
          }
          const list = await listLeads(database.db, BATH, parsed.filters, parsed.page);
          expect(Array.isArray(list.leads)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('exports the filtered list as CSV, formulas neutralised', async () => {
    const response = leadsCsvResponse(exportLeadsCsv(database.db, BATH, { kind: 'department-enquiry' }));
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const csv = await response.text();
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Reference,Received,Kind,Form,Status,Lost reason,Branch,Property,Name,Email,Phone,Address,Message,Assigned staff id',
    );
    expect(lines).toHaveLength(3);
    const formulaRow = lines.find((line) => line.startsWith(`${ids.formula},`))!;
    expect(formulaRow).toContain(`"'=HYPERLINK(""http://evil.example"") +Smith"`);
    expect(formulaRow).toContain(",'-2+3");
    expect(formulaRow).not.toMatch(/,[=+\-@]/);
  });

  it('streams the export in batches instead of reading every lead at once', async () => {
    await database.db.execute(sql`insert into leads (kind, payload, email, branch_id, created_at)
      select 'valuation', '{}'::jsonb, 'batch' || g || '@example.com', 2, now() - interval '1 day' - g * interval '1 second'
      from generate_series(1, 2500) g`);
    const reader = exportLeadsCsv(database.db, FROME, {}).getReader();
    const chunks: number[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(new TextDecoder().decode(value).split('\r\n').length - 1);
    }
    // The header, then batches of at most 1,000 leads: 1 (Zed) + 60 + 2,500 = 2,561 rows.
    expect(chunks[0]).toBe(1);
    expect(chunks.slice(1)).toEqual([1000, 1000, 561]);
    const all = await readAll(exportLeadsCsv(database.db, FROME, {}));
    const references = all
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => Number(line.split(',')[0]));
    expect(new Set(references).size).toBe(2561);
  });
});
