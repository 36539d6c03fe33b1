/**
 * Accounts: registration, sign-in, profile, passwords, password-reset tokens and marketing preferences
 * (spec points 2–8 for the account area). Design notes: docs/decisions/009-accounts.md.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import {
  marketingPreferences,
  passwordResetTokens,
  rateLimits,
  savedProperties,
  savedSearches,
  sessions,
  users,
} from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { rateLimitRule, type RateLimitName } from '../../lib/rate-limit.server.ts';
import { enqueueEmail } from '../email/index.server.ts';
import { getSiteChrome } from '../site/index.server.ts';
import { MARKETING_WORDING, TERMS_WORDING } from './account-messages.ts';
import { requestEmailChange, sendEmailVerification } from './email-verification.server.ts';
import { PROFILE_TEXT_FIELDS, type ProfileInput, type RegistrationInput } from './account-schemas.ts';
import { hashPassword, verifyPassword } from './passwords.server.ts';
import { addressHtml, emptyUser, type UserView } from './user-view.ts';

export const RESET_TOKEN_LIFETIME_MS = 60 * 60_000;
const RESET_PASSWORD_PATH = '/user/forgotten_password';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

async function agencyOf(db: Database): Promise<UserView['agency']> {
  const chrome = await getSiteChrome(db);
  return { hfpe_enabled: false, name: chrome.agencyName, email: chrome.agencyEmail };
}

export async function getUserView(db: Database, userId: number | null): Promise<UserView> {
  const agency = await agencyOf(db);
  if (userId === null) return emptyUser(agency);
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return emptyUser(agency);
  const [preferences, saved, searches] = await Promise.all([
    db.select().from(marketingPreferences).where(eq(marketingPreferences.userId, userId)).limit(1),
    db
      .select({ propertyId: savedProperties.propertyId })
      .from(savedProperties)
      .where(eq(savedProperties.userId, userId)),
    db.select({ id: savedSearches.id }).from(savedSearches).where(eq(savedSearches.userId, userId)),
  ]);
  const preference = preferences[0];
  const text = (value: string | null) => value ?? '';
  return {
    user_id: user.id,
    email: user.email,
    title: text(user.title),
    first_name: user.firstName,
    last_name: user.lastName,
    house_name: text(user.houseName),
    house_number: text(user.houseNumber),
    street_address: text(user.streetAddress),
    address_2: text(user.address2),
    address_html: addressHtml({
      house_name: user.houseName,
      house_number: user.houseNumber,
      street_address: user.streetAddress,
      address_2: user.address2,
      locality: user.locality,
      town: user.town,
      county: user.county,
      postcode: user.postcode,
    }),
    locality: text(user.locality),
    town: text(user.town),
    county: text(user.county),
    postcode: text(user.postcode),
    tel_home: text(user.telHome),
    tel_mobile: text(user.telMobile),
    is_opted_in_to_marketing: user.isOptedInToMarketing,
    marketing_preference_id: preference?.id ?? null,
    marketing_preferences: {
      opt_in_terms: preference?.optInTerms ? 'on' : 'off',
      opt_in_marketing: preference?.optInMarketing ? (preference.optInMarketingUrl ?? '') : null,
      opt_in_terms_at: preference?.optInTermsAt?.toISOString() ?? null,
      opt_in_marketing_at: preference?.optInMarketingAt?.toISOString() ?? null,
    },
    custom_marketing_preferences: { is_opted_in_to_marketing: user.isOptedInToMarketing },
    agency,
    portal_leads: [],
    saved_properties: saved.map((row) => row.propertyId),
    saved_searches: searches.map((row) => row.id),
  };
}

/**
 * What became of a registration. Never told to the visitor: every registration is answered alike.
 * - `created`: a new, unverified account; the address gets a confirmation link.
 * - `renewed`: the address already had an account nobody has confirmed. Nobody has shown they own the address, so
 *   the latest registration's details and password replace the earlier ones and only the link sent now works: a
 *   visitor who lost the first email registers again, and someone who registered another person's address first
 *   cannot keep them out.
 * - `existing`: a confirmed account; its owner is told by email (quality bars 2.7.3) and nothing changes.
 */
export type RegistrationOutcome = { kind: 'created' | 'renewed' | 'existing'; userId: number };

type RegistrationOptions = { origin: string; marketingUrl: string };

function marketingPreferenceValues(input: RegistrationInput, options: RegistrationOptions, now: Date) {
  return {
    optInTerms: true,
    optInTermsAt: now,
    optInMarketing: input.opt_in_marketing,
    optInMarketingAt: input.opt_in_marketing ? now : null,
    optInMarketingUrl: input.opt_in_marketing ? options.marketingUrl : null,
    wording: input.opt_in_marketing ? `${TERMS_WORDING}\n${MARKETING_WORDING}` : TERMS_WORDING,
    updatedAt: now,
  };
}

/**
 * Creates the account (unverified) and its marketing preferences (terms agreed to, with the wording and time), or
 * handles an address that already has one (see `RegistrationOutcome`). Nobody is signed in: the account is used
 * once its address is confirmed (docs/decisions/009-accounts.md).
 */
export async function registerUser(
  db: Database,
  input: RegistrationInput,
  passwordHash: string,
  options: RegistrationOptions,
): Promise<RegistrationOutcome> {
  const email = input.email.trim();
  const emailLower = normaliseEmail(input.email);
  const now = new Date();
  const details = {
    passwordHash,
    title: input.title ?? null,
    firstName: input.first_name,
    lastName: input.last_name,
    telHome: input.tel_home ?? null,
    isOptedInToMarketing: input.opt_in_marketing,
  };
  const outcome = await db.transaction(async (tx): Promise<RegistrationOutcome> => {
    const [user] = await tx
      .insert(users)
      .values({ email, emailLower, ...details })
      .onConflictDoNothing({ target: users.emailLower })
      .returning({ id: users.id });
    if (user) {
      await tx
        .insert(marketingPreferences)
        .values({ userId: user.id, ...marketingPreferenceValues(input, options, now) });
      return { kind: 'created', userId: user.id };
    }
    const [unconfirmed] = await tx
      .update(users)
      .set({ ...details, email, updatedAt: now })
      .where(and(eq(users.emailLower, emailLower), isNull(users.emailVerifiedAt)))
      .returning({ id: users.id });
    if (unconfirmed) {
      await tx
        .update(marketingPreferences)
        .set(marketingPreferenceValues(input, options, now))
        .where(eq(marketingPreferences.userId, unconfirmed.id));
      // Whoever registered before with a password of their own keeps no way in.
      await tx.delete(sessions).where(eq(sessions.userId, unconfirmed.id));
      return { kind: 'renewed', userId: unconfirmed.id };
    }
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.emailLower, emailLower)).limit(1);
    return { kind: 'existing', userId: existing?.id ?? 0 };
  });
  if (outcome.kind === 'existing') {
    await enqueueEmail(db, {
      to: email,
      subject: 'Someone tried to register with your email address',
      text: [
        'Someone (perhaps you) tried to create an account on our website with this email address,',
        'but you already have an account. Nothing has changed.',
        '',
        `To sign in, go to ${options.origin}/user/sign-in`,
        `If you have forgotten your password, you can reset it at ${options.origin}${RESET_PASSWORD_PATH}`,
        '',
        'If this was not you, you can ignore this email.',
      ].join('\n'),
      relatedKind: 'account-duplicate-registration',
      relatedId: outcome.userId,
    });
    return outcome;
  }
  await sendEmailVerification(db, { id: outcome.userId, email, firstName: input.first_name }, options.origin);
  return outcome;
}

/**
 * The user for an email and password, or null. Unknown emails cost the same time as wrong passwords. An account
 * whose address is not confirmed yet cannot sign in, and fails exactly like a wrong password: otherwise anyone
 * could register an address with a password of their choosing and learn from signing in with it whether the
 * address already had an account (docs/decisions/009-accounts.md).
 */
export async function authenticateUser(db: Database, email: string, password: string): Promise<number | null> {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.emailLower, normaliseEmail(email)))
    .limit(1);
  const isValid = await verifyPassword(user?.passwordHash ?? null, password);
  return isValid && user?.emailVerifiedAt ? user.id : null;
}

/**
 * Whether a rate-limit window is used up, without counting this request. Sign-in counts only failures against
 * an account, so a correct password is never blocked by its own success (see the decision note on lockout).
 */
export async function isRateLimitExhausted(db: Database, name: RateLimitName, subject: string): Promise<boolean> {
  const rule = rateLimitRule(name);
  const cutoff = new Date(Date.now() - rule.windowSeconds * 1000);
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, `${name}:${subject.slice(0, 200)}`), gt(rateLimits.windowStart, cutoff)))
    .limit(1);
  return (row?.count ?? 0) >= rule.limit;
}

export type ProfileOutcome =
  { ok: true; emailChangeSentTo?: string | undefined } | { ok: false; errors: { field: string; message: string }[] };

const PROFILE_ERRORS = {
  currentPasswordForEmail: 'Enter your current password to change your email address',
  emailUnavailable: 'That email address cannot be used. Please choose another.',
} as const;

/**
 * Saves the changed fields. Changing the email needs the current password (ASVS 7.5.1) and is not saved here: the
 * new address gets a confirmation link and the old one is told (`requestEmailChange`); `emailChangeSentTo` says so.
 */
export async function updateProfile(
  db: Database,
  userId: number,
  input: ProfileInput,
  options: { origin: string },
): Promise<ProfileOutcome> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return { ok: false, errors: [{ field: 'form', message: 'Please sign in again.' }] };
  const changes: Partial<typeof users.$inferInsert> = {};
  const columnOf = {
    title: 'title',
    first_name: 'firstName',
    last_name: 'lastName',
    email: 'email',
    house_name: 'houseName',
    house_number: 'houseNumber',
    street_address: 'streetAddress',
    address_2: 'address2',
    locality: 'locality',
    town: 'town',
    county: 'county',
    postcode: 'postcode',
    tel_home: 'telHome',
    tel_mobile: 'telMobile',
  } as const;
  for (const field of PROFILE_TEXT_FIELDS) {
    if (!(field in input)) continue;
    const value = input[field];
    if (field === 'first_name' || field === 'last_name' || field === 'email') {
      if (value) (changes as Record<string, unknown>)[columnOf[field]] = value;
    } else {
      (changes as Record<string, unknown>)[columnOf[field]] = value ?? null;
    }
  }
  let newEmail: string | undefined;
  if (changes.email && normaliseEmail(changes.email) !== user.emailLower) {
    const isCurrentPasswordRight =
      typeof input.current_password === 'string' && (await verifyPassword(user.passwordHash, input.current_password));
    if (!isCurrentPasswordRight) {
      return { ok: false, errors: [{ field: 'current_password', message: PROFILE_ERRORS.currentPasswordForEmail }] };
    }
    changes.emailLower = normaliseEmail(changes.email);
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.emailLower, changes.emailLower), ne(users.id, userId)))
      .limit(1);
    if (taken) return { ok: false, errors: [{ field: 'email', message: PROFILE_ERRORS.emailUnavailable }] };
    newEmail = changes.email;
  }
  delete changes.email;
  delete changes.emailLower;
  await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId));
  if (newEmail)
    await requestEmailChange(
      db,
      { id: user.id, email: user.email, firstName: user.firstName },
      newEmail,
      options.origin,
    );
  return { ok: true, emailChangeSentTo: newEmail };
}

/** Signs the user out everywhere else (ASVS 7.4.3) after a password change or reset. */
async function endOtherSessions(db: Database, userId: number, keepSessionId: string | null): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId),
    );
}

/** A signed-in password change: the current password must be right (ASVS 6.2.3). */
export async function changePassword(
  db: Database,
  userId: number,
  currentPassword: string,
  newPassword: string,
  keepSessionId: string,
): Promise<boolean> {
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) return false;
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(newPassword), updatedAt: new Date() })
    .where(eq(users.id, userId));
  await endOtherSessions(db, userId, keepSessionId);
  return true;
}

/**
 * Forgotten password: for a known email, stores a random 256-bit token (hashed) valid for an hour and emails the
 * link through the outbox. Unknown emails do nothing; the caller answers the same either way.
 */
export async function requestPasswordReset(db: Database, email: string, origin: string): Promise<void> {
  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.emailLower, normaliseEmail(email)))
    .limit(1);
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_LIFETIME_MS),
    });
    await enqueueEmail(tx as unknown as Database, {
      to: user.email,
      subject: 'Reset your password',
      text: [
        `Hello ${user.firstName},`,
        '',
        'We received a request to reset the password for your account. To choose a new password, open this link:',
        '',
        `${origin}${RESET_PASSWORD_PATH}?token=${token}`,
        '',
        'The link works once and expires in 1 hour. If you did not ask for this, you can ignore this email:',
        'your password has not changed.',
      ].join('\n'),
      relatedKind: 'password-reset',
      relatedId: user.id,
    });
  });
}

/** Whether a reset token is live (unused, not expired), without using it. */
export async function isResetTokenValid(db: Database, token: string): Promise<boolean> {
  if (!token) return false;
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Uses a reset token once: sets the new password and ends every session of the user. Returns the user id. */
export async function resetPasswordWithToken(db: Database, token: string, newPassword: string): Promise<number | null> {
  if (!token) return null;
  const passwordHash = await hashPassword(newPassword);
  const now = new Date();
  const [used] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  if (!used) return null;
  const [user] = await db
    .update(users)
    .set({ passwordHash, updatedAt: now })
    .where(eq(users.id, used.userId))
    .returning({ emailLower: users.emailLower });
  // The owner proved control of the email: failures counted against the account (perhaps an attacker's) are forgiven.
  if (user) await db.delete(rateLimits).where(eq(rateLimits.key, `signInAccount:${user.emailLower.slice(0, 200)}`));
  // The link reached the account's address, which confirms it as the emailed confirmation link would.
  await db
    .update(users)
    .set({ emailVerifiedAt: now })
    .where(and(eq(users.id, used.userId), isNull(users.emailVerifiedAt)));
  // Any other outstanding link for this user dies with this one.
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, used.userId), isNull(passwordResetTokens.usedAt)));
  await endOtherSessions(db, used.userId, null);
  return used.userId;
}

export type MarketingChoice = {
  isOptedIn: boolean;
  url: string | null;
};

/**
 * Records an opt-in or opt-out with the time and wording. `preferenceId` must belong to the user (object-level
 * authorisation); a user without a preferences row gets one. Returns the row id, or null when it is not theirs.
 */
export async function updateMarketingPreferences(
  db: Database,
  userId: number,
  preferenceId: number | null,
  choice: MarketingChoice,
): Promise<number | null> {
  const now = new Date();
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({
        id: marketingPreferences.id,
        userId: marketingPreferences.userId,
        optInTerms: marketingPreferences.optInTerms,
      })
      .from(marketingPreferences)
      .where(eq(marketingPreferences.userId, userId))
      .limit(1);
    if (preferenceId !== null && existing && existing.id !== preferenceId) return null;
    if (preferenceId !== null && !existing) return null;
    const values = {
      optInMarketing: choice.isOptedIn,
      optInMarketingAt: now,
      optInMarketingUrl: choice.url,
      wording: choice.isOptedIn ? `${TERMS_WORDING}\n${MARKETING_WORDING}` : TERMS_WORDING,
      updatedAt: now,
    };
    let id: number;
    if (existing) {
      await tx.update(marketingPreferences).set(values).where(eq(marketingPreferences.id, existing.id));
      id = existing.id;
    } else {
      const [row] = await tx
        .insert(marketingPreferences)
        .values({ userId, ...values })
        .returning({ id: marketingPreferences.id });
      id = row!.id;
    }
    await tx.update(users).set({ isOptedInToMarketing: choice.isOptedIn, updatedAt: now }).where(eq(users.id, userId));
    return id;
  });
}
