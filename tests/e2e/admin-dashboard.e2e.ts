/**
 * The back office's dashboard and email health end to end: an owner (set up through `npm run staff:create`, signed in
 * with a password and an authenticator code) sees the dashboard's figures and its chart, and the outbox with the
 * demo's failed emails, at desktop and phone widths with axe, then resends one from its row and, without JavaScript,
 * the rest with "Resend all".
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './browser.ts';
import { authenticatorCode, pathOf, setupLinkOf, staffCreate } from './staff-helpers.ts';

const { newPage } = useBrowser();
const PASSWORD = 'quiet orchard lantern copper';
const owner = { email: `e2e-dashboard-owner-${Date.now()}@agency.example`, name: 'Olive Owner' };

let page: Page;

/** The rows naming this recipient among the kept emails, following the list's "Older emails" pages. */
async function storedRowsFor(recipient: RegExp): Promise<number> {
  await page.goto('/admin/email?status=stored');
  for (;;) {
    const rows = await page.getByRole('row', { name: recipient }).count();
    const older = page.getByRole('link', { name: 'Older emails' });
    if (rows > 0 || (await older.count()) === 0) return rows;
    await page.goto((await older.getAttribute('href'))!);
  }
}

async function expectNoSidewaysScroll(): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

beforeAll(async () => {
  const created = await staffCreate(['--email', owner.email, '--name', owner.name, '--role', 'owner']);
  expect(created.code, created.output).toBe(0);
  page = await newPage();
  await page.goto(setupLinkOf(created.output));
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('New password again').fill(PASSWORD);
  await page.getByLabel('Code from the app').fill(authenticatorCode(secret));
  await page.getByRole('button', { name: 'Finish setting up' }).click();
  await page.getByRole('heading', { name: 'Your recovery codes' }).waitFor({ timeout: 20_000 });
}, 120_000);

describe('back-office dashboard', () => {
  it('shows the figures, the chart with its text alternative, and the section links, at both widths', async () => {
    await page.goto('/admin');
    expect(pathOf(page)).toBe('/admin');
    await expect.poll(() => page.getByRole('heading', { name: /Leads per day, last 90 days/ }).count()).toBe(1);
    for (const heading of ['Open leads', 'Listings live', 'Last import', 'Emails', 'Sections']) {
      expect(await page.getByRole('heading', { name: heading, exact: true }).count(), heading).toBe(1);
    }
    // Each kind's bars are an image with a title and a summary; the figures are also a table.
    expect(await page.getByRole('img', { name: /Viewing requests per day/ }).count()).toBe(1);
    expect(await page.locator('table caption', { hasText: 'Leads per day by kind' }).count()).toBe(1);
    // The seeded listings are live in both channels.
    const forSale = await page.getByRole('row', { name: /For sale/ }).textContent();
    expect(Number(/(\d+)\s*$/.exec(forSale ?? '')?.[1])).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Email', exact: true }).count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 740 });
    await expectNoSidewaysScroll();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});

describe('email health', () => {
  it('lists the outbox, names the transport, and resends the failed emails, with and without JavaScript', async () => {
    await page.goto('/admin/email');
    expect(await page.getByRole('heading', { name: 'Email', level: 1 }).count()).toBe(1);
    expect(await page.getByText('Files on the server').count()).toBe(1);
    expect(await page.getByText(/^Yes \(checked in \d+ ms\)$/).count()).toBe(1);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 740 });
    await expectNoSidewaysScroll();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('link', { name: /^Failed \(2\)$/ }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?status=failed');
    // The address bar changes as the navigation commits; the rows render in the transition after it.
    const row = page.getByRole('row', { name: /bounced\.visitor@example\.com/ });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('550 5.1.1');
    await row.getByRole('button', { name: 'Resend the email to bounced.visitor@example.com' }).click();
    await expect
      .poll(() => page.locator('p.admin-notice[role="status"]').textContent(), { timeout: 20_000 })
      .toBe('One failed email is back in the queue.');
    expect(await page.getByRole('link', { name: /^Failed \(1\)$/ }).count()).toBe(1);

    // The same page without JavaScript: the buttons are plain form posts, answered by a page with the notice.
    const noScript = await newPage({ javaScriptEnabled: false });
    await noScript.context().addCookies(await page.context().cookies());
    await noScript.goto('/admin/email?status=failed');
    expect(await noScript.getByRole('row', { name: /moved\.away@example\.net/ }).count()).toBe(1);
    await noScript.getByRole('button', { name: 'Resend all 1 failed' }).click();
    await expect
      .poll(() => noScript.locator('p.admin-notice[role="status"]').textContent(), { timeout: 20_000 })
      .toBe('One failed email is back in the queue.');
    expect(await noScript.getByRole('link', { name: /^Failed \(0\)$/ }).count()).toBe(1);

    // The worker takes it again: in this build's file sink it ends as kept, not failed. The list is newest first,
    // fifty to a page, and the journeys before this one send their own emails, so the demo's old email may be on a
    // later page.
    await expect.poll(() => storedRowsFor(/bounced\.visitor@example\.com/), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => storedRowsFor(/moved\.away@example\.net/), { timeout: 30_000 }).toBe(1);
  }, 120_000);
});
