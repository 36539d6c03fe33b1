/**
 * The article and page editors end to end. An editor (set up through `npm run staff:create`) writes an article with
 * the live preview, uploads an image into the text and publishes it: it appears at once on /articles (which was in the shared page cache), on its own
 * page, in the sitemap and in the RSS feed. A second tab's save from the older version is refused with the message.
 * The editor changes the terms of use and the public page shows the new text at once, then restores the original
 * from the history. Without JavaScript, Preview posts the form and shows the rendered text; a scheduled article
 * stays off the site; an upload answers with the Markdown to copy. Axe checks every editor page at desktop and phone widths.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser, hydrated } from './browser.ts';
import { completeStaffSetup, pathOf, setupLinkOf, staffCreate } from './staff-helpers.ts';

const { newPage, baseURL } = useBrowser();
const PASSWORD = 'willow quartz harbour lantern';
const stamp = Date.now();
const TITLE = `Harbour market notes ${stamp}`;
const SLUG = `harbour-market-notes-${stamp}`;

async function publicText(path: string): Promise<{ text: string; cache: string | null; status: number }> {
  const response = await fetch(`${baseURL}${path}`);
  return { text: await response.text(), cache: response.headers.get('x-cache'), status: response.status };
}

async function checkBothWidths(page: Page): Promise<void> {
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function signedInEditor(page: Page, email: string): Promise<void> {
  const created = await staffCreate(['--email', email, '--name', `Eda Editor ${stamp}`, '--role', 'editor']);
  expect(created.code, created.output).toBe(0);
  await completeStaffSetup(page, setupLinkOf(created.output), PASSWORD);
}

async function sitemapHas(path: string, section: 'articles' | 'pages' = 'articles'): Promise<boolean> {
  const index = await publicText('/sitemap.xml');
  const files = [...index.text.matchAll(/<loc>[^<]*(\/sitemaps\/[a-z-]+-\d+\.xml)<\/loc>/g)]
    .map((m) => m[1]!)
    .filter((file) => file.startsWith(`/sitemaps/${section}-`));
  for (const file of files) {
    if ((await publicText(file)).text.includes(`${path}</loc>`)) return true;
  }
  return false;
}

/** A small photo as a file chooser hands it over. */
async function photoFile(name: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 30, g: 90, b: 140 } } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

const noticeText = async (page: Page) =>
  (await page.locator('.admin-notice').count()) > 0 ? ((await page.locator('.admin-notice').textContent()) ?? '') : '';
const summaryText = async (page: Page) =>
  (await page.locator('.error-summary').count()) > 0
    ? ((await page.locator('.error-summary').textContent()) ?? '')
    : '';

describe('the article and page editors', () => {
  let page: Page;

  it('an editor publishes an article and it appears on /articles, its page, the sitemap and RSS at once', async () => {
    page = await newPage();
    await signedInEditor(page, `e2e-articles-editor-${stamp}@agency.example`);

    await page.goto('/admin');
    const nav = page.getByRole('navigation', { name: 'Back office' });
    expect(await nav.getByRole('link', { name: 'Articles' }).count()).toBe(1);
    expect(await nav.getByRole('link', { name: 'Pages' }).count()).toBe(1);
    expect(await nav.getByRole('link', { name: 'Leads' }).count()).toBe(0);

    await nav.getByRole('link', { name: 'Articles' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Articles');
    await checkBothWidths(page);

    // The public list is in the shared cache before the article is published.
    await publicText('/articles');
    const cachedList = await publicText('/articles');
    expect(cachedList.cache).toBe('HIT');
    expect(cachedList.text).not.toContain(TITLE);

    await page.getByRole('link', { name: 'Write an article' }).click();
    await expect.poll(() => pathOf(page)).toBe('/admin/articles/new');
    await expect.poll(() => page.locator('h1').textContent()).toBe('New article');
    await hydrated(page);
    await page.getByLabel('Title', { exact: true }).fill(TITLE);
    await page.getByLabel('Topic', { exact: true }).fill('Market update');
    await page.getByLabel('Summary').fill('Asking prices along the harbour held steady this month.');
    await page
      .getByLabel('Text', { exact: true })
      .fill('## What we saw\n\nMore **first-time buyers** than last spring.');
    // The live preview follows the typing.
    await expect
      .poll(() => page.locator('.markdown-preview__body').innerHTML(), { timeout: 10_000 })
      .toContain('<h2>What we saw</h2>');
    expect(await page.locator('.markdown-preview__body strong').textContent()).toBe('first-time buyers');

    // An image uploaded from the editor goes into the text where the caret is, and shows in the preview.
    await page.getByLabel('Description of the images').fill('The harbour at dusk');
    await page.getByLabel(/^Images \(JPEG/).setInputFiles([await photoFile('harbour.jpg')]);
    await page.getByRole('button', { name: 'Upload images' }).click();
    await expect
      .poll(() => page.getByLabel('Text', { exact: true }).inputValue(), { timeout: 20_000 })
      .toMatch(/!\[The harbour at dusk\]\(\/media\/articles\/[0-9a-f-]{36}\.jpg\)/);
    const imageUrl = /\((\/media\/articles\/[^)]+)\)/.exec(
      await page.getByLabel('Text', { exact: true }).inputValue(),
    )![1]!;
    await expect
      .poll(() => page.locator('.markdown-preview__body img').getAttribute('src'), { timeout: 10_000 })
      .toBe(imageUrl);
    expect((await fetch(`${baseURL}${imageUrl}`)).headers.get('content-type')).toMatch(/^image\/jpeg/);
    // The same upload can become the article's picture (its card and the top of its page).
    await page.getByRole('button', { name: 'Use harbour.jpg as the article’s picture' }).click();
    expect(await page.getByLabel('Picture address (optional)').inputValue()).toBe(imageUrl);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('hero_image_url');
    expect(await page.getByText('harbour.jpg is the article’s picture. Save the article to keep it.').count()).toBe(1);
    await checkBothWidths(page);

    await page.getByLabel('Status').selectOption('published');
    await page.getByRole('button', { name: 'Save the article' }).click();
    await expect.poll(() => noticeText(page), { timeout: 20_000 }).toContain('The article has been saved');
    expect(await page.locator('h1').textContent()).toBe(TITLE);
    await checkBothWidths(page);

    // At once, everywhere.
    expect((await publicText('/articles')).text).toContain(TITLE);
    const articlePage = await publicText(`/articles/${SLUG}`);
    expect(articlePage.status).toBe(200);
    expect(articlePage.text).toContain('<h2>What we saw</h2>');
    expect(articlePage.text).toMatch(/<img src="\/media\/articles\/[0-9a-f-]{36}\.jpg" alt="The harbour at dusk"/);
    const pictureName = imageUrl.replace('/media/', '');
    expect(articlePage.text).toContain(`src="/media/1160x/${pictureName}"`);
    expect((await publicText('/articles')).text).toMatch(new RegExp(`src="/media/\\d+x\\d+/${pictureName}"`));
    expect(await sitemapHas(`/articles/${SLUG}`)).toBe(true);
    expect((await publicText('/articles.rss')).text).toContain(`<title>${TITLE}</title>`);

    const visitor = await newPage();
    await visitor.goto('/articles');
    expect(await visitor.getByRole('link', { name: TITLE }).count()).toBeGreaterThan(0);
  }, 180_000);

  it('refuses a save from a tab opened before the last save, with the message', async () => {
    const editUrl = pathOf(page);
    expect(editUrl).toMatch(/^\/admin\/articles\/\d+$/);
    const staleTab = await page.context().newPage();
    await staleTab.goto(editUrl);
    await staleTab.getByLabel('Summary').waitFor();
    await hydrated(staleTab);
    await hydrated(page);

    await page.getByLabel('Summary').fill('Asking prices held steady; more buyers came back.');
    await page.getByRole('button', { name: 'Save the article' }).click();
    await expect.poll(() => noticeText(page), { timeout: 20_000 }).toContain('The article has been saved');

    await staleTab.getByLabel('Summary').fill('This should not be saved.');
    await staleTab.getByRole('button', { name: 'Save the article' }).click();
    await expect
      .poll(() => summaryText(staleTab), { timeout: 20_000 })
      .toContain('Someone else saved this article while you were editing it');
    expect(await staleTab.getByLabel('Summary').inputValue()).toBe('Asking prices held steady; more buyers came back.');
    expect((await publicText('/articles.rss')).text).not.toContain('This should not be saved.');
  }, 90_000);

  it('the page editor changes the terms of use, the public page shows it at once, and the original comes back', async () => {
    await page.goto('/admin/pages');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Pages');
    await checkBothWidths(page);
    await page.getByRole('link', { name: 'Terms of use', exact: true }).click();
    await expect.poll(() => pathOf(page)).toMatch(/^\/admin\/pages\/\d+$/);
    await hydrated(page);
    await checkBothWidths(page);

    await publicText('/terms-of-use');
    expect((await publicText('/terms-of-use')).cache).toBe('HIT');

    const sentence = `These terms were last reviewed on ${stamp}.`;
    const body = page.getByLabel('Text', { exact: true });
    const original = await body.inputValue();
    await body.fill(`${original}\n\n${sentence}`);
    await page.getByRole('button', { name: 'Save the page' }).click();
    await expect.poll(() => noticeText(page), { timeout: 20_000 }).toContain('The page has been saved');
    expect((await publicText('/terms-of-use')).text).toContain(sentence);

    // The history keeps the text as it was: restore it.
    const history = page.getByRole('region', { name: 'Saved versions' });
    const originalRow = history.locator('tr', { hasText: 'Original text' });
    await originalRow.getByRole('button', { name: /^Restore/ }).click();
    await expect.poll(() => noticeText(page), { timeout: 20_000 }).toContain('The earlier version has been restored');
    expect(await page.getByLabel('Text', { exact: true }).inputValue()).toBe(original);
    expect((await publicText('/terms-of-use')).text).not.toContain(sentence);
    await expectNoAxeViolations(page);

    // The upload page of its own (where an upload without JavaScript lands).
    await page.goto('/admin/articles/images');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Images for articles and pages');
    await checkBothWidths(page);
  }, 120_000);

  it('an editor creates a page that is on the site and in the sitemap at once, then deletes it; the terms stay', async () => {
    await page.goto('/admin/pages');
    await page.getByRole('link', { name: 'New page' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('New page');
    await hydrated(page);
    await checkBothWidths(page);
    const slug = `our-team-${stamp}`;
    expect((await publicText(`/${slug}`)).status).toBe(404);
    await page.getByLabel('Title', { exact: true }).fill(`Our team ${stamp}`);
    await page.getByLabel('Text', { exact: true }).fill('## Meet the team\n\nTwelve of us, all **local**.');
    await expect
      .poll(() => page.locator('.markdown-preview__body').innerHTML(), { timeout: 20_000 })
      .toContain('<h2>Meet the team</h2>');
    await page.getByRole('button', { name: 'Create the page' }).press('Enter');
    await expect.poll(() => noticeText(page), { timeout: 20_000 }).toContain('The page has been saved');
    expect(pathOf(page)).toMatch(/^\/admin\/pages\/\d+$/);

    const shown = await publicText(`/${slug}`);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('<h2>Meet the team</h2>');
    expect((await publicText(`/${slug}`)).cache).toBe('HIT');
    expect(await sitemapHas(`/${slug}`, 'pages')).toBe(true);

    await page.getByRole('button', { name: /^Delete the page/ }).press('Enter');
    await expect.poll(() => noticeText(page), { timeout: 20_000 }).toContain(`The page /${slug} has been deleted`);
    expect((await publicText(`/${slug}`)).status).toBe(404);
    expect(await sitemapHas(`/${slug}`, 'pages')).toBe(false);
    await checkBothWidths(page);

    // The site links to its terms from every form: they can be changed, never deleted, and the page says why.
    await page.getByRole('link', { name: 'Terms of use', exact: true }).click();
    await expect.poll(() => pathOf(page)).toMatch(/^\/admin\/pages\/\d+$/);
    await expect
      .poll(() => page.getByRole('region', { name: 'Delete this page' }).textContent())
      .toContain('This page cannot be deleted: the site links to it');
    expect(await page.getByRole('button', { name: /^Delete the page/ }).count()).toBe(0);
    expect((await publicText('/terms-of-use')).status).toBe(200);
    await expectNoAxeViolations(page);
  }, 120_000);

  it('without JavaScript, Preview shows the rendered text and a scheduled article stays off the site', async () => {
    const noScript = await newPage({ javaScriptEnabled: false });
    noScript.setDefaultTimeout(30_000);
    await signedInEditor(noScript, `e2e-articles-nojs-${stamp}@agency.example`);
    await noScript.goto('/admin/articles/new');
    const title = `Autumn lettings outlook ${stamp}`;
    await noScript.getByLabel('Title', { exact: true }).fill(title);
    await noScript.getByLabel('Text', { exact: true }).fill('### Tenants want *gardens*\n\n<script>alert(1)</script>');
    await noScript.getByRole('button', { name: 'Preview' }).click();
    await expect
      .poll(() => noScript.locator('.markdown-preview__body').innerHTML(), { timeout: 20_000 })
      .toContain('<h3>Tenants want <em>gardens</em></h3>');
    expect(await noScript.locator('.markdown-preview__body').innerHTML()).not.toContain('<script');
    // What was typed is kept, and a preview reports no errors.
    expect(await noScript.getByLabel('Title', { exact: true }).inputValue()).toBe(title);
    expect(await summaryText(noScript)).toBe('');

    await noScript.getByLabel('Topic', { exact: true }).fill('Lettings advice');
    await noScript.getByLabel('Summary').fill('What tenants are asking for this autumn.');
    await noScript.getByLabel('Status').selectOption('scheduled');
    const inAWeek = new Date(Date.now() + 7 * 86_400_000);
    const local = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', dateStyle: 'short' }).format(inAWeek);
    await noScript.getByLabel(/^Publish at/).fill(`${local}T09:00`);
    await noScript.getByRole('button', { name: 'Save the article' }).click();
    await expect.poll(() => noticeText(noScript), { timeout: 20_000 }).toContain('The article has been saved');
    expect(await noScript.getByText('Scheduled.', { exact: false }).count()).toBeGreaterThan(0);
    const slug = `autumn-lettings-outlook-${stamp}`;
    expect((await publicText(`/articles/${slug}`)).status).toBe(404);
    expect((await publicText('/articles?kind=blog')).text).not.toContain(title);
    expect((await publicText('/articles')).text).not.toContain(title);
    expect(await sitemapHas(`/articles/${slug}`)).toBe(false);
    expect((await publicText('/articles.rss')).text).not.toContain(title);

    // Images without JavaScript: the upload page answers with the Markdown to copy.
    await noScript.getByLabel('Description of the images').fill('Garden in autumn');
    await noScript
      .getByLabel(/^Images \(JPEG/)
      .setInputFiles([await photoFile('garden.jpg'), await photoFile('path.jpg')]);
    await noScript.getByRole('button', { name: 'Upload images' }).click();
    await expect.poll(() => pathOf(noScript), { timeout: 20_000 }).toBe('/admin/articles/images');
    // The address changes when the answer starts to arrive: the list is read once the page has it.
    const uploaded = noScript.locator('#uploaded-title + p + ul code');
    await expect.poll(() => uploaded.count()).toBe(2);
    const lines = await uploaded.allTextContents();
    for (const line of lines) expect(line).toMatch(/^!\[Garden in autumn\]\(\/media\/articles\/[0-9a-f-]{36}\.jpg\)$/);

    // A new page without JavaScript: a taken address comes back with its message and the text as typed.
    await noScript.goto('/admin/pages/new');
    await noScript.getByLabel('Title', { exact: true }).fill(`Opening hours ${stamp}`);
    await noScript.getByLabel('Address').fill('landlords');
    await noScript.getByLabel('Text', { exact: true }).fill('Open **every day** but Sunday.');
    await noScript.getByRole('button', { name: 'Create the page' }).click();
    await expect
      .poll(() => summaryText(noScript), { timeout: 20_000 })
      .toContain('Another page already has this address: choose another');
    expect(await noScript.getByLabel('Text', { exact: true }).inputValue()).toBe('Open **every day** but Sunday.');
    await noScript.getByLabel('Address').fill(`opening-hours-${stamp}`);
    await noScript.getByRole('button', { name: 'Create the page' }).click();
    await expect.poll(() => noticeText(noScript), { timeout: 20_000 }).toContain('The page has been saved');
    expect((await publicText(`/opening-hours-${stamp}`)).text).toContain('<strong>every day</strong>');
  }, 120_000);
});
