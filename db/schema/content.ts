import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const articleKinds = ['news', 'blog'] as const;
export type ArticleKind = (typeof articleKinds)[number];

export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    kind: text('kind').$type<ArticleKind>().notNull(),
    title: text('title').notNull(),
    topic: text('topic').notNull(),
    topics: text('topics').array().notNull(),
    heroImageUrl: text('hero_image_url'),
    promo: text('promo').notNull(),
    bodyMarkdown: text('body_markdown').notNull(),
    /**
     * Draft when false. When true the article is public from `publishedAt` on: a time still to come is a scheduled
     * article, so nothing has to change when it falls due (docs/decisions/031).
     */
    isPublished: boolean('is_published').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** For search engines and sharing; empty means the title and promo are used. */
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    /** Raised by every back-office save: a save from an older version is refused. */
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('articles_slug_idx').on(t.slug), index('articles_kind_published_idx').on(t.kind, t.publishedAt)],
);

/** Static pages the footer links to (terms of use, privacy policy, mortgage guide). */
export const pages = pgTable(
  'pages',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    bodyMarkdown: text('body_markdown').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('pages_slug_idx').on(t.slug)],
);

export const contentRevisionKinds = ['article', 'page'] as const;
export type ContentRevisionKind = (typeof contentRevisionKinds)[number];

/**
 * Every saved version of an article's or a page's words, for the editor's history and "Restore". `snapshot` holds the
 * editable fields as they were saved at `version`; publication (draft, scheduled, published) is not part of it.
 */
export const contentRevisions = pgTable(
  'content_revisions',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<ContentRevisionKind>().notNull(),
    itemId: integer('item_id').notNull(),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    staffId: integer('staff_id'),
    authorName: text('author_name'),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('content_revisions_item_idx').on(t.kind, t.itemId, t.id)],
);
