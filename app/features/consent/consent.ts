import { readCookie } from '../../lib/cookies.ts';

/** Spec point 9: the consent choice lives in this cookie. */
export const CONSENT_COOKIE = 'cookieconsent_status';
export const consentStatuses = ['allow', 'deny'] as const;
export type ConsentStatus = (typeof consentStatuses)[number];
/** GOV.UK keeps a cookie preference for a year. */
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function readConsentStatus(cookieHeader: string | null | undefined): ConsentStatus | null {
  const value = readCookie(cookieHeader, CONSENT_COOKIE);
  return value === 'allow' || value === 'deny' ? value : null;
}

/** The cookie is strictly necessary (it stores the choice) and read by the page's script, so not HttpOnly. */
export function consentCookieHeader(status: ConsentStatus, isSecure: boolean): string {
  return `${CONSENT_COOKIE}=${status}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${isSecure ? '; Secure' : ''}`;
}

/** Analytics may run only after an explicit 'allow'. */
export function isAnalyticsAllowed(status: ConsentStatus | null): boolean {
  return status === 'allow';
}
