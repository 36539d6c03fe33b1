/**
 * The leads inbox end to end: a visitor asks for a viewing on a property page; a negotiator of that property's
 * branch (set up through `npm run staff:create`, signed in with a password and an authenticator code) finds it at
 * the top of /admin/leads, opens it from the keyboard, moves it to "Contacted", adds a note and takes it on.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './browser.ts';
import {
  completeStaffSetup,
  pathOf,
  setupLinkOf,
  signOutAndInByKeyboard,
  staffCreate,
  tabTo,
} from './staff-helpers.ts';

const { newPage, baseURL } = useBrowser();
const PASSWORD = 'amber meadow lantern harbour';
const stamp = Date.now();
const negotiator = { email: `e2e-negotiator-${stamp}@agency.example`, name: `Nia Negotiator ${stamp}` };
// Names are letters only: the run's own name, the digits of the time spelled as letters.
const visitorFirstName = `Vera${[...String(stamp).slice(-6)].map((digit) => 'abcdefghij'[Number(digit)]).join('')}`;

type Listing = { property_url: string };

/** A property page that offers a viewing, and the slug of the branch that markets it. */
async function findViewingProperty(): Promise<{ url: string; branchSlug: string }> {
  for (let page = 1; page <= 10; page += 1) {
    const { properties } = (await (await fetch(`${baseURL}/search.ljson?channel=sales&page=${page}`)).json()) as {
      properties: Listing[];
    };
    for (const listing of properties) {
      const html = await (await fetch(`${baseURL}${listing.property_url}`)).text();
      const branch = /href="\/branches\/([a-z0-9-]+)"/.exec(html);
      if (/\/book-a-viewing"/.test(html) && branch) return { url: listing.property_url, branchSlug: branch[1]! };
    }
  }
  throw new Error('no property offering a viewing found');
}

/** Presses Tab until the link with this text has focus. */
async function tabToLink(page: Page, text: string): Promise<void> {
  for (let presses = 0; presses < 80; presses++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() =>
      document.activeElement?.tagName === 'A' ? (document.activeElement.textContent ?? '') : '',
    );
    if (focused.includes(text)) return;
  }
  throw new Error(`Tab never reached the link "${text}"`);
}

let property: { url: string; branchSlug: string };

beforeAll(async () => {
  property = await findViewingProperty();
}, 120_000);

describe('leads inbox', () => {
  it('a viewing request reaches the branch negotiator, who works it in the back office', async () => {
    // The visitor asks for a viewing.
    const visitor = await newPage();
    await visitor.goto(property.url);
    await visitor.waitForLoadState('networkidle');
    await visitor.locator('.contact-panel').getByRole('link', { name: 'Book a viewing' }).click();
    const dialog = visitor.locator('dialog.modal');
    await expect.poll(() => dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
    await dialog.getByLabel('First name').fill(visitorFirstName);
    await dialog.getByLabel('Last name').fill('Visitor');
    await dialog.getByLabel('Email').fill(`vera.${stamp}@example.com`);
    await dialog.getByLabel('Phone number').fill('01225 456789');
    await dialog.locator('#field-lead-message').fill('Could I see it on Saturday?');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Book a viewing' }).click();
    await expect
      .poll(() => dialog.locator('.lead-thanks').textContent(), { timeout: 30_000 })
      .toContain('We have received your viewing request');

    // A negotiator of the property's branch is set up, then signs in with a password and a code.
    const created = await staffCreate([
      '--email',
      negotiator.email,
      '--name',
      negotiator.name,
      '--role',
      'negotiator',
      '--branch',
      property.branchSlug,
    ]);
    expect(created.code, created.output).toBe(0);
    const page = await newPage();
    const secret = await completeStaffSetup(page, setupLinkOf(created.output), PASSWORD);
    await signOutAndInByKeyboard(page, { email: negotiator.email, password: PASSWORD, secret }, '/admin/leads');

    // The inbox: the new lead on its first page (other journeys send leads to the same branch at the same time, so
    // it need not be the very first row); the navigation links to it.
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Leads' }).count())
      .toBe(1);
    const row = page.locator('.lead-inbox__table tbody tr', { hasText: visitorFirstName });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('Viewing request');
    await expectNoAxeViolations(page);

    // Opened from the keyboard.
    await tabToLink(page, visitorFirstName);
    await page.keyboard.press('Enter');
    await expect.poll(() => pathOf(page)).toMatch(/^\/admin\/leads\/\d+$/);
    await expect.poll(() => page.locator('h1').textContent()).toContain(visitorFirstName);
    await expectNoAxeViolations(page);

    // Contacted.
    await tabTo(page, 'Status');
    await page.getByLabel('Status').selectOption('contacted');
    await page.getByRole('button', { name: 'Update status' }).press('Enter');
    await expect.poll(() => page.getByLabel('Status').inputValue()).toBe('contacted');

    // A note.
    await tabTo(page, 'Internal note');
    await page.keyboard.type('Rang Vera, viewing on Saturday at 10.');
    await page.getByRole('button', { name: 'Add note' }).press('Enter');
    await expect.poll(() => page.locator('.lead-detail__notes').textContent()).toContain('viewing on Saturday at 10');

    // Taken on.
    await tabTo(page, 'Assign to');
    await page.getByLabel('Assign to').selectOption({ label: negotiator.name });
    await page.getByRole('button', { name: 'Assign', exact: true }).press('Enter');
    await expect
      .poll(() => page.getByLabel('Assign to').evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text))
      .toBe(negotiator.name);
    await expectNoAxeViolations(page);

    // Back in the list: contacted, and theirs.
    await page.goto('/admin/leads');
    await expect.poll(() => row.textContent()).toContain('Contacted');
    expect(await row.textContent()).toContain(negotiator.name);
  });
});
