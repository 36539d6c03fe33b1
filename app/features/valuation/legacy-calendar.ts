/**
 * The legacy valuation calendar (spec points 2 and 7): the page hash '#/book_a_valuation' loads
 * GET /legacy_asset_bundles/legacy_calendar.js on demand. Old links and embeds still call it; today it only opens
 * the valuation flow. The script announces itself with a cancelable event: the page's hash handler cancels it
 * and opens the modal in place; with nobody listening the script goes to /book-a-valuation itself.
 */
export const LEGACY_CALENDAR_PATH = '/legacy_asset_bundles/legacy_calendar.js';
export const LEGACY_CALENDAR_OPEN_EVENT = 'doorstep:legacy-calendar-open';
export const VALUATION_HASH = '#/book-a-valuation';
export const LEGACY_VALUATION_HASH = '#/book_a_valuation';

export const LEGACY_CALENDAR_SCRIPT = `/* Doorstep legacy valuation calendar: opens the valuation flow (see app/features/valuation/legacy-calendar.ts). */
(function () {
  'use strict';
  function open() {
    var event = new CustomEvent('${LEGACY_CALENDAR_OPEN_EVENT}', { cancelable: true });
    if (window.dispatchEvent(event)) window.location.assign('/book-a-valuation');
  }
  window.DoorstepLegacyCalendar = { open: open };
  open();
})();
`;

/** Where the valuation modal opens from a page: over a property page when on one, otherwise over the home page. */
export function valuationPathFor(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  if (/\/book-a-valuation$/.test(trimmed)) return trimmed;
  if (/^\/properties\/[a-z0-9-]+$/.test(trimmed)) return `${trimmed}/book-a-valuation`;
  return '/book-a-valuation';
}
