import { describe, expect, it } from 'vitest';
import {
  articleListHref,
  articlesTitle,
  parseArticleHash,
  parseArticleListParams,
  resolveTopic,
  totalPages,
  withKind,
  withPage,
  withQuery,
  withTopic,
  type ArticleListState,
} from './article-list.ts';

const both = ['news', 'blog'] as const;
const state: ArticleListState = { kind: 'news', topic: 'Market update', q: 'bath', page: 3 };

describe('article list state rules (spec point 4)', () => {
  it('the toggle switches kind and resets topic to All, search to empty and the page', () => {
    expect(withKind(state, 'blog')).toEqual({ kind: 'blog', topic: '', q: '', page: 1 });
  });

  it('a topic change resets the page to the first and keeps the search', () => {
    expect(withTopic(state, 'Company news')).toEqual({ kind: 'news', topic: 'Company news', q: 'bath', page: 1 });
    expect(withTopic(state, 'All').topic).toBe('');
  });

  it('a search resets the page and keeps the topic', () => {
    expect(withQuery(state, '  york ')).toEqual({ kind: 'news', topic: 'Market update', q: 'york', page: 1 });
  });

  it('pages never go below 1', () => {
    expect(withPage(state, 0).page).toBe(1);
    expect(withPage(state, 2).page).toBe(2);
  });
});

describe('parseArticleListParams', () => {
  it('reads kind, topic, q and page, ignoring bad values', () => {
    expect(
      parseArticleListParams(new URLSearchParams('kind=blog&topic=Selling%20tips&q=home&page=2'), [...both]),
    ).toEqual({
      kind: 'blog',
      topic: 'Selling tips',
      q: 'home',
      page: 2,
    });
    expect(parseArticleListParams(new URLSearchParams('kind=gossip&page=-4'), [...both])).toEqual({
      kind: 'news',
      topic: '',
      q: '',
      page: 1,
    });
  });

  it('falls back to the only kind that exists', () => {
    expect(parseArticleListParams(new URLSearchParams('kind=news'), ['blog']).kind).toBe('blog');
  });
});

describe('articleListHref', () => {
  it('leaves defaults out so each list page has one address', () => {
    expect(articleListHref({ kind: 'news', topic: '', q: '', page: 1 }, [...both])).toBe('/articles');
    expect(articleListHref({ kind: 'blog', topic: 'Selling tips', q: 'a b', page: 2 }, [...both])).toBe(
      '/articles?kind=blog&topic=Selling+tips&q=a+b&page=2',
    );
  });
});

describe('articlesTitle', () => {
  it("is 'News', 'Blogs' or 'News & Blog'", () => {
    expect(articlesTitle(['news'])).toBe('News');
    expect(articlesTitle(['blog'])).toBe('Blogs');
    expect(articlesTitle(['news', 'blog'])).toBe('News & Blog');
  });
});

describe('hash preselect', () => {
  it('reads #/news/{topic} and #/blog/{topic}', () => {
    expect(parseArticleHash('#/news/market-update')).toEqual({ kind: 'news', topic: 'market-update' });
    expect(parseArticleHash('#/blog/Selling%20tips')).toEqual({ kind: 'blog', topic: 'Selling tips' });
    expect(parseArticleHash('#/blog')).toEqual({ kind: 'blog', topic: '' });
    expect(parseArticleHash('#/book-a-valuation')).toBeNull();
    expect(parseArticleHash('#/news/%E0%A4%A')).toEqual({ kind: 'news', topic: '' });
  });

  it('matches a topic by name or slug', () => {
    const topics = ['Market update', 'Local area guides'];
    expect(resolveTopic('market-update', topics)).toBe('Market update');
    expect(resolveTopic('LOCAL AREA GUIDES', topics)).toBe('Local area guides');
    expect(resolveTopic('All', topics)).toBe('');
    expect(resolveTopic('Gardening', topics)).toBeNull();
  });
});

describe('totalPages', () => {
  it('is at least one', () => {
    expect(totalPages(0, 12)).toBe(1);
    expect(totalPages(25, 12)).toBe(3);
  });
});
