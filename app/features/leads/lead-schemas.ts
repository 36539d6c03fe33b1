/**
 * The lead forms of spec point 3 (viewing, staff, department) and send-to-friend: field names, one zod schema per
 * form shared by the browser and the server, and the exact messages of spec point 5.
 */
import { z } from 'zod';

export const LEAD_MESSAGES = {
  firstName: 'Please enter a valid first name',
  lastName: 'Please enter a valid last name',
  email: 'Please enter a valid email',
  phone: 'Please enter a valid phone number',
  message: 'Please enter a valid message',
  terms: 'You must agree to our terms & conditions',
} as const;

export const LEAD_REQUEST_FAILED = 'Request failed. Please try again.';
export const LEAD_RECEIVED = 'We have received your enquiry and our agent will be in touch soon.';
export const VIEWING_RECEIVED =
  'Thank you. We have received your viewing request and our agent will be in touch soon to arrange a time.';

/** Spec point 9: minimum phone length 6 digits. */
const MIN_PHONE_DIGITS = 6;
const MAX_PHONE_DIGITS = 20;
const MAX_TEXT = 200;
const MAX_MESSAGE = 5000;

/** Letters (accented too), hyphen and space only. */
const NAME_PATTERN = /^[\p{L}\p{M}\- ]+$/u;
/** The usual email pattern: something@domain.tld, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Letters are rejected as typed (spec point 5): the phone input drops anything but digits, spaces and a plus. */
export function filterPhoneInput(value: string): string {
  return value.replace(/[^\d\s+]/g, '');
}

/** Digits only once spaces (and a leading +) are set aside, at least six of them. */
export function isValidPhone(value: string): boolean {
  const compact = value.replace(/\s+/g, '');
  return new RegExp(`^\\+?\\d{${MIN_PHONE_DIGITS},${MAX_PHONE_DIGITS}}$`).test(compact);
}

/** Any empty or whitespace-only value is invalid; so is a select left on 'default'. */
function isBlank(value: string): boolean {
  return value.trim() === '' || value.trim() === 'default';
}

const text = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));

const requiredName = (message: string) =>
  z.preprocess(
    text,
    z
      .string()
      .max(MAX_TEXT, message)
      .refine((value) => !isBlank(value) && NAME_PATTERN.test(value.trim()), message)
      .transform((value) => value.trim().replace(/\s+/g, ' ')),
  );

const requiredEmail = (message: string) =>
  z.preprocess(
    text,
    z
      .string()
      .max(254, message)
      .refine((value) => EMAIL_PATTERN.test(value.trim()), message)
      .transform((value) => value.trim()),
  );

const phone = z.preprocess(
  text,
  z
    .string()
    .max(40, LEAD_MESSAGES.phone)
    .refine(isValidPhone, LEAD_MESSAGES.phone)
    .transform((value) => value.trim()),
);

const optionalText = z.preprocess(
  text,
  z
    .string()
    .max(MAX_TEXT, `Please keep this to ${MAX_TEXT} characters`)
    .transform((value) => value.trim()),
);

const requiredMessage = z.preprocess(
  text,
  z
    .string()
    .max(MAX_MESSAGE, LEAD_MESSAGES.message)
    .refine((value) => !isBlank(value), LEAD_MESSAGES.message)
    .transform((value) => value.trim()),
);
const optionalMessage = z.preprocess(
  text,
  z
    .string()
    .max(MAX_MESSAGE, LEAD_MESSAGES.message)
    .transform((value) => value.trim()),
);

/** The terms box posts 'on' (marketing_preferences[opt_in_terms]); JSON clients may send true. */
const terms = z.preprocess(
  (value) => value === true || value === 'on' || value === 'true' || value === '1',
  z.literal(true, { error: LEAD_MESSAGES.terms }),
);

const leadClientFields = {
  first_name: requiredName(LEAD_MESSAGES.firstName),
  last_name: requiredName(LEAD_MESSAGES.lastName),
  email: requiredEmail(LEAD_MESSAGES.email),
  tel_home: phone,
  house_name: optionalText,
  house_number: optionalText,
  street_address: optionalText,
  town: optionalText,
  county: optionalText,
  postcode: optionalText,
  opt_in_terms: terms,
};

/** Book a viewing: the message is required. */
export const viewingLeadSchema = z.object({ ...leadClientFields, message: requiredMessage });
/** Staff and department leads: the message is optional. */
export const contactLeadSchema = z.object({ ...leadClientFields, message: optionalMessage });

export type LeadFormValues = z.infer<typeof viewingLeadSchema>;
export type LeadFieldKey = keyof typeof leadClientFields | 'message';

/** The posted name of each field (spec point 3); the staff/department variant names the terms object market_preferences. */
export function leadFieldName(key: LeadFieldKey, variant: 'viewing' | 'contact' = 'viewing'): string {
  if (key === 'message') return 'lead[message]';
  if (key === 'opt_in_terms')
    return `${variant === 'viewing' ? 'marketing_preferences' : 'market_preferences'}[opt_in_terms]`;
  return `lead_client[${key}]`;
}

export const LEAD_FIELD_ORDER: readonly LeadFieldKey[] = [
  'first_name',
  'last_name',
  'email',
  'tel_home',
  'house_name',
  'house_number',
  'street_address',
  'town',
  'county',
  'postcode',
  'message',
  'opt_in_terms',
];

export type FieldErrors = Partial<Record<string, string>>;

/* ---------------- Send to a friend ---------------- */

export const SEND_TO_FRIEND_MESSAGES = {
  name: 'Please enter your name',
  email: 'Please enter a valid email',
  friendEmail: 'Please enter a valid email for your friend',
  message: 'Please remove any links from your message',
} as const;

const LINK_PATTERN = /(https?:\/\/|www\.|\b[a-z0-9-]+\.(com|net|org|ru|io|co|info|biz|xyz)\b)/i;

export const sendToFriendSchema = z.object({
  name: z.preprocess(
    text,
    z
      .string()
      .max(100, SEND_TO_FRIEND_MESSAGES.name)
      .refine((value) => !isBlank(value) && NAME_PATTERN.test(value.trim()), SEND_TO_FRIEND_MESSAGES.name)
      .transform((value) => value.trim().replace(/\s+/g, ' ')),
  ),
  email: requiredEmail(SEND_TO_FRIEND_MESSAGES.email),
  friend_email: requiredEmail(SEND_TO_FRIEND_MESSAGES.friendEmail),
  // A short note only, and no links: the email goes to an address the visitor chooses.
  message: z.preprocess(
    text,
    z
      .string()
      .max(500, 'Please keep your message under 500 characters')
      .refine((value) => !LINK_PATTERN.test(value), SEND_TO_FRIEND_MESSAGES.message)
      .transform((value) => value.trim()),
  ),
});
export type SendToFriendValues = z.infer<typeof sendToFriendSchema>;
export type SendToFriendFieldKey = keyof SendToFriendValues;
export const SEND_TO_FRIEND_FIELD_ORDER: readonly SendToFriendFieldKey[] = ['name', 'email', 'friend_email', 'message'];

export function sendToFriendFieldName(key: SendToFriendFieldKey): string {
  return `send_to_friend[${key}]`;
}
