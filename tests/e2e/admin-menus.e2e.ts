/**
 * The menu and home page editors end to end, as an editor (the content role, set up through
 * `npm run staff:create`): a link to a page that does not exist is refused with the message on the field; a link
 * added, renamed, moved from the keyboard alone (focus comes back to the pressed button after each move) and by drag
 * and drop shows in the public header at once; a removal posted without JavaScript works; a new hero heading shows
 * on `/` at once. Axe checks both editors. Everything is put back at the end, since other journeys share the site;
 * the link stays right of the logo, where the header's own journeys do not count.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser, hydrated } from './browser.ts';
import { completeStaffSetup, setupLinkOf, staffCreate } from './staff-helpers.ts';

const { newPage } = useBrowser();
const PASSWORD = 'copper meadow lantern frost';
const stamp = Date.now();
const editor = { email: `e2e-menus-editor-${stamp}@agency.example`, name: `Mel Editor ${stamp}` };
const MISSING = "There is no page at /our-history on this site: choose one of the site's pages, or check the spelling";

async function checkBothWidths(page: Page): Promise<void> {
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The top-level links and buttons of the desktop header, left of the logo then right of it. */
async function headerItems(visitor: Page): Promise<string[]> {
  await visitor.goto('/branches');
  return visitor
    .locator('header nav .primary-menu > li > :is(a, button)')
    .evaluateAll((elements) => elements.map((element) => element.textContent?.trim() ?? ''));
}

const activeLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

/** Presses Tab until the control with this accessible label has focus (keyboard only). */
async function tabToControl(page: Page, label: string): Promise<void> {
  for (let presses = 0; presses < 250; presses++) {
    await page.keyboard.press('Tab');
    if ((await activeLabel(page)) === label) return;
  }
  throw new Error(`Tab never reached "${label}"`);
}

/** Enter on the focused button posts its form: resolves once the next page has replaced this one. */
async function pressEnterAndWaitForNewPage(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { isOldPage: boolean }).isOldPage = true));
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => !(window as unknown as { isOldPage?: boolean }).isOldPage, undefined, {
    timeout: 20_000,
  });
}

const summaryText = async (page: Page) =>
  (await page.locator('.error-summary').count()) > 0
    ? ((await page.locator('.error-summary').textContent()) ?? '')
    : '';

describe('the menu editor', () => {
  let page: Page;
  let visitor: Page;
  let original: string[] = [];

  it('refuses a link to a page that does not exist, with the message on the link field', async () => {
    const created = await staffCreate(['--email', editor.email, '--name', editor.name, '--role', 'editor']);
    expect(created.code, created.output).toBe(0);
    page = await newPage();
    await completeStaffSetup(page, setupLinkOf(created.output), PASSWORD);
    visitor = await newPage();
    original = await headerItems(visitor);
    expect(original.length).toBeGreaterThan(4);

    await page.goto('/admin/menus');
    await expect.poll(() => page.getByRole('heading', { name: 'Menus', level: 1 }).count()).toBe(1);
    const nav = page.getByRole('navigation', { name: 'Back office' });
    expect(await nav.getByRole('link', { name: 'Menus' }).count()).toBe(1);
    expect(await nav.getByRole('link', { name: 'Home page' }).count()).toBe(1);
    await checkBothWidths(page);

    const add = page.locator('#add-primary');
    await add.getByLabel('Link text').fill('Our history');
    await add.getByLabel('Link to').fill('/our-history');
    await add.getByRole('button', { name: 'Add link' }).click();
    await expect.poll(() => summaryText(page), { timeout: 20_000 }).toContain(MISSING);
    expect(await add.locator('#add-primary-url-error').textContent()).toContain(MISSING);
    expect(await add.getByLabel('Link to').inputValue()).toBe('/our-history');
    await checkBothWidths(page);
    expect(await headerItems(visitor)).toEqual(original);
  }, 120_000);

  it('adds the link to a page that exists and renames it; the public header follows at once', async () => {
    const add = page.locator('#add-primary');
    await add.getByLabel('Link to').fill('/careers');
    await add.getByRole('button', { name: 'Add link' }).click();
    await expect.poll(() => page.getByText('“Our history” was added.').count(), { timeout: 20_000 }).toBe(1);
    expect(await headerItems(visitor)).toEqual([...original, 'Our history']);
    expect(await visitor.locator('header').getByRole('link', { name: 'Our history' }).getAttribute('href')).toBe(
      '/careers',
    );

    await page.getByRole('link', { name: 'Edit: Our history' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Edit “Our history”', level: 1 }).count()).toBe(1);
    await expectNoAxeViolations(page);
    await page.getByLabel('Link text').fill('Our story');
    await page.getByRole('button', { name: 'Save link' }).click();
    await expect.poll(() => page.getByText('“Our story” was saved.').count(), { timeout: 20_000 }).toBe(1);
    expect(await headerItems(visitor)).toEqual([...original, 'Our story']);
  }, 120_000);

  it('moves the link up twice from the keyboard, focus staying on Move up; the header follows', async () => {
    await hydrated(page);
    await tabToControl(page, 'Move up: Our story');
    await pressEnterAndWaitForNewPage(page);
    await expect.poll(() => page.getByText('“Our story” moved up.').count(), { timeout: 20_000 }).toBe(1);
    await hydrated(page);
    await expect.poll(() => activeLabel(page)).toBe('Move up: Our story');
    await pressEnterAndWaitForNewPage(page);
    await expect.poll(() => page.getByText('“Our story” moved up.').count(), { timeout: 20_000 }).toBe(1);
    await hydrated(page);
    await expect.poll(() => activeLabel(page)).toBe('Move up: Our story');
    const expected = [...original.slice(0, -2), 'Our story', ...original.slice(-2)];
    await expect.poll(() => headerItems(visitor)).toEqual(expected);
    const topLevel = await page
      .locator('#menu-primary ~ ol > li > .navigation-editor__row strong')
      .evaluateAll((names) => names.map((name) => name.textContent));
    expect(topLevel).toEqual(expected);
    await checkBothWidths(page);
  }, 120_000);

  it('moves the link by drag and drop, after the last link', async () => {
    await hydrated(page);
    const handle = page.locator('[data-menu-item="Our story"] > .navigation-editor__row .navigation-editor__handle');
    const last = page.locator(`[data-menu-item="${original.at(-1)}"] > .navigation-editor__row`);
    const box = await last.boundingBox();
    // The left half, low down: after that link, at its level (the right half would put it under the link).
    await handle.dragTo(last, { targetPosition: { x: 12, y: box!.height - 4 } });
    await expect.poll(() => page.getByText('“Our story” moved.').count(), { timeout: 20_000 }).toBe(1);
    expect(await headerItems(visitor)).toEqual([...original, 'Our story']);
  }, 120_000);

  it('removes the link again with a plain form post (no JavaScript), and the header is as it was', async () => {
    const noScript = await newPage({ javaScriptEnabled: false });
    await noScript.context().addCookies(await page.context().cookies());
    await noScript.goto('/admin/menus');
    // Drag handles need scripts: without them the buttons are the whole editor.
    expect(await noScript.locator('.navigation-editor__handle').count()).toBe(0);
    await noScript.getByRole('button', { name: 'Remove: Our story' }).click();
    await expect.poll(() => noScript.getByText('The link was removed.').count(), { timeout: 20_000 }).toBe(1);
    expect(await headerItems(visitor)).toEqual(original);
  }, 120_000);
});

describe('the home page editor', () => {
  it('changes the hero heading and text, and / shows them at once', async () => {
    const page = await newPage();
    const created = await staffCreate([
      '--email',
      `e2e-home-${stamp}@agency.example`,
      '--name',
      `Hal Home ${stamp}`,
      '--role',
      'editor',
    ]);
    expect(created.code, created.output).toBe(0);
    await completeStaffSetup(page, setupLinkOf(created.output), PASSWORD);
    const visitor = await newPage();
    await visitor.goto('/');
    const originalHeading = (await visitor.locator('h1').textContent())?.trim() ?? '';
    expect(originalHeading).not.toBe('');

    await page.goto('/admin/home-page');
    await expect.poll(() => page.getByRole('heading', { name: 'Home page', level: 1 }).count()).toBe(1);
    await checkBothWidths(page);
    const hero = page.locator('[data-section="hero"]');
    expect(await hero.getByLabel('Heading', { exact: true }).inputValue()).toBe(originalHeading);
    await hero.getByLabel('Heading', { exact: true }).fill('Homes across the West Country');
    await hero.getByLabel('Text under the heading (optional)').fill('Local agents since 1890.');
    await page.getByRole('button', { name: 'Save the home page' }).click();
    await expect.poll(() => page.getByText('The home page has been saved.').count(), { timeout: 20_000 }).toBe(1);

    await visitor.goto('/');
    expect((await visitor.locator('h1').textContent())?.trim()).toBe('Homes across the West Country');
    expect(await visitor.getByText('Local agents since 1890.').count()).toBe(1);
    // The search box still sits in the hero.
    expect(await visitor.locator('.hero form[role="search"]').count()).toBe(1);

    // An empty heading is refused on the field; nothing changes on the site.
    await page.locator('[data-section="hero"]').getByLabel('Heading', { exact: true }).fill('  ');
    await page.getByRole('button', { name: 'Save the home page' }).click();
    await expect.poll(() => summaryText(page)).toContain('Enter a heading');
    await expectNoAxeViolations(page);

    await page.goto('/admin/home-page');
    await page.locator('[data-section="hero"]').getByLabel('Heading', { exact: true }).fill(originalHeading);
    await page.locator('[data-section="hero"]').getByLabel('Text under the heading (optional)').fill('');
    await page.getByRole('button', { name: 'Save the home page' }).click();
    await expect.poll(() => page.getByText('The home page has been saved.').count(), { timeout: 20_000 }).toBe(1);
    await visitor.goto('/');
    expect((await visitor.locator('h1').textContent())?.trim()).toBe(originalHeading);
  }, 180_000);
});
