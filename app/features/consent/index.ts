/**
 * What other features may use of cookie consent (client-safe; server code is in index.server.ts). Everything
 * else in this folder is private to it; the lint rule in eslint.config.js holds other features to these entries.
 */
export { type ConsentStatus, readConsentStatus } from './consent.ts';
export { CookieConsent, openCookieSettings } from './cookie-consent.tsx';
