/**
 * The rest of the back office's post forms without JavaScript (docs/decisions/012), after admin-no-js.e2e.ts: a
 * lead's status, assignment and note; a diary entry's confirm, reschedule and cancel; the staff list's role change,
 * authenticator reset and deactivation; the privacy tools' find, retention, export and erasure; signing out
 * everywhere. Each is posted once with a value the server refuses (where the page lets one be entered) and once
 * successfully. And with JavaScript, a double click on a back-office form's button posts it once.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoPersonalFieldsInUrls, recordRequestUrls, useBrowser } from './browser.ts';
import { completeStaffSetup, pathOf, setupLinkOf, staffCreate } from './staff-helpers.ts';

const { newPage, baseURL } = useBrowser();
const PASSWORD = 'harbour lantern quiet orchard';
const NEW_PASSWORD = 'meadow beacon copper willow';
const stamp = Date.now();
const owner = { email: `e2e-nojs-more-${stamp}@agency.example`, name: `Odo Owner ${stamp}` };
const colleague = { email: `e2e-nojs-colleague-${stamp}@agency.example`, name: `Cleo Colleague ${stamp}` };
// Letters only: the digits of the time spelled as letters.
const visitorFirstName = `Noa${[...String(stamp).slice(-6)].map((digit) => 'abcdefghij'[Number(digit)]).join('')}`;
const visitorEmail = `noa.${stamp}@example.com`;
/** A date and time the UK clocks skip (they go forward at 01:00 on the last Sunday of March). */
const MISSING_TIME = { date: '2027-03-28', time: '01:30' };

type Listing = { property_url: string };

async function findViewingProperty(): Promise<string> {
  for (let page = 1; page <= 10; page += 1) {
    const { properties } = (await (await fetch(`${baseURL}/search.ljson?channel=sales&page=${page}`)).json()) as {
      properties: Listing[];
    };
    for (const listing of properties) {
      const html = await (await fetch(`${baseURL}${listing.property_url}`)).text();
      if (/\/book-a-viewing"/.test(html)) return listing.property_url;
    }
  }
  throw new Error('no property offering a viewing found');
}

/** The problem summary the answer to a refused post shows (the shared one, or the privacy page's own). */
async function expectProblems(page: Page, ...messages: string[]): Promise<void> {
  const summary = page.locator('.error-summary, .privacy__errors');
  for (const message of ['There is a problem', ...messages]) {
    await expect
      .poll(async () => ((await summary.count()) > 0 ? await summary.first().textContent() : ''))
      .toContain(message);
  }
}

async function expectNotice(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.locator('[role="status"]', { hasText: text }).count()).toBeGreaterThan(0);
}

/** Every form on the page posts, except the filters that are GET forms by design (they carry no personal field). */
async function expectPostForms(page: Page): Promise<void> {
  await expect.poll(() => page.locator('form').count()).toBeGreaterThan(0);
  const forms = await page.$$eval('form', (list) =>
    list.map((form) => ({ method: form.getAttribute('method') ?? 'get', role: form.getAttribute('role') })),
  );
  for (const form of forms) if (form.role !== 'search') expect(form.method).toBe('post');
}

async function changePassword(on: Page, current: string, next: string): Promise<void> {
  await on.getByLabel('Current password').fill(current);
  await on.getByLabel('New password', { exact: true }).fill(next);
  await on.getByLabel('New password again').fill(next);
  await on.getByRole('button', { name: 'Change password' }).click();
  await expectNotice(on, 'Your password has been changed.');
}

let propertyUrl: string;
let leadId: string;
let page: Page;
let urls: string[];

beforeAll(async () => {
  propertyUrl = await findViewingProperty();
}, 120_000);

describe('the remaining back-office forms without JavaScript (and one post at a time with it)', () => {
  it('a visitor asks for a viewing; an owner signs in without JavaScript and finds it', async () => {
    const visitor = await newPage();
    await visitor.goto(propertyUrl);
    await visitor.waitForLoadState('networkidle');
    await visitor.locator('.contact-panel').getByRole('link', { name: 'Book a viewing' }).click();
    const dialog = visitor.locator('dialog.modal');
    await expect.poll(() => dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
    await dialog.getByLabel('First name').fill(visitorFirstName);
    await dialog.getByLabel('Last name').fill('Visitor');
    await dialog.getByLabel('Email').fill(visitorEmail);
    await dialog.getByLabel('Phone number').fill('01225 456789');
    await dialog.locator('#field-lead-message').fill('Weekday evenings suit me.');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Book a viewing' }).click();
    await expect
      .poll(() => dialog.locator('.lead-thanks').textContent(), { timeout: 30_000 })
      .toContain('We have received your viewing request');

    const created = await staffCreate(['--email', owner.email, '--name', owner.name, '--role', 'owner']);
    expect(created.code, created.output).toBe(0);
    page = await newPage({ javaScriptEnabled: false });
    urls = recordRequestUrls(page);
    await completeStaffSetup(page, setupLinkOf(created.output), PASSWORD);

    await page.goto(`/admin/leads?q=${visitorFirstName}`);
    const link = page.locator('.lead-inbox__table tbody tr', { hasText: visitorFirstName }).locator('a').first();
    await expect.poll(() => link.count()).toBe(1);
    leadId = (await link.getAttribute('href'))!.split('/').at(-1)!;
    expect(leadId).toMatch(/^\d+$/);
  }, 120_000);

  it('a lead’s status, assignment and note', async () => {
    await page.goto(`/admin/leads/${leadId}`);
    await expectPostForms(page);

    await page.getByLabel('Status').selectOption('lost');
    await page.getByRole('button', { name: 'Update status' }).click();
    await expectProblems(page, 'Enter why the lead was lost');
    await page.goto(`/admin/leads/${leadId}`);
    await page.getByLabel('Status').selectOption('contacted');
    await page.getByRole('button', { name: 'Update status' }).click();
    await expect.poll(() => pathOf(page)).toBe(`/admin/leads/${leadId}`);
    await expect.poll(() => page.getByLabel('Status').inputValue()).toBe('contacted');
    expect(await page.locator('.error-summary').count()).toBe(0);

    // The assignee is chosen from a list of the branch's staff: nothing the page offers is refused.
    const choices = await page.getByLabel('Assign to').locator('option').allTextContents();
    const assignee = choices.at(-1)!;
    await page.getByLabel('Assign to').selectOption({ label: assignee });
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect
      .poll(() => page.getByLabel('Assign to').evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text))
      .toBe(assignee);

    await page.getByRole('button', { name: 'Add note' }).click();
    await expectProblems(page, 'Enter a note');
    await page.getByLabel('Internal note').fill('Rang without scripts: evening viewing agreed.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect
      .poll(() => page.locator('.lead-detail__notes').textContent())
      .toContain('Rang without scripts: evening viewing agreed.');
  });

  // With JavaScript, before the erasure below anonymises the lead.
  it('with JavaScript, a double click on Add note adds the note once', async () => {
    const email = `e2e-double-${stamp}@agency.example`;
    const created = await staffCreate(['--email', email, '--name', `Dot Double ${stamp}`, '--role', 'owner']);
    expect(created.code, created.output).toBe(0);
    const scripted = await newPage();
    await completeStaffSetup(scripted, setupLinkOf(created.output), PASSWORD);
    await scripted.goto(`/admin/leads/${leadId}`);
    const noteForm = scripted.locator('form', { has: scripted.getByRole('button', { name: 'Add note' }) });
    // The guard is the page's script: wait until React has taken over the form.
    await scripted.waitForFunction(() => {
      const form = [...document.querySelectorAll('form')].find((each) => each.textContent?.includes('Add note'));
      return Boolean(form && Object.keys(form).some((key) => key.startsWith('__reactProps')));
    });
    const note = `Double-clicked note ${stamp}`;
    await noteForm.getByLabel('Internal note').fill(note);
    await noteForm.getByRole('button', { name: 'Add note' }).dblclick();
    await expect
      .poll(() => scripted.locator('.lead-detail__notes li', { hasText: note }).count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await scripted.reload();
    expect(await scripted.locator('.lead-detail__notes li', { hasText: note }).count()).toBe(1);

    // The password change with the script: checked in the browser first, then posted (never in a URL: every URL
    // this file's pages asked for is checked for a password when it ends).
    await scripted.goto('/admin/account');
    await scripted.waitForFunction(() =>
      Object.keys(document.querySelector('#staff-change-password') ?? {}).some((key) => key.startsWith('__reactProps')),
    );
    await scripted.getByRole('button', { name: 'Change password' }).click();
    await expectProblems(scripted, 'Enter your current password');
    await changePassword(scripted, PASSWORD, NEW_PASSWORD);
  });

  it('a diary entry’s confirm, reschedule and cancel', async () => {
    await page.goto(`/admin/diary/${leadId}`);
    await expectPostForms(page);
    const confirm = page.getByRole('form', { name: 'Confirm a time' });
    await confirm.getByLabel('Date').fill(MISSING_TIME.date);
    await confirm.getByLabel('Time (UK)').fill(MISSING_TIME.time);
    await confirm.getByRole('button', { name: 'Confirm and email the visitor' }).click();
    await expectProblems(page, 'That time does not exist in the UK on that day');
    await page.goto(`/admin/diary/${leadId}`);
    await page.getByRole('button', { name: 'Confirm and email the visitor' }).click();
    await expect.poll(() => page.locator('.diary-entry__summary').textContent()).toContain('Confirmed');

    const reschedule = page.getByRole('form', { name: 'Reschedule' });
    await reschedule.getByLabel('Date').fill(MISSING_TIME.date);
    await reschedule.getByLabel('Time (UK)').fill(MISSING_TIME.time);
    await reschedule.getByRole('button', { name: 'Reschedule and email the visitor' }).click();
    await expectProblems(page, 'That time does not exist in the UK on that day');
    await page.goto(`/admin/diary/${leadId}`);
    await page.getByRole('form', { name: 'Reschedule' }).getByLabel('Time (UK)').fill('16:30');
    await page.getByRole('button', { name: 'Reschedule and email the visitor' }).click();
    await expect.poll(() => page.locator('.diary-entry__summary').textContent()).toContain('at 16:30');

    // Only spaces: the browser lets the required field through; the server does not.
    await page.getByLabel('Reason for cancelling').fill('   ');
    await page.getByRole('button', { name: 'Cancel and email the visitor' }).click();
    await expectProblems(page, 'Enter why the appointment is cancelled');
    await page.getByLabel('Reason for cancelling').fill('The visitor has found a home.');
    await page.getByRole('button', { name: 'Cancel and email the visitor' }).click();
    await expect.poll(() => page.locator('.diary-entry__summary').textContent()).toContain('Cancelled');
  });

  it('the staff list’s invitation, role change, authenticator reset and deactivation', async () => {
    const created = await staffCreate(['--email', colleague.email, '--name', colleague.name, '--role', 'editor']);
    expect(created.code, created.output).toBe(0);
    await completeStaffSetup(await newPage(), setupLinkOf(created.output), PASSWORD);

    await page.goto('/admin/staff');
    await expectPostForms(page);
    await page.getByLabel('Name').fill('Ivo Invited');
    await page.getByLabel('Email address').fill(colleague.email);
    await page.getByRole('button', { name: 'Send the invitation' }).click();
    await expectProblems(page, 'That email address already belongs to a staff member');
    await page.getByLabel('Email address').fill(`e2e-nojs-invited-${stamp}@agency.example`);
    await page.getByRole('button', { name: 'Send the invitation' }).click();
    await expectNotice(page, `An invitation has been emailed to e2e-nojs-invited-${stamp}@agency.example.`);

    // Roles and branches are chosen from the page's lists: nothing it offers is refused (the last owner cannot be
    // made one here: every journey adds owners).
    await page.getByRole('link', { name: `Change role of ${colleague.name}` }).click();
    await page.getByLabel('Role', { exact: true }).selectOption('manager');
    await page.getByRole('button', { name: `Save ${colleague.name}’s access` }).click();
    await expectNotice(page, 'The role and branches have been changed.');
    const colleagueRow = page.locator('tr', { hasText: colleague.email });
    await expect.poll(() => colleagueRow.textContent()).toContain('Manager');

    await page.getByRole('button', { name: `Reset authenticator of ${colleague.name}` }).click();
    await expectNotice(page, 'The authenticator has been reset and its recovery codes voided.');
    await page.getByRole('button', { name: `Deactivate ${colleague.name}` }).click();
    await expectNotice(page, 'The account has been deactivated and its sessions have ended.');
    await expect.poll(() => colleagueRow.textContent()).toContain('Deactivated');
  });

  it('the privacy tools’ find, retention, export and erasure', async () => {
    await page.goto('/admin/privacy');
    await expectPostForms(page);
    await page.getByLabel('Email address').fill(visitorEmail);
    await page.getByRole('button', { name: 'Find' }).click();
    await expect.poll(() => page.getByRole('heading', { name: `What is held about ${visitorEmail}` }).count()).toBe(1);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download everything held (zip)' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.zip$/);

    await page.getByLabel('Type the email address again to confirm').fill(`someone.else.${stamp}@example.com`);
    await page.getByRole('button', { name: 'Erase everything held about this address' }).click();
    await expectProblems(page, 'The email address you typed again does not match');
    await page.getByLabel('Type the email address again to confirm').fill(visitorEmail);
    await page.getByRole('button', { name: 'Erase everything held about this address' }).click();
    await expectNotice(page, `Erased what was held about ${visitorEmail}`);

    // The setting is saved back as it was: the retention job runs for the whole test database.
    const retention = page.getByLabel('Keep leads and uploads for (months)');
    const months = await retention.inputValue();
    await retention.fill('999');
    await page.getByRole('button', { name: 'Save retention' }).click();
    await expectProblems(page, 'Enter a whole number of months from 0 to 240');
    await retention.fill(months);
    await page.getByRole('button', { name: 'Save retention' }).click();
    await expectNotice(page, 'The retention setting has been saved.');
  });

  it('the account’s password change and sign out everywhere', async () => {
    await page.goto('/admin/account');
    await expectPostForms(page);
    await changePassword(page, PASSWORD, NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect.poll(() => pathOf(page)).toBe('/admin/sign-in');
    await page.goto('/admin');
    await expect.poll(() => pathOf(page)).toBe('/admin/sign-in');
    expectNoPersonalFieldsInUrls(urls);
  });
});
