/** Spec point 8 messages for the account area, word for word, and the toast durations of point 9. */
export const ACCOUNT_MESSAGES = {
  signInFailed: 'Sign in failed, please try again',
  signOutFailed: 'There was an error signing out',
  signedOut: 'You have been signed out',
  registrationFailed:
    'Sorry, something went wrong. You may already have an account with this email address, if so, please try signing in instead of registering.',
  registered: 'You have been successfully registered!',
  passwordChangeFailed: 'Something went wrong updating your password. Please try again later.',
  passwordChanged: 'You have successfully changed your password.',
  forgottenPassword:
    'If the email you have entered has a user account we will send you a forgotten password reset request now.',
  preferencesUpdated: 'Your preferences have been successfully updated',
  preferencesFailed: 'There was an error updating your preferences',
  preferencesSignInRequired: 'Please sign in to update your preferences',
  profileUpdated: 'Profile successfully updated.',
  /** The spec's generic failure (its 'Lead non-200' text), for a call the server could not answer. */
  requestFailed: 'Request failed. Please try again.',
} as const;

/** Not in the spec: after an email change, the address only changes once the link sent to it is followed. */
export function emailChangeSentMessage(email: string): string {
  return `We have sent a link to ${email}: your email address changes when you follow it.`;
}

/**
 * Not in the spec: after registering, the sign-in page says what happens next. The same words whether or not the
 * address already had an account (its owner's email says which), so the page tells nobody else.
 */
export const REGISTRATION_EMAIL_SENT_MESSAGE =
  'Thank you for registering. We have sent you an email: follow the link in it to confirm your email address, then sign in here. If you already have an account, the email says so.';

/** Where a registration leads, with or without JavaScript: the sign-in page with the message above. */
export const AFTER_REGISTRATION_PATH = '/user/sign-in?registered=1';

/** Spec point 9: password reset and registration failure toasts stay 8 s; the rest use the 3 s default. */
export const ACCOUNT_LONG_TOAST_MS = 8000;

/** Spec point 9 'Sign-in wait': how long /user/forgotten_password waits for the user to become known. */
export const SIGN_IN_WAIT_MS = 4500;

/** Where the visitor lands after a password change and after sign-out (spec point 2). */
export const AFTER_PASSWORD_CHANGE_PATH = '/user';
export const AFTER_SIGN_OUT_PATH = '/';

/** The wording a user agrees to, stored with the timestamp in marketing_preferences. */
export const TERMS_WORDING = 'I agree to the terms of use and privacy policy.';
export const MARKETING_WORDING =
  'I would like to receive emails about properties, news and services from the agency. I can opt out at any time.';

/** The event the saved-properties and saved-searches code listens for after sign-in, registration or sign-out. */
export const AUTH_EVENT = 'doorstep:auth';
export type AuthEventDetail = { userId: number | null };
