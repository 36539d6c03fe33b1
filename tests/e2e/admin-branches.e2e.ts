/**
 * The branch editor end to end: a manager of Cardiff (set up through `npm run staff:create`) changes the branch's
 * sales telephone number, and the number shows at once on the branch page and on a property page of that branch,
 * both of which were in the shared page cache before the change. The list and the editor pass axe at desktop and
 * phone widths; without JavaScript the form posts and shows its errors; a save from an outdated form is refused.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './browser.ts';
import { completeStaffSetup, pathOf, setupLinkOf, staffCreate } from './staff-helpers.ts';

const { newPage, baseURL } = useBrowser();
const PASSWORD = 'harbour lantern meadow amber';
const stamp = Date.now();
const BRANCH = 'cardiff';
// Ofcom's drama range for Cardiff (029 2018 0xxx): a number no real person has.
const NEW_SALES_NUMBER = `029 2018 0${String(900 + (stamp % 99)).padStart(3, '0')}`;

/** The public page as an anonymous visitor gets it (no cookie: the shared page cache answers). */
async function publicPage(path: string): Promise<{ html: string; cache: string | null }> {
  const response = await fetch(`${baseURL}${path}`);
  return { html: await response.text(), cache: response.headers.get('x-cache') };
}

/** A property page of the branch whose contact panel shows the branch's own sales number. */
async function findPropertyShowing(salesNumber: string): Promise<string> {
  const branchPage = await publicPage(`/branches/${BRANCH}`);
  const forSale = /href="([^"]+)"[^>]*>See all [^<]*for sale/.exec(branchPage.html)?.[1]?.replaceAll('&amp;', '&');
  expect(forSale, 'the branch page links to its sales listings').toBeTruthy();
  const list = await publicPage(forSale!);
  const slugs = [...new Set([...list.html.matchAll(/href="(\/properties\/[a-z0-9-]+)"/g)].map((match) => match[1]!))];
  for (const path of slugs) {
    const property = await publicPage(path);
    if (property.html.includes(`href="/branches/${BRANCH}"`) && property.html.includes(salesNumber)) return path;
  }
  throw new Error(`no property page of ${BRANCH} shows ${salesNumber}`);
}

async function signedInManager(page: Page, email: string): Promise<void> {
  const created = await staffCreate([
    '--email',
    email,
    '--name',
    `Max Manager ${stamp}`,
    '--role',
    'manager',
    '--branch',
    BRANCH,
  ]);
  expect(created.code, created.output).toBe(0);
  await completeStaffSetup(page, setupLinkOf(created.output), PASSWORD);
}

describe('branch editor', () => {
  it('a manager changes the branch phone number and it shows on the branch page and its property pages at once', async () => {
    const page = await newPage();
    await signedInManager(page, `e2e-branch-manager-${stamp}@agency.example`);

    await page.goto('/admin/branches');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Branches');
    // Their own branch only.
    const rows = page.locator('.admin-table tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    await rows.getByRole('link', { name: 'Cardiff', exact: true }).click();
    await expect.poll(() => pathOf(page)).toMatch(/^\/admin\/branches\/\d+$/);
    const salesField = page.getByLabel('Sales telephone');
    const oldSalesNumber = await salesField.inputValue();
    expect(oldSalesNumber).toMatch(/^029 2018/);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Both public pages are in the shared cache before the change.
    const propertyPath = await findPropertyShowing(oldSalesNumber);
    for (const path of [`/branches/${BRANCH}`, propertyPath]) {
      await publicPage(path);
      expect((await publicPage(path)).cache, path).toBe('HIT');
    }

    // A second tab with the same form, opened before the save below.
    const staleTab = await page.context().newPage();
    await staleTab.goto(pathOf(page));
    await staleTab.getByLabel('Office telephone').waitFor();

    await salesField.fill(NEW_SALES_NUMBER);
    await page.getByRole('button', { name: 'Save Cardiff' }).click();
    await expect
      .poll(() => page.locator('.admin-notice').textContent(), { timeout: 20_000 })
      .toContain('The branch has been saved');
    expect(await salesField.inputValue()).toBe(NEW_SALES_NUMBER);

    const branchPage = await publicPage(`/branches/${BRANCH}`);
    expect(branchPage.html).toContain(NEW_SALES_NUMBER);
    const propertyPage = await publicPage(propertyPath);
    expect(propertyPage.html).toContain(NEW_SALES_NUMBER);

    // In a browser too, as a visitor sees it.
    const visitor = await newPage();
    await visitor.goto(propertyPath);
    await expect.poll(() => visitor.locator('.contact-panel__office').textContent()).toContain(NEW_SALES_NUMBER);
    expect(await visitor.locator('.contact-panel__office').textContent()).not.toContain(oldSalesNumber);

    // The second tab, opened before the save, still has the form as it was: refused, with the message.
    await staleTab.getByLabel('Office telephone').fill('029 2018 0999');
    await staleTab.getByRole('button', { name: 'Save Cardiff' }).click();
    await expect
      .poll(() => staleTab.locator('.error-summary').textContent(), { timeout: 20_000 })
      .toContain('Someone else saved this branch while you were editing it');
    expect(await staleTab.getByLabel('Sales telephone').inputValue()).toBe(NEW_SALES_NUMBER);
    expect((await publicPage(`/branches/${BRANCH}`)).html).not.toContain('029 2018 0999');

    // Back as it was, for the other journeys.
    await page.goto(pathOf(page));
    await page.getByLabel('Sales telephone').fill(oldSalesNumber);
    await page.getByRole('button', { name: 'Save Cardiff' }).click();
    await expect
      .poll(() => page.locator('.admin-notice').textContent(), { timeout: 20_000 })
      .toContain('The branch has been saved');
    expect((await publicPage(propertyPath)).html).toContain(oldSalesNumber);

    // Staff profiles: the list and a profile's form pass axe; the order changes from the keyboard, on the site at once.
    await page.getByRole('link', { name: 'Staff profiles' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Staff profiles: Cardiff');
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    const names = () => page.locator('.admin-table tbody tr td:nth-child(2)').allTextContents();
    const publicOrder = async () =>
      [
        ...(await publicPage(`/branches/${BRANCH}`)).html.matchAll(/<h3>([^<]+)<\/h3><p class="staff-card__role">/g),
      ].map((match) => match[1]!);
    const [first, second] = (await names()).map((name) => name.replace(/^Edit /, ''));
    expect((await publicOrder()).slice(0, 2)).toEqual([first, second]);
    await page.getByRole('button', { name: `Move down ${first}` }).press('Enter');
    await expect
      .poll(async () => (await names()).slice(0, 2).map((name) => name.replace(/^Edit /, '')))
      .toEqual([second, first]);
    expect((await publicOrder()).slice(0, 2)).toEqual([second, first]);
    await page.getByRole('button', { name: `Move up ${first}` }).press('Enter');
    await expect
      .poll(async () => (await names()).slice(0, 2).map((name) => name.replace(/^Edit /, '')))
      .toEqual([first, second]);
    expect((await publicOrder()).slice(0, 2)).toEqual([first, second]);

    await page.getByRole('link', { name: first, exact: true }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe(first);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 740 });
    await expectNoAxeViolations(page);
  }, 180_000);

  it('without JavaScript the form posts and shows its errors on the page', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await signedInManager(page, `e2e-branch-nojs-${stamp}@agency.example`);
    await page.goto('/admin/branches');
    await page.locator('.admin-table tbody tr').getByRole('link', { name: 'Cardiff', exact: true }).click();
    await expect.poll(() => pathOf(page)).toMatch(/^\/admin\/branches\/\d+$/);
    await page.getByLabel('Office telephone').fill('ring the bell');
    await page.getByLabel('Latitude').fill('91');
    await page.getByRole('button', { name: 'Save Cardiff' }).click();
    await expect
      .poll(async () =>
        (await page.locator('.error-summary').count()) > 0 ? await page.locator('.error-summary').textContent() : '',
      )
      .toContain('There is a problem');
    const summary = await page.locator('.error-summary').textContent();
    expect(summary).toContain('Enter a telephone number of 6 to 20 digits');
    expect(summary).toContain('Enter a latitude between 49 and 61');
    // What was typed is kept.
    expect(await page.getByLabel('Office telephone').inputValue()).toBe('ring the bell');
    expect(await page.title()).toMatch(/^(Error: )?Cardiff/);
    expect((await publicPage(`/branches/${BRANCH}`)).html).not.toContain('ring the bell');
  }, 90_000);
});
