import type { Route } from './+types/articles-rss';
import { articlesTitle } from '../../features/content/article-list.ts';
import { listArticleKinds, listArticlesForFeed } from '../../features/content/article-queries.server.ts';
import { renderRss } from '../../features/content/rss.ts';
import { getSiteChrome } from '../../features/site/site-chrome.server.ts';
import { getDb } from '../../lib/db.server.ts';

const FEED_SIZE = 50;

/** /articles.rss: the newest articles as RSS 2.0. */
export async function loader({ context }: Route.LoaderArgs) {
  const db = getDb();
  const [chrome, kinds, items] = await Promise.all([
    getSiteChrome(db),
    listArticleKinds(db),
    listArticlesForFeed(db, FEED_SIZE),
  ]);
  const xml = renderRss(
    {
      title: `${chrome.agencyName} ${articlesTitle(kinds)}`,
      origin: context.origin,
      description: `Property news, market updates and advice from ${chrome.agencyName}.`,
    },
    items.map((article) => ({
      title: article.title,
      path: `/articles/${article.slug}`,
      description: article.promo,
      publishedAt: new Date(article.displayDate),
      category: article.topic,
    })),
  );
  return new Response(xml, {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': 'public, max-age=900' },
  });
}
