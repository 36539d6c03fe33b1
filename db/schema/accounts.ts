import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { properties } from './properties.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    emailLower: text('email_lower').notNull(),
    passwordHash: text('password_hash').notNull(),
    title: text('title'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    houseName: text('house_name'),
    houseNumber: text('house_number'),
    streetAddress: text('street_address'),
    address2: text('address_2'),
    locality: text('locality'),
    town: text('town'),
    county: text('county'),
    postcode: text('postcode'),
    telHome: text('tel_home'),
    telMobile: text('tel_mobile'),
    isOptedInToMarketing: boolean('is_opted_in_to_marketing').notNull().default(false),
    savedPropertiesSynced: boolean('saved_properties_synced').notNull().default(false),
    /** When the owner followed an emailed link to this address; null: alerts and marketing are never sent to it. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(t.emailLower)],
);

/** What the user agreed to, with the wording shown and when (spec point 7 marketing-preference calls). */
export const marketingPreferences = pgTable(
  'marketing_preferences',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    optInTerms: boolean('opt_in_terms').notNull().default(false),
    optInTermsAt: timestamp('opt_in_terms_at', { withTimezone: true }),
    optInMarketing: boolean('opt_in_marketing').notNull().default(false),
    optInMarketingAt: timestamp('opt_in_marketing_at', { withTimezone: true }),
    optInMarketingUrl: text('opt_in_marketing_url'),
    wording: text('wording').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('marketing_preferences_user_idx').on(t.userId)],
);

/** Database-backed sessions: the cookie holds only the random id. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Emailed links that prove control of an address: `verify` (the address registered with) and `change` (a new
 * address, applied only when its link is followed). Only the SHA-256 of the token is kept; single use, expiring.
 */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'change'] }).notNull(),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_verification_tokens_user_idx').on(t.userId)],
);

export const savedProperties = pgTable(
  'saved_properties',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    lastKnownPrice: integer('last_known_price'),
    lastKnownStatus: text('last_known_status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_properties_user_property_idx').on(t.userId, t.propertyId)],
);

export const alertFrequencies = ['I', 'W', 'M', 'N'] as const;
export type AlertFrequency = (typeof alertFrequencies)[number];

/** A saved search keeps the Search fields (spec point 3) as JSON plus columns the alert matcher filters on. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    search: jsonb('search').$type<Record<string, unknown>>().notNull(),
    channel: text('channel').notNull(),
    alertFrequency: text('alert_frequency').$type<AlertFrequency>().notNull().default('I'),
    unsubscribeToken: text('unsubscribe_token').notNull(),
    lastAlertedAt: timestamp('last_alerted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId),
    index('saved_searches_frequency_idx').on(t.alertFrequency, t.channel),
    uniqueIndex('saved_searches_unsubscribe_idx').on(t.unsubscribeToken),
  ],
);

/** A property is alerted at most once per saved search. */
export const savedSearchAlerts = pgTable(
  'saved_search_alerts',
  {
    savedSearchId: integer('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_search_alerts_pk').on(t.savedSearchId, t.propertyId)],
);
