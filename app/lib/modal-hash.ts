/**
 * Modal routes in hash form (spec point 2): deep links from emails and old sites say '#/calculator' or
 * '#/contact-staff-member/12' where the routes say '/properties/:slug/calculator'. This maps such a hash, on the
 * page it belongs to, to the path of the same modal route.
 */

/** Modal routes nested under properties/:slug (app/routes.ts), as path patterns after the slug. */
const PROPERTY_MODALS = [
  /^calculator$/,
  /^book-a-viewing$/,
  /^book-a-valuation$/,
  /^floorplan$/,
  /^epc-chart$/,
  /^property-images$/,
  /^video\/[^/]+$/,
  /^contact-office$/,
  /^contact-staff-member\/\d+$/,
  /^new-homes-enquiry$/,
  /^tenant-info$/,
  /^send-to-friend$/,
  /^(agricultural|antiques|property-auction)-sales-event\/[^/]+$/,
  /^history-images\/[^/]+$/,
  /^gallery-card-slider-expand\/[^/]+\/[^/]+$/,
];

/** Site-wide modal routes nested under the home page. */
const HOME_MODALS = [
  /^valuation$/,
  /^book-a-valuation$/,
  /^book-a-viewing$/,
  /^contact-office$/,
  /^contact-staff-member\/\d+$/,
];

const PROPERTY_PAGE = /^\/properties\/[a-z0-9-]+$/;

/**
 * The path (with any query the hash carries) of the modal a '#/…' hash names on the page at `pathname`, or null
 * when the hash names no modal of that page. Property modals belong to property pages; the site-wide ones open
 * over the home page from any page that has no modal of that name itself.
 */
export function modalPathForHash(pathname: string, hash: string): string | null {
  if (!hash.startsWith('#/')) return null;
  const target = hash.slice(2);
  const queryStart = target.indexOf('?');
  const route = (queryStart === -1 ? target : target.slice(0, queryStart)).replace(/\/+$/, '');
  const query = queryStart === -1 ? '' : target.slice(queryStart);
  let decoded: string;
  try {
    decoded = decodeURIComponent(route);
  } catch {
    return null;
  }
  if (decoded.includes('..') || decoded !== route) return null;
  const page = pathname.replace(/\/+$/, '');
  if (PROPERTY_PAGE.test(page) && PROPERTY_MODALS.some((pattern) => pattern.test(route))) {
    return `${page}/${route}${query}`;
  }
  if (HOME_MODALS.some((pattern) => pattern.test(route))) return `/${route}${query}`;
  return null;
}
