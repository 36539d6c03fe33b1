import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches } from './agency.ts';
import { leads } from './leads.ts';
import { staffAccounts } from './staff.ts';

export const appointmentStates = ['confirmed', 'rescheduled', 'cancelled'] as const;
export type AppointmentState = (typeof appointmentStates)[number];

/**
 * The appointment staff booked for a viewing or valuation lead (one per lead; a lead without a row is still a
 * request). `uid` and `sequence` are the calendar event's identity and revision: every confirmation, move or
 * cancellation sends the visitor the same UID with the next SEQUENCE, so their calendar updates one event.
 */
export const diaryAppointments = pgTable(
  'diary_appointments',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    /** The lead's branch when booked: the diary is read per branch and time. */
    branchId: integer('branch_id').references(() => branches.id, { onDelete: 'set null' }),
    state: text('state').$type<AppointmentState>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    uid: text('uid').notNull(),
    sequence: integer('sequence').notNull().default(0),
    cancelReason: text('cancel_reason'),
    updatedByStaffId: integer('updated_by_staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('diary_appointments_lead_idx').on(t.leadId),
    index('diary_appointments_branch_starts_idx').on(t.branchId, t.startsAt),
  ],
);
