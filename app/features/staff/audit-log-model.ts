/**
 * The audit log page's pure rules: its filters as one zod schema (from the query string; anything else is a
 * validation result, never an exception), the actions' labels, and what changed as readable lines.
 */
import { z } from 'zod';

export const AUDIT_PAGE_SIZE = 50;
const MAX_PAGE = 10_000;
const MAX_TEXT_LENGTH = 200;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Every action the app records, in words (an unknown one, from an older or newer version, shows as it is). */
export const auditActionLabels: Record<string, string> = {
  'staff.sign-in': 'Signed in',
  'staff.sign-in-recovery-code': 'Signed in with a recovery code',
  'staff.sign-in-failed': 'Failed sign-in',
  'staff.sign-out': 'Signed out',
  'staff.sign-out-everywhere': 'Signed out everywhere',
  'staff.invited': 'Staff member invited',
  'staff.setup-completed': 'Account set up',
  'staff.deactivated': 'Staff member deactivated',
  'staff.role-changed': 'Role changed',
  'staff.password-changed': 'Password changed',
  'staff.password-reset-requested': 'Password reset asked for',
  'staff.password-reset': 'Password reset',
  'lead.stage-changed': 'Lead status changed',
  'lead.assigned': 'Lead assigned',
  'lead.note-added': 'Note added to a lead',
  'lead.export': 'Leads exported',
  'privacy.search': 'Personal data looked up',
  'privacy.export': 'Personal data exported',
  'privacy.erase': 'Personal data erased',
  'privacy.retention-run': 'Old leads and uploads deleted',
  'settings.retention-changed': 'Retention setting changed',
  'listing.created': 'Listing created',
  'listing.updated': 'Listing edited',
  'listing.status-changed': 'Listing status changed',
  'listing.price-changed': 'Listing price changed',
  'listing.published': 'Listing published',
  'listing.unpublished': 'Listing unpublished',
  'listing.media-changed': 'Listing photos or files changed',
  'listing.featured-changed': 'Listing featured changed',
  'listing.hidden': 'Listing hidden from the site',
  'listing.shown': 'Listing shown on the site again',
  'branch.created': 'Branch added',
  'branch.updated': 'Branch changed',
  'form.created': 'Form created',
  'form.updated': 'Form changed',
  'form.field-moved': 'Form field moved',
  'form.deleted': 'Form deleted',
  'staff-profile.updated': 'Staff profile changed',
  'staff-profile.moved': 'Staff profile moved',
  'staff-profile.created': 'Staff profile added',
  'staff-profile.removed': 'Staff profile removed',
  'department.added': 'Department added',
  'department.removed': 'Department removed',
  'settings.theme-changed': 'Theme colours changed',
  'menu.changed': 'Menu changed',
  'home-page.changed': 'Home page changed',
  'article.created': 'Article created',
  'article.updated': 'Article edited',
  'article.published': 'Article published',
  'article.scheduled': 'Article scheduled',
  'article.unpublished': 'Article unpublished',
  'article.restored': 'Article version restored',
  'page.created': 'Page created',
  'page.updated': 'Page edited',
  'page.restored': 'Page version restored',
  'page.deleted': 'Page deleted',
  'content.images-uploaded': 'Images uploaded for articles and pages',
  'settings.agency-changed': 'Agency details changed',
  'settings.legal-changed': 'Company and legal details changed',
  'settings.options-changed': 'Site options changed',
  'settings.analytics-changed': 'Analytics codes changed',
  'settings.lead-routing-changed': 'Lead routing changed',
  'settings.branding-changed': 'Logo or favicon changed',
};

export function auditActionLabel(action: string): string {
  return auditActionLabels[action] ?? action;
}

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (value === '' || value === undefined || value === null ? undefined : value),
    schema.optional(),
  );

function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const auditFiltersSchema = z
  .object({
    actor: optional(
      z.union(
        [
          z.literal('system'),
          z
            .string()
            .regex(/^[1-9]\d{0,8}$/)
            .transform(Number),
        ],
        {
          message: 'Choose a person from the list',
        },
      ),
    ),
    action: optional(z.string().regex(/^[a-z][a-z.-]{0,59}$/, { message: 'Choose an action from the list' })),
    from: optional(z.string().refine(isCalendarDate, { message: 'Enter the "from" date as a real date' })),
    to: optional(z.string().refine(isCalendarDate, { message: 'Enter the "to" date as a real date' })),
    q: optional(
      z
        .string()
        .transform((value) => value.replace(/\p{Cc}/gu, ' ').trim())
        .pipe(z.string().max(MAX_TEXT_LENGTH, { message: `Search for at most ${MAX_TEXT_LENGTH} characters` }))
        .transform((value) => (value === '' ? undefined : value)),
    ),
    page: optional(
      z
        .string()
        .regex(/^\d{1,6}$/, { message: 'Page must be a whole number' })
        .transform(Number)
        .pipe(z.number().int().min(1, { message: 'Page must be 1 or more' }).max(MAX_PAGE)),
    ),
  })
  .refine((filters) => !filters.from || !filters.to || filters.from <= filters.to, {
    message: 'The "from" date must be on or before the "to" date',
    path: ['to'],
  });

export type AuditFilters = {
  /** A staff account's id, or 'system' for entries no person made (the retention job). */
  actor?: number | 'system';
  action?: string;
  /** YYYY-MM-DD, days in UK time, inclusive. */
  from?: string;
  to?: string;
  q?: string;
};

export type AuditFiltersResult =
  | { success: true; filters: AuditFilters; page: number }
  | { success: false; errors: { field: string; message: string }[] };

const FILTER_NAMES = ['actor', 'action', 'from', 'to', 'q', 'page'] as const;

export function parseAuditFilters(params: URLSearchParams): AuditFiltersResult {
  const input: Record<string, string> = {};
  for (const name of FILTER_NAMES) {
    const value = params.get(name);
    if (value !== null) input[name] = value;
  }
  const parsed = auditFiltersSchema.safeParse(input);
  if (!parsed.success) {
    return {
      success: false,
      errors: parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? 'form'), message: issue.message })),
    };
  }
  const { page, ...filters } = parsed.data;
  const defined = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
  return { success: true, filters: defined as AuditFilters, page: page ?? 1 };
}

export function auditFiltersQuery(filters: AuditFilters, page = 1): string {
  const params = new URLSearchParams();
  for (const name of ['actor', 'action', 'from', 'to', 'q'] as const) {
    const value = filters[name];
    if (value !== undefined) params.set(name, String(value));
  }
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

function humanise(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.map(valueText).join(', ') || 'none';
  if (typeof value === 'object') {
    return (
      Object.entries(value)
        .map(([key, entry]) => `${humanise(key).toLowerCase()} ${valueText(entry)}`)
        .join(', ') || 'none'
    );
  }
  return String(value);
}

/**
 * What changed, as lines a person reads: a `from`/`to` pair as "from → to" (with the setting's name when there is
 * one), every other detail as "Name: value", nested values flattened onto the line.
 */
export function describeAuditDetails(details: Record<string, unknown>): string[] {
  const lines: string[] = [];
  const { from, to, setting, ...rest } = details;
  if ('from' in details || 'to' in details) {
    const change = `${valueText(from)} → ${valueText(to)}`;
    lines.push(typeof setting === 'string' ? `${setting}: ${change}` : change);
  } else if (setting !== undefined) {
    rest.setting = setting;
  }
  for (const [key, value] of Object.entries(rest)) lines.push(`${humanise(key)}: ${valueText(value)}`);
  return lines;
}
