/**
 * The settings editor end to end: an owner (set up through `npm run staff:create`) changes the primary colour with
 * the picker, and a public page's `--colour-brand` follows on the next load; a text colour below WCAG AA is flagged
 * live and refused on save with both colours and the ratio; the same refusal comes back from a post without
 * JavaScript. Axe checks the editor at desktop and phone widths. The colours are put back at the end, since other
 * journeys share the site.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './browser.ts';
import { completeStaffSetup, setupLinkOf, staffCreate } from './staff-helpers.ts';

const { newPage } = useBrowser();
const PASSWORD = 'amber lantern orchard tide';
const stamp = Date.now();
const owner = { email: `e2e-settings-owner-${stamp}@agency.example`, name: `Sol Owner ${stamp}` };
const NEW_BRAND = '#1a5e20';
const REFUSED =
  'Text #777777 on White (page background) #ffffff (body text) has a contrast ratio of 4.47:1; it must be at least 4.5:1';

async function checkBothWidths(page: Page): Promise<void> {
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function brandOnPublicPage(page: Page): Promise<string> {
  await page.goto('/');
  return page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--colour-brand').trim().toLowerCase(),
  );
}

const summaryText = async (page: Page) =>
  (await page.locator('.error-summary').count()) > 0
    ? ((await page.locator('.error-summary').textContent()) ?? '')
    : '';

async function saveColours(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save colours' }).click();
  await expect.poll(() => page.getByText('The colours have been saved.').count(), { timeout: 20_000 }).toBe(1);
}

describe('the settings editor', () => {
  let page: Page;
  let visitor: Page;
  let originalBrand = '';

  it('an owner changes the primary colour with the picker and a public page follows at once', async () => {
    const created = await staffCreate(['--email', owner.email, '--name', owner.name, '--role', 'owner']);
    expect(created.code, created.output).toBe(0);
    page = await newPage();
    await completeStaffSetup(page, setupLinkOf(created.output), PASSWORD);

    visitor = await newPage();
    originalBrand = await brandOnPublicPage(visitor);
    expect(originalBrand).toMatch(/^#[0-9a-f]{6}$/);

    await page.goto('/admin/settings');
    await expect.poll(() => page.getByRole('heading', { name: 'Settings', level: 1 }).count()).toBe(1);
    const nav = page.getByRole('navigation', { name: 'Back office' });
    expect(await nav.getByRole('link', { name: 'Settings' }).count()).toBe(1);
    const brandField = page.getByLabel('Primary (brand)', { exact: true });
    expect(await brandField.inputValue()).toBe(originalBrand);
    await checkBothWidths(page);

    // The picker fills the hex field the form posts.
    await expect.poll(() => page.getByLabel('Primary (brand): picker').count()).toBe(1);
    await page.getByLabel('Primary (brand): picker').fill(NEW_BRAND);
    await expect.poll(() => brandField.inputValue()).toBe(NEW_BRAND);
    expect(await page.locator('tr[data-pair="white-brand"]').textContent()).toContain(`Primary (brand) ${NEW_BRAND}`);
    await saveColours(page);
    expect(await brandField.inputValue()).toBe(NEW_BRAND);
    // At once: no waiting for a cache to expire.
    expect(await brandOnPublicPage(visitor)).toBe(NEW_BRAND);
  }, 120_000);

  it('flags a text colour below AA as it is typed and refuses it on save, naming both colours and the ratio', async () => {
    const textField = page.getByLabel('Text', { exact: true });
    await textField.fill('#777777');
    await expect.poll(() => page.locator('.site-settings__contrast-summary').textContent()).toMatch(/below WCAG AA/);
    expect(await page.locator('tr[data-pair="text-white"]').textContent()).toContain('4.47:1, below AA: refused');
    await page.getByRole('button', { name: 'Save colours' }).click();
    await expect.poll(() => summaryText(page)).toContain(REFUSED);
    await checkBothWidths(page);
    expect(await brandOnPublicPage(visitor)).toBe(NEW_BRAND);
  }, 120_000);

  it('answers a post without JavaScript with the same refusal', async () => {
    const noScript = await newPage({ javaScriptEnabled: false });
    await noScript.context().addCookies(await page.context().cookies());
    await noScript.goto('/admin/settings');
    expect(await noScript.getByLabel('Primary (brand): picker').count()).toBe(0);
    await noScript.getByLabel('Text', { exact: true }).fill('#777');
    await noScript.getByRole('button', { name: 'Save colours' }).click();
    await expect.poll(() => summaryText(noScript)).toContain(REFUSED);
    // Axe needs scripts in the page; the same markup, errors shown, was checked above with them.
    expect(await noScript.getByLabel('Text', { exact: true }).inputValue()).toBe('#777');
  }, 120_000);

  it('puts the palette back for the journeys that share the site', async () => {
    await page.goto('/admin/settings');
    await page.getByLabel('Primary (brand)', { exact: true }).fill(originalBrand);
    await saveColours(page);
    expect(await brandOnPublicPage(visitor)).toBe(originalBrand);
  }, 120_000);
});
