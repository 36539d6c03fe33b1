/**
 * The diary's routes: confirming a time books the appointment, moves the lead to "Booked" and queues the visitor's
 * email with a calendar invitation (METHOD:REQUEST); rescheduling keeps the event's UID with the next SEQUENCE;
 * cancelling sends METHOD:CANCEL. Each change is audited. Another branch's entry answers 404 for every role and
 * form, editors get 403, no post works without the authenticity token, and no query value or form body answers 500.
 */
import pino from 'pino';
import fc from 'fast-check';
import ICAL from 'ical.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  diaryAppointments,
  emailOutbox,
  leadEvents,
  leads,
  valuationBookings,
} from '../../db/schema/index.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import type { StaffRole } from '../../app/features/staff/index.ts';
import { deliverDueEmails } from '../../app/features/email/outbox.server.ts';
import * as diaryRoute from '../../app/routes/admin/diary.tsx';
import * as entryRoute from '../../app/routes/admin/diary-entry.tsx';
import * as leadRoute from '../../app/routes/admin/lead.tsx';
import { createServerApp } from '../../server/app.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { callStaffRoute, insertBranches, type RouteAnswer, signedInStaff } from './staff-fixtures.ts';

const BATH = 1;
const BRISTOL = 2;
let database: TestDatabase;
const staff: Record<string, { staffId: number; cookie: () => Promise<string> }> = {};

async function makeStaff(name: string, role: StaffRole, branchSlugs: string[]) {
  staff[name] = await signedInStaff(database.db, role, branchSlugs);
}

async function insertViewing(branchId: number, name: string): Promise<number> {
  const [row] = await database.db
    .insert(leads)
    .values({
      kind: 'viewing',
      payload: {
        lead_client: { first_name: name, last_name: 'Visitor', tel_home: '01225 456789', street_address: '' },
        lead: { message: 'Saturday morning suits me' },
        property_address: `${name} Cottage, 1 Mill Lane`,
      },
      email: `${name.toLowerCase()}@example.com`,
      branchId,
    })
    .returning({ id: leads.id });
  return row!.id;
}

async function insertValuation(
  branchId: number,
  name: string,
  date: string,
  slots: string[],
  kind: 'valuation' | 'instant-valuation' = 'valuation',
): Promise<number> {
  const [row] = await database.db
    .insert(leads)
    .values({
      kind,
      payload: {
        lead_client: {
          first_name: name,
          last_name: 'Seller',
          street_address: '2 Orchard Road',
          town: 'Bath',
          postcode: 'BA2 2BB',
        },
      },
      email: `${name.toLowerCase()}@example.com`,
      branchId,
    })
    .returning({ id: leads.id });
  await database.db
    .insert(valuationBookings)
    .values({ leadId: row!.id, branchId, bookingDate: date, timeSlots: slots });
  return row!.id;
}

const entry: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
  await insertBranches(database.db);
  entry.bathViewing = await insertViewing(BATH, 'Vera');
  entry.bathValuation = await insertValuation(BATH, 'Sam', '2026-12-01', ['10:00', '11:00']);
  entry.bathFollowUp = await insertValuation(BATH, 'Ivy', '2026-12-02', ['14:00'], 'instant-valuation');
  entry.bristolViewing = await insertViewing(BRISTOL, 'Bram');
  const [form] = await database.db
    .insert(leads)
    .values({ kind: 'staff-enquiry', payload: { name: 'Not a viewing' }, email: 'enquiry@example.com', branchId: BATH })
    .returning({ id: leads.id });
  entry.bathEnquiry = form!.id;
  await makeStaff('owner', 'owner', []);
  await makeStaff('bathNegotiator', 'negotiator', ['bath']);
  await makeStaff('bathManager', 'manager', ['bath']);
  await makeStaff('bristolNegotiator', 'negotiator', ['bristol']);
  await makeStaff('editor', 'editor', ['bath', 'bristol']);
});

afterAll(async () => {
  setDatabaseHandle(undefined);
  await database?.dispose();
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

const entryPath = (id: number) => `/admin/diary/${id}`;
const post = (who: string, id: number, body: Record<string, string>) =>
  call(entryRoute.action, who, entryPath(id), { id: String(id) }, body);

async function appointmentOf(leadId: number) {
  const [row] = await database.db.select().from(diaryAppointments).where(eq(diaryAppointments.leadId, leadId));
  return row ?? null;
}

async function emailsAbout(leadId: number) {
  return database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.relatedKind, 'diary-appointment'), eq(emailOutbox.relatedId, leadId)))
    .orderBy(emailOutbox.id);
}

function parseIcs(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return { method: calendar.getFirstPropertyValue('method'), event };
}

async function auditFor(leadId: number) {
  return database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.target, `lead:${leadId}`))
    .orderBy(auditLog.id);
}

describe('confirming, rescheduling and cancelling a viewing', () => {
  it('confirms a time: the appointment, the lead booked, the visitor’s email with a REQUEST invitation, the audit', async () => {
    const id = entry.bathViewing!;
    const answer = await post('bathNegotiator', id, {
      intent: 'confirm',
      date: '2026-07-04',
      time: '10:30',
      duration: '45',
    });
    expect(answer.status).toBe(303);
    expect(answer.response!.headers.get('location')).toBe(entryPath(id));
    const appointment = (await appointmentOf(id))!;
    expect(appointment.state).toBe('confirmed');
    // 10:30 in British Summer Time is 09:30 UTC.
    expect(appointment.startsAt.toISOString()).toBe('2026-07-04T09:30:00.000Z');
    expect(appointment.durationMinutes).toBe(45);
    expect(appointment.sequence).toBe(0);
    expect(appointment.branchId).toBe(BATH);
    expect(appointment.updatedByStaffId).toBe(staff.bathNegotiator!.staffId);
    const [lead] = await database.db.select().from(leads).where(eq(leads.id, id));
    expect(lead!.stage).toBe('booked');
    const events = await database.db.select().from(leadEvents).where(eq(leadEvents.leadId, id));
    expect(events.map((event) => [event.kind, event.toValue])).toEqual([['stage', 'booked']]);

    const [email] = await emailsAbout(id);
    expect(email!.toAddress).toBe('vera@example.com');
    expect(email!.subject).toBe('Your viewing is confirmed: Vera Cottage, 1 Mill Lane, Saturday 4 July 2026 at 10:30');
    expect(email!.textBody).toContain('Saturday 4 July 2026 at 10:30 (UK time)');
    expect(email!.textBody).toContain('Bath branch');
    expect(email!.attachments).toHaveLength(1);
    const [file] = email!.attachments!;
    expect(file!.filename).toBe('appointment.ics');
    expect(file!.contentType).toBe('text/calendar; charset=utf-8; method=REQUEST');
    const ics = parseIcs(file!.content);
    expect(ics.method).toBe('REQUEST');
    expect(ics.event.uid).toBe(appointment.uid);
    expect(ics.event.sequence).toBe(0);
    expect(ics.event.startDate.toJSDate().toISOString()).toBe('2026-07-04T09:30:00.000Z');
    expect(ics.event.endDate.toJSDate().toISOString()).toBe('2026-07-04T10:15:00.000Z');
    expect(ics.event.location).toBe('Vera Cottage, 1 Mill Lane');

    const audit = await auditFor(id);
    expect(audit.map((row) => row.action)).toEqual(['diary.confirmed']);
    expect(audit[0]!.staffId).toBe(staff.bathNegotiator!.staffId);
    expect(audit[0]!.ip).toBe('192.0.2.1');
  });

  it('shows the appointment on the diary’s week and day, and on the lead page', async () => {
    const id = entry.bathViewing!;
    const week = await call(diaryRoute.loader, 'bathManager', '/admin/diary?view=week&date=2026-07-01&branch=bath', {});
    expect(week.status).toBe(200);
    const weekData = week.data as {
      grid: { view: 'week'; week: { days: { date: string; entries: { leadId: number; minutes: number }[] }[] } };
    };
    const saturday = weekData.grid.week.days.find((day) => day.date === '2026-07-04')!;
    expect(saturday.entries).toEqual([
      expect.objectContaining({ leadId: id, minutes: 10 * 60 + 30, state: 'confirmed' }),
    ]);
    const day = await call(diaryRoute.loader, 'owner', '/admin/diary?view=day&date=2026-07-04&branch=bath', {});
    const hours = (day.data as { grid: { day: { hours: { hour: number; entries: { leadId: number }[] }[] } } }).grid.day
      .hours;
    expect(hours.find((row) => row.hour === 10)!.entries.map((item) => item.leadId)).toEqual([id]);
    const lead = await call(leadRoute.loader, 'bathNegotiator', `/admin/leads/${id}`, { id: String(id) });
    expect((lead.data as { appointment: unknown }).appointment).toEqual({
      leadId: id,
      state: 'confirmed',
      startsAt: '2026-07-04T09:30:00.000Z',
      branchSlug: 'bath',
    });
  });

  it('reschedules with the same UID and the next SEQUENCE', async () => {
    const id = entry.bathViewing!;
    const before = (await appointmentOf(id))!;
    const answer = await post('bathManager', id, {
      intent: 'reschedule',
      date: '2026-11-30',
      time: '14:00',
      duration: '30',
    });
    expect(answer.status).toBe(303);
    const after = (await appointmentOf(id))!;
    expect(after.state).toBe('rescheduled');
    // Winter: UK time is UTC.
    expect(after.startsAt.toISOString()).toBe('2026-11-30T14:00:00.000Z');
    expect(after.uid).toBe(before.uid);
    expect(after.sequence).toBe(1);
    const emails = await emailsAbout(id);
    expect(emails).toHaveLength(2);
    const moved = emails[1]!;
    expect(moved.subject).toBe('Your viewing has moved: Vera Cottage, 1 Mill Lane, Monday 30 November 2026 at 14:00');
    expect(moved.textBody).toContain('It was Saturday 4 July 2026 at 10:30.');
    const ics = parseIcs(moved.attachments![0]!.content);
    expect(ics.method).toBe('REQUEST');
    expect(ics.event.uid).toBe(before.uid);
    expect(ics.event.sequence).toBe(1);
    expect((await auditFor(id)).map((row) => row.action)).toEqual(['diary.confirmed', 'diary.rescheduled']);
  });

  it('refuses a time the clocks skip, a bad date and a length not offered, and changes nothing', async () => {
    const id = entry.bathViewing!;
    const before = (await appointmentOf(id))!;
    const skipped = await post('bathManager', id, {
      intent: 'reschedule',
      date: '2026-03-29',
      time: '01:30',
      duration: '30',
    });
    expect(skipped.status).toBe(422);
    expect((skipped.data as { errors: { field: string }[] }).errors.map((error) => error.field)).toEqual(['time']);
    const bad = await post('bathManager', id, { intent: 'reschedule', date: '2026-02-30', time: '9am', duration: '7' });
    expect(bad.status).toBe(422);
    expect((bad.data as { errors: { field: string }[] }).errors.map((error) => error.field).sort()).toEqual([
      'date',
      'duration',
      'time',
    ]);
    expect(await appointmentOf(id)).toEqual(before);
    expect(await emailsAbout(id)).toHaveLength(2);
  });

  it('refuses to confirm an appointment already booked (409): it is rescheduled instead', async () => {
    const id = entry.bathViewing!;
    const answer = await post('bathManager', id, {
      intent: 'confirm',
      date: '2026-12-01',
      time: '09:00',
      duration: '30',
    });
    expect(answer.status).toBe(409);
    expect((await appointmentOf(id))!.sequence).toBe(1);
  });

  it('cancels with a reason: METHOD:CANCEL, the lead back to contacted, the audit', async () => {
    const id = entry.bathViewing!;
    const noReason = await post('bathNegotiator', id, { intent: 'cancel', reason: '   ' });
    expect(noReason.status).toBe(422);
    const answer = await post('bathNegotiator', id, { intent: 'cancel', reason: 'The vendor has accepted an offer.' });
    expect(answer.status).toBe(303);
    const appointment = (await appointmentOf(id))!;
    expect(appointment.state).toBe('cancelled');
    expect(appointment.cancelReason).toBe('The vendor has accepted an offer.');
    expect(appointment.sequence).toBe(2);
    const [lead] = await database.db.select().from(leads).where(eq(leads.id, id));
    expect(lead!.stage).toBe('contacted');
    const emails = await emailsAbout(id);
    const cancelled = emails[2]!;
    expect(cancelled.subject).toBe(
      'Your viewing is cancelled: Vera Cottage, 1 Mill Lane, Monday 30 November 2026 at 14:00',
    );
    expect(cancelled.textBody).toContain('Reason: The vendor has accepted an offer.');
    expect(cancelled.attachments![0]!.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
    const ics = parseIcs(cancelled.attachments![0]!.content);
    expect(ics.method).toBe('CANCEL');
    expect(ics.event.uid).toBe(appointment.uid);
    expect(ics.event.sequence).toBe(2);
    expect((await auditFor(id)).map((row) => row.action)).toEqual([
      'diary.confirmed',
      'diary.rescheduled',
      'diary.cancelled',
    ]);
    // A cancelled appointment cannot be cancelled or moved again, only confirmed anew.
    expect((await post('bathNegotiator', id, { intent: 'cancel', reason: 'again' })).status).toBe(409);
  });

  it('delivers the invitation as an attachment of the email', async () => {
    const sent: { attachments?: unknown }[] = [];
    await deliverDueEmails(
      database.db,
      { sendMail: async (message) => void sent.push(message as { attachments?: unknown }) },
      { batchSize: 50, logger: pino({ level: 'silent' }) },
    );
    const withInvitation = sent.filter((message) => Array.isArray(message.attachments));
    expect(withInvitation.length).toBeGreaterThanOrEqual(3);
    expect(withInvitation[0]!.attachments).toEqual([
      expect.objectContaining({ filename: 'appointment.ics', content: expect.stringContaining('BEGIN:VCALENDAR') }),
    ]);
  });
});

describe('a valuation request', () => {
  it('is listed with the slots the visitor chose and sits at those times on its day', async () => {
    const id = entry.bathValuation!;
    const answer = await call(diaryRoute.loader, 'bathNegotiator', '/admin/diary?view=day&date=2026-12-01', {});
    expect(answer.status).toBe(200);
    const page = answer.data as {
      branch: { slug: string };
      requests: { leadId: number; slots: unknown }[];
      grid: { day: { hours: { hour: number; entries: { leadId: number; state: string }[] }[] } };
    };
    expect(page.branch.slug).toBe('bath');
    expect(page.requests.find((request) => request.leadId === id)!.slots).toEqual({
      date: '2026-12-01',
      times: ['10:00', '11:00'],
    });
    const requested = page.grid.day.hours.flatMap((row) =>
      row.entries.filter((item) => item.leadId === id).map((item) => [row.hour, item.state]),
    );
    expect(requested).toEqual([
      [10, 'requested'],
      [11, 'requested'],
    ]);
    const entryPage = await call(entryRoute.loader, 'bathNegotiator', entryPath(id), { id: String(id) });
    expect((entryPage.data as { entry: { state: string } }).entry.state).toBe('requested');
  });

  it('includes an instant valuation’s follow-up as a valuation, with its slots', async () => {
    const id = entry.bathFollowUp!;
    const answer = await call(diaryRoute.loader, 'bathNegotiator', '/admin/diary?view=day&date=2026-12-02', {});
    const page = answer.data as { requests: { leadId: number; kind: string; slots: unknown }[] };
    expect(page.requests.find((request) => request.leadId === id)).toMatchObject({
      kind: 'valuation',
      slots: { date: '2026-12-02', times: ['14:00'] },
    });
    const entryPage = await call(entryRoute.loader, 'bathNegotiator', entryPath(id), { id: String(id) });
    expect((entryPage.data as { entry: { kind: string; state: string } }).entry).toMatchObject({
      kind: 'valuation',
      state: 'requested',
    });
  });
});

describe.each([
  ['a negotiator of Bristol', 'bristolNegotiator', 'bathValuation', 'bath'],
  ['a manager of Bath', 'bathManager', 'bristolViewing', 'bristol'],
] as const)('%s and another branch’s entry', (_label, who, other, otherSlug) => {
  it('cannot read it, confirm, reschedule or cancel it, nor open that branch’s diary', async () => {
    const id = entry[other]!;
    expect((await call(entryRoute.loader, who, entryPath(id), { id: String(id) })).status).toBe(404);
    for (const body of <Record<string, string>[]>[
      { intent: 'confirm', date: '2026-12-02', time: '10:00', duration: '30' },
      { intent: 'reschedule', date: '2026-12-02', time: '10:00', duration: '30' },
      { intent: 'cancel', reason: 'Snooping' },
      {},
    ]) {
      expect((await post(who, id, body)).status).toBe(404);
    }
    expect(await appointmentOf(id)).toBeNull();
    expect(await emailsAbout(id)).toEqual([]);
    expect(await auditFor(id)).toEqual([]);
    const diary = await call(diaryRoute.loader, who, `/admin/diary?branch=${otherSlug}`, {});
    expect(diary.status).toBe(404);
  });

  it('does not see it in its own diary', async () => {
    const id = entry[other]!;
    const answer = await call(diaryRoute.loader, who, '/admin/diary?view=week&date=2026-12-01', {});
    expect(answer.status).toBe(200);
    const page = answer.data as { branches: { slug: string }[]; requests: { leadId: number }[] };
    expect(page.branches.map((branch) => branch.slug)).not.toContain(otherSlug);
    expect(page.requests.map((request) => request.leadId)).not.toContain(id);
  });
});

describe('ids and roles', () => {
  it('answers 404 for unknown, malformed and non-diary ids, for the owner too', async () => {
    for (const id of ['999999', 'abc', '0', '1e3', '-1', String(entry.bathEnquiry)]) {
      expect((await call(entryRoute.loader, 'owner', '/admin/diary/x', { id })).status).toBe(404);
      const body = { intent: 'confirm', date: '2026-12-02', time: '10:00', duration: '30' };
      expect((await call(entryRoute.action, 'owner', '/admin/diary/x', { id }, body)).status).toBe(404);
    }
  });

  it('lets the owner choose every branch and act on any', async () => {
    const answer = await call(diaryRoute.loader, 'owner', '/admin/diary?branch=bristol', {});
    expect(answer.status).toBe(200);
    expect((answer.data as { branches: { slug: string }[] }).branches.map((branch) => branch.slug)).toEqual([
      'bath',
      'bristol',
    ]);
    const id = entry.bristolViewing!;
    expect((await call(entryRoute.loader, 'owner', entryPath(id), { id: String(id) })).status).toBe(200);
  });

  it('gives an editor 403 on every diary route', async () => {
    const id = String(entry.bathValuation);
    expect((await call(diaryRoute.loader, 'editor', '/admin/diary', {})).status).toBe(403);
    expect((await call(entryRoute.loader, 'editor', entryPath(Number(id)), { id })).status).toBe(403);
    const body = { intent: 'cancel', reason: 'x' };
    expect((await call(entryRoute.action, 'editor', entryPath(Number(id)), { id }, body)).status).toBe(403);
  });
});

describe('hostile input', () => {
  const text = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom(
      '',
      'day',
      'week',
      'month',
      '2026-02-29',
      '2026-13-01',
      '9999-12-31',
      '1999-01-01',
      '%00',
      'bath',
      'Bath',
      '../bristol',
      'bristol',
    ),
  );

  it('answers every view, date and branch value without a 500', async () => {
    await fc.assert(
      fc.asyncProperty(text, text, text, async (view, date, branch) => {
        const query = new URLSearchParams({ view, date, branch }).toString();
        const answer = await call(diaryRoute.loader, 'bathNegotiator', `/admin/diary?${query}`, {});
        expect([200, 400, 404]).toContain(answer.status);
      }),
      { numRuns: 60 },
    );
  });

  it('answers every form body without a 500', async () => {
    const id = entry.bathValuation!;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          intent: fc.constantFrom('confirm', 'reschedule', 'cancel', 'delete', ''),
          date: text,
          time: fc.oneof(text, fc.constantFrom('09:00', '23:59', '24:00', '01:30')),
          duration: fc.oneof(text, fc.constantFrom('30', '45', '-1', '1e9', '31')),
          reason: fc.string({ maxLength: 600 }),
        }),
        async (body) => {
          const answer = await post('bathNegotiator', id, body);
          expect([303, 409, 422]).toContain(answer.status);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('the diary forms through the real server', () => {
  it.each(['confirm', 'reschedule', 'cancel'])('refuse the %s form without the authenticity token', async (intent) => {
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
    const id = entry.bristolViewing!;
    const response = await app.request(entryPath(id), {
      method: 'POST',
      headers: { cookie: await staff.owner!.cookie(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        intent,
        date: '2026-12-02',
        time: '10:00',
        duration: '30',
        reason: 'forged',
        authenticity_token: 'forged',
      }).toString(),
    });
    expect(response.status).toBe(422);
    expect(isReached).toBe(false);
    expect(await appointmentOf(id)).toBeNull();
  });
});
