/**
 * The diary's queries and its three changes (confirm, reschedule, cancel). Every function takes the caller's lead
 * scope and sees nothing outside it: an entry of another branch is "not found", so a route answers 404 without
 * saying it exists. A change, the lead's stage, its history and the visitor's email (with the calendar invitation)
 * are written in one transaction: either all of it happens or none. See docs/decisions/023-diary.md.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, inArray, isNull, lt, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  branches,
  diaryAppointments,
  leads,
  properties,
  siteSettings,
  valuationBookings,
  type LeadStage,
} from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { enqueueEmail } from '../email/index.server.ts';
import { setLeadStage } from '../lead-inbox/index.server.ts';
import { visitorSummary, type LeadScope } from '../lead-inbox/index.ts';
import { buildAppointmentIcs, ICS_FILENAME, icsContentType } from './diary-ics.ts';
import { allowedIntents, type AppointmentState, type DiaryAction, type DiaryState } from './diary-model.ts';
import { formatAppointmentTime, fromLondon, londonDayRange, toLondon, type IsoDate } from './diary-time.ts';

/** An instant valuation's follow-up is a valuation request like any other once it is in the diary. */
const DIARY_KINDS = ['viewing', 'valuation', 'instant-valuation'] as const;
type DiaryKind = 'viewing' | 'valuation';
const diaryKindOf = (kind: string): DiaryKind => (kind === 'viewing' ? 'viewing' : 'valuation');
/** Leads staff have finished with are not waiting for a time. */
const FINISHED_STAGES: LeadStage[] = ['closed', 'lost'];
const REQUEST_LIST_LIMIT = 200;

function scopeCondition(scope: LeadScope): SQL {
  if (scope.allBranches) return sql`true`;
  if (scope.branchIds.length === 0) return sql`false`;
  return inArray(leads.branchId, scope.branchIds);
}

const isDiaryLead = inArray(leads.kind, [...DIARY_KINDS]);

export type DiaryBranch = { id: number; slug: string; name: string };

/** The branches whose diary the staff member may open (owners: every branch), by name. */
export async function listDiaryBranches(db: Database, scope: LeadScope): Promise<DiaryBranch[]> {
  if (!scope.allBranches && scope.branchIds.length === 0) return [];
  const query = db.select({ id: branches.id, slug: branches.slug, name: branches.name }).from(branches);
  return (scope.allBranches ? query : query.where(inArray(branches.id, scope.branchIds))).orderBy(asc(branches.name));
}

/** A viewing or valuation in the diary, placed on the UK calendar. */
export type DiaryEntry = {
  leadId: number;
  kind: DiaryKind;
  state: DiaryState;
  /** UK date and minutes after midnight: the booked time, or for a request the time the visitor chose. */
  date: IsoDate;
  minutes: number;
  durationMinutes: number | null;
  visitorName: string;
  address: string;
};

function addressOf(row: { propertyAddress: string | null; payload: Record<string, unknown> }): string {
  return row.propertyAddress ?? visitorSummary(row.payload).address;
}

/** 'H:MM' or 'HH:MM' of a valuation slot as minutes after midnight. */
function slotMinutes(slot: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(slot.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/**
 * The appointments of one branch between two UK dates (inclusive), cancelled ones too (staff should see a slot
 * came free), and the valuation requests whose chosen day falls in them, at each time the visitor chose.
 */
export async function listDiaryEntries(
  db: Database,
  branchId: number,
  period: { first: IsoDate; last: IsoDate },
): Promise<DiaryEntry[]> {
  // UK days, 23 to 25 hours long: the period runs from the first day's midnight to the midnight after the last.
  const start = londonDayRange(period.first).start;
  const end = londonDayRange(period.last).end;
  const [booked, requested] = await Promise.all([
    db
      .select({
        leadId: leads.id,
        kind: leads.kind,
        payload: leads.payload,
        state: diaryAppointments.state,
        startsAt: diaryAppointments.startsAt,
        durationMinutes: diaryAppointments.durationMinutes,
        propertyAddress: properties.displayAddress,
      })
      .from(diaryAppointments)
      .innerJoin(leads, eq(leads.id, diaryAppointments.leadId))
      .leftJoin(properties, eq(properties.id, leads.propertyId))
      .where(
        and(
          eq(diaryAppointments.branchId, branchId),
          gte(diaryAppointments.startsAt, start),
          lt(diaryAppointments.startsAt, end),
        ),
      )
      .orderBy(asc(diaryAppointments.startsAt)),
    db
      .select({
        leadId: leads.id,
        kind: leads.kind,
        payload: leads.payload,
        bookingDate: valuationBookings.bookingDate,
        timeSlots: valuationBookings.timeSlots,
        propertyAddress: properties.displayAddress,
      })
      .from(valuationBookings)
      .innerJoin(leads, eq(leads.id, valuationBookings.leadId))
      .leftJoin(properties, eq(properties.id, leads.propertyId))
      .leftJoin(diaryAppointments, eq(diaryAppointments.leadId, leads.id))
      .where(
        and(
          eq(valuationBookings.branchId, branchId),
          eq(leads.branchId, branchId),
          gte(valuationBookings.bookingDate, period.first),
          lte(valuationBookings.bookingDate, period.last),
          isNull(diaryAppointments.id),
          notInArray(leads.stage, FINISHED_STAGES),
        ),
      ),
  ]);
  const entries: DiaryEntry[] = [];
  for (const row of booked) {
    const { date, minutes } = toLondon(row.startsAt);
    const visitor = visitorSummary(row.payload);
    entries.push({
      leadId: row.leadId,
      kind: diaryKindOf(row.kind),
      state: row.state,
      date,
      minutes,
      durationMinutes: row.durationMinutes,
      visitorName: visitor.name,
      address: addressOf(row),
    });
  }
  for (const row of requested) {
    const visitor = visitorSummary(row.payload);
    for (const slot of row.timeSlots) {
      const minutes = slotMinutes(slot);
      if (minutes === null) continue;
      entries.push({
        leadId: row.leadId,
        kind: diaryKindOf(row.kind),
        state: 'requested',
        date: row.bookingDate,
        minutes,
        durationMinutes: null,
        visitorName: visitor.name,
        address: addressOf(row),
      });
    }
  }
  return entries;
}

/** A request still waiting for a time, with what the visitor asked for. */
export type DiaryRequest = {
  leadId: number;
  kind: DiaryKind;
  receivedAt: string;
  visitorName: string;
  address: string;
  /** The valuation's chosen day and times; a viewing request has none (the visitor writes them in the message). */
  slots: { date: IsoDate; times: string[] } | null;
  message: string;
};

/** The branch's viewing and valuation requests with no appointment yet, oldest first. */
export async function listDiaryRequests(db: Database, branchId: number): Promise<DiaryRequest[]> {
  const rows = await db
    .select({
      leadId: leads.id,
      kind: leads.kind,
      createdAt: leads.createdAt,
      payload: leads.payload,
      propertyAddress: properties.displayAddress,
      bookingDate: valuationBookings.bookingDate,
      timeSlots: valuationBookings.timeSlots,
    })
    .from(leads)
    .leftJoin(properties, eq(properties.id, leads.propertyId))
    .leftJoin(valuationBookings, eq(valuationBookings.leadId, leads.id))
    .leftJoin(diaryAppointments, eq(diaryAppointments.leadId, leads.id))
    .where(
      and(
        eq(leads.branchId, branchId),
        isDiaryLead,
        isNull(diaryAppointments.id),
        notInArray(leads.stage, FINISHED_STAGES),
      ),
    )
    .orderBy(asc(leads.createdAt), asc(leads.id))
    .limit(REQUEST_LIST_LIMIT);
  return rows.map((row) => {
    const visitor = visitorSummary(row.payload);
    return {
      leadId: row.leadId,
      kind: diaryKindOf(row.kind),
      receivedAt: row.createdAt.toISOString(),
      visitorName: visitor.name,
      address: addressOf(row),
      slots: row.bookingDate ? { date: row.bookingDate, times: row.timeSlots ?? [] } : null,
      message: visitor.message,
    };
  });
}

/** One entry with everything its page shows. */
export type DiaryEntryDetail = {
  leadId: number;
  kind: DiaryKind;
  state: DiaryState;
  leadStage: string;
  receivedAt: string;
  visitor: { name: string; email: string | null; phone: string; message: string };
  address: string;
  branch: DiaryBranch | null;
  slots: { date: IsoDate; times: string[] } | null;
  appointment: {
    state: AppointmentState;
    startsAt: string;
    date: IsoDate;
    minutes: number;
    durationMinutes: number;
    sequence: number;
    cancelReason: string | null;
  } | null;
};

/** The entry (a viewing or valuation lead) within the scope, or null. */
export async function getDiaryEntry(db: Database, scope: LeadScope, leadId: number): Promise<DiaryEntryDetail | null> {
  if (!Number.isSafeInteger(leadId) || leadId < 1) return null;
  const [row] = await db
    .select({
      leadId: leads.id,
      kind: leads.kind,
      stage: leads.stage,
      createdAt: leads.createdAt,
      email: leads.email,
      payload: leads.payload,
      branchId: branches.id,
      branchSlug: branches.slug,
      branchName: branches.name,
      propertyAddress: properties.displayAddress,
      bookingDate: valuationBookings.bookingDate,
      timeSlots: valuationBookings.timeSlots,
      state: diaryAppointments.state,
      startsAt: diaryAppointments.startsAt,
      durationMinutes: diaryAppointments.durationMinutes,
      sequence: diaryAppointments.sequence,
      cancelReason: diaryAppointments.cancelReason,
    })
    .from(leads)
    .leftJoin(branches, eq(branches.id, leads.branchId))
    .leftJoin(properties, eq(properties.id, leads.propertyId))
    .leftJoin(valuationBookings, eq(valuationBookings.leadId, leads.id))
    .leftJoin(diaryAppointments, eq(diaryAppointments.leadId, leads.id))
    .where(and(eq(leads.id, leadId), isDiaryLead, scopeCondition(scope)))
    .limit(1);
  if (!row) return null;
  const visitor = visitorSummary(row.payload);
  const appointment =
    row.state && row.startsAt && row.durationMinutes !== null && row.sequence !== null
      ? {
          state: row.state,
          startsAt: row.startsAt.toISOString(),
          ...toLondon(row.startsAt),
          durationMinutes: row.durationMinutes,
          sequence: row.sequence,
          cancelReason: row.cancelReason,
        }
      : null;
  return {
    leadId: row.leadId,
    kind: diaryKindOf(row.kind),
    state: appointment?.state ?? 'requested',
    leadStage: row.stage,
    receivedAt: row.createdAt.toISOString(),
    visitor: { name: visitor.name, email: row.email, phone: visitor.phone, message: visitor.message },
    address: addressOf(row),
    branch:
      row.branchId !== null && row.branchSlug !== null && row.branchName !== null
        ? { id: row.branchId, slug: row.branchSlug, name: row.branchName }
        : null,
    slots: row.bookingDate ? { date: row.bookingDate, times: row.timeSlots ?? [] } : null,
    appointment,
  };
}

export type DiaryChangeOutcome =
  | { status: 'done'; state: AppointmentState; startsAt: Date; previousStartsAt: Date | null }
  | { status: 'not-found' }
  /** The entry is not in a state this change applies to (someone else changed it first). */
  | { status: 'conflict'; state: DiaryState }
  | { status: 'invalid'; field: string; message: string };

const KIND_WORDS: Record<DiaryKind, string> = { viewing: 'viewing', valuation: 'valuation' };

/** One line of text from the visitor or the listing in a subject or a calendar property. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 120);
}

/**
 * Confirms, moves or cancels the entry's appointment and queues the visitor's email with the calendar invitation,
 * all in one transaction. Confirming moves the lead to "Booked"; cancelling a booked lead moves it back to
 * "Contacted" (it is still the visitor's enquiry, with no appointment now).
 */
export async function changeAppointment(
  db: Database,
  scope: LeadScope,
  actorStaffId: number,
  leadId: number,
  action: DiaryAction,
  settings: { origin: string; missingTimeMessage: string },
): Promise<DiaryChangeOutcome> {
  if (!Number.isSafeInteger(leadId) || leadId < 1) return { status: 'not-found' };
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    // Locks the lead: two staff acting on one entry at once are served one after the other.
    const [lead] = await tx
      .select({ id: leads.id, stage: leads.stage })
      .from(leads)
      .where(and(eq(leads.id, leadId), isDiaryLead, scopeCondition(scope)))
      .for('update')
      .limit(1);
    if (!lead) return { status: 'not-found' } as const;
    const entry = await getDiaryEntry(tx, scope, leadId);
    if (!entry) return { status: 'not-found' } as const;
    if (!allowedIntents(entry.state).includes(action.intent))
      return { status: 'conflict', state: entry.state } as const;

    const previous = entry.appointment;
    const previousStartsAt = previous ? new Date(previous.startsAt) : null;
    let state: AppointmentState;
    let startsAt: Date;
    let durationMinutes: number;
    if (action.intent === 'cancel') {
      state = 'cancelled';
      startsAt = previousStartsAt!;
      durationMinutes = previous!.durationMinutes;
    } else {
      const instant = fromLondon(action.date, action.time);
      if (!instant) return { status: 'invalid', field: 'time', message: settings.missingTimeMessage } as const;
      state = action.intent === 'confirm' ? 'confirmed' : 'rescheduled';
      startsAt = instant;
      durationMinutes = action.duration;
    }

    const [existing] = await tx
      .select({ id: diaryAppointments.id, uid: diaryAppointments.uid, sequence: diaryAppointments.sequence })
      .from(diaryAppointments)
      .where(eq(diaryAppointments.leadId, leadId))
      .limit(1);
    const uid = existing?.uid ?? `diary-${leadId}-${randomUUID()}@${new URL(settings.origin).hostname}`;
    const sequence = existing ? existing.sequence + 1 : 0;
    const values = {
      state,
      startsAt,
      durationMinutes,
      sequence,
      cancelReason: action.intent === 'cancel' ? action.reason : null,
      updatedByStaffId: actorStaffId,
      updatedAt: new Date(),
    };
    if (existing) await tx.update(diaryAppointments).set(values).where(eq(diaryAppointments.id, existing.id));
    else await tx.insert(diaryAppointments).values({ ...values, leadId, branchId: entry.branch?.id ?? null, uid });

    if (action.intent !== 'cancel') {
      await setLeadStage(tx, scope, actorStaffId, leadId, { stage: 'booked' });
    } else if (lead.stage === 'booked') {
      await setLeadStage(tx, scope, actorStaffId, leadId, { stage: 'contacted' });
    }

    if (entry.visitor.email) {
      await queueVisitorEmail(tx, {
        entry,
        intent: action.intent,
        reason: action.intent === 'cancel' ? action.reason : null,
        uid,
        sequence,
        startsAt,
        durationMinutes,
        previousStartsAt,
        to: entry.visitor.email,
      });
    }
    return { status: 'done', state, startsAt, previousStartsAt } as const;
  });
}

type VisitorEmail = {
  entry: DiaryEntryDetail;
  intent: DiaryAction['intent'];
  reason: string | null;
  uid: string;
  sequence: number;
  startsAt: Date;
  durationMinutes: number;
  previousStartsAt: Date | null;
  to: string;
};

async function queueVisitorEmail(tx: Database, email: VisitorEmail): Promise<void> {
  const { entry } = email;
  const [branchRows, settingsRows] = await Promise.all([
    entry.branch
      ? tx
          .select({ email: branches.email, phone: branches.contactNumber })
          .from(branches)
          .where(eq(branches.id, entry.branch.id))
          .limit(1)
      : [],
    tx
      .select({ name: siteSettings.agencyName, email: siteSettings.agencyEmail })
      .from(siteSettings)
      .where(eq(siteSettings.id, 1))
      .limit(1),
  ]);
  const agencyName = settingsRows[0]?.name ?? 'The agency';
  const branchName = entry.branch?.name ?? agencyName;
  // Replies and calendar answers go to the branch; the agency's address when the lead has no branch.
  const organizerEmail = branchRows[0]?.email || settingsRows[0]?.email || 'no-reply@doorstep.invalid';
  const phone = branchRows[0]?.phone ?? '';
  const what = KIND_WORDS[entry.kind];
  const address = oneLine(entry.address) || 'the property';
  const when = formatAppointmentTime(email.startsAt);
  const text = visitorEmailText({ ...email, agencyName, branchName, organizerEmail, phone, what, address, when });
  const subject = {
    confirm: `Your ${what} is confirmed: ${address}, ${when}`,
    reschedule: `Your ${what} has moved: ${address}, ${when}`,
    cancel: `Your ${what} is cancelled: ${address}, ${when}`,
  }[email.intent];
  const method = email.intent === 'cancel' ? 'CANCEL' : 'REQUEST';
  const ics = buildAppointmentIcs({
    method,
    uid: email.uid,
    sequence: email.sequence,
    startsAt: email.startsAt,
    durationMinutes: email.durationMinutes,
    title: `${what === 'viewing' ? 'Viewing' : 'Valuation'}: ${address}`,
    description: `${what === 'viewing' ? 'Viewing' : 'Valuation'} with ${agencyName}, ${branchName} branch.`,
    location: address,
    organizer: { name: `${agencyName}, ${branchName}`, email: organizerEmail },
    attendee: { name: entry.visitor.name, email: email.to },
  });
  await enqueueEmail(tx, {
    to: email.to,
    subject,
    text,
    attachments: [{ filename: ICS_FILENAME, contentType: icsContentType(method), content: ics }],
    relatedKind: 'diary-appointment',
    relatedId: entry.leadId,
  });
}

function visitorEmailText(
  email: VisitorEmail & {
    agencyName: string;
    branchName: string;
    organizerEmail: string;
    phone: string;
    what: string;
    address: string;
    when: string;
  },
): string {
  const greeting = `Hello ${oneLine(email.entry.visitor.name) || 'there'},`;
  const lines: string[] = [greeting, ''];
  if (email.intent === 'confirm') {
    lines.push(`Your ${email.what} of ${email.address} is confirmed for ${email.when} (UK time).`);
  } else if (email.intent === 'reschedule') {
    lines.push(`Your ${email.what} of ${email.address} has moved to ${email.when} (UK time).`);
    if (email.previousStartsAt) lines.push(`It was ${formatAppointmentTime(email.previousStartsAt)}.`);
  } else {
    lines.push(`Your ${email.what} of ${email.address} on ${email.when} (UK time) is cancelled.`);
    if (email.reason) lines.push(`Reason: ${email.reason}`);
  }
  lines.push('');
  if (email.intent !== 'cancel') {
    lines.push(`It lasts about ${email.durationMinutes} minutes, with our ${email.branchName} branch.`);
    lines.push(`The attached calendar invitation (${ICS_FILENAME}) adds it to your calendar.`);
  } else {
    lines.push(`The attached calendar file (${ICS_FILENAME}) removes it from your calendar.`);
  }
  lines.push('');
  const contact = [email.phone, email.organizerEmail].filter(Boolean).join(' or ');
  lines.push(`To change anything, contact our ${email.branchName} branch${contact ? `: ${contact}` : ''}.`);
  lines.push('', email.agencyName);
  return lines.join('\n');
}

/** The lead page's line about its appointment: the state, and the time when one is booked. */
export async function getLeadAppointment(
  db: Database,
  scope: LeadScope,
  leadId: number,
): Promise<{ leadId: number; state: DiaryState; startsAt: string | null; branchSlug: string | null } | null> {
  const entry = await getDiaryEntry(db, scope, leadId);
  if (!entry) return null;
  return {
    leadId: entry.leadId,
    state: entry.state,
    startsAt: entry.appointment?.startsAt ?? null,
    branchSlug: entry.branch?.slug ?? null,
  };
}
