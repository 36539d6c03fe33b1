/**
 * The branch editor's form: one zod schema, checked in the browser (Conform) and again by the action. Every text
 * field becomes plain text for the public pages: control and bidirectional-override characters are removed, space
 * runs collapsed and lengths capped; telephone numbers, email addresses and postcodes must have their own shapes
 * (they end up in `tel:` and `mailto:` links). React escapes what is left when the page renders it.
 */
import { z } from 'zod';
import type { OpeningHours, OpeningPeriod } from '../../../db/schema/agency.ts';
import { normalisePostcode } from '../../lib/postcode.ts';
import { plainLine, withoutControls } from '../../lib/plain-text.ts';

export const BRANCH_MESSAGES = {
  name: 'Enter the branch name',
  addressLine1: 'Enter the first line of the address',
  town: 'Enter the town',
  county: 'Enter the county',
  postcode: 'Enter a real postcode, like BA1 1DE',
  phone: 'Enter a telephone number of 6 to 20 digits, like 01632 960100',
  email: 'Enter an email address in the correct format, like name@example.com',
  latitude: 'Enter a latitude between 49 and 61, like 51.3839',
  longitude: 'Enter a longitude between -9 and 2, like -2.3612',
  time: 'Enter a time in 24-hour format, like 09:00',
  bothTimes: 'Enter both an opening and a closing time, or neither for a closed day',
  sameTimes: 'Enter a closing time that differs from the opening time',
  date: 'Enter a real date, like 2026-12-25',
  exceptionName: 'Enter the name of the day, like Christmas Day',
  duplicateDate: 'Enter each date only once',
  postcodeDistricts: 'Enter postcode areas or districts like BA, BA1 or SW1A, separated by commas or spaces',
  tooManyDistricts: 'Enter 300 postcode districts or fewer',
  department: 'Choose departments of this branch',
  version: 'Reload the page and make your changes again',
  conflict:
    'Someone else saved this branch while you were editing it, so your changes were not saved. The form now shows their version: make your changes again.',
  slugTaken: 'Another branch already has this name: choose another',
  country: 'Choose the country the branch is in',
  tooLong: (max: number) => `Enter ${max} characters or fewer`,
} as const;

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** Room for new bank-holiday rows on the form besides the branch's own (no script needed to add one). */
export const BLANK_EXCEPTION_ROWS = 3;
const MAX_EXCEPTIONS = 60;
const MAX_DISTRICTS = 300;

/** Paragraph text: as plainLine, keeping paragraph breaks (at most one blank line). */
export function plainParagraphs(value: string): string {
  return withoutControls(value.replace(/\r\n?/g, '\n'))
    .split('\n')
    .map((line) => line.replace(/[^\S\n]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A form string: a missing field (a hostile post) reads as empty, so the field's own message answers it. */
export const formText = z.preprocess((value) => (value === undefined || value === null ? '' : value), z.string());

export function line(max: number, requiredMessage?: string) {
  const cleaned = formText.transform(plainLine);
  return cleaned
    .pipe(requiredMessage ? z.string().min(1, requiredMessage) : z.string())
    .pipe(z.string().max(max, BRANCH_MESSAGES.tooLong(max)));
}

const PHONE_SHAPE = /^\+?[0-9][0-9 ()-]*$/;

export function isTelephoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return PHONE_SHAPE.test(value) && digits >= 6 && digits <= 20;
}

export const phone = formText.transform(plainLine).pipe(z.string().refine(isTelephoneNumber, BRANCH_MESSAGES.phone));
/** Blank means "use the office number" (the site falls back to it). */
const optionalPhone = formText
  .transform(plainLine)
  .pipe(z.string().refine((value) => value === '' || isTelephoneNumber(value), BRANCH_MESSAGES.phone))
  .transform((value) => (value === '' ? null : value));

export const email = formText.transform(plainLine).pipe(
  z
    .string()
    .max(254, BRANCH_MESSAGES.email)
    // Nothing that would change a mailto: link (a query, a second address) and a plain domain name.
    .regex(/^[^\s@<>()"',;:\\[\]?&#%/=]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/, BRANCH_MESSAGES.email),
);

function coordinate(min: number, max: number, message: string) {
  return formText
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .regex(/^-?\d{1,3}(?:\.\d{1,15})?$/, message)
        .transform(Number)
        .pipe(z.number().min(min, message).max(max, message)),
    );
}

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const time = formText
  .transform((value) => value.trim())
  .pipe(z.string().refine((v) => v === '' || TIME.test(v), BRANCH_MESSAGES.time));

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** One opening period from the two time fields: both blank is a closed day; one blank is a mistake. */
function periodsOf(opens: string, closes: string): OpeningPeriod[] {
  return opens === '' ? [] : [{ opens, closes }];
}

const dayHours = z.object({ opens: time, closes: time }).superRefine((day, ctx) => {
  if ((day.opens === '') !== (day.closes === '')) {
    ctx.addIssue({ code: 'custom', message: BRANCH_MESSAGES.bothTimes, path: [day.opens === '' ? 'opens' : 'closes'] });
  } else if (day.opens !== '' && day.opens === day.closes) {
    ctx.addIssue({ code: 'custom', message: BRANCH_MESSAGES.sameTimes, path: ['closes'] });
  }
});

const exceptionRow = z
  .object({
    date: formText.transform((value) => value.trim()),
    name: line(80),
    opens: time,
    closes: time,
  })
  .superRefine((row, ctx) => {
    const isBlank = row.date === '' && row.name === '' && row.opens === '' && row.closes === '';
    if (isBlank) return;
    if (!isCalendarDate(row.date)) ctx.addIssue({ code: 'custom', message: BRANCH_MESSAGES.date, path: ['date'] });
    if (row.name === '') ctx.addIssue({ code: 'custom', message: BRANCH_MESSAGES.exceptionName, path: ['name'] });
    if ((row.opens === '') !== (row.closes === '')) {
      ctx.addIssue({
        code: 'custom',
        message: BRANCH_MESSAGES.bothTimes,
        path: [row.opens === '' ? 'opens' : 'closes'],
      });
    } else if (row.opens !== '' && row.opens === row.closes) {
      ctx.addIssue({ code: 'custom', message: BRANCH_MESSAGES.sameTimes, path: ['closes'] });
    }
  });

// A postcode area ('SW'), district ('SW1A', 'BA1') or district without its final letter ('SW1'): the valuation
// lookup gives a postcode to the branch with the most specific entry taking it in.
const OUTCODE = /^[A-Z]{1,2}(?:\d[A-Z\d]?)?$/;

/** 'ba1, BA2  bs8 sw' → ['BA1', 'BA2', 'BS8', 'SW']; null when any entry is not a postcode area or district. */
export function parsePostcodeDistricts(value: string): string[] | null {
  const entries = value
    .toUpperCase()
    .split(/[\s,;]+/)
    .filter(Boolean);
  if (!entries.every((entry) => OUTCODE.test(entry))) return null;
  return [...new Set(entries)];
}

const postcodeDistricts = formText
  .transform(withoutControls)
  .pipe(z.string().max(4_000, BRANCH_MESSAGES.tooManyDistricts))
  .transform((value, ctx) => {
    const districts = parsePostcodeDistricts(value);
    if (!districts) {
      ctx.addIssue({ code: 'custom', message: BRANCH_MESSAGES.postcodeDistricts });
      return z.NEVER;
    }
    if (districts.length > MAX_DISTRICTS) {
      ctx.addIssue({ code: 'custom', message: BRANCH_MESSAGES.tooManyDistricts });
      return z.NEVER;
    }
    return districts;
  });

export const positiveId = (message: string) =>
  formText.pipe(
    z
      .string()
      .regex(/^[1-9]\d{0,9}$/, message)
      .transform(Number)
      .pipe(z.number().int().max(2_147_483_647, message)),
  );

/** A list field: a hostile post may send anything; only a list of objects reaches the rows' own rules. */
const listOf = <T extends z.ZodType>(row: T, max: number) =>
  z.preprocess((value) => (value === undefined || value === null ? [] : value), z.array(row).max(max));

export const branchFormSchema = z.object({
  version: positiveId(BRANCH_MESSAGES.version),
  name: line(80, BRANCH_MESSAGES.name),
  address_line_1: line(120, BRANCH_MESSAGES.addressLine1),
  town: line(80, BRANCH_MESSAGES.town),
  county: line(80, BRANCH_MESSAGES.county),
  postcode: formText.transform((value, ctx) => {
    const postcode = normalisePostcode(withoutControls(value));
    if (!postcode) {
      ctx.addIssue({ code: 'custom', message: BRANCH_MESSAGES.postcode });
      return z.NEVER;
    }
    return postcode;
  }),
  contact_number: phone,
  sales_contact_number: optionalPhone,
  lettings_contact_number: optionalPhone,
  email,
  description: formText.transform(plainParagraphs).pipe(z.string().max(4_000, BRANCH_MESSAGES.tooLong(4_000))),
  latitude: coordinate(49, 61, BRANCH_MESSAGES.latitude),
  longitude: coordinate(-9, 2, BRANCH_MESSAGES.longitude),
  covered_postcode_districts: postcodeDistricts,
  departments: listOf(z.object({ id: positiveId(BRANCH_MESSAGES.department), telephone: phone, email }), 20),
  hours: z.preprocess(
    (value) => (Array.isArray(value) ? value : []),
    z.array(dayHours).length(7, BRANCH_MESSAGES.time),
  ),
  exceptions: listOf(exceptionRow, MAX_EXCEPTIONS + BLANK_EXCEPTION_ROWS).superRefine((rows, ctx) => {
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      if (row.date === '') return;
      if (seen.has(row.date)) {
        ctx.addIssue({ code: 'custom', message: BRANCH_MESSAGES.duplicateDate, path: [index, 'date'] });
      }
      seen.add(row.date);
    });
  }),
});

export type BranchForm = z.output<typeof branchFormSchema>;

export const BRANCH_COUNTRIES = [
  { value: 'england', label: 'England' },
  { value: 'scotland', label: 'Scotland' },
  { value: 'wales', label: 'Wales' },
] as const;

/** An owner adds a branch with what the site needs to show it; the rest is filled in on its edit form. */
export const newBranchSchema = branchFormSchema
  .pick({
    name: true,
    address_line_1: true,
    town: true,
    county: true,
    postcode: true,
    contact_number: true,
    email: true,
    latitude: true,
    longitude: true,
  })
  .extend({
    country: z.enum(['england', 'scotland', 'wales'], { message: BRANCH_MESSAGES.country }),
  });

export type NewBranchForm = z.output<typeof newBranchSchema>;

/** The branch page's address: 'Bristol Clifton' → 'bristol-clifton'. */
export function branchSlugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/** The form's hours as the site stores them: Monday first, exceptions by date with blank rows left out. */
export function openingHoursOf(form: Pick<BranchForm, 'hours' | 'exceptions'>): OpeningHours {
  const week = form.hours.map((day) => periodsOf(day.opens, day.closes)) as OpeningHours['week'];
  const exceptions = form.exceptions
    .filter((row) => row.date !== '')
    .map((row) => ({ date: row.date, name: row.name, periods: periodsOf(row.opens, row.closes) }))
    .sort((a, b) => a.date.localeCompare(b.date));
  return { week, exceptions };
}
