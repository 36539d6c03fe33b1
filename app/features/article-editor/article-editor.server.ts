/**
 * Articles and static pages in the back office: lists, one item's form, saves checked against the version the form
 * was loaded at, publication (draft, scheduled, published), the revision history and restoring a revision. Every
 * change records before/after in the audit log in its transaction and, once committed, announces the pages that
 * show it (`articles`: the article pages, the list and the home page; `page:<slug>`: one static page). The sitemaps
 * and the RSS feed are read from the database on every request, so they follow at once.
 */
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { articles, contentRevisions, menuItems, pages, staffAccounts } from '../../../db/schema/index.ts';
import type { ArticleKind, ContentRevisionKind } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { announcePageChange } from '../../lib/page-cache-bus.server.ts';
import { pageSlugOfPath } from '../../lib/page-paths.ts';
import { legalFooterPaths } from '../site-settings/index.server.ts';
import { recordAudit } from '../staff/index.server.ts';
import {
  articleStatusOf,
  fromLondon,
  type ArticleForm,
  type ArticleStatus,
  type NewPageForm,
  type PageForm,
  PAGE_MESSAGES,
  PAGES_THE_SITE_LINKS,
} from './article-editor-model.ts';

export type AuditActor = { staffId: number; actorEmail: string; ip: string | null };

const HISTORY_LENGTH = 50;

// ---------------------------------------------------------------------------------------------------------------
// Articles

export type ArticleListRow = {
  id: number;
  title: string;
  slug: string;
  kind: ArticleKind;
  topic: string;
  status: ArticleStatus;
  publishedAt: string;
  updatedAt: string;
};

export async function listArticlesForEditor(db: Database, now = new Date()): Promise<ArticleListRow[]> {
  const rows = await db
    .select({
      id: articles.id,
      title: articles.title,
      slug: articles.slug,
      kind: articles.kind,
      topic: articles.topic,
      isPublished: articles.isPublished,
      publishedAt: articles.publishedAt,
      updatedAt: articles.updatedAt,
    })
    .from(articles)
    .orderBy(desc(articles.updatedAt), desc(articles.id));
  return rows.map(({ isPublished, publishedAt, updatedAt, ...row }) => ({
    ...row,
    status: articleStatusOf({ isPublished, publishedAt }, now),
    publishedAt: publishedAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  }));
}

/** The words of an article: what a revision keeps and restores (publication is not part of it). */
type ArticleWords = {
  kind: ArticleKind;
  title: string;
  slug: string;
  topic: string;
  topics: string[];
  promo: string;
  bodyMarkdown: string;
  heroImageUrl: string | null;
  seoTitle: string;
  seoDescription: string;
};

export type EditableArticle = ArticleWords & {
  id: number;
  isPublished: boolean;
  publishedAt: Date;
  version: number;
};

const articleColumns = {
  id: articles.id,
  kind: articles.kind,
  title: articles.title,
  slug: articles.slug,
  topic: articles.topic,
  topics: articles.topics,
  promo: articles.promo,
  bodyMarkdown: articles.bodyMarkdown,
  heroImageUrl: articles.heroImageUrl,
  seoTitle: articles.seoTitle,
  seoDescription: articles.seoDescription,
  isPublished: articles.isPublished,
  publishedAt: articles.publishedAt,
  version: articles.version,
};

export async function getArticleForEditor(db: Database, id: number): Promise<EditableArticle | null> {
  const [row] = await db.select(articleColumns).from(articles).where(eq(articles.id, id)).limit(1);
  return row ?? null;
}

function wordsOf(article: ArticleWords): ArticleWords {
  return {
    kind: article.kind,
    title: article.title,
    slug: article.slug,
    topic: article.topic,
    topics: article.topics,
    promo: article.promo,
    bodyMarkdown: article.bodyMarkdown,
    heroImageUrl: article.heroImageUrl,
    seoTitle: article.seoTitle,
    seoDescription: article.seoDescription,
  };
}

function wordsFromForm(form: ArticleForm): ArticleWords {
  return {
    kind: form.kind,
    title: form.title,
    slug: form.slug,
    topic: form.topic,
    topics: form.topics,
    promo: form.promo,
    bodyMarkdown: form.body_markdown,
    heroImageUrl: form.hero_image_url === '' ? null : form.hero_image_url,
    seoTitle: form.seo_title,
    seoDescription: form.seo_description,
  };
}

/** Only what changed, old and new (a whole list when one of its items changed). */
function changesBetween(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const changed = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    changed.before[key] = before[key] ?? null;
    changed.after[key] = after[key] ?? null;
  }
  return changed;
}

type Publication = { isPublished: boolean; publishedAt: Date };

/**
 * The publication a form asks for. Published keeps the date of an article already out (an edit is not news);
 * otherwise it is now. Scheduled needs a time still to come.
 */
function publicationFor(form: ArticleForm, before: Publication | null, now: Date): Publication | 'past' {
  if (form.status === 'draft') return { isPublished: false, publishedAt: before?.publishedAt ?? now };
  if (form.status === 'published') {
    const isOut = before !== null && articleStatusOf(before, now) === 'published';
    return { isPublished: true, publishedAt: isOut ? before.publishedAt : now };
  }
  const at = form.publishAt ? fromLondon(form.publishAt) : null;
  if (!at || at.getTime() <= now.getTime()) return 'past';
  return { isPublished: true, publishedAt: at };
}

function publicationAction(
  before: Publication | null,
  after: Publication,
  now: Date,
): 'article.published' | 'article.scheduled' | 'article.unpublished' | null {
  const was = before ? articleStatusOf(before, now) : 'draft';
  const is = articleStatusOf(after, now);
  if (was === is && (is !== 'scheduled' || before?.publishedAt.getTime() === after.publishedAt.getTime())) return null;
  if (is === 'draft') return 'article.unpublished';
  return is === 'published' ? 'article.published' : 'article.scheduled';
}

function publicationDetails(publication: Publication, now: Date) {
  return { status: articleStatusOf(publication, now), publishedAt: publication.publishedAt.toISOString() };
}

async function authorNameOf(db: Database, staffId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: staffAccounts.name })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, staffId))
    .limit(1);
  return row?.name ?? null;
}

async function addRevision(
  db: Database,
  revision: { kind: ContentRevisionKind; itemId: number; version: number; snapshot: Record<string, unknown> },
  author: { staffId: number | null; name: string | null },
  now: Date,
): Promise<void> {
  await db.insert(contentRevisions).values({
    ...revision,
    staffId: author.staffId,
    authorName: author.name,
    savedAt: now,
  });
}

/** The seeded text had no revision: it becomes the first, so the history can always go back to it. */
async function keepOriginal(
  db: Database,
  kind: ContentRevisionKind,
  itemId: number,
  version: number,
  snapshot: Record<string, unknown>,
  savedAt: Date,
): Promise<void> {
  const [existing] = await db
    .select({ id: contentRevisions.id })
    .from(contentRevisions)
    .where(and(eq(contentRevisions.kind, kind), eq(contentRevisions.itemId, itemId)))
    .limit(1);
  if (!existing) await addRevision(db, { kind, itemId, version, snapshot }, { staffId: null, name: null }, savedAt);
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    if (typeof current === 'object' && (current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

async function isSlugTaken(db: Database, slug: string, exceptId: number | null): Promise<boolean> {
  const [row] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(exceptId === null ? eq(articles.slug, slug) : and(eq(articles.slug, slug), ne(articles.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

export type ArticleSaveOutcome =
  | { status: 'saved'; id: number }
  | { status: 'unchanged'; id: number }
  | { status: 'not-found' }
  | { status: 'conflict' }
  | { status: 'slug-taken' }
  | { status: 'past' };

class Refusal extends Error {
  constructor(readonly outcome: ArticleSaveOutcome) {
    super(outcome.status);
  }
}

export async function createArticle(
  db: Database,
  form: ArticleForm,
  actor: AuditActor,
  now = new Date(),
): Promise<ArticleSaveOutcome> {
  const publication = publicationFor(form, null, now);
  if (publication === 'past') return { status: 'past' };
  const words = wordsFromForm(form);
  const authorName = await authorNameOf(db, actor.staffId);
  try {
    const id = await db.transaction(async (tx) => {
      if (await isSlugTaken(tx, words.slug, null)) throw new Refusal({ status: 'slug-taken' });
      const [row] = await tx
        .insert(articles)
        .values({ ...words, ...publication, updatedAt: now, version: 1 })
        .returning({ id: articles.id });
      const articleId = row!.id;
      await addRevision(
        tx,
        { kind: 'article', itemId: articleId, version: 1, snapshot: words },
        { staffId: actor.staffId, name: authorName },
        now,
      );
      await recordAudit(
        tx,
        {
          ...actor,
          action: 'article.created',
          target: `article:${articleId}`,
          details: { after: { ...words, ...publicationDetails(publication, now) } },
        },
        now,
      );
      return articleId;
    });
    announcePageChange(db, ['articles']);
    return { status: 'saved', id };
  } catch (error) {
    if (error instanceof Refusal) return error.outcome;
    if (isUniqueViolation(error)) return { status: 'slug-taken' };
    throw error;
  }
}

export async function saveArticle(
  db: Database,
  id: number,
  form: ArticleForm & { version: number },
  actor: AuditActor,
  now = new Date(),
): Promise<ArticleSaveOutcome> {
  const authorName = await authorNameOf(db, actor.staffId);
  try {
    const outcome = await db.transaction(async (tx): Promise<ArticleSaveOutcome> => {
      const [before] = await tx.select(articleColumns).from(articles).where(eq(articles.id, id)).for('update');
      if (!before) return { status: 'not-found' };
      if (before.version !== form.version) return { status: 'conflict' };
      const publication = publicationFor(form, before, now);
      if (publication === 'past') return { status: 'past' };
      const beforeWords = wordsOf(before);
      const afterWords = wordsFromForm(form);
      if (afterWords.slug !== before.slug && (await isSlugTaken(tx, afterWords.slug, id))) {
        return { status: 'slug-taken' };
      }
      const wordChanges = changesBetween(beforeWords, afterWords);
      const isReworded = Object.keys(wordChanges.after).length > 0;
      const publicationChange = publicationAction(before, publication, now);
      const isRedated = before.publishedAt.getTime() !== publication.publishedAt.getTime();
      if (!isReworded && !publicationChange && !isRedated && before.isPublished === publication.isPublished) {
        return { status: 'unchanged', id };
      }
      const updated = await tx
        .update(articles)
        .set({ ...afterWords, ...publication, updatedAt: now, version: sql`${articles.version} + 1` })
        .where(and(eq(articles.id, id), eq(articles.version, form.version)))
        .returning({ version: articles.version });
      const saved = updated[0];
      if (!saved) return { status: 'conflict' };
      if (isReworded) {
        await keepOriginal(tx, 'article', id, before.version, beforeWords, now);
        await addRevision(
          tx,
          { kind: 'article', itemId: id, version: saved.version, snapshot: afterWords },
          { staffId: actor.staffId, name: authorName },
          now,
        );
        await recordAudit(
          tx,
          { ...actor, action: 'article.updated', target: `article:${id}`, details: wordChanges },
          now,
        );
      }
      if (publicationChange || isRedated) {
        await recordAudit(
          tx,
          {
            ...actor,
            action: publicationChange ?? 'article.scheduled',
            target: `article:${id}`,
            details: { before: publicationDetails(before, now), after: publicationDetails(publication, now) },
          },
          now,
        );
      }
      return { status: 'saved', id };
    });
    if (outcome.status === 'saved') announcePageChange(db, ['articles']);
    return outcome;
  } catch (error) {
    if (isUniqueViolation(error)) return { status: 'slug-taken' };
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Revisions

export type RevisionRow = { id: number; version: number; savedAt: string; authorName: string | null };

export async function listRevisions(db: Database, kind: ContentRevisionKind, itemId: number): Promise<RevisionRow[]> {
  const rows = await db
    .select({
      id: contentRevisions.id,
      version: contentRevisions.version,
      savedAt: contentRevisions.savedAt,
      authorName: contentRevisions.authorName,
    })
    .from(contentRevisions)
    .where(and(eq(contentRevisions.kind, kind), eq(contentRevisions.itemId, itemId)))
    .orderBy(desc(contentRevisions.id))
    .limit(HISTORY_LENGTH);
  return rows.map((row) => ({ ...row, savedAt: row.savedAt.toISOString() }));
}

async function readRevision(
  db: Database,
  kind: ContentRevisionKind,
  itemId: number,
  revisionId: number,
): Promise<{ version: number; snapshot: Record<string, unknown> } | null> {
  const [row] = await db
    .select({ version: contentRevisions.version, snapshot: contentRevisions.snapshot })
    .from(contentRevisions)
    .where(
      and(eq(contentRevisions.id, revisionId), eq(contentRevisions.kind, kind), eq(contentRevisions.itemId, itemId)),
    )
    .limit(1);
  return row ?? null;
}

const text = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);

/** A stored snapshot read defensively: a field it lacks keeps the article's current value. */
function articleWordsFrom(snapshot: Record<string, unknown>, current: ArticleWords): ArticleWords {
  const topics = snapshot.topics;
  return {
    kind: snapshot.kind === 'news' || snapshot.kind === 'blog' ? snapshot.kind : current.kind,
    title: text(snapshot.title, current.title),
    slug: text(snapshot.slug, current.slug),
    topic: text(snapshot.topic, current.topic),
    topics: Array.isArray(topics) && topics.every((topic) => typeof topic === 'string') ? topics : current.topics,
    promo: text(snapshot.promo, current.promo),
    bodyMarkdown: text(snapshot.bodyMarkdown, current.bodyMarkdown),
    heroImageUrl:
      snapshot.heroImageUrl === null || typeof snapshot.heroImageUrl === 'string'
        ? snapshot.heroImageUrl
        : current.heroImageUrl,
    seoTitle: text(snapshot.seoTitle, current.seoTitle),
    seoDescription: text(snapshot.seoDescription, current.seoDescription),
  };
}

export type RestoreOutcome =
  | { status: 'restored' | 'unchanged' }
  | { status: 'not-found' }
  | { status: 'revision-not-found' }
  | { status: 'conflict' }
  | { status: 'slug-taken' };

/** Puts a saved version's words back (as a new version; publication is left as it is). */
export async function restoreArticleRevision(
  db: Database,
  id: number,
  request: { revisionId: number; version: number },
  actor: AuditActor,
  now = new Date(),
): Promise<RestoreOutcome> {
  const authorName = await authorNameOf(db, actor.staffId);
  try {
    const outcome = await db.transaction(async (tx): Promise<RestoreOutcome> => {
      const [before] = await tx.select(articleColumns).from(articles).where(eq(articles.id, id)).for('update');
      if (!before) return { status: 'not-found' };
      const revision = await readRevision(tx, 'article', id, request.revisionId);
      if (!revision) return { status: 'revision-not-found' };
      if (before.version !== request.version) return { status: 'conflict' };
      const beforeWords = wordsOf(before);
      const afterWords = articleWordsFrom(revision.snapshot, beforeWords);
      const changes = changesBetween(beforeWords, afterWords);
      if (Object.keys(changes.after).length === 0) return { status: 'unchanged' };
      if (afterWords.slug !== before.slug && (await isSlugTaken(tx, afterWords.slug, id))) {
        return { status: 'slug-taken' };
      }
      const updated = await tx
        .update(articles)
        .set({ ...afterWords, updatedAt: now, version: sql`${articles.version} + 1` })
        .where(and(eq(articles.id, id), eq(articles.version, request.version)))
        .returning({ version: articles.version });
      const saved = updated[0];
      if (!saved) return { status: 'conflict' };
      await keepOriginal(tx, 'article', id, before.version, beforeWords, now);
      await addRevision(
        tx,
        { kind: 'article', itemId: id, version: saved.version, snapshot: afterWords },
        { staffId: actor.staffId, name: authorName },
        now,
      );
      await recordAudit(
        tx,
        {
          ...actor,
          action: 'article.restored',
          target: `article:${id}`,
          details: { restoredVersion: revision.version, ...changes },
        },
        now,
      );
      return { status: 'restored' };
    });
    if (outcome.status === 'restored') announcePageChange(db, ['articles']);
    return outcome;
  } catch (error) {
    if (isUniqueViolation(error)) return { status: 'slug-taken' };
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Static pages

export type PageListRow = { id: number; slug: string; title: string; updatedAt: string };

export async function listPagesForEditor(db: Database): Promise<PageListRow[]> {
  const rows = await db
    .select({ id: pages.id, slug: pages.slug, title: pages.title, updatedAt: pages.updatedAt })
    .from(pages)
    .orderBy(asc(pages.title));
  return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
}

type PageWords = { title: string; bodyMarkdown: string; seoTitle: string; seoDescription: string };
export type EditablePage = PageWords & { id: number; slug: string; version: number };

const pageColumns = {
  id: pages.id,
  slug: pages.slug,
  title: pages.title,
  bodyMarkdown: pages.bodyMarkdown,
  seoTitle: pages.seoTitle,
  seoDescription: pages.seoDescription,
  version: pages.version,
};

export async function getPageForEditor(db: Database, id: number): Promise<EditablePage | null> {
  const [row] = await db.select(pageColumns).from(pages).where(eq(pages.id, id)).limit(1);
  return row ?? null;
}

function pageWordsOf(page: PageWords): PageWords {
  return {
    title: page.title,
    bodyMarkdown: page.bodyMarkdown,
    seoTitle: page.seoTitle,
    seoDescription: page.seoDescription,
  };
}

export type PageSaveOutcome = { status: 'saved' | 'unchanged' } | { status: 'not-found' } | { status: 'conflict' };

async function writePage(
  db: Database,
  id: number,
  version: number,
  wordsFor: (before: EditablePage) => PageWords | null,
  actor: AuditActor,
  now: Date,
  audit: (changes: ReturnType<typeof changesBetween>) => {
    action: 'page.updated' | 'page.restored';
    details: Record<string, unknown>;
  },
): Promise<PageSaveOutcome | { status: 'revision-not-found' }> {
  const authorName = await authorNameOf(db, actor.staffId);
  const outcome = await db.transaction(async (tx) => {
    const [before] = await tx.select(pageColumns).from(pages).where(eq(pages.id, id)).for('update');
    if (!before) return { status: 'not-found' as const };
    const afterWords = wordsFor(before);
    if (!afterWords) return { status: 'revision-not-found' as const };
    if (before.version !== version) return { status: 'conflict' as const };
    const beforeWords = pageWordsOf(before);
    const changes = changesBetween(beforeWords, afterWords);
    if (Object.keys(changes.after).length === 0) return { status: 'unchanged' as const };
    const updated = await tx
      .update(pages)
      .set({ ...afterWords, updatedAt: now, version: sql`${pages.version} + 1` })
      .where(and(eq(pages.id, id), eq(pages.version, version)))
      .returning({ version: pages.version });
    const saved = updated[0];
    if (!saved) return { status: 'conflict' as const };
    await keepOriginal(tx, 'page', id, before.version, beforeWords, now);
    await addRevision(
      tx,
      { kind: 'page', itemId: id, version: saved.version, snapshot: afterWords },
      { staffId: actor.staffId, name: authorName },
      now,
    );
    const entry = audit(changes);
    await recordAudit(tx, { ...actor, ...entry, target: `page:${before.slug}` }, now);
    return { status: 'saved' as const, slug: before.slug };
  });
  if (outcome.status === 'saved') {
    announcePageChange(db, [`page:${outcome.slug}`]);
    return { status: 'saved' };
  }
  return outcome;
}

export async function savePage(
  db: Database,
  id: number,
  form: PageForm,
  actor: AuditActor,
  now = new Date(),
): Promise<PageSaveOutcome> {
  const outcome = await writePage(
    db,
    id,
    form.version,
    () => ({
      title: form.title,
      bodyMarkdown: form.body_markdown,
      seoTitle: form.seo_title,
      seoDescription: form.seo_description,
    }),
    actor,
    now,
    (changes) => ({ action: 'page.updated', details: changes }),
  );
  return outcome.status === 'revision-not-found' ? { status: 'not-found' } : outcome;
}

export async function restorePageRevision(
  db: Database,
  id: number,
  request: { revisionId: number; version: number },
  actor: AuditActor,
  now = new Date(),
): Promise<PageSaveOutcome | { status: 'revision-not-found' }> {
  const revision = await readRevision(db, 'page', id, request.revisionId);
  return writePage(
    db,
    id,
    request.version,
    (before) =>
      revision
        ? {
            title: text(revision.snapshot.title, before.title),
            bodyMarkdown: text(revision.snapshot.bodyMarkdown, before.bodyMarkdown),
            seoTitle: text(revision.snapshot.seoTitle, before.seoTitle),
            seoDescription: text(revision.snapshot.seoDescription, before.seoDescription),
          }
        : null,
    actor,
    now,
    (changes) => ({
      action: 'page.restored',
      details: { restoredVersion: revision?.version ?? null, ...changes },
    }),
  );
}

export type NewPageOutcome = { status: 'saved'; id: number } | { status: 'slug-taken' };

/** A new page of the site, at `/<slug>` from the moment it is saved. */
export async function createPage(
  db: Database,
  form: NewPageForm,
  actor: AuditActor,
  now = new Date(),
): Promise<NewPageOutcome> {
  const words: PageWords = {
    title: form.title,
    bodyMarkdown: form.body_markdown,
    seoTitle: form.seo_title,
    seoDescription: form.seo_description,
  };
  const authorName = await authorNameOf(db, actor.staffId);
  try {
    const id = await db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: pages.id }).from(pages).where(eq(pages.slug, form.slug)).limit(1);
      if (taken) return null;
      const [row] = await tx
        .insert(pages)
        .values({ slug: form.slug, ...words, updatedAt: now, version: 1 })
        .returning({ id: pages.id });
      const pageId = row!.id;
      await addRevision(
        tx,
        { kind: 'page', itemId: pageId, version: 1, snapshot: words },
        { staffId: actor.staffId, name: authorName },
        now,
      );
      await recordAudit(
        tx,
        {
          ...actor,
          action: 'page.created',
          target: `page:${form.slug}`,
          details: { after: { slug: form.slug, ...words } },
        },
        now,
      );
      return pageId;
    });
    if (id === null) return { status: 'slug-taken' };
    announcePageChange(db, [`page:${form.slug}`]);
    return { status: 'saved', id };
  } catch (error) {
    if (isUniqueViolation(error)) return { status: 'slug-taken' };
    throw error;
  }
}

/** The page a link names (its path, without query or fragment), or null: the one reading of a path as a page. */
function linkedPage(link: string): string | null {
  return pageSlugOfPath(link.split(/[?#]/)[0] ?? '');
}

/** Why a page must stay (something links to it), in the words the editor shows; null when it may go. */
export async function pageDeletionRefusal(db: Database, slug: string): Promise<string | null> {
  if (PAGES_THE_SITE_LINKS.includes(slug)) return PAGE_MESSAGES.linkedBySite;
  const footer = await legalFooterPaths(db);
  if (footer.some((path) => linkedPage(path) === slug)) return PAGE_MESSAGES.linkedByFooter;
  // The menus are a few dozen rows: read whole, so a link is read as a page the same way everywhere.
  const menus = await db
    .select({ menu: menuItems.menu, name: menuItems.name, url: menuItems.url })
    .from(menuItems)
    .orderBy(asc(menuItems.id));
  const menuLink = menus.find((item) => linkedPage(item.url) === slug);
  if (menuLink) {
    return PAGE_MESSAGES.linkedByMenu(menuLink.menu === 'primary' ? 'header menu' : 'footer menu', menuLink.name);
  }
  return null;
}

export type PageDeleteOutcome =
  | { status: 'deleted'; slug: string }
  | { status: 'not-found' }
  | { status: 'conflict' }
  | { status: 'refused'; message: string };

/**
 * Deletes a page nothing links to, read at `version`. Its words go into the audit entry (the one place they can
 * be read back from); its saved versions go with it.
 */
export async function deletePage(
  db: Database,
  id: number,
  version: number,
  actor: AuditActor,
  now = new Date(),
): Promise<PageDeleteOutcome> {
  const outcome = await db.transaction(async (tx): Promise<PageDeleteOutcome> => {
    const [before] = await tx.select(pageColumns).from(pages).where(eq(pages.id, id)).for('update');
    if (!before) return { status: 'not-found' };
    if (before.version !== version) return { status: 'conflict' };
    const refusal = await pageDeletionRefusal(tx, before.slug);
    if (refusal) return { status: 'refused', message: refusal };
    await tx.delete(pages).where(eq(pages.id, id));
    await tx.delete(contentRevisions).where(and(eq(contentRevisions.kind, 'page'), eq(contentRevisions.itemId, id)));
    await recordAudit(
      tx,
      {
        ...actor,
        action: 'page.deleted',
        target: `page:${before.slug}`,
        details: { before: { slug: before.slug, ...pageWordsOf(before) } },
      },
      now,
    );
    return { status: 'deleted', slug: before.slug };
  });
  if (outcome.status === 'deleted') announcePageChange(db, [`page:${outcome.slug}`]);
  return outcome;
}
