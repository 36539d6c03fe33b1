import { z } from 'zod';
import { normalisePostcode } from '../../lib/postcode.ts';
import { parseBookingTime } from './time-slots.ts';

/** Re-exported so the valuation form's callers keep one import for its rules. */
export { normalisePostcode } from '../../lib/postcode.ts';

/**
 * The valuation request (spec points 3, 5 and 7), shared by the modal (per-step checks) and POST /leads.
 * Field rules are written once (`valuationRules`); the form-values schemas and the JSON payload schema are both
 * built from them, so the visitor sees exactly the messages the server would answer with.
 */
export const VALUATION_MESSAGES = {
  firstName: 'Please enter a valid first name',
  lastName: 'Please enter a valid last name',
  phone: 'Please enter a valid phone number',
  email: 'Please enter a valid email',
  street: 'Please enter a valid street',
  town: 'Please enter a valid town',
  postcode: 'Please enter a valid postcode',
  houseNumber: 'Please enter a valid house number',
  county: 'Please enter a valid county',
  address: 'You must enter a valid address',
  timeSlot: 'Please select a valid time slot',
  date: 'Please select a valid date',
  terms: 'You must agree to our terms & conditions',
  channel: 'Please choose selling or letting',
  message: 'Please enter a shorter message',
  branch: 'Please choose a valid branch',
} as const;

const VALUATION_CHANNELS = ['selling', 'letting'] as const;
export type ValuationChannel = (typeof VALUATION_CHANNELS)[number];

/** Letters (accented too), hyphen and space, as for the other lead forms; apostrophes are allowed (O'Brien). */
const NAME_PATTERN = /^[\p{L}][\p{L}\p{M}' ’-]*$/u;
/** The browser's own email pattern, with a dot required in the domain. */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
/** Digits with the usual phone punctuation; letters are refused (the input drops them as they are typed). */
const PHONE_PATTERN = /^\+?[\d\s().-]+$/;
const MIN_PHONE_DIGITS = 6;
const MAX_PHONE_DIGITS = 15;
const HOUSE_NUMBER_PATTERN = /^[\dA-Za-z][\dA-Za-z\s/-]{0,9}$/;
const PLACE_PATTERN = /^[\p{L}][\p{L}\p{M}\s.,'’&()-]*$/u;

/** Strips letters and other non-phone characters as they are typed (spec point 5). */
export function filterPhoneInput(value: string): string {
  return value.replace(/[^\d\s()+.-]/g, '');
}

/** The outward code (postcode district) of a full postcode or of an outcode alone: 'BS8 4DR' → 'BS8'. */
export function outcodeOf(value: string): string | null {
  const full = normalisePostcode(value);
  if (full) return full.split(' ')[0] ?? null;
  const outcode = value.trim().toUpperCase();
  return /^[A-Z]{1,2}\d[A-Z\d]?$/.test(outcode) ? outcode : null;
}

const text = (message: string) => z.string({ error: message }).trim();
const required = (message: string, max: number) =>
  text(message).min(1, { error: message }).max(max, { error: message });
const optional = (message: string, max: number, pattern?: RegExp) =>
  text(message)
    .max(max, { error: message })
    .refine((value) => value === '' || !pattern || pattern.test(value), { error: message })
    .optional()
    .transform((value) => value ?? '');

const valuationRules = {
  channel: z.enum(VALUATION_CHANNELS, { error: VALUATION_MESSAGES.channel }),
  firstName: required(VALUATION_MESSAGES.firstName, 50).regex(NAME_PATTERN, { error: VALUATION_MESSAGES.firstName }),
  lastName: required(VALUATION_MESSAGES.lastName, 50).regex(NAME_PATTERN, { error: VALUATION_MESSAGES.lastName }),
  email: required(VALUATION_MESSAGES.email, 254).regex(EMAIL_PATTERN, { error: VALUATION_MESSAGES.email }),
  phone: required(VALUATION_MESSAGES.phone, 30)
    .regex(PHONE_PATTERN, { error: VALUATION_MESSAGES.phone })
    .refine(
      (value) => {
        const digits = value.replace(/\D/g, '').length;
        return digits >= MIN_PHONE_DIGITS && digits <= MAX_PHONE_DIGITS;
      },
      { error: VALUATION_MESSAGES.phone },
    ),
  houseNumber: optional(VALUATION_MESSAGES.houseNumber, 10, HOUSE_NUMBER_PATTERN),
  houseName: optional(VALUATION_MESSAGES.street, 100),
  street: required(VALUATION_MESSAGES.street, 200),
  town: required(VALUATION_MESSAGES.town, 80).regex(PLACE_PATTERN, { error: VALUATION_MESSAGES.town }),
  county: optional(VALUATION_MESSAGES.county, 80, PLACE_PATTERN),
  postcode: required(VALUATION_MESSAGES.postcode, 10)
    .refine((value) => normalisePostcode(value) !== null, { error: VALUATION_MESSAGES.postcode })
    .transform((value) => normalisePostcode(value) ?? value),
  message: optional(VALUATION_MESSAGES.message, 5000),
  terms: z.union([z.literal('on'), z.literal(true), z.literal('1'), z.literal('true')], {
    error: VALUATION_MESSAGES.terms,
  }),
};

// ---- The modal's form values, one schema per step ------------------------------------------------------------

export const valuationDetailsSchema = z.object({
  channel: valuationRules.channel,
  first_name: valuationRules.firstName,
  last_name: valuationRules.lastName,
  email: valuationRules.email,
  tel_home: valuationRules.phone,
  house_number: valuationRules.houseNumber,
  house_name: valuationRules.houseName,
  street: valuationRules.street,
  town: valuationRules.town,
  county: valuationRules.county,
  postcode: valuationRules.postcode,
});
export type ValuationDetails = z.output<typeof valuationDetailsSchema>;

export const valuationConfirmSchema = z.object({
  message: valuationRules.message,
  opt_in_terms: valuationRules.terms,
});

/** The address fields of step 1, which the address lookup fills in as one. */
const ADDRESS_FIELDS: readonly string[] = ['house_number', 'house_name', 'street', 'town', 'county', 'postcode'];

/**
 * A step-1 schema as the form is checked: with the address lookup in use its fields are filled by choosing an
 * address, so the lookup's one message stands for all of them (where the first of them would be reported). With
 * the fields typed by hand (and on every post without JavaScript, where the lookup cannot run) each keeps its own.
 */
function withAddressLookup<Schema extends z.ZodType>(schema: Schema, addressMode: 'lookup' | 'manual') {
  return z.unknown().transform((values, context): z.output<Schema> => {
    const result = schema.safeParse(values);
    if (result.success) return result.data;
    let isAddressReported = false;
    for (const issue of result.error.issues) {
      const isAddressField = addressMode === 'lookup' && ADDRESS_FIELDS.includes(String(issue.path[0]));
      if (isAddressField && isAddressReported) continue;
      isAddressReported ||= isAddressField;
      context.addIssue({
        code: 'custom',
        path: isAddressField ? ['address'] : issue.path,
        message: isAddressField ? VALUATION_MESSAGES.address : issue.message,
      });
    }
    return z.NEVER;
  });
}

/** Step 1 of the multi-step flow. */
export function valuationDetailsFormSchema(addressMode: 'lookup' | 'manual' = 'manual') {
  return withAddressLookup(valuationDetailsSchema, addressMode);
}

/** The single-step form: step 1's fields with the message and terms of 'Check and send'. */
export function valuationSingleStepSchema(addressMode: 'lookup' | 'manual' = 'manual') {
  return withAddressLookup(valuationDetailsSchema.extend(valuationConfirmSchema.shape), addressMode);
}

/** Step 2: a bookable date and a time (a slot or a group of them, as booking_time carries it to POST /leads). */
export const valuationAppointmentSchema = z.object({
  booking_date: z
    .string({ error: VALUATION_MESSAGES.date })
    .refine((value) => isBookableDate(value), { error: VALUATION_MESSAGES.date }),
  booking_time: z
    .string({ error: VALUATION_MESSAGES.timeSlot })
    .refine((value) => parseBookingTime(value) !== null, { error: VALUATION_MESSAGES.timeSlot }),
});

export type FieldError = { field: string; message: string };

/** One error per field (the first), in the order of the form. */
export function fieldErrorsOf(error: z.ZodError): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'form';
    if (seen.has(field)) continue;
    seen.add(field);
    errors.push({ field, message: issue.message });
  }
  return errors;
}

/** The street_address of the payload: house name, then number and street ('Rose Cottage, 12 High Street'). */
export function streetAddressOf(address: { house_name?: string; house_number?: string; street: string }): string {
  const streetLine = [address.house_number?.trim(), address.street.trim()].filter(Boolean).join(' ');
  return [address.house_name?.trim(), streetLine].filter(Boolean).join(', ');
}

// ---- Dates ---------------------------------------------------------------------------------------------------

/** Appointments are offered from today (UK time) up to this many days ahead. */
export const BOOKING_WINDOW_DAYS = 180;

/** Today's date in the UK as YYYY-MM-DD, whatever the server's or browser's time zone. */
export function todayInUk(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(now);
}

export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A real calendar date as YYYY-MM-DD, or null (31 February is not a date). */
export function isoDateOf(year: number, month: number, day: number): string | null {
  if (![year, month, day].every(Number.isInteger)) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

export function isBookableDate(isoDate: string, now: Date = new Date()): boolean {
  const today = todayInUk(now);
  return isoDate >= today && isoDate <= addDays(today, BOOKING_WINDOW_DAYS);
}

// ---- The JSON payload of POST /leads (spec point 7) ------------------------------------------------------------

const numberText = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,9}$/, { error: VALUATION_MESSAGES.branch }),
  ])
  .transform(Number);

const dateNumber = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,4}$/, { error: VALUATION_MESSAGES.date }),
    ],
    {
      error: VALUATION_MESSAGES.date,
    },
  )
  .transform(Number);

const leadClientSchema = z.object({
  first_name: valuationRules.firstName,
  last_name: valuationRules.lastName,
  body: z.unknown().optional(),
  email: valuationRules.email,
  tel_home: valuationRules.phone,
  do_not_contact: z.unknown().optional(),
  street_address: valuationRules.street,
  town: valuationRules.town,
  county: valuationRules.county,
  postcode: valuationRules.postcode,
});

const leadSchema = z.object({
  valuation_reason: optional(VALUATION_MESSAGES.message, 200),
  message: valuationRules.message,
  is_valuation_request: z.union([z.literal(true), z.literal('true'), z.literal('1'), z.literal(1)], {
    error: 'This is not a valuation request',
  }),
  branch_id: z
    .union([numberText, z.literal(''), z.null()], { error: VALUATION_MESSAGES.branch })
    .optional()
    .transform((value) => (typeof value === 'number' && value > 0 ? value : null)),
  channel: valuationRules.channel,
  /** Anything but the one known source is read as none: a wrong value is not the visitor's mistake. */
  source: z
    .unknown()
    .optional()
    .transform((value) => (value === 'instant-valuation' ? ('instant-valuation' as const) : null)),
});

const leadBookingSchema = z.object({
  book_viewing: z.unknown().optional(),
  booking_time: z
    .string({ error: VALUATION_MESSAGES.timeSlot })
    .max(40, { error: VALUATION_MESSAGES.timeSlot })
    .refine((value) => parseBookingTime(value) !== null, { error: VALUATION_MESSAGES.timeSlot }),
  booking_day: dateNumber,
  booking_month: dateNumber,
  booking_year: dateNumber,
});

/** A missing part is read as empty, so each of its fields is reported with its own message. */
const orEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value ?? {}, schema);

export function valuationLeadSchema(now: Date = new Date()) {
  return z.object({
    authenticity_token: z.unknown().optional(),
    'g-recaptcha-response': z.unknown().optional(),
    altcha: z.unknown().optional(),
    lead_client: orEmpty(leadClientSchema),
    lead: orEmpty(leadSchema),
    marketing_preferences: orEmpty(z.object({ opt_in_terms: valuationRules.terms })),
    lead_booking: leadBookingSchema
      .superRefine((booking, context) => {
        const isoDate = isoDateOf(booking.booking_year, booking.booking_month, booking.booking_day);
        if (!isoDate || !isBookableDate(isoDate, now)) {
          context.addIssue({ code: 'custom', path: ['booking_day'], message: VALUATION_MESSAGES.date });
        }
      })
      .transform((booking) => {
        const parsed = parseBookingTime(booking.booking_time);
        return {
          bookingTime: booking.booking_time.trim(),
          date: isoDateOf(booking.booking_year, booking.booking_month, booking.booking_day) ?? '',
          times: parsed?.times ?? [],
          isGroup: parsed?.isGroup ?? false,
        };
      })
      .optional(),
  });
}

export type ValuationLead = z.output<ReturnType<typeof valuationLeadSchema>>;
