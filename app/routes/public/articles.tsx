import { useEffect } from 'react';
import { data, Form, Link, useLocation, useNavigate, useNavigation, useSubmit } from 'react-router';
import type { Route } from './+types/articles';
import {
  ALL_TOPICS_LABEL,
  DEFAULT_ARTICLES_PAGE_SIZE,
  NO_ARTICLES_MESSAGE,
  articleListHref,
  articlesTitle,
  kindLabel,
  parseArticleHash,
  parseArticleListParams,
  totalPages,
  withKind,
  withPage,
  withTopic,
} from '../../features/content/article-list.ts';
import { listArticleKinds, listArticles } from '../../features/content/article-queries.server.ts';
import { ArticleCardView } from '../../features/content/article-card-view.tsx';
import { openGraphMeta } from '../../features/content/open-graph.ts';
import { getSiteChrome } from '../../features/site/site-chrome.server.ts';
import { useIsHydrated } from '../../components/use-is-hydrated.ts';
import { useChoiceMadeBeforeHydration } from '../../components/use-choice-before-hydration.ts';
import { getDb } from '../../lib/db.server.ts';

/** articles#index: server-rendered from ?kind=&topic=&q=&page= so it works without JavaScript and is crawlable. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = getDb();
  const url = new URL(request.url);
  const [chrome, kinds] = await Promise.all([getSiteChrome(db), listArticleKinds(db)]);
  const pageSize = chrome.theme.calendarPageSize > 0 ? chrome.theme.calendarPageSize : DEFAULT_ARTICLES_PAGE_SIZE;
  const requested = parseArticleListParams(url.searchParams, kinds);
  const list = await listArticles(db, requested, { pageSize, availableKinds: kinds });
  const pages = totalPages(list.total, pageSize);
  if (list.total > 0 && requested.page > pages) throw data('Page not found', { status: 404 });
  return {
    ...list,
    totalPages: pages,
    title: articlesTitle(kinds),
    agencyName: chrome.agencyName,
    canonical: `${context.origin}${articleListHref(list.state, kinds)}`,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { state, title, agencyName } = loaderData;
  const parts = [title];
  if (loaderData.availableKinds.length > 1) parts.push(kindLabel(state.kind));
  if (state.topic) parts.push(state.topic);
  if (state.q) parts.push(`“${state.q}”`);
  if (state.page > 1) parts.push(`page ${state.page}`);
  const pageTitle = `${parts.join(' – ')} | ${agencyName}`;
  const isFiltered = Boolean(state.q) || loaderData.isUnknownTopic || loaderData.total === 0;
  return [
    { title: pageTitle },
    ...openGraphMeta({
      title: pageTitle,
      url: loaderData.canonical,
      description: `Property news, market updates and advice from ${agencyName}.`,
    }),
    { tagName: 'link', rel: 'canonical', href: loaderData.canonical },
    ...(isFiltered ? [{ name: 'robots', content: 'noindex, follow' }] : []),
  ];
}

export default function ArticlesPage({ loaderData }: Route.ComponentProps) {
  const { articles, state, topics, availableKinds, title, total } = loaderData;
  const navigate = useNavigate();
  const submit = useSubmit();
  const location = useLocation();
  const navigation = useNavigation();
  const isEnhanced = useIsHydrated();
  const topicSelect = useChoiceMadeBeforeHydration(state.topic, (_topic, select) => {
    void submit(select.form, { preventScrollReset: true });
  });

  // '#/news/{topic}' and '#/blog/{topic}' preselect the tab and topic (spec point 2).
  useEffect(() => {
    const preselect = parseArticleHash(location.hash);
    if (!preselect) return;
    void navigate(
      articleListHref(withTopic(withKind(state, preselect.kind), preselect.topic || ALL_TOPICS_LABEL), availableKinds),
      {
        replace: true,
      },
    );
  }, [location.hash, navigate, state, availableKinds]);

  const href = (next: typeof state) => articleListHref(next, availableKinds);
  const isLoading = navigation.state === 'loading' && navigation.location.pathname === '/articles';
  const showKind = availableKinds.length > 1;

  return (
    <div className="container articles-page">
      <nav aria-label="Breadcrumb" className="breadcrumbs">
        <ol>
          <li>
            <a href="/">Home</a>
          </li>
          <li aria-current="page">{title}</li>
        </ol>
      </nav>
      <h1>{title}</h1>

      {showKind ? (
        <nav className="kind-toggle" aria-label="News or blog">
          <ul>
            {availableKinds.map((kind) => (
              <li key={kind}>
                <Link
                  to={href(withKind(state, kind))}
                  aria-current={state.kind === kind ? 'page' : undefined}
                  preventScrollReset
                >
                  {kindLabel(kind)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      <div className="articles-filters">
        <Form method="get" action="/articles" role="search" className="articles-search" preventScrollReset>
          {state.kind !== availableKinds[0] ? <input type="hidden" name="kind" value={state.kind} /> : null}
          {state.topic ? <input type="hidden" name="topic" value={state.topic} /> : null}
          <div className="field">
            <label htmlFor="articles-q">Search articles</label>
            <div className="input-with-button">
              <input
                id="articles-q"
                type="search"
                name="q"
                defaultValue={state.q}
                key={state.q}
                enterKeyHint="search"
              />
              <button type="submit" className="button button--primary">
                Search
              </button>
            </div>
          </div>
        </Form>

        <Form method="get" action="/articles" className="articles-topic" preventScrollReset>
          {state.kind !== availableKinds[0] ? <input type="hidden" name="kind" value={state.kind} /> : null}
          {state.q ? <input type="hidden" name="q" value={state.q} /> : null}
          <div className="field">
            <label htmlFor="articles-topic">Filter by topic</label>
            <div className="input-with-button">
              <select
                id="articles-topic"
                name="topic"
                ref={topicSelect}
                defaultValue={state.topic}
                // No restoring of an old choice on a page brought back from history: it would be applied again.
                autoComplete="off"
                onChange={(event) => {
                  // A topic change resets the page (the form carries no page field).
                  void submit(event.currentTarget.form, { preventScrollReset: true });
                }}
              >
                <option value="">{ALL_TOPICS_LABEL}</option>
                {topics.map((topic) => (
                  <option key={topic} value={topic}>
                    {topic}
                  </option>
                ))}
              </select>
              {isEnhanced ? null : (
                <button type="submit" className="button">
                  Filter
                </button>
              )}
            </div>
          </div>
          {state.topic ? (
            <Link className="remove-filter" to={href(withTopic(state, ALL_TOPICS_LABEL))} preventScrollReset>
              <svg aria-hidden="true" width="14" height="14" viewBox="0 0 14 14">
                <path d="M3 3l8 8M11 3l-8 8" stroke="currentColor" strokeWidth="2" />
              </svg>
              <span className="visually-hidden">Remove topic filter: </span>
              {state.topic}
            </Link>
          ) : null}
        </Form>
      </div>

      <p className="visually-hidden" role="status">
        {isLoading ? 'Loading articles' : `${total} ${total === 1 ? 'article' : 'articles'} found`}
      </p>

      <div className={`articles-results${isLoading ? ' is-loading' : ''}`}>
        {articles.length === 0 ? (
          <p className="articles-empty">{NO_ARTICLES_MESSAGE}</p>
        ) : (
          <ul className="article-grid">
            {articles.map((article, index) => (
              <li key={article.id}>
                <ArticleCardView article={article} headingLevel={2} isPriority={index === 0} />
              </li>
            ))}
          </ul>
        )}
      </div>

      {total > 0 ? (
        <nav className="prev-next" aria-label="Articles pages">
          {state.page > 1 ? (
            <Link to={href(withPage(state, state.page - 1))} rel="prev" className="button">
              Prev<span className="visually-hidden">ious page</span>
            </Link>
          ) : (
            <span className="button is-disabled" aria-disabled="true">
              Prev<span className="visually-hidden">ious page</span>
            </span>
          )}
          <span className="prev-next__count">
            <span className="visually-hidden">Page </span>
            {state.page} / {loaderData.totalPages}
          </span>
          {state.page < loaderData.totalPages ? (
            <Link to={href(withPage(state, state.page + 1))} rel="next" className="button">
              Next<span className="visually-hidden"> page</span>
            </Link>
          ) : (
            <span className="button is-disabled" aria-disabled="true">
              Next<span className="visually-hidden"> page</span>
            </span>
          )}
        </nav>
      ) : null}
    </div>
  );
}
