/**
 * The privacy tools' pure rules, shared by the server and the screen: the forms' schemas with their messages, how an
 * address is normalised (as accounts do it), how a lead's answers are anonymised, and the retention setting.
 * See docs/decisions/025-privacy-and-audit.md.
 */
import { z } from 'zod';

export const PRIVACY_MESSAGES = {
  email: 'Enter the email address to look for',
  emailFormat: 'Enter an email address in the correct format, like name@example.com',
  confirm: 'Type the email address again to confirm',
  confirmMismatch: 'The email address you typed again does not match',
  months: 'Enter a whole number of months from 0 to 240, or leave it empty to keep everything',
} as const;

/** What replaces every erased answer: it says what happened and cannot be mistaken for a real value. */
export const ERASED = '[erased]';

/** The longest retention the setting accepts: twenty years. */
const MAX_RETENTION_MONTHS = 240;

/** The same normalisation as visitor accounts (`users.email_lower`): trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

const email = z
  .string({ error: PRIVACY_MESSAGES.email })
  .trim()
  .min(1, PRIVACY_MESSAGES.email)
  .max(254, PRIVACY_MESSAGES.emailFormat)
  .regex(/^[^\s@]+@[^\s@]+$/, PRIVACY_MESSAGES.emailFormat)
  .transform(normaliseEmail);

export const privacySearchSchema = z.object({ email });

export const privacyEraseSchema = z
  .object({
    email,
    confirm_email: z.string({ error: PRIVACY_MESSAGES.confirm }).trim().min(1, PRIVACY_MESSAGES.confirm),
  })
  .refine((value) => normaliseEmail(value.confirm_email) === value.email, {
    message: PRIVACY_MESSAGES.confirmMismatch,
    path: ['confirm_email'],
  });

/** Months as typed: empty means off (0), as does 0; otherwise a whole number up to twenty years. */
export const retentionSchema = z.object({
  months: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : (value ?? '')),
    z
      .string()
      .regex(/^\d{0,3}$/, PRIVACY_MESSAGES.months)
      .transform((value) => (value === '' ? 0 : Number(value)))
      .pipe(z.number().int().min(0, PRIVACY_MESSAGES.months).max(MAX_RETENTION_MONTHS, PRIVACY_MESSAGES.months)),
  ),
});

/**
 * Keys of a lead's answers that route it or book it rather than say who sent it: kept when a lead is anonymised, so
 * its kind, branch, property, department and requested slot still count. Everything else that is text is replaced.
 */
const KEPT_KEYS = new Set([
  'form',
  'lead_type',
  'is_valuation_request',
  'is_branch_lead',
  'agency_employee_id',
  'branch_department_id',
  'branch_id',
  'property_id',
  'development_id',
  'f_id',
  'channel',
  'booking_date',
  'booking_time',
  'times',
  'date',
  'property_type',
  'bedrooms',
]);

/**
 * A lead's or form submission's answers with every piece of text and every number replaced by ERASED, except the
 * routing and booking keys above; yes/no answers and the shape (group names, which fields were filled) stay.
 */
export function anonymisePayload<Value>(payload: Value): Value {
  return anonymiseValue(payload, false) as Value;
}

function anonymiseValue(value: unknown, isKept: boolean): unknown {
  if (Array.isArray(value)) return value.map((entry) => anonymiseValue(entry, isKept));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [key, anonymiseValue(entry, isKept || KEPT_KEYS.has(key))]),
    );
  }
  if (isKept || typeof value === 'boolean' || value === null || value === undefined) return value;
  if (typeof value === 'string' && value.trim() === '') return value;
  return ERASED;
}

/**
 * Whether the address appears in any text of a lead's answers (any case), e.g. a friend's address or a message. It
 * must stand as a whole address: `nn@example.com` is not found inside `ann@example.com`, nor `a@b.co` in `a@b.com`.
 */
export function payloadMentions(payload: unknown, normalisedEmail: string): boolean {
  const escaped = normalisedEmail.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}._%+-])${escaped}(?![\\p{L}\\p{N}-]|\\.[\\p{L}\\p{N}])`, 'iu');
  return mentions(payload, pattern);
}

function mentions(value: unknown, pattern: RegExp): boolean {
  if (typeof value === 'string') return pattern.test(value);
  if (Array.isArray(value)) return value.some((entry) => mentions(entry, pattern));
  if (typeof value === 'object' && value !== null)
    return Object.values(value).some((entry) => mentions(entry, pattern));
  return false;
}

/** The categories the summary lists, in the requirement's order, with the words staff see. */
export const privacyCategories = [
  'account',
  'savedProperties',
  'savedSearches',
  'alerts',
  'leads',
  'consents',
  'uploads',
  'emails',
] as const;
export type PrivacyCategory = (typeof privacyCategories)[number];

export const categoryLabels: Record<PrivacyCategory, string> = {
  account: 'Visitor account',
  savedProperties: 'Saved properties',
  savedSearches: 'Saved searches',
  alerts: 'Alerts',
  leads: 'Leads and enquiries',
  consents: 'Consents',
  uploads: 'Uploaded files',
  emails: 'Emails',
};

/** What happens to each category when the address is erased (shown beside the counts before confirming). */
export const erasureEffects: Record<PrivacyCategory, string> = {
  account: 'Deleted, with its sessions',
  savedProperties: 'Deleted',
  savedSearches: 'Deleted',
  alerts: 'Deleted (alerts stop)',
  leads: 'Anonymised: kept for counts without name, contact details or messages',
  consents: 'Marketing choices deleted with the account; cookie consent log entries kept',
  uploads: 'Deleted, files included',
  emails: 'Address and contents removed; unsent ones cancelled',
};

export type PrivacySummary = {
  counts: Record<PrivacyCategory, number>;
  /** A line of detail per category, e.g. "2 alerts sent". */
  details: Partial<Record<PrivacyCategory, string>>;
};

export function isEmptySummary(summary: PrivacySummary): boolean {
  return privacyCategories.every((category) => summary.counts[category] === 0);
}
