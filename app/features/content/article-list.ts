import { z } from 'zod';

/** Spec point 8: the articles page's empty message. */
export const NO_ARTICLES_MESSAGE = "Sorry, we couldn't find any articles in that topic.";
/** Spec point 9: the articles page size comes from theme calendarPageSize, default 12. */
export const DEFAULT_ARTICLES_PAGE_SIZE = 12;
export const ALL_TOPICS_LABEL = 'All';

export type ArticleKind = 'news' | 'blog';

/** The articles list state of spec point 3, as it travels in the URL: ?kind=&topic=&q=&page=. */
export type ArticleListState = { kind: ArticleKind; topic: string; q: string; page: number };

// Built on first use, not at import: only the loader parses, and a schema built at import would keep zod in the
// browser bundle of every page that links to an article list.
const paramsSchema = () =>
  z.object({
    kind: z.enum(['news', 'blog']).optional().catch(undefined),
    topic: z.string().trim().max(100).optional().catch(undefined),
    q: z.string().trim().max(100).optional().catch(undefined),
    page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
  });

/** Reads the state from query parameters; the kind falls back to the first kind that has articles. */
export function parseArticleListParams(params: URLSearchParams, availableKinds: ArticleKind[]): ArticleListState {
  const parsed = paramsSchema().parse(Object.fromEntries(params));
  const fallbackKind = availableKinds[0] ?? 'news';
  const kind = parsed.kind && availableKinds.includes(parsed.kind) ? parsed.kind : fallbackKind;
  return { kind, topic: parsed.topic ?? '', q: parsed.q ?? '', page: parsed.page ?? 1 };
}

/** Spec point 4 'Articles': the toggle switches news/blog and resets topic to All and search to empty. */
export function withKind(_state: ArticleListState, kind: ArticleKind): ArticleListState {
  return { kind, topic: '', q: '', page: 1 };
}

/** A topic change resets the page to the first. */
export function withTopic(state: ArticleListState, topic: string): ArticleListState {
  return { ...state, topic: topic === ALL_TOPICS_LABEL ? '' : topic, page: 1 };
}

/** A search resets the page. */
export function withQuery(state: ArticleListState, q: string): ArticleListState {
  return { ...state, q: q.trim(), page: 1 };
}

export function withPage(state: ArticleListState, page: number): ArticleListState {
  return { ...state, page: Math.max(1, Math.floor(page)) };
}

/** The canonical URL of a state: defaults are left out so each page has exactly one address. */
export function articleListHref(state: ArticleListState, availableKinds: ArticleKind[]): string {
  const params = new URLSearchParams();
  if (state.kind !== (availableKinds[0] ?? 'news')) params.set('kind', state.kind);
  if (state.topic) params.set('topic', state.topic);
  if (state.q) params.set('q', state.q);
  if (state.page > 1) params.set('page', String(state.page));
  const query = params.toString();
  return query ? `/articles?${query}` : '/articles';
}

/** Spec point 2 'Articles page': 'News', 'Blogs' or 'News & Blog', by which kinds exist. */
export function articlesTitle(availableKinds: ArticleKind[]): string {
  const hasNews = availableKinds.includes('news');
  const hasBlog = availableKinds.includes('blog');
  if (hasNews && hasBlog) return 'News & Blog';
  return hasBlog ? 'Blogs' : 'News';
}

export function kindLabel(kind: ArticleKind): string {
  return kind === 'news' ? 'News' : 'Blog';
}

export function totalPages(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Spec point 2: '#/news/{topic}' or '#/blog/{topic}' preselects the tab and topic filter. */
export function parseArticleHash(hash: string): { kind: ArticleKind; topic: string } | null {
  const match = /^#\/(news|blog)(?:\/(.*))?$/.exec(hash);
  if (!match) return null;
  let topic = '';
  try {
    topic = decodeURIComponent((match[2] ?? '').replace(/\+/g, ' '))
      .replace(/\/$/, '')
      .trim();
  } catch {
    topic = '';
  }
  return { kind: match[1] as ArticleKind, topic };
}

export function topicSlug(topic: string): string {
  return topic
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A topic named in a URL or hash may be its name in any case or its slug ('market-update'). */
export function resolveTopic(requested: string, topics: string[]): string | null {
  if (!requested || requested === ALL_TOPICS_LABEL) return '';
  const wanted = topicSlug(requested);
  return topics.find((topic) => topicSlug(topic) === wanted) ?? null;
}
