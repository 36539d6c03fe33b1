/**
 * Flash keys in the page hash (spec point 8): '#flash/{key}' (or '#/flash/{key}') shows a toast for 10 s.
 * The spec leaves the texts to page data; these are the defaults the root loader sends (an agency can override
 * them in theme settings `flashMessages`). Any key containing 'error' is an error.
 */
import { ownEntry } from '../../lib/own-entry.ts';

export const SUCCESS_FLASH_KEYS = [
  'welcome-lead-sent-new-user',
  'welcome-lead-sent',
  'send-property-sent',
  'user-create-successful',
  'user-login-successful',
] as const;

export const ERROR_FLASH_KEYS = [
  'send-property-invalid',
  'lead-sending-error',
  'file-upload-error',
  'location-not-found',
  'lead-sending-error-validation',
  'user-create-dupe',
  'article-not-found-error',
  'user-create-error',
  'names-not-different',
  'search-query-required',
  'recaptcha-invalid',
  'invalid-message-content',
  'password-invalid',
  'site-not-live',
  'postcode-invalid',
  'invalid-authenticity-token',
] as const;

export const DEFAULT_FLASH_MESSAGES: Record<string, string> = {
  'welcome-lead-sent-new-user':
    'Thank you, your enquiry has been sent. We have also created an account so you can save properties and searches.',
  'welcome-lead-sent': 'Thank you, your enquiry has been sent. Our team will be in touch soon.',
  'send-property-sent': 'The property has been sent to your friend.',
  'user-create-successful': 'You have been successfully registered!',
  'user-login-successful': 'You are now signed in.',
  'form-submission-sent': 'Thank you, your form has been sent.',
  'send-property-invalid': 'The property could not be sent. Please check the email addresses and try again.',
  'lead-sending-error': 'Sorry, your enquiry could not be sent. Please try again.',
  'file-upload-error': 'The file could not be uploaded. It must be a PDF, Word document or image under 10mb.',
  'location-not-found': 'We could not find that location. Please try another place or postcode.',
  'lead-sending-error-validation': 'Your enquiry could not be sent. Please check the form and try again.',
  'user-create-dupe':
    'Sorry, something went wrong. You may already have an account with this email address, if so, please try signing in instead of registering.',
  'article-not-found-error': 'Sorry, we could not find that article.',
  'user-create-error': 'Sorry, something went wrong creating your account. Please try again.',
  'names-not-different': 'Your first and last names must be different.',
  'search-query-required': 'Please enter a place, postcode or keyword to search.',
  'recaptcha-invalid': 'We could not confirm you are not a robot. Please try again.',
  'invalid-message-content': 'Your message could not be sent. Please remove any links and try again.',
  'password-invalid':
    'Password must have: an uppercase letter, a number or special character (!@£%^) and be at least 10 characters long.',
  'site-not-live': 'This website is not live yet.',
  'postcode-invalid': 'Please enter a valid postcode.',
  'invalid-authenticity-token': 'Your session has expired. Please reload the page and try again.',
};

const KEY_PATTERN = /^#\/?flash\/([A-Za-z0-9_-]{1,80})\/?$/;

/** The flash key in a location hash, if any. */
export function flashKeyFromHash(hash: string): string | null {
  return KEY_PATTERN.exec(hash)?.[1] ?? null;
}

export function isErrorFlashKey(key: string): boolean {
  return key.includes('error') || (ERROR_FLASH_KEYS as readonly string[]).includes(key);
}

/** The toast for a key: its text from page data (or a generic one) and whether it is an error. */
export function flashToast(
  key: string,
  messages: Record<string, string>,
): { message: string; kind: 'success' | 'error' } {
  const kind = isErrorFlashKey(key) ? 'error' : 'success';
  const message =
    ownEntry(messages, key) ?? (kind === 'error' ? 'Sorry, something went wrong. Please try again.' : 'Thank you.');
  return { message, kind };
}
