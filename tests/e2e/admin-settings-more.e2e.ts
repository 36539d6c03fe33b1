/**
 * The settings sub-pages end to end: an owner (set up through `npm run staff:create`) changes the company details
 * and a visitor's next page shows them in the footer; the owner routes valuation requests to another branch, a
 * visitor asks for a valuation (a Bath postcode) and the request lands in the inbox under the chosen branch. Axe
 * checks every settings page at desktop and phone widths. What the journey changes is put back at the end, since
 * other journeys share the site.
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './browser.ts';
import { completeStaffSetup, setupLinkOf, staffCreate } from './staff-helpers.ts';

const { newPage, baseURL } = useBrowser();
const PASSWORD = 'harbour lantern meadow quay';
const stamp = Date.now();
const owner = { email: `e2e-settings-more-${stamp}@agency.example`, name: `Sam Owner ${stamp}` };
const REGISTERED_NAME = `Harbour and Vale Holdings ${stamp} Limited`;
const COMPANY_NUMBER = `SC${String(stamp).slice(-6)}`;
const ROUTED_BRANCH = 'Harrogate';
// Letters only (the form's name rule): the digits of the time spelled as letters.
const visitorFirstName = `Rory${[...String(stamp).slice(-6)].map((digit) => 'abcdefghij'[Number(digit)]).join('')}`;

async function checkBothWidths(page: Page): Promise<void> {
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function openSettings(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await expect.poll(() => page.getByRole('heading', { name: heading, level: 2 }).count()).toBe(1);
  expect(await page.getByRole('heading', { name: 'Settings', level: 1 }).count()).toBe(1);
}

async function saveAndConfirm(page: Page, button: string, notice: string): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  await expect.poll(() => page.getByText(notice).count(), { timeout: 20_000 }).toBe(1);
}

async function legalFooterText(page: Page): Promise<string> {
  await page.goto('/');
  return (await page.locator('.legal-footer').textContent()) ?? '';
}

/** A solved bot check, as the page's script would have added to the post. */
async function addBotCheckProofToNextPost(page: Page): Promise<void> {
  const challenge = (await (await fetch(`${baseURL}/altcha/challenge`)).json()) as Parameters<
    typeof solveChallenge
  >[0]['challenge'];
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('ALTCHA challenge not solved');
  const proof = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  let isUsed = false;
  await page.route('**/*', async (route) => {
    const request = route.request();
    if (isUsed || request.method() !== 'POST') return route.fallback();
    isUsed = true;
    await route.fallback({ postData: `${request.postData() ?? ''}&altcha=${encodeURIComponent(proof)}` });
  });
}

const routingFieldset = (page: Page): Locator =>
  page.locator('fieldset').filter({ has: page.locator('legend', { hasText: /^Valuation requests$/ }) });

describe('the settings sub-pages', () => {
  let page: Page;
  const originalLegal: Record<string, string> = {};

  it('an owner changes the company details and the footer shows them at once', async () => {
    const created = await staffCreate(['--email', owner.email, '--name', owner.name, '--role', 'owner']);
    expect(created.code, created.output).toBe(0);
    page = await newPage();
    await completeStaffSetup(page, setupLinkOf(created.output), PASSWORD);

    await openSettings(page, '/admin/settings/legal', 'Company and legal details');
    const settingsNav = page.getByRole('navigation', { name: 'Settings' });
    expect(
      await settingsNav.getByRole('link', { name: 'Company and legal details' }).getAttribute('aria-current'),
    ).toBe('page');
    await checkBothWidths(page);
    for (const label of ['Registered company name', 'Company number']) {
      originalLegal[label] = await page.getByLabel(label, { exact: true }).inputValue();
    }
    await page.getByLabel('Registered company name', { exact: true }).fill(REGISTERED_NAME);
    await page.getByLabel('Company number', { exact: true }).fill(COMPANY_NUMBER.toLowerCase());
    await saveAndConfirm(page, 'Save company and legal details', 'The company and legal details have been saved.');
    expect(await page.getByLabel('Company number', { exact: true }).inputValue()).toBe(COMPANY_NUMBER);

    const visitor = await newPage();
    const footer = await legalFooterText(visitor);
    expect(footer).toContain(REGISTERED_NAME);
    expect(footer).toContain(`company number ${COMPANY_NUMBER}`);
  }, 120_000);

  it('refuses a link that is not a page or web address, with the field named', async () => {
    await page.getByLabel('Complaints procedure', { exact: true }).fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save company and legal details' }).click();
    await expect
      .poll(async () =>
        (await page.locator('.error-summary').count()) > 0 ? await page.locator('.error-summary').textContent() : '',
      )
      .toContain('Enter the complaints procedure page as a path on this site');
    await checkBothWidths(page);
    await page.getByLabel('Complaints procedure', { exact: true }).fill('/complaints-procedure');
  }, 120_000);

  it('the other settings pages pass axe at both widths', async () => {
    for (const [path, heading] of [
      ['/admin/settings/agency', 'Agency and email sender'],
      ['/admin/settings/options', 'Site options'],
      ['/admin/settings/analytics', 'Analytics'],
    ] as const) {
      await openSettings(page, path, heading);
      await checkBothWidths(page);
    }
  }, 120_000);

  it('a routing rule sends a visitor’s valuation request to the chosen branch', async () => {
    await openSettings(page, '/admin/settings/lead-routing', 'Lead routing');
    await checkBothWidths(page);
    await routingFieldset(page).getByLabel('Branch').selectOption({ label: ROUTED_BRANCH });
    await saveAndConfirm(page, 'Save lead routing', 'The lead routing has been saved.');

    try {
      // The visitor asks for a valuation of a Bath home, without scripts (the bot check's proof added on the way).
      const visitor = await newPage({ javaScriptEnabled: false });
      await visitor.goto('/book-a-valuation');
      const dialog = visitor.locator('dialog.modal');
      await dialog.getByLabel('First name').fill(visitorFirstName);
      await dialog.getByLabel('Last name').fill('Routed');
      await dialog.getByLabel('Email').fill(`routed.${stamp}@example.com`);
      await dialog.getByLabel('Phone number').fill('01225 456789');
      await dialog.getByLabel('House number').fill('12');
      await dialog.getByLabel('Street').fill('Milsom Street');
      await dialog.getByLabel('Town').fill('Bath');
      await dialog.getByLabel('Postcode').fill('BA1 1DN');
      await dialog.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => dialog.locator('.valuation-summary').count()).toBe(1);
      await dialog.getByLabel(/I agree to the/).check();
      await addBotCheckProofToNextPost(visitor);
      await dialog.getByRole('button', { name: 'Request valuation' }).click();
      expect(await dialog.locator('.valuation-thanks').textContent()).toContain(
        'We have received your valuation request.',
      );

      await page.goto('/admin/leads');
      const row = page.locator('.lead-inbox__table tbody tr', { hasText: visitorFirstName });
      await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
      expect(await row.textContent()).toContain(ROUTED_BRANCH);
    } finally {
      await openSettings(page, '/admin/settings/lead-routing', 'Lead routing');
      await routingFieldset(page).getByLabel('Branch').selectOption({ value: '' });
      await saveAndConfirm(page, 'Save lead routing', 'The lead routing has been saved.');
    }
  }, 180_000);

  it('an owner uploads a favicon and the site links to it at once, then goes back to the default icon', async () => {
    await openSettings(page, '/admin/settings/branding', 'Logo and favicon');
    await checkBothWidths(page);
    const icon = await sharp({
      create: { width: 256, height: 256, channels: 4, background: { r: 11, g: 79, b: 108, alpha: 1 } },
    })
      .png()
      .toBuffer();
    await page.getByLabel('New favicon').setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: icon });
    await saveAndConfirm(page, 'Upload favicon', 'Saved. The public site shows it now.');
    await checkBothWidths(page);

    const visitor = await newPage();
    await visitor.goto('/');
    const href = await visitor.locator('link[rel="icon"]').first().getAttribute('href');
    expect(href).toMatch(/^\/media\/site\/[0-9a-f-]{36}\.png$/);
    expect(await visitor.locator('link[rel="icon"]').count()).toBe(1);
    const served = await fetch(`${baseURL}${href}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');

    await page.getByRole('button', { name: 'Use the default icon' }).click();
    await expect.poll(() => page.getByText('The site uses its default icon.').count(), { timeout: 20_000 }).toBe(1);
    await visitor.goto('/');
    expect(await visitor.locator('link[rel="icon"][href="/favicon.ico"]').count()).toBe(1);
  }, 120_000);

  it('puts the company details back for the journeys that share the site', async () => {
    await openSettings(page, '/admin/settings/legal', 'Company and legal details');
    for (const [label, value] of Object.entries(originalLegal)) {
      await page.getByLabel(label, { exact: true }).fill(value);
    }
    await saveAndConfirm(page, 'Save company and legal details', 'The company and legal details have been saved.');
    expect(await legalFooterText(await newPage())).not.toContain(REGISTERED_NAME);
  }, 120_000);
});
