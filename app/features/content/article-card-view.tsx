import { imageUrlWithSize } from '../properties/index.ts';
import { CARD_IMAGE } from '../media/index.ts';
import type { ArticleCard } from './article-queries.server.ts';

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

export function formatArticleDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** Spec point 2 'Articles page' card: image or 'No image', topic tag, title, date (news only) and promo. */
export function ArticleCardView({
  article,
  headingLevel = 2,
  isPriority = false,
}: {
  article: ArticleCard;
  headingLevel?: 2 | 3;
  isPriority?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="article-card">
      <div className="article-card__media">
        {article.heroImage ? (
          <img
            src={imageUrlWithSize(article.heroImage, CARD_IMAGE.width, CARD_IMAGE.height)}
            srcSet={`${imageUrlWithSize(article.heroImage, CARD_IMAGE.width, CARD_IMAGE.height)} 1x, ${imageUrlWithSize(article.heroImage, CARD_IMAGE.width * 2, CARD_IMAGE.height * 2)} 2x`}
            width={CARD_IMAGE.width}
            height={CARD_IMAGE.height}
            alt=""
            loading={isPriority ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <div className="article-card__no-image">No image</div>
        )}
      </div>
      <div className="article-card__body">
        <p className="article-card__topic">
          <span className="visually-hidden">Topic: </span>
          <span className="tag">{article.topic}</span>
        </p>
        <Heading className="article-card__title">
          <a href={`/articles/${article.slug}`}>{article.title}</a>
        </Heading>
        {article.kind === 'news' ? (
          <p className="article-card__date">
            <time dateTime={article.displayDate}>{formatArticleDate(article.displayDate)}</time>
          </p>
        ) : null}
        <p className="article-card__promo">{article.promo}</p>
      </div>
    </article>
  );
}
