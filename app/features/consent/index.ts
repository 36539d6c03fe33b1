/**
 * The consent feature's client-safe public surface. Other features import only from its entries; the rest of this
 * folder is private (eslint/import-boundaries.js).
 */
export { type ConsentStatus, readConsentStatus } from './consent.ts';
export { CookieConsent, openCookieSettings } from './cookie-consent.tsx';
