import { data } from 'react-router';
import type { Route } from './+types/article';
import { articlesTitle, kindLabel, topicSlug } from '../../features/content/article-list.ts';
import { getArticleBySlug, listArticleKinds } from '../../features/content/article-queries.server.ts';
import { formatArticleDate } from '../../features/content/article-card-view.tsx';
import { jsonLdMeta, openGraphMeta } from '../../features/content/open-graph.ts';
import { getSiteChrome } from '../../features/site/site-chrome.server.ts';
import { imageSrcSet, imageUrlWithSize } from '../../features/properties/property-display.ts';
import { getDb } from '../../lib/db.server.ts';

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = getDb();
  const [article, kinds, chrome] = await Promise.all([
    getArticleBySlug(db, params.slug),
    listArticleKinds(db),
    getSiteChrome(db),
  ]);
  if (!article) throw data('Article not found', { status: 404 });
  return {
    article,
    listTitle: articlesTitle(kinds),
    agencyName: chrome.agencyName,
    logo: chrome.logo,
    origin: context.origin,
    canonical: `${context.origin}/articles/${article.slug}`,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { article, canonical, origin, agencyName } = loaderData;
  const image = article.heroImage ? `${origin}${imageUrlWithSize(article.heroImage, 1160)}` : null;
  return [
    { title: `${article.seoTitle} | ${agencyName}` },
    ...openGraphMeta({
      title: article.seoTitle,
      description: article.seoDescription,
      url: canonical,
      type: 'article',
      image,
    }),
    { property: 'article:published_time', content: article.publishedAt },
    { property: 'article:section', content: article.topic },
    { tagName: 'link', rel: 'canonical', href: canonical },
    jsonLdMeta({
      '@context': 'https://schema.org',
      '@type': article.kind === 'news' ? 'NewsArticle' : 'BlogPosting',
      headline: article.title,
      description: article.promo,
      datePublished: article.publishedAt,
      dateModified: article.updatedAt,
      articleSection: article.topic,
      keywords: article.topics.join(', '),
      mainEntityOfPage: canonical,
      url: canonical,
      ...(image ? { image: [image] } : {}),
      author: { '@type': 'Organization', name: agencyName, url: `${origin}/` },
      publisher: {
        '@type': 'Organization',
        name: agencyName,
        logo: {
          '@type': 'ImageObject',
          url: loaderData.logo.startsWith('http') ? loaderData.logo : `${origin}${loaderData.logo}`,
        },
      },
    }),
    jsonLdMeta({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${origin}/` },
        { '@type': 'ListItem', position: 2, name: loaderData.listTitle, item: `${origin}/articles` },
        { '@type': 'ListItem', position: 3, name: article.title, item: canonical },
      ],
    }),
  ];
}

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, listTitle } = loaderData;
  const srcSet = article.heroImage ? imageSrcSet(article.heroImage) : '';
  return (
    <article className="container article-page">
      <nav aria-label="Breadcrumb" className="breadcrumbs">
        <ol>
          <li>
            <a href="/">Home</a>
          </li>
          <li>
            <a href="/articles">{listTitle}</a>
          </li>
          <li aria-current="page">{article.title}</li>
        </ol>
      </nav>
      <header className="article-page__header">
        <p className="article-page__meta">
          <a className="tag tag--link" href={`/articles#/${article.kind}/${topicSlug(article.topic)}`}>
            <span className="visually-hidden">{kindLabel(article.kind)} topic: </span>
            {article.topic}
          </a>
          <time dateTime={article.publishedAt}>{formatArticleDate(article.publishedAt)}</time>
        </p>
        <h1>{article.title}</h1>
        <p className="article-page__promo">{article.promo}</p>
      </header>
      {article.heroImage ? (
        <img
          className="article-page__hero"
          src={imageUrlWithSize(article.heroImage, 1160)}
          srcSet={srcSet || undefined}
          sizes="(min-width: 1200px) 1160px, 100vw"
          alt=""
          width={1160}
          height={653}
          fetchPriority="high"
        />
      ) : null}
      <div className="prose article-page__body" dangerouslySetInnerHTML={{ __html: article.html }} />
      <p>
        <a href="/articles">Back to {listTitle}</a>
      </p>
    </article>
  );
}
