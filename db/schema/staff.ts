import {
  bigserial,
  boolean,
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
import { branches, staffMembers } from './agency.ts';

/**
 * The agency's back-office users: apart from visitor accounts (own table, own sessions, own sign-in). The password
 * and the TOTP secret are set by the person on the one-time set-up page; until then both are null.
 */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    emailLower: text('email_lower').notNull(),
    name: text('name').notNull(),
    role: text('role').$type<'owner' | 'manager' | 'negotiator' | 'editor'>().notNull(),
    passwordHash: text('password_hash'),
    /** AES-256-GCM with STAFF_SECRET_KEY (app/features/staff/staff-secrets.server.ts), never the plain secret. */
    totpSecretEncrypted: text('totp_secret_encrypted'),
    /** The last 30-second step whose code was accepted: a code of that step or an earlier one is refused (replay). */
    totpLastStep: integer('totp_last_step'),
    isActive: boolean('is_active').notNull().default(true),
    /** The public profile on the site, when the person has one. */
    staffMemberId: integer('staff_member_id').references(() => staffMembers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_accounts_email_lower_idx').on(t.emailLower)],
);

export const staffAccountBranches = pgTable(
  'staff_account_branches',
  {
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.branchId] }), index('staff_account_branches_branch_idx').on(t.branchId)],
);

/** Ten one-time codes per enrolment; only their SHA-256 is kept. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_recovery_codes_staff_idx').on(t.staffId)],
);

/**
 * Emailed or printed links: `setup` (24 hours), `enrol` (a new authenticator for a set-up account whose phone was
 * lost, 24 hours) and `reset` (1 hour). Only the SHA-256 is kept; single use.
 */
export const staffTokens = pgTable(
  'staff_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'setup' | 'enrol' | 'reset'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_tokens_staff_idx').on(t.staffId)],
);

/**
 * Staff sessions. The row is keyed by the SHA-256 of the cookie's value, so a copy of the table signs nobody in.
 * A session is `pending` between the password and the second factor; only a `signedIn` one grants access.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    stage: text('stage').$type<'pending' | 'signedIn'>().notNull(),
    /** Second-factor attempts on a pending session. */
    failedCodes: integer('failed_codes').notNull().default(0),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId), index('staff_sessions_expires_idx').on(t.expiresAt)],
);

/** Browsers a staff member has signed in from (SHA-256 of a long-lived device cookie): a new one is emailed about. */
export const staffDevices = pgTable(
  'staff_devices',
  {
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    userAgent: text('user_agent'),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.deviceHash] })],
);

/**
 * What staff did and what was tried: append-only (a trigger in the migration refuses UPDATE and DELETE). The actor
 * is kept by id and by email, so an entry still says who after the account is gone.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    staffId: integer('staff_id'),
    actorEmail: text('actor_email'),
    ip: text('ip'),
    action: text('action').notNull(),
    target: text('target'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_staff_idx').on(t.staffId, t.at),
    // The audit page's filter by action, newest first.
    index('audit_log_action_idx').on(t.action, t.at),
  ],
);
