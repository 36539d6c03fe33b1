import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { branches, departments, staffMembers } from './agency.ts';
import { properties } from './properties.ts';
import { users } from './accounts.ts';
import { staffAccounts } from './staff.ts';

export const leadKinds = [
  'viewing',
  'valuation',
  /** A valuation request sent from the instant valuation's "Book a full valuation". */
  'instant-valuation',
  'staff-enquiry',
  'department-enquiry',
  'new-homes',
  'send-to-friend',
  'custom-form',
] as const;
export type LeadKind = (typeof leadKinds)[number];

/** Where staff are with a lead (the back office's workflow); `status` stays the notification state. */
export const leadStages = ['new', 'contacted', 'booked', 'closed', 'lost'] as const;
export type LeadStage = (typeof leadStages)[number];

const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

/** Every accepted lead is stored before any email is attempted, so nothing accepted is lost. */
export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<LeadKind>().notNull(),
    status: text('status').$type<'received' | 'notified' | 'notify-failed'>().notNull().default('received'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    email: text('email'),
    propertyId: integer('property_id').references(() => properties.id, { onDelete: 'set null' }),
    branchId: integer('branch_id').references(() => branches.id, { onDelete: 'set null' }),
    departmentId: integer('department_id').references(() => departments.id, { onDelete: 'set null' }),
    staffMemberId: integer('staff_member_id').references(() => staffMembers.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    recipientEmail: text('recipient_email'),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The custom form submission this lead stands for (kind 'custom-form'). */
    formSubmissionId: integer('form_submission_id').references(() => formSubmissions.id, { onDelete: 'cascade' }),
    stage: text('stage').$type<LeadStage>().notNull().default('new'),
    lostReason: text('lost_reason'),
    stageChangedAt: timestamp('stage_changed_at', { withTimezone: true }),
    /** The staff account the lead is assigned to; staff are deactivated rather than deleted. */
    assignedStaffId: integer('assigned_staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    /**
     * Every string the visitor sent (any payload shape, custom forms included), the email with its local part and
     * domain apart, and the phone number as digits only, so '07700900123' finds '07700 900123'.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('simple', coalesce(email, '') || ' ' || replace(coalesce(email, ''), '@', ' ')) || jsonb_to_tsvector('simple', payload, '["string"]') || to_tsvector('simple', regexp_replace(coalesce(payload #>> '{lead_client,tel_home}', payload ->> 'tel_home', payload ->> 'phone', ''), '[^0-9]', '', 'g'))`,
    ),
  },
  (t) => [
    // The inbox lists newest first under any filter; each index serves one filter in that order (read backwards).
    // They leave out send-to-friend rows, which the inbox never shows, so a page of ids is read from the index alone.
    index('leads_kind_created_idx').on(t.kind, t.createdAt, t.id),
    index('leads_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`kind <> 'send-to-friend'`),
    index('leads_branch_created_idx')
      .on(t.branchId, t.createdAt, t.id, t.kind, t.stage)
      .where(sql`kind <> 'send-to-friend'`),
    index('leads_stage_created_idx')
      .on(t.stage, t.createdAt, t.id)
      .where(sql`kind <> 'send-to-friend'`),
    index('leads_assignee_created_idx')
      .on(t.assignedStaffId, t.createdAt, t.id)
      .where(sql`kind <> 'send-to-friend'`),
    index('leads_search_idx').using('gin', t.searchVector),
    uniqueIndex('leads_form_submission_idx').on(t.formSubmissionId),
  ],
);

/**
 * The owner's lead routing: a lead of this kind goes to this branch (instead of the one the form chose) and/or is
 * assigned to this staff account. A kind without a row keeps the form's own routing.
 */
export const leadRoutingRules = pgTable('lead_routing_rules', {
  kind: text('kind').$type<LeadKind>().primaryKey(),
  branchId: integer('branch_id').references(() => branches.id, { onDelete: 'cascade' }),
  staffAccountId: integer('staff_account_id').references(() => staffAccounts.id, { onDelete: 'cascade' }),
});

/**
 * How many leads there are per branch, kind, stage and assignee (0: none), kept by a trigger on leads (migration
 * leads_inbox), so the inbox's counts read a few hundred rows instead of counting every lead.
 */
export const leadCounts = pgTable(
  'lead_counts',
  {
    branchKey: integer('branch_key').notNull(),
    kind: text('kind').notNull(),
    stage: text('stage').notNull(),
    assigneeKey: integer('assignee_key').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.branchKey, t.kind, t.stage, t.assigneeKey] })],
);

/** Staff's internal notes on a lead; never shown to the visitor. */
export const leadNotes = pgTable(
  'lead_notes',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    /** The staff account that wrote the note; a note outlives nothing it refers to, so deleting its author is refused. */
    authorStaffId: integer('author_staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lead_notes_lead_idx').on(t.leadId, t.createdAt)],
);

/** A lead's history: stage changes and assignments, with who made them. */
export const leadEvents = pgTable(
  'lead_events',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    actorStaffId: integer('actor_staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'stage' | 'assignment'>().notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    /** The reason given when a lead is lost. */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lead_events_lead_idx').on(t.leadId, t.createdAt)],
);

/** A requested valuation appointment; one booking per branch, day and slot (no double booking). */
export const valuationBookings = pgTable(
  'valuation_bookings',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id').references(() => branches.id, { onDelete: 'set null' }),
    bookingDate: date('booking_date').notNull(),
    timeSlots: text('time_slots').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('valuation_bookings_branch_date_idx').on(t.branchId, t.bookingDate)],
);

export type FormElement = {
  fieldName: string;
  friendlyName: string;
  required: boolean;
  inputType: 'text' | 'textarea' | 'email' | 'tel' | 'file' | 'select' | 'checkbox';
  fieldPosition: 'full' | 'half';
  hidden?: boolean;
  disabled?: boolean;
  value?: string;
  options?: string[];
  /** A line under the label saying what to enter. */
  helpText?: string;
  placeholder?: string;
  /** The file field's accepted kinds (app/features/forms/file-types.ts); absent: all of them. */
  fileTypes?: string[];
};

export const formDefinitions = pgTable(
  'form_definitions',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    para: text('para').notNull().default(''),
    gaName: text('ga_name').notNull().default(''),
    submitButtonText: text('submit_button_text').notNull().default('Submit'),
    htmlFormId: text('html_form_id').notNull(),
    formElements: jsonb('form_elements').$type<FormElement[]>().notNull(),
    /** One address, or several separated by commas (the back office's form builder writes them so). */
    recipientEmail: text('recipient_email').notNull(),
    /** Published: the public page and POST /form_submissions serve only active forms. */
    isActive: boolean('is_active').notNull().default(true),
    /** Shown after a successful submission instead of the standard thank-you ('' for the standard one). */
    thankYouText: text('thank_you_text').notNull().default(''),
    /** A path on this site the visitor is sent to after a successful submission ('' to stay on the form). */
    redirectPath: text('redirect_path').notNull().default(''),
    /** Raised by every save in the back office; a save from an older version is refused. */
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('form_definitions_slug_idx').on(t.slug)],
);

export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: serial('id').primaryKey(),
    formDefinitionId: integer('form_definition_id')
      .notNull()
      .references(() => formDefinitions.id),
    values: jsonb('values').$type<Record<string, string>>().notNull(),
    redirectUrl: text('redirect_url'),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('form_submissions_form_idx').on(t.formDefinitionId)],
);

/** Uploaded files are stored under a generated name outside the public folder. */
export const formUploads = pgTable('form_uploads', {
  id: serial('id').primaryKey(),
  formSubmissionId: integer('form_submission_id')
    .notNull()
    .references(() => formSubmissions.id, { onDelete: 'cascade' }),
  fieldName: text('field_name').notNull(),
  originalName: text('original_name').notNull(),
  storedName: text('stored_name').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
