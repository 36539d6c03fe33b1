/**
 * The consent feature's client-safe public surface. Other features import only from its entries; the rest of this
 * folder is private (eslint/import-boundaries.js).
 */
export { type ConsentStatus, readConsentStatus } from './consent.ts';
export { CookieConsent } from './cookie-consent.tsx';
export { openCookieSettings } from './consent-settings.ts';
