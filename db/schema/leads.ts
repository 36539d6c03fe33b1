import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { branches, departments, staffMembers } from './agency.ts';
import { properties } from './properties.ts';
import { users } from './accounts.ts';

export const leadKinds = [
  'viewing',
  'valuation',
  'staff-enquiry',
  'department-enquiry',
  'new-homes',
  'send-to-friend',
] as const;
export type LeadKind = (typeof leadKinds)[number];

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
  },
  (t) => [index('leads_kind_created_idx').on(t.kind, t.createdAt)],
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
    recipientEmail: text('recipient_email').notNull(),
    isActive: boolean('is_active').notNull().default(true),
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
