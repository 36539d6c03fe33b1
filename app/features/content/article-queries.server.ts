import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { articles } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { visibleArticle, watchArticleSchedule } from './article-schedule.server.ts';
import { renderMarkdown } from './markdown.server.ts';
import { resolveTopic, type ArticleKind, type ArticleListState } from './article-list.ts';

/** What an article card shows (spec point 2 'Articles page'). */
export type ArticleCard = {
  id: number;
  slug: string;
  kind: ArticleKind;
  title: string;
  topic: string;
  heroImage: string | null;
  displayDate: string;
  promo: string;
};

export type ArticleList = {
  articles: ArticleCard[];
  total: number;
  topics: string[];
  availableKinds: ArticleKind[];
  /** The state with the topic resolved to its canonical name ('' when unknown). */
  state: ArticleListState;
  isUnknownTopic: boolean;
};

const cardColumns = {
  id: articles.id,
  slug: articles.slug,
  kind: articles.kind,
  title: articles.title,
  topic: articles.topic,
  heroImageUrl: articles.heroImageUrl,
  publishedAt: articles.publishedAt,
  promo: articles.promo,
};

type CardRow = {
  id: number;
  slug: string;
  kind: ArticleKind;
  title: string;
  topic: string;
  heroImageUrl: string | null;
  publishedAt: Date;
  promo: string;
};

function toCard(row: CardRow): ArticleCard {
  return {
    id: row.id,
    slug: row.slug,
    kind: row.kind,
    title: row.title,
    topic: row.topic,
    heroImage: row.heroImageUrl,
    displayDate: row.publishedAt.toISOString(),
    promo: row.promo,
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** Kinds that have at least one published article, news first. */
export async function listArticleKinds(db: Database): Promise<ArticleKind[]> {
  await watchArticleSchedule(db);
  const rows = await db.selectDistinct({ kind: articles.kind }).from(articles).where(visibleArticle());
  const kinds = new Set(rows.map((row) => row.kind));
  return (['news', 'blog'] as const).filter((kind) => kinds.has(kind));
}

async function listArticleTopics(db: Database, kind: ArticleKind): Promise<string[]> {
  const rows = await db
    .selectDistinct({ topic: sql<string>`unnest(${articles.topics})` })
    .from(articles)
    .where(and(visibleArticle(), eq(articles.kind, kind)));
  return rows.map((row) => row.topic).sort((a, b) => a.localeCompare(b, 'en-GB'));
}

/** One page of the articles list: the filters of spec point 2, newest first. */
export async function listArticles(
  db: Database,
  requested: ArticleListState,
  options: { pageSize: number; availableKinds: ArticleKind[] },
): Promise<ArticleList> {
  const topics = await listArticleTopics(db, requested.kind);
  const resolvedTopic = resolveTopic(requested.topic, topics);
  const state = { ...requested, topic: resolvedTopic ?? '' };
  await watchArticleSchedule(db);
  const conditions: SQL[] = [visibleArticle(), eq(articles.kind, state.kind)];
  if (resolvedTopic) conditions.push(sql`${resolvedTopic} = any(${articles.topics})`);
  if (state.q) {
    const pattern = `%${escapeLike(state.q)}%`;
    const matches = or(ilike(articles.title, pattern), ilike(articles.promo, pattern), ilike(articles.topic, pattern));
    if (matches) conditions.push(matches);
  }
  const where = and(...conditions);
  if (resolvedTopic === null) {
    // An unknown topic has no articles: answer with the empty message rather than ignoring the filter.
    return {
      articles: [],
      total: 0,
      topics,
      availableKinds: options.availableKinds,
      state: requested,
      isUnknownTopic: true,
    };
  }
  const [totalRow] = await db.select({ total: count() }).from(articles).where(where);
  const rows = await db
    .select(cardColumns)
    .from(articles)
    .where(where)
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(options.pageSize)
    .offset((state.page - 1) * options.pageSize);
  return {
    articles: rows.map(toCard),
    total: totalRow?.total ?? 0,
    topics,
    availableKinds: options.availableKinds,
    state,
    isUnknownTopic: false,
  };
}

export async function getLatestArticles(db: Database, limit: number): Promise<ArticleCard[]> {
  await watchArticleSchedule(db);
  const rows = await db
    .select(cardColumns)
    .from(articles)
    .where(visibleArticle())
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(limit);
  return rows.map(toCard);
}

export type ArticlePage = ArticleCard & {
  topics: string[];
  html: string;
  updatedAt: string;
  publishedAt: string;
  /** The title and description for search engines and sharing: the editor's, else the title and promo. */
  seoTitle: string;
  seoDescription: string;
};

/** A published article (its publication time reached) with its Markdown rendered safely (raw HTML and unsafe links dropped). */
export async function getArticleBySlug(db: Database, slug: string): Promise<ArticlePage | null> {
  await watchArticleSchedule(db);
  const [row] = await db
    .select({
      ...cardColumns,
      topics: articles.topics,
      bodyMarkdown: articles.bodyMarkdown,
      updatedAt: articles.updatedAt,
      seoTitle: articles.seoTitle,
      seoDescription: articles.seoDescription,
    })
    .from(articles)
    .where(and(eq(articles.slug, slug), visibleArticle()))
    .limit(1);
  if (!row) return null;
  return {
    ...toCard(row),
    topics: row.topics,
    seoTitle: row.seoTitle || row.title,
    seoDescription: row.seoDescription || row.promo,
    html: renderMarkdown(row.bodyMarkdown),
    publishedAt: row.publishedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** For the RSS feed: the newest articles with their promo. */
export async function listArticlesForFeed(db: Database, limit: number): Promise<(ArticleCard & { updatedAt: Date })[]> {
  const rows = await db
    .select({ ...cardColumns, updatedAt: articles.updatedAt })
    .from(articles)
    .where(visibleArticle())
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(limit);
  return rows.map((row) => ({ ...toCard(row), updatedAt: row.updatedAt }));
}
