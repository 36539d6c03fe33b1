/**
 * The site's own pages (terms, privacy, fees, about us, careers…) live at the top of the address space, `/about-us`,
 * as agencies' sites and their printed material expect. Any one-segment address that no other route owns is
 * looked up as a page. The segments other routes own (app/routes.ts) and the files served from the site's root are
 * listed here, so that a page is never given an address something else answers, and so that the page cache never
 * shares the answer of a route that is not a page. A unit test holds this list to the route table.
 */

/** Lower-case letters and digits in words joined by single hyphens: `about-us`, `tenant-fees-2026`. */
export const PAGE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const MAX_PAGE_SLUG_LENGTH = 80;

/** One-segment addresses with the shape of a page address that other routes (or the server itself) answer. */
export const RESERVED_PAGE_SLUGS: ReadonlySet<string> = new Set([
  // Routes of app/routes.ts.
  'valuation',
  'book-a-valuation',
  'book-a-viewing',
  'contact-staff-member',
  'contact-office',
  'user',
  'search',
  'searches',
  'outbox',
  'property-for-sale',
  'property-to-rent',
  'branches',
  'properties',
  'articles',
  'altcha',
  'sitemaps',
  'csrf-token',
  'unsubscribe',
  'forms',
  'session',
  'leads',
  'admin',
  'ajax-events',
  'exposures',
  // Answered by the server before the routes: health checks, media, built assets.
  'healthz',
  'readyz',
  'media',
  'assets',
  // Words a visitor would take for something else, kept free for the site's own use.
  'api',
  'static',
  'login',
  'logout',
  'account',
  'page',
  'pages',
  'new',
]);

/** Is this a name a page may take: the right shape, not too long, and not an address another route answers? */
export function isAvailablePageSlug(slug: string): boolean {
  return slug.length <= MAX_PAGE_SLUG_LENGTH && PAGE_SLUG.test(slug) && !RESERVED_PAGE_SLUGS.has(slug);
}

/** The page a path names (`/about-us` or `/about-us/`), or null: the path cannot be a page's. */
export function pageSlugOfPath(pathname: string): string | null {
  const match = /^\/([^/]+)\/?$/.exec(pathname);
  const slug = match?.[1];
  return slug !== undefined && isAvailablePageSlug(slug) ? slug : null;
}
