/**
 * The article and page editors' routes: owners and editors only; create, edit, publish, schedule, unpublish and
 * restore change the database, raise the version, keep revisions, record before and after and announce the pages at
 * once; the public queries (pages, lists, sitemaps, RSS) show an article only while it is published and due; a save
 * from an older version and a taken address are refused with their messages; hostile text never reaches the page as
 * markup; unknown ids and another kind's revisions answer 404.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { articles, auditLog, contentRevisions, pages } from '../../db/schema/index.ts';
import { maskedCsrfToken } from '../../app/lib/csrf.server.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { onPageChange } from '../../app/lib/page-cache-bus.server.ts';
import type { StaffRole } from '../../app/features/staff/index.ts';
import { ARTICLE_MESSAGES, PAGE_MESSAGES } from '../../app/features/article-editor/article-editor-model.ts';
import {
  getArticleBySlug,
  getLatestArticles,
  listArticlesForFeed,
} from '../../app/features/content/article-queries.server.ts';
import { resetArticleScheduleWatch } from '../../app/features/content/article-schedule.server.ts';
import { getPageBySlug } from '../../app/features/content/pages.server.ts';
import { listSitemapEntries } from '../../app/features/content/sitemap-queries.server.ts';
import * as listRoute from '../../app/routes/admin/articles.tsx';
import * as newRoute from '../../app/routes/admin/articles-new.tsx';
import * as editRoute from '../../app/routes/admin/articles-edit.tsx';
import * as imagesRoute from '../../app/routes/admin/articles-images.tsx';
import * as pageListRoute from '../../app/routes/admin/pages.tsx';
import * as pageRoute from '../../app/routes/admin/pages-edit.tsx';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { insertBranches, type RouteAnswer, signedInStaff, staffRouteCaller, formErrorsOf } from './staff-fixtures.ts';

let database: TestDatabase;
const cookies: Record<string, () => Promise<string>> = {};
const announced: string[][] = [];
let stopListening: () => void = () => undefined;
let termsId = 0;

async function makeStaff(role: StaffRole) {
  cookies[role] = (await signedInStaff(database.db, role, ['bath'])).cookie;
}

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
  await insertBranches(database.db);
  const [terms] = await database.db
    .insert(pages)
    .values({ slug: 'terms-of-use', title: 'Terms of use', bodyMarkdown: 'The original terms.' })
    .returning({ id: pages.id });
  termsId = terms!.id;
  for (const role of ['owner', 'manager', 'negotiator', 'editor'] as const) await makeStaff(role);
  stopListening = onPageChange((tags) => announced.push([...tags]));
});

afterAll(async () => {
  stopListening();
  resetArticleScheduleWatch();
  setDatabaseHandle(undefined);
  await database?.dispose();
});

afterEach(() => {
  announced.length = 0;
});

const call = staffRouteCaller(() => database.db, cookies);

let counter = 0;

function articleForm(changes: Record<string, string> = {}): Record<string, string> {
  counter += 1;
  return {
    kind: 'news',
    title: `Market update number ${counter}`,
    slug: '',
    topic: 'Market update',
    topics: 'Bath',
    promo: 'Buyers are back in Bath.',
    body_markdown: '## Buyers are back\n\nViewing requests are **up**.',
    hero_image_url: '',
    seo_title: '',
    seo_description: '',
    status: 'draft',
    publish_at: '',
    ...changes,
  };
}

const errorsOf = formErrorsOf;

function idFrom(answer: RouteAnswer): string {
  const location = answer.response?.headers.get('location') ?? '';
  const match = /^\/admin\/articles\/(\d+)\?saved=1$/.exec(location);
  expect(match, location).not.toBeNull();
  return match![1]!;
}

async function articleRow(id: string) {
  const [row] = await database.db
    .select()
    .from(articles)
    .where(eq(articles.id, Number(id)));
  return row!;
}

/** The edit form as the page would post it, from what is saved, with changes. */
async function editForm(id: string, changes: Record<string, string> = {}): Promise<Record<string, string>> {
  const row = await articleRow(id);
  return {
    version: String(row.version),
    kind: row.kind,
    title: row.title,
    slug: row.slug,
    topic: row.topic,
    topics: row.topics.filter((topic) => topic !== row.topic).join(', '),
    promo: row.promo,
    body_markdown: row.bodyMarkdown,
    hero_image_url: row.heroImageUrl ?? '',
    seo_title: row.seoTitle,
    seo_description: row.seoDescription,
    status: !row.isPublished ? 'draft' : row.publishedAt > new Date() ? 'scheduled' : 'published',
    publish_at: '',
    ...changes,
  };
}

async function actionsFor(target: string): Promise<string[]> {
  const rows = await database.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.target, target))
    .orderBy(asc(auditLog.id));
  return rows.map((row) => row.action);
}

async function isPublic(slug: string): Promise<{ page: boolean; latest: boolean; sitemap: boolean; rss: boolean }> {
  const [page, latest, sitemap, rss] = await Promise.all([
    getArticleBySlug(database.db, slug),
    getLatestArticles(database.db, 100),
    listSitemapEntries(database.db, 'articles', 1),
    listArticlesForFeed(database.db, 100),
  ]);
  return {
    page: page !== null,
    latest: latest.some((card) => card.slug === slug),
    sitemap: sitemap.some((entry) => entry.path === `/articles/${slug}`),
    rss: rss.some((item) => item.slug === slug),
  };
}

const NOWHERE = { page: false, latest: false, sitemap: false, rss: false };
const EVERYWHERE = { page: true, latest: true, sitemap: true, rss: true };

/** A UK wall-clock time `minutes` from now, as the datetime-local field sends it. */
function ukTimeIn(minutes: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(Date.now() + minutes * 60_000));
  const part = (type: string) => parts.find((entry) => entry.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

describe('who may edit content', () => {
  it('lets owners and editors in and keeps managers and negotiators out', async () => {
    for (const who of ['owner', 'editor']) {
      expect((await call(who, listRoute.loader, '/admin/articles', {})).status, who).toBe(200);
      expect((await call(who, pageListRoute.loader, '/admin/pages', {})).status, who).toBe(200);
    }
    for (const who of ['manager', 'negotiator']) {
      expect((await call(who, listRoute.loader, '/admin/articles', {})).status, who).toBe(403);
      const create = await call(who, newRoute.action, '/admin/articles/new', {}, articleForm());
      expect(create.status, who).toBe(403);
      const page = await call(who, pageRoute.action, `/admin/pages/${termsId}`, { id: String(termsId) }, {});
      expect(page.status, who).toBe(403);
    }
  });

  it('answers 404 for unknown and malformed ids, for reading and writing', async () => {
    for (const id of ['999999', 'abc', '0', '-1', '1e3', '99999999999']) {
      expect((await call('editor', editRoute.loader, `/admin/articles/${id}`, { id })).status, id).toBe(404);
      expect((await call('editor', editRoute.action, `/admin/articles/${id}`, { id }, articleForm())).status).toBe(404);
      expect((await call('editor', pageRoute.loader, `/admin/pages/${id}`, { id })).status, id).toBe(404);
      expect((await call('editor', pageRoute.action, `/admin/pages/${id}`, { id }, {})).status, id).toBe(404);
    }
  });
});

describe('an article from draft to published', () => {
  it('creates a draft that the public does not see, then publishes it everywhere at once', async () => {
    const created = await call('editor', newRoute.action, '/admin/articles/new', {}, articleForm());
    expect(created.status).toBe(303);
    const id = idFrom(created);
    const row = await articleRow(id);
    expect(row.isPublished).toBe(false);
    expect(row.version).toBe(1);
    expect(row.topics).toEqual(['Market update', 'Bath']);
    expect(await isPublic(row.slug)).toEqual(NOWHERE);
    expect(announced.flat()).toContain('articles');
    expect(await actionsFor(`article:${id}`)).toEqual(['article.created']);

    announced.length = 0;
    const published = await call(
      'editor',
      editRoute.action,
      `/admin/articles/${id}`,
      { id },
      await editForm(id, { status: 'published' }),
    );
    expect(published.status).toBe(303);
    expect(published.response?.headers.get('location')).toBe(`/admin/articles/${id}?saved=1`);
    expect(await isPublic(row.slug)).toEqual(EVERYWHERE);
    expect(announced).toEqual([['articles']]);
    const after = await articleRow(id);
    expect(after.version).toBe(2);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `article:${id}`), eq(auditLog.action, 'article.published')));
    expect(entry?.details).toMatchObject({ before: { status: 'draft' }, after: { status: 'published' } });

    // Unpublished: gone from the page, the lists, the sitemap and the feed.
    const unpublished = await call(
      'owner',
      editRoute.action,
      `/admin/articles/${id}`,
      { id },
      await editForm(id, { status: 'draft' }),
    );
    expect(unpublished.status).toBe(303);
    expect(await isPublic(row.slug)).toEqual(NOWHERE);
    expect(await actionsFor(`article:${id}`)).toEqual(['article.created', 'article.published', 'article.unpublished']);
  });

  it('publishes at once when created as published, and keeps the date when edited later', async () => {
    const created = await call(
      'owner',
      newRoute.action,
      '/admin/articles/new',
      {},
      articleForm({ status: 'published' }),
    );
    const id = idFrom(created);
    const row = await articleRow(id);
    expect(await isPublic(row.slug)).toEqual(EVERYWHERE);
    const edited = await call(
      'editor',
      editRoute.action,
      `/admin/articles/${id}`,
      { id },
      await editForm(id, { promo: 'A new summary.', seo_title: 'Bath market, spring' }),
    );
    expect(edited.status).toBe(303);
    const after = await articleRow(id);
    expect(after.publishedAt.getTime()).toBe(row.publishedAt.getTime());
    expect(after.promo).toBe('A new summary.');
    const page = await getArticleBySlug(database.db, row.slug);
    expect(page?.seoTitle).toBe('Bath market, spring');
    expect(page?.seoDescription).toBe('A new summary.');
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `article:${id}`), eq(auditLog.action, 'article.updated')));
    expect(entry?.details).toEqual({
      before: { promo: 'Buyers are back in Bath.', seoTitle: '' },
      after: { promo: 'A new summary.', seoTitle: 'Bath market, spring' },
    });
  });
});

describe('scheduling', () => {
  it('keeps a scheduled article off the site until its time, then shows it everywhere', async () => {
    const created = await call(
      'editor',
      newRoute.action,
      '/admin/articles/new',
      {},
      articleForm({ status: 'scheduled', publish_at: ukTimeIn(60 * 24) }),
    );
    expect(created.status).toBe(303);
    const id = idFrom(created);
    const row = await articleRow(id);
    expect(row.isPublished).toBe(true);
    expect(row.publishedAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(await isPublic(row.slug)).toEqual(NOWHERE);
    // The time comes (moved here rather than waited for).
    await database.db
      .update(articles)
      .set({ publishedAt: new Date(Date.now() - 1000) })
      .where(eq(articles.id, Number(id)));
    expect(await isPublic(row.slug)).toEqual(EVERYWHERE);
  });

  it('refuses a time that has passed, with its message', async () => {
    const answer = await call(
      'editor',
      newRoute.action,
      '/admin/articles/new',
      {},
      articleForm({ status: 'scheduled', publish_at: ukTimeIn(-5) }),
    );
    expect(answer.status).toBe(422);
    expect(errorsOf(answer).publish_at).toEqual([ARTICLE_MESSAGES.publishAtPast]);
  });

  it('announces the articles when a scheduled one falls due, so cached lists are dropped at that moment', async () => {
    resetArticleScheduleWatch();
    const created = await call('editor', newRoute.action, '/admin/articles/new', {}, articleForm({ status: 'draft' }));
    const id = idFrom(created);
    // Due in a second and a half (set directly: the form takes whole minutes).
    await database.db
      .update(articles)
      .set({ isPublished: true, publishedAt: new Date(Date.now() + 1500) })
      .where(eq(articles.id, Number(id)));
    announced.length = 0;
    // A public render (as the cached home page's) arms the watch.
    const before = await getLatestArticles(database.db, 100);
    const slug = (await articleRow(id)).slug;
    expect(before.some((card) => card.slug === slug)).toBe(false);
    expect(announced).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 3200));
    expect(announced).toContainEqual(['articles']);
    expect((await getLatestArticles(database.db, 100)).some((card) => card.slug === slug)).toBe(true);
    // Published now: leave it out of the other tests' way.
    await database.db
      .update(articles)
      .set({ isPublished: false })
      .where(eq(articles.id, Number(id)));
  }, 15_000);
});

describe('refusals', () => {
  it('refuses a second save from the same version, with the message, and keeps the first', async () => {
    const id = idFrom(await call('editor', newRoute.action, '/admin/articles/new', {}, articleForm()));
    const stale = await editForm(id);
    const first = await call('editor', editRoute.action, `/admin/articles/${id}`, { id }, { ...stale, title: 'First' });
    expect(first.status).toBe(303);
    const second = await call(
      'owner',
      editRoute.action,
      `/admin/articles/${id}`,
      { id },
      { ...stale, title: 'Second' },
    );
    expect(second.status).toBe(409);
    expect((second.data as { conflict: string }).conflict).toBe(ARTICLE_MESSAGES.conflict);
    expect((await articleRow(id)).title).toBe('First');
  });

  it('refuses an address another article has, with the message', async () => {
    const first = idFrom(
      await call('editor', newRoute.action, '/admin/articles/new', {}, articleForm({ slug: 'taken-address' })),
    );
    expect((await articleRow(first)).slug).toBe('taken-address');
    const clash = await call(
      'editor',
      newRoute.action,
      '/admin/articles/new',
      {},
      articleForm({ slug: 'taken-address' }),
    );
    expect(clash.status).toBe(422);
    expect(errorsOf(clash).slug).toEqual([ARTICLE_MESSAGES.slugTaken]);
    const other = idFrom(await call('editor', newRoute.action, '/admin/articles/new', {}, articleForm()));
    const rename = await call(
      'editor',
      editRoute.action,
      `/admin/articles/${other}`,
      { id: other },
      await editForm(other, { slug: 'taken-address' }),
    );
    expect(rename.status).toBe(422);
    expect(errorsOf(rename).slug).toEqual([ARTICLE_MESSAGES.slugTaken]);
  });

  it('answers hostile and missing fields with messages, never a 500', async () => {
    const answer = await call(
      'editor',
      newRoute.action,
      '/admin/articles/new',
      {},
      {
        title: '\u202e\u0007',
        kind: '<script>',
        status: '__proto__',
        slug: '../../etc/passwd',
        body_markdown: '\uD800',
      },
    );
    expect(answer.status).toBe(422);
    expect(Object.keys(errorsOf(answer))).toEqual(
      expect.arrayContaining(['title', 'kind', 'status', 'topic', 'promo']),
    );
    // A NUL character is refused by the request layer itself, as everywhere.
    const nul = await call('editor', newRoute.action, '/admin/articles/new', {}, articleForm({ title: 'a\u0000b' }));
    expect(nul.status).toBe(400);
  });
});

describe('sanitising', () => {
  it('publishes hostile Markdown and text as harmless text', async () => {
    const id = idFrom(
      await call(
        'editor',
        newRoute.action,
        '/admin/articles/new',
        {},
        articleForm({
          title: 'Safe <img src=x onerror=alert(1)> title\u202e',
          status: 'published',
          body_markdown:
            '<script>alert(1)</script>\n\n[click](javascript:alert(1)) <a href="javascript:alert(2)" onclick="x">a</a>\n\n![p](javascript:alert(3))\n\n<iframe src="https://evil.example"></iframe>',
        }),
      ),
    );
    const row = await articleRow(id);
    expect(row.title).toBe('Safe <img src=x onerror=alert(1)> title');
    const page = await getArticleBySlug(database.db, row.slug);
    expect(page?.html).not.toMatch(/<script|<iframe|javascript:|onerror|onclick/i);
    expect(page?.html).toContain('click');
  });
});

describe('preview', () => {
  it('renders the posted text as the site would and saves nothing', async () => {
    const id = idFrom(await call('editor', newRoute.action, '/admin/articles/new', {}, articleForm()));
    const before = await articleRow(id);
    const answer = await call(
      'editor',
      editRoute.action,
      `/admin/articles/${id}`,
      { id },
      await editForm(id, { intent: 'preview', title: '', body_markdown: '# Hello\n\n<script>x</script>' }),
    );
    expect(answer.status).toBe(200);
    const data = answer.data as { preview: string; formResult: { error: Record<string, unknown> } };
    expect(data.preview).toContain('<h1>Hello</h1>');
    expect(data.preview).not.toContain('<script');
    expect(data.formResult.error).toEqual({});
    expect(await articleRow(id)).toEqual(before);
  });
});

describe('revisions', () => {
  it('lists saved versions and restores one as a new version; another item’s revision is not found', async () => {
    const id = idFrom(
      await call('editor', newRoute.action, '/admin/articles/new', {}, articleForm({ body_markdown: 'Version one.' })),
    );
    await call(
      'editor',
      editRoute.action,
      `/admin/articles/${id}`,
      { id },
      await editForm(id, { body_markdown: 'Version two.' }),
    );
    const loaded = await call('editor', editRoute.loader, `/admin/articles/${id}`, { id });
    const { revisions } = loaded.data as { revisions: { id: number; version: number }[] };
    expect(revisions.map((revision) => revision.version)).toEqual([2, 1]);
    const first = revisions[1]!;

    const restored = await call(
      'editor',
      editRoute.action,
      `/admin/articles/${id}`,
      { id },
      {
        intent: 'restore',
        revision_id: String(first.id),
        version: '2',
      },
    );
    expect(restored.status).toBe(303);
    expect(restored.response?.headers.get('location')).toBe(`/admin/articles/${id}?restored=1`);
    const row = await articleRow(id);
    expect(row.bodyMarkdown).toBe('Version one.');
    expect(row.version).toBe(3);
    expect(await actionsFor(`article:${id}`)).toContain('article.restored');

    // From an old version: refused.
    const stale = await call(
      'editor',
      editRoute.action,
      `/admin/articles/${id}`,
      { id },
      {
        intent: 'restore',
        revision_id: String(first.id),
        version: '2',
      },
    );
    expect(stale.status).toBe(409);

    // A page's revision, or another article's, through this article: not found.
    await call(
      'editor',
      pageRoute.action,
      `/admin/pages/${termsId}`,
      { id: String(termsId) },
      await pageForm({ body_markdown: 'x' }),
    );
    const [pageRevision] = await database.db
      .select({ id: contentRevisions.id })
      .from(contentRevisions)
      .where(eq(contentRevisions.kind, 'page'))
      .orderBy(desc(contentRevisions.id))
      .limit(1);
    for (const revisionId of [String(pageRevision!.id), '999999']) {
      const answer = await call(
        'editor',
        editRoute.action,
        `/admin/articles/${id}`,
        { id },
        {
          intent: 'restore',
          revision_id: revisionId,
          version: '3',
        },
      );
      expect(answer.status, revisionId).toBe(404);
    }
    const otherId = idFrom(await call('editor', newRoute.action, '/admin/articles/new', {}, articleForm()));
    const wrongItem = await call(
      'editor',
      editRoute.action,
      `/admin/articles/${otherId}`,
      { id: otherId },
      {
        intent: 'restore',
        revision_id: String(first.id),
        version: '1',
      },
    );
    expect(wrongItem.status).toBe(404);
  });
});

async function pageForm(changes: Record<string, string> = {}): Promise<Record<string, string>> {
  const [row] = await database.db.select().from(pages).where(eq(pages.id, termsId));
  return {
    version: String(row!.version),
    title: row!.title,
    body_markdown: row!.bodyMarkdown,
    seo_title: row!.seoTitle,
    seo_description: row!.seoDescription,
    ...changes,
  };
}

describe('static pages', () => {
  it('saves the words, shows them on the page at once, keeps the original and restores it', async () => {
    const id = String(termsId);
    await database.db.update(pages).set({ bodyMarkdown: 'The original terms.' }).where(eq(pages.id, termsId));
    const saved = await call(
      'editor',
      pageRoute.action,
      `/admin/pages/${id}`,
      { id },
      await pageForm({
        body_markdown: 'New terms, **effective today**.',
        seo_description: 'Our terms of use.',
      }),
    );
    expect(saved.status).toBe(303);
    expect(announced).toEqual([['page:terms-of-use']]);
    const page = await getPageBySlug(database.db, 'terms-of-use');
    expect(page?.html).toContain('<strong>effective today</strong>');
    expect(page?.seoDescription).toBe('Our terms of use.');
    expect(await actionsFor('page:terms-of-use')).toContain('page.updated');

    const loaded = await call('editor', pageRoute.loader, `/admin/pages/${id}`, { id });
    const { revisions } = loaded.data as { revisions: { id: number; version: number }[] };
    const original = await database.db
      .select()
      .from(contentRevisions)
      .where(
        and(
          eq(contentRevisions.kind, 'page'),
          inArray(
            contentRevisions.id,
            revisions.map((r) => r.id),
          ),
        ),
      )
      .orderBy(asc(contentRevisions.id));
    const originalText = original.find((revision) => revision.snapshot.bodyMarkdown === 'The original terms.');
    expect(originalText, 'the text before the first save is kept').toBeDefined();

    const current = await pageForm();
    const restored = await call(
      'owner',
      pageRoute.action,
      `/admin/pages/${id}`,
      { id },
      {
        intent: 'restore',
        revision_id: String(originalText!.id),
        version: current.version!,
      },
    );
    expect(restored.status).toBe(303);
    expect((await getPageBySlug(database.db, 'terms-of-use'))?.html).toContain('The original terms.');
  });

  it('refuses a save from an older version and an empty title', async () => {
    const id = String(termsId);
    const stale = await pageForm();
    expect(
      (await call('editor', pageRoute.action, `/admin/pages/${id}`, { id }, { ...stale, body_markdown: 'One' })).status,
    ).toBe(303);
    const second = await call(
      'editor',
      pageRoute.action,
      `/admin/pages/${id}`,
      { id },
      { ...stale, body_markdown: 'Two' },
    );
    expect(second.status).toBe(409);
    expect((second.data as { conflict: string }).conflict).toBe(PAGE_MESSAGES.conflict);
    const empty = await call('editor', pageRoute.action, `/admin/pages/${id}`, { id }, await pageForm({ title: ' ' }));
    expect(empty.status).toBe(422);
    expect(errorsOf(empty).title).toEqual([PAGE_MESSAGES.title]);
  });
});

describe('images for the text', () => {
  it('refuses a file that is not an image by its bytes, whatever its name, and a role without content', async () => {
    const sessionId = 'article-images-session-0123456789abcdef';
    const request = async (who: string) => {
      const form = new FormData();
      form.append('authenticity_token', maskedCsrfToken(sessionId, process.env.SESSION_SECRET!));
      form.append('alt', 'Not a photo');
      form.append('images', new File([new TextEncoder().encode('MZ this is a program')], 'photo.jpg'));
      return new Request('http://localhost/admin/articles/images', {
        method: 'POST',
        body: form,
        headers: { origin: 'http://localhost', cookie: await cookies[who]!(), accept: 'text/html' },
      });
    };
    const context = {
      clientIp: '192.0.2.1',
      origin: 'http://localhost',
      logger: pino({ level: 'silent' }),
      requestId: 'test',
      session: { id: sessionId, isKept: true },
      anonymousCsrfId: null,
    };
    const answer = async (who: string) => {
      try {
        const result = await imagesRoute.action({ request: await request(who), context, params: {} } as never);
        return result as unknown as { init?: { status?: number }; data?: { error: string | null } };
      } catch (thrown) {
        return { init: { status: (thrown as Response).status }, data: undefined };
      }
    };
    const refused = await answer('editor');
    expect(refused.init?.status).toBe(422);
    expect(refused.data?.error).toMatch(/^Only .* can be uploaded here\. Nothing was uploaded\.$/);
    expect((await answer('manager')).init?.status).toBe(403);
  });
});
