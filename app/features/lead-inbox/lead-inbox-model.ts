/**
 * The leads inbox's pure rules, shared by the server and the screens: which leads a staff member may see (scope),
 * the list's filters as one zod schema (the route parses the query string with it), the workflow forms' schemas,
 * and the labels. See docs/decisions/020-leads-inbox.md.
 */
import { z } from 'zod';
// Types only: the schema module would bring Drizzle into the browser's bundle.
import type { LeadKind, LeadStage } from '../../../db/schema/leads.ts';

export type { LeadStage };

/**
 * Every kind of lead staff work in the inbox. Send-to-a-friend is stored as a lead but is a visitor's message to
 * a friend, not an enquiry for the agency, so it stays out.
 */
export const inboxKinds = [
  'viewing',
  'valuation',
  'instant-valuation',
  'staff-enquiry',
  'department-enquiry',
  'new-homes',
  'custom-form',
] as const satisfies readonly LeadKind[];
export type InboxKind = (typeof inboxKinds)[number];

export const leadStages = ['new', 'contacted', 'booked', 'closed', 'lost'] as const satisfies readonly LeadStage[];
// Both lists must name every value of the schema's (send-to-friend aside): a new kind or stage fails to compile here.
type Missing<All, Listed> = Exclude<All, Listed> extends never ? true : never;
const _everyKindListed: Missing<Exclude<LeadKind, 'send-to-friend'>, InboxKind> = true;
const _everyStageListed: Missing<LeadStage, (typeof leadStages)[number]> = true;
void _everyKindListed;
void _everyStageListed;

export const kindLabels: Record<InboxKind, string> = {
  viewing: 'Viewing request',
  valuation: 'Valuation request',
  'instant-valuation': 'Instant valuation follow-up',
  'staff-enquiry': 'Staff member enquiry',
  'department-enquiry': 'Office or department enquiry',
  'new-homes': 'New homes enquiry',
  'custom-form': 'Form',
};

export const stageLabels: Record<LeadStage, string> = {
  new: 'New',
  contacted: 'Contacted',
  booked: 'Booked',
  closed: 'Closed',
  lost: 'Lost',
};

/** Which leads a staff member sees: every branch's (and the agency-wide leads without a branch), or some branches'. */
export type LeadScope = { allBranches: boolean; branchIds: number[] };

type StaffRoleName = 'owner' | 'manager' | 'negotiator' | 'editor';

/** Owners see every lead; managers and negotiators their branches' leads; editors none (null). */
export function leadScopeFor(role: StaffRoleName, branchIds: readonly number[]): LeadScope | null {
  if (role === 'owner') return { allBranches: true, branchIds: [] };
  if (role === 'manager' || role === 'negotiator') {
    return { allBranches: false, branchIds: [...new Set(branchIds)].filter((id) => Number.isSafeInteger(id)) };
  }
  return null;
}

export const LEADS_PAGE_SIZE = 50;
/** Far beyond any real inbox (500,000 leads at 50 a page); keeps OFFSET from being asked for absurd depths. */
const MAX_PAGE = 10_000;
const MAX_TEXT_LENGTH = 200;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,8}$/;

/** An empty query-string value means "no filter", as a GET form sends its blank fields. */
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

const dateFilter = (message: string) => optional(z.string().refine(isCalendarDate, { message }));

/** The list's filters as they arrive in the query string (strings), checked and typed. */
const leadFiltersSchema = z
  .object({
    kind: optional(z.enum(inboxKinds, { message: 'Choose a kind of lead from the list' })),
    branch: optional(
      z
        .string()
        .regex(ID, { message: 'Choose a branch from the list' })
        .transform((value) => Number(value)),
    ),
    stage: optional(z.enum(leadStages, { message: 'Choose a status from the list' })),
    form: optional(
      z
        .string()
        .regex(ID, { message: 'Choose a form from the list' })
        .transform((value) => Number(value)),
    ),
    assignee: optional(
      z.union(
        [
          z.literal('none'),
          z
            .string()
            .regex(ID)
            .transform((value) => Number(value)),
        ],
        { message: 'Choose a staff member from the list' },
      ),
    ),
    from: dateFilter('Enter the "from" date as a real date'),
    to: dateFilter('Enter the "to" date as a real date'),
    q: optional(
      z
        .string()
        // Control characters (NUL above all) cannot reach the database and mean nothing in a search.
        .transform((value) => value.replace(/\p{Cc}/gu, ' ').trim())
        .pipe(z.string().max(MAX_TEXT_LENGTH, { message: `Search for at most ${MAX_TEXT_LENGTH} characters` }))
        .transform((value) => (value === '' ? undefined : value)),
    ),
    page: optional(
      z
        .string()
        .regex(/^\d{1,6}$/, { message: 'Page must be a whole number' })
        .transform((value) => Number(value))
        .pipe(z.number().int().min(1, { message: 'Page must be 1 or more' }).max(MAX_PAGE)),
    ),
  })
  .refine((filters) => !filters.from || !filters.to || filters.from <= filters.to, {
    message: 'The "from" date must be on or before the "to" date',
    path: ['to'],
  });

export type LeadFilters = {
  kind?: InboxKind;
  branch?: number;
  stage?: LeadStage;
  /** The custom form (form_definitions.id) whose submissions to list. */
  form?: number;
  assignee?: number | 'none';
  /** YYYY-MM-DD, a day in UK time, inclusive. */
  from?: string;
  to?: string;
  q?: string;
};

export type LeadFiltersResult =
  | { success: true; filters: LeadFilters; page: number }
  | { success: false; errors: { field: string; message: string }[] };

const FILTER_NAMES = ['kind', 'branch', 'stage', 'form', 'assignee', 'from', 'to', 'q', 'page'] as const;

/** The query string read as the filters: the first value of each name, anything else ignored. */
export function parseLeadFilters(params: URLSearchParams): LeadFiltersResult {
  const input: Record<string, string> = {};
  for (const name of FILTER_NAMES) {
    const value = params.get(name);
    if (value !== null) input[name] = value;
  }
  const parsed = leadFiltersSchema.safeParse(input);
  if (!parsed.success) {
    return {
      success: false,
      errors: parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? 'form'), message: issue.message })),
    };
  }
  const { page, ...filters } = parsed.data;
  const defined = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
  return { success: true, filters: defined as LeadFilters, page: page ?? 1 };
}

/** The query string of a filtered list (for the pager, the counts' links and the CSV link). */
export function leadFiltersQuery(filters: LeadFilters, page = 1): string {
  const params = new URLSearchParams();
  for (const name of ['kind', 'branch', 'stage', 'form', 'assignee', 'from', 'to', 'q'] as const) {
    const value = filters[name];
    if (value !== undefined) params.set(name, String(value));
  }
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * The free text as a tsquery for to_tsquery('simple', …): each word a prefix match, all words required. Only
 * letters, digits and the characters of emails and phone numbers are kept, so no operator or quote of the user's
 * reaches the query syntax. Null when nothing searchable is left.
 */
export function textSearchQuery(text: string): string | null {
  const terms = text
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}@._+-]/gu, ''))
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .slice(0, 8);
  if (terms.length === 0) return null;
  return terms.map((term) => `'${term}':*`).join(' & ');
}

/* ---------------- The workflow's forms (one schema per form; the route parses with parseForm) ---------------- */

export const LOST_REASON_MESSAGE = 'Enter why the lead was lost';
export const NOTE_MESSAGE = 'Enter a note';

const MAX_REASON_LENGTH = 500;
export const MAX_NOTE_LENGTH = 5_000;

export const leadActionSchema = z.discriminatedUnion('intent', [
  z
    .object({
      intent: z.literal('stage'),
      stage: z.enum(leadStages, { message: 'Choose a status from the list' }),
      lost_reason: z
        .string()
        .optional()
        .transform((value) => value?.trim() ?? '')
        .pipe(z.string().max(MAX_REASON_LENGTH, { message: `Keep the reason under ${MAX_REASON_LENGTH} characters` })),
    })
    .refine((form) => form.stage !== 'lost' || form.lost_reason !== '', {
      message: LOST_REASON_MESSAGE,
      path: ['lost_reason'],
    }),
  z.object({
    intent: z.literal('assign'),
    assigned_staff_id: z.union(
      [
        z.literal('none'),
        z
          .string()
          .regex(ID, { message: 'Choose a staff member from the list' })
          .transform((value) => Number(value)),
      ],
      { message: 'Choose a staff member from the list' },
    ),
  }),
  z.object({
    intent: z.literal('note'),
    note: z
      .string({ message: NOTE_MESSAGE })
      .transform((value) => value.trim())
      .pipe(
        z
          .string()
          .min(1, { message: NOTE_MESSAGE })
          .max(MAX_NOTE_LENGTH, {
            message: `Keep the note under ${MAX_NOTE_LENGTH.toLocaleString('en-GB')} characters`,
          }),
      ),
  }),
]);
