import { and, asc, count, desc, eq, max, sql } from 'drizzle-orm';
import { articles, branches, pages, properties } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { visibleArticle } from './article-schedule.server.ts';
import { listLandingPageSitemapEntries } from './landing-pages.server.ts';
import { SITEMAP_URL_LIMIT, sitemapFileName, type SitemapEntry, type SitemapSection } from './sitemap-xml.ts';

/** An article changes for search engines when it is edited and when it appears (a scheduled one falling due). */
const articleLastmod = sql<Date | string>`greatest(${articles.updatedAt}, ${articles.publishedAt})`;

function asDate(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(value);
}

const publishedProperty = eq(properties.isPublished, true);

function newest(...dates: (Date | null | undefined)[]): Date | null {
  const times = dates.filter((date): date is Date => date instanceof Date).map((date) => date.getTime());
  return times.length ? new Date(Math.max(...times)) : null;
}

async function latestPropertyUpdate(db: Database): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(properties.updatedAt) })
    .from(properties)
    .where(publishedProperty);
  return row?.at ?? null;
}

async function latestArticleUpdate(db: Database): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`max(${articleLastmod})` })
    .from(articles)
    .where(visibleArticle());
  return asDate(row?.at);
}

/** The home page, list pages and every one of the site's own pages. */
async function listPageEntries(db: Database): Promise<SitemapEntry[]> {
  const [propertiesAt, articlesAt, staticPages, branchCount] = await Promise.all([
    latestPropertyUpdate(db),
    latestArticleUpdate(db),
    db.select({ slug: pages.slug, updatedAt: pages.updatedAt }).from(pages).orderBy(asc(pages.id)),
    db.select({ total: count() }).from(branches),
  ]);
  const entries: SitemapEntry[] = [{ path: '/', lastmod: newest(propertiesAt, articlesAt) }];
  if (articlesAt) entries.push({ path: '/articles', lastmod: articlesAt });
  if ((branchCount[0]?.total ?? 0) > 0) entries.push({ path: '/branches', lastmod: propertiesAt });
  for (const page of staticPages) entries.push({ path: `/${page.slug}`, lastmod: page.updatedAt });
  return entries;
}

async function countSection(db: Database, section: SitemapSection): Promise<number> {
  switch (section) {
    case 'properties': {
      const [row] = await db.select({ total: count() }).from(properties).where(publishedProperty);
      return row?.total ?? 0;
    }
    case 'articles': {
      const [row] = await db.select({ total: count() }).from(articles).where(visibleArticle());
      return row?.total ?? 0;
    }
    case 'branches': {
      const [row] = await db.select({ total: count() }).from(branches);
      return row?.total ?? 0;
    }
    case 'landing-pages':
      return (await listLandingPageSitemapEntries(db)).length;
    case 'pages':
      return (await listPageEntries(db)).length;
  }
}

/** One file's entries: part 1 is the first 50,000 of the section, part 2 the next, and so on. */
export async function listSitemapEntries(db: Database, section: SitemapSection, part: number): Promise<SitemapEntry[]> {
  const offset = (part - 1) * SITEMAP_URL_LIMIT;
  switch (section) {
    case 'properties': {
      const rows = await db
        .select({ slug: properties.slug, updatedAt: properties.updatedAt })
        .from(properties)
        .where(publishedProperty)
        .orderBy(asc(properties.id))
        .limit(SITEMAP_URL_LIMIT)
        .offset(offset);
      return rows.map((row) => ({ path: `/properties/${row.slug}`, lastmod: row.updatedAt }));
    }
    case 'articles': {
      const rows = await db
        .select({ slug: articles.slug, lastmod: articleLastmod })
        .from(articles)
        .where(visibleArticle())
        .orderBy(desc(articles.publishedAt), asc(articles.id))
        .limit(SITEMAP_URL_LIMIT)
        .offset(offset);
      return rows.map((row) => ({ path: `/articles/${row.slug}`, lastmod: asDate(row.lastmod) }));
    }
    case 'branches': {
      // A branch page shows its latest properties, so it changes when they do.
      const rows = await db
        .select({
          slug: branches.slug,
          lastmod: sql<
            Date | string | null
          >`(select max(${properties.updatedAt}) from ${properties} where ${and(eq(properties.branchId, branches.id), publishedProperty)})`,
        })
        .from(branches)
        .orderBy(asc(branches.id))
        .limit(SITEMAP_URL_LIMIT)
        .offset(offset);
      return rows.map((row) => ({
        path: `/branches/${row.slug}`,
        lastmod: row.lastmod ? new Date(row.lastmod) : null,
      }));
    }
    case 'landing-pages':
      return (await listLandingPageSitemapEntries(db)).slice(offset, offset + SITEMAP_URL_LIMIT);
    case 'pages':
      return (await listPageEntries(db)).slice(offset, offset + SITEMAP_URL_LIMIT);
  }
}

/** The files the sitemap index lists: every non-empty section, split every 50,000 URLs. */
export async function listSitemapFiles(db: Database): Promise<{ file: string; lastmod: Date | null }[]> {
  const [propertiesAt, articlesAt, pagesAt] = await Promise.all([
    latestPropertyUpdate(db),
    latestArticleUpdate(db),
    db.select({ at: max(pages.updatedAt) }).from(pages),
  ]);
  const lastmods: Record<SitemapSection, Date | null> = {
    pages: newest(propertiesAt, articlesAt, pagesAt[0]?.at),
    properties: propertiesAt,
    'landing-pages': propertiesAt,
    articles: articlesAt,
    branches: propertiesAt,
  };
  const files: { file: string; lastmod: Date | null }[] = [];
  for (const section of ['pages', 'properties', 'landing-pages', 'articles', 'branches'] as const) {
    const total = await countSection(db, section);
    const parts = Math.ceil(total / SITEMAP_URL_LIMIT);
    for (let part = 1; part <= parts; part++)
      files.push({ file: sitemapFileName(section, part), lastmod: lastmods[section] });
  }
  return files;
}
