/**
 * The diary end to end: a visitor asks for a viewing on a property page; a negotiator of the property's branch signs
 * in with a password and an authenticator code, opens the diary, finds the request waiting for a time and confirms
 * the suggested time from the keyboard alone; the visitor's confirmation, with its calendar invitation attached, is
 * then in the outbox. The diary is checked with axe at desktop and phone widths, without sideways scrolling.
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
const PASSWORD = 'copper willow beacon orchard';
const stamp = Date.now();
const negotiator = { email: `e2e-diary-${stamp}@agency.example`, name: `Dee Diary ${stamp}` };
// Names are letters only: the run's own name, the digits of the time spelled as letters.
const visitorFirstName = `Dora${[...String(stamp).slice(-6)].map((digit) => 'abcdefghij'[Number(digit)]).join('')}`;
const visitorEmail = `dora.${stamp}@example.com`;

type Listing = { property_url: string };

/**
 * A property page that offers a viewing, and the slug of the branch that markets it: of another branch than the
 * first such property, which the leads inbox journey uses, so the two journeys running side by side never see each
 * other's requests at the top of their lists.
 */
async function findViewingProperty(): Promise<{ url: string; branchSlug: string }> {
  let firstBranch: string | null = null;
  for (let page = 1; page <= 10; page += 1) {
    const { properties } = (await (await fetch(`${baseURL}/search.ljson?channel=sales&page=${page}`)).json()) as {
      properties: Listing[];
    };
    for (const listing of properties) {
      const html = await (await fetch(`${baseURL}${listing.property_url}`)).text();
      const branch = /href="\/branches\/([a-z0-9-]+)"/.exec(html);
      if (!/\/book-a-viewing"/.test(html) || !branch) continue;
      firstBranch ??= branch[1]!;
      if (branch[1] !== firstBranch) return { url: listing.property_url, branchSlug: branch[1]! };
    }
  }
  throw new Error('no property offering a viewing found in a second branch');
}

/** Presses Tab until the link whose text includes this has focus. */
async function tabToLink(page: Page, text: string): Promise<void> {
  for (let presses = 0; presses < 120; presses++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() =>
      document.activeElement?.tagName === 'A' ? (document.activeElement.textContent ?? '') : '',
    );
    if (focused.includes(text)) return;
  }
  throw new Error(`Tab never reached the link "${text}"`);
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
const hasNoSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function outboxText(): Promise<string> {
  return (await fetch(`${baseURL}/outbox`)).text();
}

let property: { url: string; branchSlug: string };

beforeAll(async () => {
  property = await findViewingProperty();
}, 120_000);

describe('the diary', () => {
  it('a negotiator confirms a visitor’s viewing from the keyboard and the visitor is sent an invitation', async () => {
    // The visitor asks for a viewing.
    const visitor = await newPage();
    await visitor.goto(property.url);
    await visitor.waitForLoadState('networkidle');
    await visitor.locator('.contact-panel').getByRole('link', { name: 'Book a viewing' }).click();
    const dialog = visitor.locator('dialog.modal');
    await expect.poll(() => dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
    await dialog.getByLabel('First name').fill(visitorFirstName);
    await dialog.getByLabel('Last name').fill('Visitor');
    await dialog.getByLabel('Email').fill(visitorEmail);
    await dialog.getByLabel('Phone number').fill('01225 456789');
    await dialog.locator('#field-lead-message').fill('Any weekday morning suits me.');
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
    await signOutAndInByKeyboard(page, { email: negotiator.email, password: PASSWORD, secret }, '/admin/diary');

    // The diary: the branch's week, the request waiting for a time; the navigation links to it.
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Diary' }).count())
      .toBe(1);
    expect(await page.getByLabel('Branch').inputValue()).toBe(property.branchSlug);
    const request = page.locator('.diary__requests tbody tr', { hasText: visitorFirstName });
    await expect.poll(() => request.count()).toBe(1);
    expect(await request.textContent()).toContain('Any weekday morning suits me.');
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 740 });
    expect(await hasNoSidewaysScroll(page)).toBe(true);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The request's page, opened and confirmed from the keyboard: the suggested time as it is.
    await tabToLink(page, `Confirm a time for ${visitorFirstName}`);
    await page.keyboard.press('Enter');
    await expect.poll(() => pathOf(page)).toMatch(/^\/admin\/diary\/\d+$/);
    const entryPath = pathOf(page);
    await expect.poll(() => page.locator('h1').textContent()).toContain(visitorFirstName);
    await expectNoAxeViolations(page);
    const suggestedDate = await page.getByLabel('Date').inputValue();
    expect(await page.getByLabel('Time (UK)').inputValue()).toBe('10:00');
    await tabTo(page, 'Length');
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Confirm and email the visitor');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.locator('.diary-entry__summary').textContent(), { timeout: 20_000 })
      .toContain('Confirmed');
    expect(pathOf(page)).toBe(entryPath);
    expect(await page.locator('.diary-entry__summary').textContent()).toContain('at 10:00');
    await expectNoAxeViolations(page);

    // The visitor's confirmation, with the invitation attached, is in the outbox.
    await expect.poll(outboxText, { timeout: 15_000 }).toContain('Your viewing is confirmed:');
    const outbox = await newPage();
    await outbox.goto('/outbox');
    const confirmation = outbox
      .locator('article.outbox-email', { hasText: visitorEmail })
      .filter({ hasText: 'Your viewing is confirmed:' });
    await expect.poll(() => confirmation.count()).toBe(1);
    const confirmationText = (await confirmation.textContent()) ?? '';
    expect(confirmationText).toContain(`Hello ${visitorFirstName} Visitor,`);
    expect(confirmationText).toContain('at 10:00 (UK time)');
    expect(confirmationText).toContain('Attachment: appointment.ics (text/calendar; charset=utf-8; method=REQUEST)');

    // The diary's day shows the appointment; at phone width too.
    await page.goto(`/admin/diary?view=day&date=${suggestedDate}&branch=${property.branchSlug}`);
    const booked = page.locator('.diary__table tbody tr', { hasText: visitorFirstName });
    await expect.poll(() => booked.count()).toBe(1);
    expect(await booked.textContent()).toContain('10:00');
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 740 });
    expect(await hasNoSidewaysScroll(page)).toBe(true);
    await expectNoAxeViolations(page);

    // The lead page says so and links back to the diary.
    const leadId = entryPath.split('/').at(-1)!;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/admin/leads/${leadId}`);
    await expect.poll(() => page.locator('.diary-lead-panel').textContent()).toContain('Confirmed');
    expect(await page.getByRole('link', { name: 'Open it in the diary' }).getAttribute('href')).toBe(entryPath);
  });
});
