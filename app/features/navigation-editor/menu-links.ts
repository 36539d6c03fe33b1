/**
 * What a menu link may be: a page of this site (a path starting with /, or a '#/…' hash naming a modal the site
 * opens over any page) or a web address starting with http:// or https://. Anything else, `javascript:` and every
 * other scheme included, is refused. Whether the page behind an internal path exists is the server's question
 * (site-pages.server.ts); `matchSitePath` says which of the site's routes a path belongs to, and so what to look up.
 */

import { pageSlugOfPath } from '../../lib/page-paths.ts';

export const LINK_MESSAGES = {
  empty: 'Enter the link: a page of this site, like /search, or a web address starting with https://',
  tooLong: 'Enter a link of 2,000 characters or fewer',
  spaces: 'Enter the link without spaces',
  scheme: 'Enter a page of this site starting with /, like /search, or a web address starting with https://',
  external: 'Enter a web address with a real host name, like https://www.example.com/',
  credentials: 'Enter a web address without a user name or password in it',
  missingPage: (path: string) =>
    `There is no page at ${path} on this site: choose one of the site's pages, or check the spelling`,
} as const;

export type MenuLink =
  | { kind: 'external'; url: string }
  /** A page of this site: its path (as typed, without query or hash) and the whole link. */
  | { kind: 'internal'; path: string; url: string }
  /** '#/book-a-valuation' and the like: a modal opened over the current page by the site's hash handler. */
  | { kind: 'modal'; path: string; url: string };

export type LinkParse = { ok: true; link: MenuLink } | { ok: false; message: string };

const MAX_LINK_LENGTH = 2000;

/** Reads what the editor typed into the link field. */
export function parseMenuLink(input: string): LinkParse {
  const raw = input.trim();
  if (raw === '') return { ok: false, message: LINK_MESSAGES.empty };
  if (raw.length > MAX_LINK_LENGTH) return { ok: false, message: LINK_MESSAGES.tooLong };
  // eslint-disable-next-line no-control-regex -- controls and spaces inside a link are how schemes get disguised
  if (/[\s\u0000-\u001f\u007f-\u009f]/.test(raw)) return { ok: false, message: LINK_MESSAGES.spaces };
  if (raw.startsWith('#/')) {
    const path = raw.slice(1).split(/[?#]/)[0]!;
    return { ok: true, link: { kind: 'modal', path, url: raw } };
  }
  // '//host' and '/\host' are read by browsers as another site.
  if (raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\')) {
    if (raw.includes('\\')) return { ok: false, message: LINK_MESSAGES.scheme };
    const path = raw.split(/[?#]/)[0]!;
    return { ok: true, link: { kind: 'internal', path, url: raw } };
  }
  if (/^https?:\/\//i.test(raw)) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return { ok: false, message: LINK_MESSAGES.external };
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !/^[a-z0-9.-]*[a-z0-9]$/i.test(url.hostname))
      return { ok: false, message: LINK_MESSAGES.external };
    if (!url.hostname.includes('.') && url.hostname !== 'localhost')
      return { ok: false, message: LINK_MESSAGES.external };
    if (url.username || url.password) return { ok: false, message: LINK_MESSAGES.credentials };
    return { ok: true, link: { kind: 'external', url: url.href } };
  }
  return { ok: false, message: LINK_MESSAGES.scheme };
}

/** Pages that always answer, with the names the editor's page list shows. */
export const FIXED_PAGES: readonly { path: string; name: string }[] = [
  { path: '/', name: 'Home' },
  { path: '/search', name: 'Search' },
  { path: '/articles', name: 'News and advice' },
  { path: '/branches', name: 'Branches' },
  { path: '/valuation', name: 'Instant valuation' },
  { path: '/book-a-valuation', name: 'Book a valuation' },
  { path: '/contact-office', name: 'Contact an office' },
  { path: '/user', name: 'Your account' },
  { path: '/user/sign-in', name: 'Sign in' },
  { path: '/user/register', name: 'Register' },
  { path: '/user/saved-properties', name: 'Saved properties' },
  { path: '/user/saved-searches', name: 'Saved searches' },
  { path: '/articles.rss', name: 'News feed (RSS)' },
];

/** The modals a '#/…' link may open over any page (the home page's modal routes and the legacy calendar name). */
export const MODAL_PATHS: readonly string[] = [
  '/book-a-valuation',
  '/book_a_valuation',
  '/valuation',
  '/contact-office',
  '/user',
];

export type SitePathMatch =
  | { kind: 'fixed' }
  | { kind: 'static-page'; slug: string }
  | { kind: 'article'; slug: string }
  | { kind: 'branch'; slug: string }
  | { kind: 'property'; slug: string }
  | { kind: 'form'; slug: string }
  /** /property-for-sale/… and /property-to-rent/…: a page only while it has properties. */
  | { kind: 'landing'; path: string };

const SEGMENT = '([^/]+)';
const PATTERNS: [RegExp, (match: RegExpExecArray) => SitePathMatch][] = [
  [new RegExp(`^/articles/${SEGMENT}$`), (match) => ({ kind: 'article', slug: match[1]! })],
  [new RegExp(`^/branches/${SEGMENT}/properties$`), (match) => ({ kind: 'branch', slug: match[1]! })],
  [new RegExp(`^/branches/${SEGMENT}$`), (match) => ({ kind: 'branch', slug: match[1]! })],
  [new RegExp(`^/properties/${SEGMENT}$`), (match) => ({ kind: 'property', slug: match[1]! })],
  [new RegExp(`^/forms/${SEGMENT}$`), (match) => ({ kind: 'form', slug: match[1]! })],
  [/^\/property-(?:for-sale|to-rent)(?:\/[^/]+){0,3}$/, (match) => ({ kind: 'landing', path: match[0] })],
  [/^\/property-(?:for-sale|to-rent)\/postcode\/[^/]+$/, (match) => ({ kind: 'landing', path: match[0] })],
];

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Which of the site's public routes a path (no query, no hash) belongs to, or null: no such page. */
export function matchSitePath(rawPath: string): SitePathMatch | null {
  const path = rawPath.length > 1 ? rawPath.replace(/\/$/, '') : rawPath;
  if (FIXED_PAGES.some((page) => page.path === path)) return { kind: 'fixed' };
  // Any other one-segment address is one of the site's pages by name: it exists while its row does.
  const slug = pageSlugOfPath(path);
  if (slug) return { kind: 'static-page', slug };
  for (const [pattern, build] of PATTERNS) {
    const match = pattern.exec(path);
    if (!match) continue;
    const found = build(match);
    if ('slug' in found) {
      const value = decoded(found.slug);
      return value === null ? null : { ...found, slug: value };
    }
    return found;
  }
  return null;
}
