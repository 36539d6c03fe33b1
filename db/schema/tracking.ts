import { index, integer, pgTable, serial, text, timestamp, jsonb } from 'drizzle-orm/pg-core';
import { properties } from './properties.ts';

export const propertyViews = pgTable(
  'property_views',
  {
    id: serial('id').primaryKey(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('property_views_property_idx').on(t.propertyId, t.createdAt)],
);

export const exposures = pgTable(
  'exposures',
  {
    id: serial('id').primaryKey(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    eventType: text('event_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('exposures_property_idx').on(t.propertyId, t.createdAt)],
);

export const consentLogs = pgTable(
  'consent_logs',
  {
    id: serial('id').primaryKey(),
    status: text('status').notNull(),
    consentId: text('consent_id').notNull(),
    userAgent: text('user_agent'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The privacy tools find an account's entries by the consent ids of its sessions.
  (t) => [index('consent_logs_consent_idx').on(t.consentId)],
);
