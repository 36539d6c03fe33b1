import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './browser.ts';

const { newPage, baseURL } = useBrowser();

const EMPTY = "Sorry, we couldn't find any articles in that topic.";

describe('articles#index', () => {
  it("is server-rendered as 'News & Blog' with breadcrumbs, a toggle, cards and 'n / total' pages", async () => {
    const response = await fetch(`${baseURL}/articles`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<h1>News &amp; Blog</h1>');
    expect(html).toContain('class="article-card"');

    for (const width of [1280, 390]) {
      const page = await newPage({ width, height: 900 });
      await page.goto('/articles');
      expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).textContent()).toContain('Home');
      expect(await page.getByRole('link', { name: 'News', exact: true }).getAttribute('aria-current')).toBe('page');
      // Page size: theme calendarPageSize (12 in the seed).
      expect(await page.locator('.article-card').count()).toBe(12);
      expect(await page.locator('.article-card__date').count()).toBe(12);
      expect(await page.getByText('No image').count()).toBeGreaterThan(0);
      expect(await page.locator('.prev-next__count').textContent()).toMatch(/^Page 1 \/ [2-9]$/);
      await expectNoAxeViolations(page);
    }
  });

  it('pages with Prev and Next, filters by topic (resetting the page) and removes the filter', async () => {
    const page = await newPage();
    await page.goto('/articles');
    const total = (await page.locator('.prev-next__count').textContent())?.split('/ ')[1];
    await page.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL('**/articles?page=2');
    await expect.poll(() => page.locator('.prev-next__count').textContent()).toBe(`Page 2 / ${total}`);
    expect(await page.locator('span.button.is-disabled', { hasText: 'Prev' }).count()).toBe(0);

    await page.getByLabel('Filter by topic').selectOption('Company news');
    await page.waitForURL(/topic=Company\+news/);
    expect(page.url()).not.toContain('page=');
    await expect.poll(() => page.locator('.prev-next__count').textContent()).toBe('Page 1 / 1');
    const tags = await page.locator('.article-card__topic .tag').allTextContents();
    expect(tags.length).toBeGreaterThan(0);
    expect(await page.locator('.prev-next__count').textContent()).toBe('Page 1 / 1');
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Remove topic filter: Company news' }).click();
    await page.waitForURL((url) => url.pathname === '/articles' && !url.search.includes('topic'));
    await expect.poll(() => page.getByLabel('Filter by topic').inputValue()).toBe('');
  });

  it('searches with Enter and with the button, resetting the page; the toggle resets topic and search', async () => {
    const page = await newPage();
    await page.goto('/articles?kind=blog&topic=Buying+tips&page=1');
    expect(await page.locator('.article-card__date').count()).toBe(0);
    const search = page.getByLabel('Search articles');
    await search.fill('survey');
    await search.press('Enter');
    await page.waitForURL(/q=survey/);
    expect(page.url()).toContain('topic=Buying+tips');
    await expect
      .poll(() => page.locator('.article-card__title').allTextContents())
      .toEqual(['Surveys explained: which one do you need?']);

    await search.fill('zzzz-nothing');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/q=zzzz-nothing/);
    await expect.poll(() => page.locator('.articles-empty').textContent()).toBe(EMPTY);

    await page.getByRole('link', { name: 'News', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/articles' && url.search === '');
    await expect.poll(() => page.getByLabel('Search articles').inputValue()).toBe('');
    await expect.poll(() => page.getByLabel('Filter by topic').inputValue()).toBe('');
    await expect.poll(() => page.locator('.article-card').count()).toBe(12);
  });

  it('preselects the tab and topic from #/news/{topic} and #/blog/{topic}', async () => {
    const page = await newPage();
    await page.goto('/articles#/blog/local-area-guides');
    // The hash may name a topic by its slug; the server resolves it to the topic.
    await page.waitForURL(/kind=blog&topic=local-area-guides/);
    await expect.poll(() => page.getByLabel('Filter by topic').inputValue()).toBe('Local area guides');
    expect(await page.getByRole('link', { name: 'Blog', exact: true }).getAttribute('aria-current')).toBe('page');
    expect(await page.locator('.article-card__topic .tag').count()).toBeGreaterThan(0);
    expect(page.url()).not.toContain('#');

    await page.goto('/articles#/news/Company%20news');
    await page.waitForURL(/topic=Company\+news/);
    await expect.poll(() => page.getByLabel('Filter by topic').inputValue()).toBe('Company news');

    await page.goto('/articles#/news/gardening');
    await page.waitForURL(/topic=gardening/);
    await expect.poll(() => page.locator('.articles-empty').textContent()).toBe(EMPTY);
  });

  it('works without JavaScript through the query string', async () => {
    const html = await (await fetch(`${baseURL}/articles?kind=blog&topic=selling-tips`)).text();
    expect(html).toContain('<option value="Selling tips" selected="">Selling tips</option>');
    expect(html).not.toContain('article-card__date');
  });
});

describe('article page', () => {
  it('renders the article with date, topic, hero image and JSON-LD', async () => {
    const phone = await newPage({ width: 390, height: 844 });
    await phone.goto('/articles/kingsmead-quarter-launches-in-bath');
    expect(await phone.locator('.article-page__hero').count()).toBe(1);
    await expectNoAxeViolations(phone);
    const page = await newPage();
    await page.goto('/articles');
    const first = page.locator('.article-card__title a').first();
    const title = await first.textContent();
    await first.click();
    await page.waitForURL(/\/articles\/[a-z0-9-]+$/);
    await expect.poll(() => page.locator('h1').textContent()).toBe(title);
    expect(await page.locator('.article-page__meta time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const article = jsonLd
      .map((text) => JSON.parse(text) as { '@type': string; headline?: string })
      .find((entry) => entry['@type'] === 'NewsArticle');
    expect(article?.headline).toBe(title);
    expect(await page.locator('.article-page__body h2').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
  });

  it('answers a missing slug with the 404 page', async () => {
    const page = await newPage({ width: 390, height: 844 });
    const response = await page.goto('/articles/no-such-article');
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Page not found');
  });
});
