import { boolean, index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    isPublished: boolean('is_published').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
  },
  (t) => [uniqueIndex('pages_slug_idx').on(t.slug)],
);
