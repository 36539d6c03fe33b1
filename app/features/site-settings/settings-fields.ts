/**
 * Field rules shared by the settings forms. Every text becomes plain text for the public page: control and
 * bidirectional-override characters are removed, space runs collapsed and lengths capped; links must be a path on
 * this site or an http(s) address (no `javascript:` or `data:`), telephone numbers and email addresses their own
 * shapes. React escapes what is left when a page renders it.
 */
import { z } from 'zod';
import { plainLine } from '../../lib/plain-text.ts';

export const FIELD_MESSAGES = {
  version: 'Reload the page and try again',
  tooLong: (max: number) => `Enter ${max} characters or fewer`,
  email: 'Enter an email address in the correct format, like name@example.com',
  phone: 'Enter a telephone number of 6 to 20 digits, like 01632 960100',
  link: 'Enter a page of this site starting with /, like /fees, or a web address starting with https://',
} as const;

/** A form string: a missing field (a hostile post) reads as empty, so the field's own message answers it. */
export const formText = z.preprocess((value) => (value === undefined || value === null ? '' : value), z.string());

export const versionField = formText.pipe(
  z
    .string()
    .regex(/^\d{1,9}$/, FIELD_MESSAGES.version)
    .transform(Number),
);

/** One line of text, required when a message is given, at most `max` characters. */
export function line(max: number, requiredMessage?: string) {
  const cleaned = formText.transform(plainLine);
  return cleaned
    .pipe(requiredMessage ? z.string().min(1, requiredMessage) : z.string())
    .pipe(z.string().max(max, FIELD_MESSAGES.tooLong(max)));
}

const EMAIL_SHAPE = /^[^\s@<>()"',;:\\[\]?&#%/=]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/;

export function isEmailAddress(value: string): boolean {
  // Nothing that would change a mailto: link or a From header (a query, a second address), and a plain domain.
  return value.length <= 254 && EMAIL_SHAPE.test(value);
}

const PHONE_SHAPE = /^\+?[0-9][0-9 ()-]*$/;

function isTelephoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return PHONE_SHAPE.test(value) && digits >= 6 && digits <= 20;
}

export const phone = formText.transform(plainLine).pipe(z.string().refine(isTelephoneNumber, FIELD_MESSAGES.phone));

/**
 * A link the public page may render: a path of this site ('/fees', never '//host', which browsers read as another
 * site) or an http(s) address; stored as written, minus surrounding spaces.
 */
export function isSafeLink(value: string): boolean {
  if (value.length > 500 || /[\s\\<>"'`]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export function link(message: string = FIELD_MESSAGES.link) {
  return formText.transform(plainLine).pipe(z.string().refine(isSafeLink, message));
}

/** A whole number from a text field, within bounds. */
export function wholeNumber(min: number, max: number, message: string) {
  return formText
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .regex(/^\d{1,6}$/, message)
        .transform(Number)
        .pipe(z.number().min(min, message).max(max, message)),
    );
}
