/**
 * Does a menu link's page exist? An internal path is matched to one of the site's public routes (menu-links.ts)
 * and then looked up in what that route shows: a static page's row, a published article or property, a branch, a
 * form, or a landing page that has properties. A path no route serves, or whose content is missing, is refused.
 * Also the list of pages the link field offers.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import { articles, branches, formDefinitions, pages, properties } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { listLandingPages } from '../search/index.server.ts';
import { FIXED_PAGES, LINK_MESSAGES, matchSitePath, MODAL_PATHS, type MenuLink } from './menu-links.ts';

async function hasRow(query: Promise<unknown[]>): Promise<boolean> {
  return (await query).length > 0;
}

async function pathExists(db: Database, path: string): Promise<boolean> {
  const match = matchSitePath(path);
  if (!match) return false;
  switch (match.kind) {
    case 'fixed':
      return true;
    case 'static-page':
      return hasRow(db.select({ id: pages.id }).from(pages).where(eq(pages.slug, match.slug)).limit(1));
    case 'article':
      return hasRow(
        db
          .select({ id: articles.id })
          .from(articles)
          .where(and(eq(articles.slug, match.slug), eq(articles.isPublished, true)))
          .limit(1),
      );
    case 'branch':
      return hasRow(db.select({ id: branches.id }).from(branches).where(eq(branches.slug, match.slug)).limit(1));
    case 'property':
      return hasRow(
        db
          .select({ id: properties.id })
          .from(properties)
          .where(and(eq(properties.slug, match.slug), eq(properties.isPublished, true)))
          .limit(1),
      );
    case 'form':
      return (
        match.slug === 'new-homes-enquiry' ||
        hasRow(
          db
            .select({ id: formDefinitions.id })
            .from(formDefinitions)
            .where(eq(formDefinitions.slug, match.slug))
            .limit(1),
        )
      );
    case 'landing': {
      // A landing page answers only while it has properties on the market: the sitemap's list says which do.
      const landings = await listLandingPages(db);
      return landings.some((landing) => landing.path.split('?')[0] === match.path);
    }
  }
}

/** Null when the link may be saved; otherwise the message for the link field. */
export async function missingPageMessage(db: Database, link: MenuLink): Promise<string | null> {
  switch (link.kind) {
    case 'external':
      return null;
    case 'modal':
      return MODAL_PATHS.includes(link.path) ? null : LINK_MESSAGES.missingPage(link.url);
    case 'internal':
      return (await pathExists(db, link.path)) ? null : LINK_MESSAGES.missingPage(link.path);
  }
}

export type LinkablePage = { path: string; name: string };

const LISTED_ARTICLES = 100;

/** The pages the link field suggests: fixed pages, the site's own pages, branches, recent articles and landing pages. */
export async function listLinkablePages(db: Database): Promise<LinkablePage[]> {
  const [staticPages, branchRows, articleRows, forms, landings] = await Promise.all([
    db.select({ slug: pages.slug, title: pages.title }).from(pages).orderBy(asc(pages.title)),
    db.select({ slug: branches.slug, name: branches.name }).from(branches).orderBy(asc(branches.name)),
    db
      .select({ slug: articles.slug, title: articles.title })
      .from(articles)
      .where(eq(articles.isPublished, true))
      .orderBy(desc(articles.publishedAt))
      .limit(LISTED_ARTICLES),
    db.select({ slug: formDefinitions.slug, title: formDefinitions.title }).from(formDefinitions),
    listLandingPages(db),
  ]);
  return [
    ...FIXED_PAGES,
    ...staticPages.map((page) => ({ path: `/${page.slug}`, name: page.title })),
    ...branchRows.flatMap((branch) => [
      { path: `/branches/${branch.slug}`, name: `Branch: ${branch.name}` },
      { path: `/branches/${branch.slug}/properties`, name: `Branch properties: ${branch.name}` },
    ]),
    ...articleRows.map((article) => ({ path: `/articles/${article.slug}`, name: `Article: ${article.title}` })),
    ...forms.map((form) => ({ path: `/forms/${form.slug}`, name: `Form: ${form.title}` })),
    // Countries and counties only: towns and postcode districts would make the list too long to browse.
    ...landings
      .map((landing) => landing.path)
      .filter((path) => /^\/property-(?:for-sale|to-rent)(?:\/[^/]+){0,2}$/.test(path) && !path.includes('/postcode'))
      .map((path) => ({ path, name: `Landing page: ${path.slice(1).replaceAll('/', ' › ')}` })),
  ];
}
