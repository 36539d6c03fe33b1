/**
 * The listings editor end to end: a manager of the Bath branch (set up through `npm run staff:create`) creates a
 * manual listing, publishes it, and a visitor finds it by searching for its address and opens its page. The list
 * and the editor pass axe at desktop and phone widths; without JavaScript the form posts and shows its errors.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './browser.ts';
import { authenticatorCode, completeStaffSetup, pathOf, setupLinkOf, staffCreate } from './staff-helpers.ts';

const { newPage } = useBrowser();
const PASSWORD = 'copper willow lantern orchard';
const stamp = Date.now();
const manager = { email: `e2e-listings-manager-${stamp}@agency.example`, name: `Mina Manager ${stamp}` };
// A street name no seeded listing has: letters only, from the run's time.
const street = `${[...String(stamp).slice(-7)].map((digit) => 'bcdfghjklm'[Number(digit)]).join('')}ton Row`;

async function expectAxeAtBothWidths(page: Page): Promise<void> {
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('listings editor', () => {
  it('a manager creates and publishes a manual listing, and a visitor finds it by search', async () => {
    const created = await staffCreate([
      '--email',
      manager.email,
      '--name',
      manager.name,
      '--role',
      'manager',
      '--branch',
      'bath',
    ]);
    expect(created.code, created.output).toBe(0);
    const page = await newPage();
    const secret = await completeStaffSetup(page, setupLinkOf(created.output), PASSWORD);

    await page.goto('/admin/listings');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Listings');
    await expectAxeAtBothWidths(page);

    await page.getByRole('link', { name: 'Create a listing' }).click();
    await expect.poll(() => pathOf(page)).toBe('/admin/listings/new');
    await expectAxeAtBothWidths(page);

    await page.getByLabel('Reference', { exact: true }).fill(`E2E-${stamp}`);
    await page.getByLabel('Style', { exact: true }).fill('Terraced house');
    await page.getByLabel('Bedrooms', { exact: true }).fill('2');
    await page.getByLabel('Address shown on the site').fill(`${street}, Bath`);
    await page.getByLabel('First line of the address').fill(`7 ${street}`);
    await page.getByLabel('Town', { exact: true }).fill('Bath');
    await page.getByLabel('Postcode', { exact: true }).fill('BA2 4AB');
    await page.getByLabel('Price or rent (£)').fill('375000');
    await page.getByLabel('Council tax', { exact: true }).selectOption({ label: 'A council tax band' });
    await page.getByLabel('Council tax band').selectOption({ label: 'Band C' });
    await page.getByLabel('Tenure', { exact: true }).selectOption({ label: 'Freehold' });
    await page.getByLabel('Summary', { exact: true }).fill('A terraced house near the canal');
    await page.getByRole('button', { name: 'Create the listing' }).click();
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toMatch(/^\/admin\/listings\/\d+$/);
    await expect
      .poll(() => page.getByText('The listing has been created as a draft', { exact: false }).count())
      .toBe(1);
    await expectAxeAtBothWidths(page);

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect
      .poll(() => page.getByText('The listing is published: visitors can find it now.').count(), { timeout: 20_000 })
      .toBe(1);

    // A visitor searches for the street and opens the listing.
    const visitor = await newPage();
    await visitor.goto('/search');
    await visitor.getByLabel('Town, area or postcode').fill(street);
    await visitor.getByRole('button', { name: 'Update results' }).click();
    const card = visitor.locator('.property-card__title a', { hasText: street });
    await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(1);
    await card.click();
    await expect.poll(() => pathOf(visitor)).toMatch(/^\/properties\/2-bedroom-terraced-house-for-sale-in-bath-ba2/);
    await expect.poll(() => visitor.getByRole('heading', { level: 1 }).textContent()).toContain(street);

    // Without JavaScript the form posts and answers with its errors.
    const noScript = await newPage({ javaScriptEnabled: false });
    await noScript.goto('/admin/sign-in?next=%2Fadmin%2Flistings%2Fnew');
    await noScript.getByLabel('Email address').fill(manager.email);
    await noScript.getByLabel('Password').fill(PASSWORD);
    await noScript.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => noScript.getByRole('heading', { name: 'Enter your code' }).count()).toBe(1);
    await noScript.getByLabel('Code').fill(authenticatorCode(secret, 30));
    await noScript.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => pathOf(noScript)).toBe('/admin/listings/new');
    await noScript.getByLabel('Postcode', { exact: true }).fill('not a postcode');
    await noScript.getByRole('button', { name: 'Create the listing' }).click();
    const summary = noScript.locator('.error-summary');
    await expect
      .poll(async () => ((await summary.count()) > 0 ? await summary.textContent() : ''))
      .toContain('Enter the listing’s reference');
    expect(await summary.textContent()).toContain('Enter a real postcode, like BA1 1AA');
    expect(await noScript.getByLabel('Postcode', { exact: true }).inputValue()).toBe('not a postcode');
  }, 180_000);
});
