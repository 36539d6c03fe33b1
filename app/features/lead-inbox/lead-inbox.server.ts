/**
 * The leads inbox's queries and workflow: the filtered list with its counts, one lead with everything about it, and
 * the staff's changes (stage, assignment, notes). Every function takes the caller's scope and sees nothing outside
 * it: a lead of another branch is "not found", so a route answers 404 without saying it exists. See
 * docs/decisions/020-leads-inbox.md.
 */
import { and, asc, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  branches,
  departments,
  emailOutbox,
  formDefinitions,
  formSubmissions,
  formUploads,
  leadCounts,
  leadEvents,
  leadNotes,
  leads,
  properties,
  staffMembers,
  users,
  valuationBookings,
} from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { enqueueEmail } from '../email/index.server.ts';
import { propertyPath } from '../properties/index.server.ts';
import { readableLeadFields, visitorSummary, type LeadField } from './lead-fields.ts';
import {
  inboxKinds,
  kindLabels,
  LEADS_PAGE_SIZE,
  leadStages,
  stageLabels,
  textSearchQuery,
  type InboxKind,
  type LeadFilters,
  type LeadScope,
  type LeadStage,
} from './lead-inbox-model.ts';

/** The days of the date filters are the agency's days. */
const AGENCY_TIME_ZONE = 'Europe/London';

function scopeCondition(scope: LeadScope): SQL {
  if (scope.allBranches) return sql`true`;
  if (scope.branchIds.length === 0) return sql`false`;
  return inArray(leads.branchId, scope.branchIds);
}

/** Send-to-a-friend rows are not the agency's leads (lead-inbox-model.ts). */
const isInboxLead = ne(leads.kind, 'send-to-friend');

/**
 * The conditions of a filtered list. `withFacets: false` leaves out kind and stage, for the counts per kind and
 * stage (each count is what choosing that kind or stage would show).
 */
export function leadListConditions(scope: LeadScope, filters: LeadFilters, withFacets = true): SQL {
  const conditions: SQL[] = [scopeCondition(scope), isInboxLead];
  if (withFacets && filters.kind) conditions.push(eq(leads.kind, filters.kind));
  if (withFacets && filters.stage) conditions.push(eq(leads.stage, filters.stage));
  if (filters.branch !== undefined) conditions.push(eq(leads.branchId, filters.branch));
  if (filters.form !== undefined) {
    conditions.push(
      inArray(
        leads.formSubmissionId,
        sql`(select ${formSubmissions.id} from ${formSubmissions} where ${formSubmissions.formDefinitionId} = ${filters.form})`,
      ),
    );
  }
  if (filters.assignee === 'none') conditions.push(isNull(leads.assignedStaffId));
  else if (filters.assignee !== undefined) conditions.push(eq(leads.assignedStaffId, filters.assignee));
  if (filters.from) {
    conditions.push(sql`${leads.createdAt} >= (${filters.from}::timestamp at time zone ${AGENCY_TIME_ZONE})`);
  }
  if (filters.to) {
    conditions.push(sql`${leads.createdAt} < ((${filters.to}::date + 1)::timestamp at time zone ${AGENCY_TIME_ZONE})`);
  }
  const query = filters.q ? textSearchQuery(filters.q) : null;
  if (filters.q && query === null) conditions.push(sql`false`);
  if (query) conditions.push(sql`${leads.searchVector} @@ to_tsquery('simple', ${query})`);
  return and(...conditions)!;
}

/** What the list and the CSV export read of each lead. */
export const leadRowColumns = {
  id: leads.id,
  kind: leads.kind,
  stage: leads.stage,
  lostReason: leads.lostReason,
  createdAt: leads.createdAt,
  email: leads.email,
  payload: leads.payload,
  assignedStaffId: leads.assignedStaffId,
  branchName: branches.name,
  propertyAddress: properties.displayAddress,
  formTitle: formDefinitions.title,
};

type LeadListRow = {
  id: number;
  kind: InboxKind;
  stage: LeadStage;
  /** ISO 8601. */
  receivedAt: string;
  name: string;
  email: string;
  phone: string;
  branchName: string | null;
  propertyAddress: string | null;
  /** The custom form's title, for kind 'custom-form'. */
  formTitle: string | null;
  assignedStaffId: number | null;
};

type LeadCounts = { byKind: Record<InboxKind, number>; byStage: Record<LeadStage, number> };

export type LeadList = {
  leads: LeadListRow[];
  page: number;
  pageSize: number;
  /** How many leads the filters match (all pages); null when a date or text search matches more than `countLimit`. */
  total: number | null;
  lastPage: number | null;
  hasNext: boolean;
  /** Per kind and stage under the other filters; null when not counted (as `total`). */
  counts: LeadCounts | null;
  countLimit: number;
};

/**
 * Searches by date or text are counted lead by lead, so only up to this many: past it the page says "more than".
 * Every other view is counted exactly from lead_counts.
 */
const LEAD_COUNT_LIMIT = 5_000;

type LeadRow = {
  id: number;
  kind: string;
  stage: string;
  createdAt: Date;
  email: string | null;
  payload: Record<string, unknown>;
  assignedStaffId: number | null;
  branchName: string | null;
  propertyAddress: string | null;
  formTitle: string | null;
};

function toLeadListRow(row: LeadRow): LeadListRow {
  const visitor = visitorSummary(row.payload);
  return {
    id: row.id,
    kind: row.kind as InboxKind,
    stage: row.stage as LeadStage,
    receivedAt: row.createdAt.toISOString(),
    name: visitor.name,
    email: row.email ?? '',
    phone: visitor.phone,
    branchName: row.branchName,
    propertyAddress: row.propertyAddress,
    formTitle: row.formTitle,
    assignedStaffId: row.assignedStaffId,
  };
}

function zeroCounts(): LeadCounts {
  return {
    byKind: Object.fromEntries(inboxKinds.map((kind) => [kind, 0])) as Record<InboxKind, number>,
    byStage: Object.fromEntries(leadStages.map((stage) => [stage, 0])) as Record<LeadStage, number>,
  };
}

type Facet = { kind: string; stage: string; count: number };

/** The counts kept by the trigger: exact, and a few hundred rows to add up whatever the number of leads. */
async function countFromTable(db: Database, scope: LeadScope, filters: LeadFilters): Promise<Facet[]> {
  const conditions: SQL[] = [ne(leadCounts.kind, 'send-to-friend')];
  if (!scope.allBranches) {
    conditions.push(scope.branchIds.length > 0 ? inArray(leadCounts.branchKey, scope.branchIds) : sql`false`);
  }
  if (filters.branch !== undefined) conditions.push(eq(leadCounts.branchKey, filters.branch));
  if (filters.assignee !== undefined) {
    conditions.push(eq(leadCounts.assigneeKey, filters.assignee === 'none' ? 0 : filters.assignee));
  }
  return db
    .select({
      kind: leadCounts.kind,
      stage: leadCounts.stage,
      count: sql<number>`sum(${leadCounts.count})`.mapWith(Number),
    })
    .from(leadCounts)
    .where(and(...conditions))
    .groupBy(leadCounts.kind, leadCounts.stage);
}

/**
 * The ids of one page, read from the leads table alone: the joins then run for 50 rows, not for every skipped one.
 * A text search for a word that is not common (`isTextCommon` false) orders by an expression no index holds: the
 * planner guesses word matches badly and would otherwise walk the date index through every lead looking for a rare
 * email or phone number, where the text index finds them at once (tests/integration/lead-inbox-plans.test.ts). A
 * common word is better served by that walk: its matches are dense, so a page fills within a few hundred leads.
 */
export function leadPageQuery(
  db: Database,
  scope: LeadScope,
  filters: LeadFilters,
  page: number,
  isTextCommon = false,
) {
  const newestFirst =
    filters.q && !isTextCommon ? sql`${leads.createdAt} + interval '0 seconds' desc` : desc(leads.createdAt);
  return db
    .select({ id: leads.id })
    .from(leads)
    .where(leadListConditions(scope, filters))
    .orderBy(newestFirst, desc(leads.id))
    .limit(LEADS_PAGE_SIZE + 1)
    .offset((page - 1) * LEADS_PAGE_SIZE);
}

/** The matches counted lead by lead, at most LEAD_COUNT_LIMIT + 1 of them. */
export function leadMatchCountQuery(db: Database, scope: LeadScope, filters: LeadFilters) {
  const matches = db
    .select({ kind: leads.kind, stage: leads.stage })
    .from(leads)
    .where(leadListConditions(scope, filters, false))
    .limit(LEAD_COUNT_LIMIT + 1)
    .as('matches');
  return db
    .select({ kind: matches.kind, stage: matches.stage, count: sql<number>`count(*)`.mapWith(Number) })
    .from(matches)
    .groupBy(matches.kind, matches.stage);
}

async function countMatches(db: Database, scope: LeadScope, filters: LeadFilters): Promise<Facet[] | null> {
  const facets = await leadMatchCountQuery(db, scope, filters);
  const counted = facets.reduce((sum, facet) => sum + facet.count, 0);
  return counted > LEAD_COUNT_LIMIT ? null : facets;
}

async function readLeadRows(db: Database, ids: number[]): Promise<LeadRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(leadRowColumns)
    .from(leads)
    .leftJoin(branches, eq(branches.id, leads.branchId))
    .leftJoin(properties, eq(properties.id, leads.propertyId))
    .leftJoin(formSubmissions, eq(formSubmissions.id, leads.formSubmissionId))
    .leftJoin(formDefinitions, eq(formDefinitions.id, formSubmissions.formDefinitionId))
    .where(inArray(leads.id, ids))
    .orderBy(desc(leads.createdAt), desc(leads.id));
}

/**
 * One page of the filtered inbox, newest first, with the counts per kind and per stage under the other filters and
 * the total the filters match.
 */
export async function listLeads(db: Database, scope: LeadScope, filters: LeadFilters, page: number): Promise<LeadList> {
  const pageSize = LEADS_PAGE_SIZE;
  // The kept counts know no form: a form's submissions are counted lead by lead (a form has few).
  const isCountedByLead = Boolean(filters.from || filters.to || filters.q || filters.form !== undefined);
  // Counted first: whether a search's words are common decides how its page is best read.
  const facets = isCountedByLead ? await countMatches(db, scope, filters) : await countFromTable(db, scope, filters);
  const pageIds = await leadPageQuery(db, scope, filters, page, facets === null);
  const rows = await readLeadRows(
    db,
    pageIds.slice(0, pageSize).map((row) => row.id),
  );
  const base = {
    leads: rows.map(toLeadListRow),
    page,
    pageSize,
    hasNext: pageIds.length > pageSize,
    countLimit: LEAD_COUNT_LIMIT,
  };
  if (facets === null) return { ...base, total: null, lastPage: null, counts: null };
  const counts = zeroCounts();
  let total = 0;
  for (const facet of facets) {
    const kind = facet.kind as InboxKind;
    const stage = facet.stage as LeadStage;
    const isKindShown = !filters.kind || filters.kind === kind;
    const isStageShown = !filters.stage || filters.stage === stage;
    if (isStageShown && kind in counts.byKind) counts.byKind[kind] += facet.count;
    if (isKindShown && stage in counts.byStage) counts.byStage[stage] += facet.count;
    if (isKindShown && isStageShown) total += facet.count;
  }
  return { ...base, total, lastPage: Math.max(1, Math.ceil(total / pageSize)), counts };
}

/** The custom forms, for the inbox's form filter (the new-homes form's enquiries are leads of their own kind). */
export async function listCustomFormChoices(db: Database): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: formDefinitions.id, name: formDefinitions.title })
    .from(formDefinitions)
    .where(ne(formDefinitions.slug, 'new-homes-enquiry'))
    .orderBy(asc(formDefinitions.title), asc(formDefinitions.id));
}

/* ---------------- One lead ---------------- */

type LeadEmail = {
  id: number;
  to: string;
  subject: string;
  /** What the email was: the staff notification, the visitor's confirmation, an assignment… */
  purpose: string;
  status: 'pending' | 'sending' | 'sent' | 'failed' | 'stored';
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  sentAt: string | null;
  queuedAt: string;
};

export type LeadDetail = {
  id: number;
  kind: InboxKind;
  kindLabel: string;
  stage: LeadStage;
  stageLabel: string;
  lostReason: string | null;
  receivedAt: string;
  assignedStaffId: number | null;
  email: string | null;
  visitor: { name: string; phone: string; address: string };
  /** Everything the visitor sent, labelled. */
  fields: LeadField[];
  formTitle: string | null;
  branch: { id: number; name: string } | null;
  department: string | null;
  staffMember: string | null;
  property: { id: number; title: string; url: string; thumbnailUrl: string | null } | null;
  /** The visitor's account: the one they were signed in to, else the account with the same email. */
  account: { id: number; name: string; email: string; isSignedInLead: boolean } | null;
  booking: { date: string; timeSlots: string[] } | null;
  files: { id: number; name: string; contentType: string; sizeBytes: number }[];
  emails: LeadEmail[];
  notes: { id: number; authorStaffId: number; body: string; createdAt: string }[];
  history: {
    id: number;
    kind: 'stage' | 'assignment';
    actorStaffId: number | null;
    from: string | null;
    to: string | null;
    reason: string | null;
    createdAt: string;
  }[];
};

const EMAIL_PURPOSES: Record<string, string> = {
  lead: 'Lead notification to staff',
  'lead-confirmation': "Visitor's confirmation",
  'lead-assignment': 'Assignment',
  'form-submission': 'Form notification to staff',
  'diary-appointment': 'Appointment (from the diary)',
};

/** The lead with everything staff need to act on it, or null when it does not exist within the scope. */
export async function getLead(db: Database, scope: LeadScope, id: number): Promise<LeadDetail | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const [lead] = await db
    .select({
      id: leads.id,
      kind: leads.kind,
      stage: leads.stage,
      lostReason: leads.lostReason,
      createdAt: leads.createdAt,
      email: leads.email,
      payload: leads.payload,
      assignedStaffId: leads.assignedStaffId,
      userId: leads.userId,
      formSubmissionId: leads.formSubmissionId,
      branchId: branches.id,
      branchName: branches.name,
      departmentName: departments.name,
      staffFirstName: staffMembers.firstName,
      staffSurname: staffMembers.surname,
      propertyId: properties.id,
      propertySlug: properties.slug,
      propertyAddress: properties.displayAddress,
      propertyPhoto: sql<string | null>`${properties.photos} -> 0 ->> 'url'`,
      formTitle: formDefinitions.title,
      formElements: formDefinitions.formElements,
    })
    .from(leads)
    .leftJoin(branches, eq(branches.id, leads.branchId))
    .leftJoin(departments, eq(departments.id, leads.departmentId))
    .leftJoin(staffMembers, eq(staffMembers.id, leads.staffMemberId))
    .leftJoin(properties, eq(properties.id, leads.propertyId))
    .leftJoin(formSubmissions, eq(formSubmissions.id, leads.formSubmissionId))
    .leftJoin(formDefinitions, eq(formDefinitions.id, formSubmissions.formDefinitionId))
    .where(and(eq(leads.id, id), scopeCondition(scope), isInboxLead))
    .limit(1);
  if (!lead) return null;

  const formSlug = typeof lead.payload.form === 'string' ? lead.payload.form : null;
  const emailConditions = [
    and(
      inArray(emailOutbox.relatedKind, ['lead', 'lead-confirmation', 'lead-assignment', 'diary-appointment']),
      eq(emailOutbox.relatedId, id),
    ),
  ];
  if (lead.formSubmissionId !== null) {
    emailConditions.push(
      and(eq(emailOutbox.relatedKind, 'form-submission'), eq(emailOutbox.relatedId, lead.formSubmissionId)),
    );
  }
  const [accountRows, files, emails, notes, history, bookings, namedForm] = await Promise.all([
    lead.userId !== null || lead.email
      ? db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
          .from(users)
          .where(
            lead.userId !== null
              ? eq(users.id, lead.userId)
              : eq(users.emailLower, (lead.email ?? '').trim().toLowerCase()),
          )
          .limit(1)
      : [],
    lead.formSubmissionId !== null
      ? db
          .select({
            id: formUploads.id,
            name: formUploads.originalName,
            contentType: formUploads.contentType,
            sizeBytes: formUploads.sizeBytes,
          })
          .from(formUploads)
          .where(eq(formUploads.formSubmissionId, lead.formSubmissionId))
          .orderBy(asc(formUploads.id))
      : [],
    db
      .select({
        id: emailOutbox.id,
        to: emailOutbox.toAddress,
        subject: emailOutbox.subject,
        relatedKind: emailOutbox.relatedKind,
        status: emailOutbox.status,
        attempts: emailOutbox.attempts,
        lastError: emailOutbox.lastError,
        nextAttemptAt: emailOutbox.nextAttemptAt,
        sentAt: emailOutbox.sentAt,
        createdAt: emailOutbox.createdAt,
      })
      .from(emailOutbox)
      .where(or(...emailConditions))
      .orderBy(asc(emailOutbox.id)),
    db
      .select({
        id: leadNotes.id,
        authorStaffId: leadNotes.authorStaffId,
        body: leadNotes.body,
        createdAt: leadNotes.createdAt,
      })
      .from(leadNotes)
      .where(eq(leadNotes.leadId, id))
      .orderBy(asc(leadNotes.createdAt), asc(leadNotes.id)),
    db
      .select()
      .from(leadEvents)
      .where(eq(leadEvents.leadId, id))
      .orderBy(asc(leadEvents.createdAt), asc(leadEvents.id)),
    lead.kind === 'valuation' || lead.kind === 'instant-valuation'
      ? db
          .select({ date: valuationBookings.bookingDate, timeSlots: valuationBookings.timeSlots })
          .from(valuationBookings)
          .where(eq(valuationBookings.leadId, id))
          .limit(1)
      : [],
    // The new-homes enquiry is a lead whose answers follow its form definition: label them with it.
    lead.formElements === null && formSlug
      ? db
          .select({ title: formDefinitions.title, formElements: formDefinitions.formElements })
          .from(formDefinitions)
          .where(eq(formDefinitions.slug, formSlug))
          .limit(1)
      : [],
  ]);

  const kind = lead.kind as InboxKind;
  const stage = lead.stage as LeadStage;
  const visitor = visitorSummary(lead.payload);
  const account = accountRows[0];
  const booking = bookings[0];
  return {
    id: lead.id,
    kind,
    kindLabel: kindLabels[kind],
    stage,
    stageLabel: stageLabels[stage],
    lostReason: lead.lostReason,
    receivedAt: lead.createdAt.toISOString(),
    assignedStaffId: lead.assignedStaffId,
    email: lead.email,
    visitor: { name: visitor.name, phone: visitor.phone, address: visitor.address },
    fields: readableLeadFields(lead.payload, lead.formElements ?? namedForm[0]?.formElements ?? null),
    formTitle: lead.formTitle ?? namedForm[0]?.title ?? null,
    branch: lead.branchId !== null && lead.branchName !== null ? { id: lead.branchId, name: lead.branchName } : null,
    department: lead.departmentName,
    staffMember: lead.staffFirstName ? `${lead.staffFirstName} ${lead.staffSurname ?? ''}`.trim() : null,
    property:
      lead.propertyId !== null && lead.propertySlug !== null
        ? {
            id: lead.propertyId,
            title: lead.propertyAddress ?? '',
            url: propertyPath(lead.propertySlug),
            thumbnailUrl: lead.propertyPhoto,
          }
        : null,
    account: account
      ? {
          id: account.id,
          name: `${account.firstName} ${account.lastName}`.trim(),
          email: account.email,
          isSignedInLead: lead.userId !== null,
        }
      : null,
    booking: booking ? { date: booking.date, timeSlots: booking.timeSlots } : null,
    files,
    emails: emails.map((email) => ({
      id: email.id,
      to: email.to,
      subject: email.subject,
      purpose: EMAIL_PURPOSES[email.relatedKind ?? ''] ?? 'Email',
      status: email.status,
      attempts: email.attempts,
      lastError: email.lastError,
      nextAttemptAt: email.status === 'pending' ? email.nextAttemptAt.toISOString() : null,
      sentAt: email.sentAt?.toISOString() ?? null,
      queuedAt: email.createdAt.toISOString(),
    })),
    notes: notes.map((note) => ({ ...note, createdAt: note.createdAt.toISOString() })),
    history: history.map((event) => ({
      id: event.id,
      kind: event.kind,
      actorStaffId: event.actorStaffId,
      from: event.fromValue,
      to: event.toValue,
      reason: event.reason,
      createdAt: event.createdAt.toISOString(),
    })),
  };
}

/* ---------------- The workflow ---------------- */

/** The lead, locked for this transaction, when it is within the scope. */
async function lockLead(tx: Database, scope: LeadScope, id: number) {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const [lead] = await tx
    .select({
      id: leads.id,
      kind: leads.kind,
      stage: leads.stage,
      lostReason: leads.lostReason,
      assignedStaffId: leads.assignedStaffId,
      email: leads.email,
      payload: leads.payload,
      createdAt: leads.createdAt,
    })
    .from(leads)
    .where(and(eq(leads.id, id), scopeCondition(scope), isInboxLead))
    .for('update')
    .limit(1);
  return lead ?? null;
}

/**
 * Moves the lead along the workflow (any stage may follow any other: a closed lead can come back). 'lost' keeps its
 * reason; other stages clear it. False when the lead is not within the scope.
 */
export async function setLeadStage(
  db: Database,
  scope: LeadScope,
  actorStaffId: number,
  leadId: number,
  change: { stage: LeadStage; lostReason?: string | null },
): Promise<boolean> {
  const lostReason = change.stage === 'lost' ? change.lostReason?.trim() || null : null;
  if (change.stage === 'lost' && !lostReason) throw new Error('a lost lead needs its reason');
  return db.transaction(async (tx) => {
    const lead = await lockLead(tx as unknown as Database, scope, leadId);
    if (!lead) return false;
    if (lead.stage === change.stage && lead.lostReason === lostReason) return true;
    await tx
      .update(leads)
      .set({ stage: change.stage, lostReason, stageChangedAt: sql`now()` })
      .where(eq(leads.id, lead.id));
    await tx.insert(leadEvents).values({
      leadId: lead.id,
      actorStaffId,
      kind: 'stage',
      fromValue: lead.stage,
      toValue: change.stage,
      reason: lostReason,
    });
    return true;
  });
}

export type LeadAssignee = { staffId: number; email: string; name: string };

/** One line of visitor text in an email subject: no line breaks, not too long. */
function subjectText(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 80);
}

function assignmentEmailText(
  assignee: LeadAssignee,
  lead: { id: number; kind: InboxKind; createdAt: Date },
  visitorName: string,
  origin: string,
): string {
  const received = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: AGENCY_TIME_ZONE,
  }).format(lead.createdAt);
  return [
    `Hello ${assignee.name},`,
    '',
    'A lead has been assigned to you.',
    '',
    `Kind: ${kindLabels[lead.kind]}`,
    `From: ${visitorName || 'a visitor'}`,
    `Received: ${received}`,
    '',
    `Open it in the back office: ${origin}/admin/leads/${lead.id}`,
  ].join('\n');
}

/**
 * Assigns the lead to a staff member (null: nobody) and, in the same transaction, queues an email telling them.
 * The caller looks the assignee up (their account, email and name). False when the lead is not within the scope.
 */
export async function assignLead(
  db: Database,
  scope: LeadScope,
  actorStaffId: number,
  leadId: number,
  assignee: LeadAssignee | null,
  origin: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const lead = await lockLead(tx as unknown as Database, scope, leadId);
    if (!lead) return false;
    const staffId = assignee?.staffId ?? null;
    if (lead.assignedStaffId === staffId) return true;
    await tx.update(leads).set({ assignedStaffId: staffId }).where(eq(leads.id, lead.id));
    await tx.insert(leadEvents).values({
      leadId: lead.id,
      actorStaffId,
      kind: 'assignment',
      fromValue: lead.assignedStaffId === null ? null : String(lead.assignedStaffId),
      toValue: staffId === null ? null : String(staffId),
    });
    if (assignee) {
      const kind = lead.kind as InboxKind;
      const visitorName = subjectText(visitorSummary(lead.payload).name || lead.email || '');
      await enqueueEmail(tx as unknown as Database, {
        to: assignee.email,
        subject: `Lead assigned to you: ${kindLabels[kind]}${visitorName ? ` from ${visitorName}` : ''}`,
        text: assignmentEmailText(assignee, { id: lead.id, kind, createdAt: lead.createdAt }, visitorName, origin),
        relatedKind: 'lead-assignment',
        relatedId: lead.id,
      });
    }
    return true;
  });
}

/** Adds an internal note; its id, or null when the lead is not within the scope. */
export async function addLeadNote(
  db: Database,
  scope: LeadScope,
  authorStaffId: number,
  leadId: number,
  body: string,
): Promise<number | null> {
  const text = body.trim();
  if (text === '') throw new Error('a note needs its text');
  return db.transaction(async (tx) => {
    const lead = await lockLead(tx as unknown as Database, scope, leadId);
    if (!lead) return null;
    const [note] = await tx
      .insert(leadNotes)
      .values({ leadId: lead.id, authorStaffId, body: text })
      .returning({ id: leadNotes.id });
    return note?.id ?? null;
  });
}

/**
 * A file the visitor sent with the lead's custom form, for the staff download: null unless the upload belongs to
 * this lead and the lead is within the scope (so another branch's file is "not found" like a missing one).
 */
export async function getLeadUpload(
  db: Database,
  scope: LeadScope,
  leadId: number,
  uploadId: number,
): Promise<{ key: string; name: string; contentType: string } | null> {
  if (!Number.isSafeInteger(leadId) || leadId < 1 || !Number.isSafeInteger(uploadId) || uploadId < 1) return null;
  const [row] = await db
    .select({
      storedName: formUploads.storedName,
      name: formUploads.originalName,
      contentType: formUploads.contentType,
    })
    .from(formUploads)
    .innerJoin(leads, eq(leads.formSubmissionId, formUploads.formSubmissionId))
    .where(and(eq(formUploads.id, uploadId), eq(leads.id, leadId), scopeCondition(scope), isInboxLead))
    .limit(1);
  return row ? { key: `uploads/${row.storedName}`, name: row.name, contentType: row.contentType } : null;
}
