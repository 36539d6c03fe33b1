/**
 * The privacy tools end to end: a visitor registers; an owner (set up through `npm run staff:create`, signed in with
 * a password and an authenticator code) finds what is held about the visitor's address, downloads it as a zip with
 * data.json, erases it after typing the address again, and then sees the export and the erasure in the audit log.
 * Axe checks every screen at desktop and phone widths; no page scrolls sideways on the phone.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import yauzl from 'yauzl';
import { describe, expect, it } from 'vitest';
import { register } from './account-helpers.ts';
import { expectNoAxeViolations, expectNoPersonalFieldsInUrls, recordRequestUrls, useBrowser } from './browser.ts';
import {
  completeStaffSetup,
  pathOf,
  setupLinkOf,
  signOutAndInByKeyboard,
  staffCreate,
  tabTo,
} from './staff-helpers.ts';

const { newPage } = useBrowser();
const PASSWORD = 'silver orchard lantern river';
const stamp = Date.now();
const owner = { email: `e2e-privacy-owner-${stamp}@agency.example`, name: `Pria Owner ${stamp}` };
const visitorEmail = `e2e-privacy-${stamp}@example.com`;

/** Axe at 1280 px, then at 375 px with no sideways scrolling, then back. */
async function checkBothWidths(page: Page): Promise<void> {
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
}

function zipEntryNames(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}

/** The "Held" cell of a category's row in the summary. */
function heldCount(page: Page, category: string) {
  return page
    .locator('.privacy__summary tr', { has: page.getByRole('rowheader', { name: category, exact: true }) })
    .locator('td')
    .first();
}

describe('privacy tools', () => {
  it('an owner finds, exports and erases a visitor’s data, and the audit log shows it', async () => {
    // A visitor with an account.
    const visitor = await newPage();
    await register(visitor, visitorEmail);

    // An owner is set up, signs out, and signs in with a password and a code.
    const created = await staffCreate(['--email', owner.email, '--name', owner.name, '--role', 'owner']);
    expect(created.code, created.output).toBe(0);
    const page = await newPage();
    const requestedUrls = recordRequestUrls(page);
    const secret = await completeStaffSetup(page, setupLinkOf(created.output), PASSWORD);
    await signOutAndInByKeyboard(page, { email: owner.email, password: PASSWORD, secret }, '/admin/privacy');
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await expect.poll(() => nav.getByRole('link', { name: 'Privacy' }).count()).toBe(1);
    await expect.poll(() => nav.getByRole('link', { name: 'Audit log' }).count()).toBe(1);
    await checkBothWidths(page);

    // Found, in whatever case it is typed; from the keyboard.
    await tabTo(page, 'Email address');
    await page.keyboard.type(visitorEmail.toUpperCase());
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByRole('heading', { name: `What is held about ${visitorEmail}` }).count(), {
        timeout: 20_000,
      })
      .toBe(1);
    expect((await heldCount(page, 'Visitor account').textContent())?.trim()).toBe('1');
    expect(Number((await heldCount(page, 'Emails').textContent())?.trim())).toBeGreaterThan(0);
    await checkBothWidths(page);

    // Exported: one zip download with data.json.
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 20_000 }),
      page.getByRole('button', { name: 'Download everything held (zip)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d\d-\d\d\.zip$/);
    const entries = await zipEntryNames(await readFile((await download.path())!));
    expect(entries.has('data.json')).toBe(true);
    const data = JSON.parse(entries.get('data.json')!.toString()) as { account: { email: string; firstName: string } };
    expect(data.account.email).toBe(visitorEmail);
    expect(data.account.firstName).toBe('Sam');

    // Erased, after typing the address again (a wrong one is refused first).
    await page.getByLabel('Type the email address again to confirm').fill(`x${visitorEmail}`);
    await page.getByRole('button', { name: 'Erase everything held about this address' }).click();
    await expect
      .poll(() => page.getByText('The email address you typed again does not match').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await checkBothWidths(page);
    await page.getByLabel('Type the email address again to confirm').fill(visitorEmail);
    await page.getByRole('button', { name: 'Erase everything held about this address' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Erased what was held' }).count(), { timeout: 20_000 })
      .toBe(1);
    expect(await page.locator('.admin-notice').textContent()).toContain('1 visitor account deleted');
    await checkBothWidths(page);

    // Nothing left.
    await page.getByLabel('Email address').fill(visitorEmail);
    await page.getByRole('button', { name: 'Find' }).click();
    await expect.poll(() => page.getByText('Nothing is held about this address.').count(), { timeout: 20_000 }).toBe(1);

    // The audit log: the export and the erasure, by this owner, newest first.
    await nav.getByRole('link', { name: 'Audit log' }).click();
    await expect.poll(() => pathOf(page)).toBe('/admin/audit');
    const rows = page.locator('.audit-log__table tbody tr');
    // Journeys in the other worker write to the same log meanwhile (staff set up, listings saved): this owner's rows.
    await expect
      .poll(() => rows.filter({ hasText: owner.name }).first().textContent())
      .toContain('Personal data looked up');
    const table = (await page.locator('.audit-log__table tbody').textContent()) ?? '';
    expect(table).toContain('Personal data erased');
    expect(table).toContain('Personal data exported');
    expect(table).toContain(owner.name);
    expect(table).not.toContain(visitorEmail);
    await checkBothWidths(page);

    // Filtered to erasures.
    await page.getByLabel('What').selectOption({ label: 'Personal data erased' });
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('action')).toBe('privacy.erase');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    for (const text of await rows.allTextContents()) expect(text).toContain('Personal data erased');
    expect((await rows.first().textContent()) ?? '').toContain('Erased: accounts 1');
    await checkBothWidths(page);

    // The address never travelled in a URL.
    expectNoPersonalFieldsInUrls(requestedUrls);
    expect(requestedUrls.filter((url) => decodeURIComponent(url).includes(visitorEmail))).toEqual([]);
  });
});
