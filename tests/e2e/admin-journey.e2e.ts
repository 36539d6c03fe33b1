/**
 * The back office's whole journey, end to end: an owner set up through `npm run staff:create` invites a negotiator
 * from /admin/staff; the negotiator opens the emailed set-up link, chooses a password, enrols an authenticator, signs
 * out and signs in again with the password and a code; a visitor asks for a viewing on the public site; the negotiator
 * finds the lead in /admin/leads, takes it on, opens its diary entry and confirms the suggested time; the visitor's
 * confirmation, with its calendar invitation attached, is then in the outbox. Every back-office page is checked with
 * axe on the way.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './browser.ts';
import { authenticatorCode, pathOf, setupLinkOf, staffCreate } from './staff-helpers.ts';

const { newPage, baseURL } = useBrowser();
const OWNER_PASSWORD = 'granite lighthouse saffron ember';
const NEGOTIATOR_PASSWORD = 'willow compass thistle harbour';
const stamp = Date.now();
// Names are letters only: the run's own name, the digits of the time spelled as letters.
const letters = [...String(stamp).slice(-6)].map((digit) => 'abcdefghij'[Number(digit)]).join('');
const owner = { email: `e2e-journey-owner-${stamp}@agency.example`, name: `Olive Owner${letters}` };
const negotiator = { email: `e2e-journey-negotiator-${stamp}@agency.example`, name: `Jude Negotiator${letters}` };
const visitorFirstName = `Juno${letters}`;
const visitorEmail = `juno.${stamp}@example.com`;

type Listing = { property_url: string };
type ViewingProperty = { url: string; branchSlug: string; branchName: string };

/**
 * A property page that offers a viewing, with the slug and name of the branch that markets it: preferably of a third
 * branch, after the first two such branches that the leads inbox and diary journeys use, so the journeys running side
 * by side in the same server share as little as possible (the lead is found by the visitor's email in any case).
 */
async function findViewingProperty(): Promise<ViewingProperty> {
  const seen: ViewingProperty[] = [];
  for (let page = 1; page <= 10; page += 1) {
    const { properties } = (await (await fetch(`${baseURL}/search.ljson?channel=sales&page=${page}`)).json()) as {
      properties: Listing[];
    };
    for (const listing of properties) {
      const html = await (await fetch(`${baseURL}${listing.property_url}`)).text();
      const branch = /href="\/branches\/([a-z0-9-]+)">About the ([^<]+) branch<\/a>/.exec(html);
      if (!/\/book-a-viewing"/.test(html) || !branch) continue;
      if (seen.some((found) => found.branchSlug === branch[1])) continue;
      seen.push({ url: listing.property_url, branchSlug: branch[1]!, branchName: branch[2]! });
      if (seen.length === 3) return seen[2]!;
    }
  }
  const fallback = seen.at(-1);
  if (!fallback) throw new Error('no property offering a viewing found');
  return fallback;
}

/** The text of the newest outbox email to this address whose subject includes this. */
async function outboxEmail(page: Page, to: string, subject: string): Promise<string> {
  await page.goto('/outbox');
  const email = page
    .locator('article.outbox-email', { hasText: `To ${to}` })
    .filter({ has: page.locator('h2', { hasText: subject }) });
  return (await email.count()) === 0 ? '' : ((await email.first().textContent()) ?? '');
}

let property: ViewingProperty;

beforeAll(async () => {
  property = await findViewingProperty();
}, 120_000);

describe('the back office journey', () => {
  it('an owner invites a negotiator, who signs in with a code and books in a visitor’s viewing', async () => {
    // The owner: created on the command line, set up with a password and an authenticator.
    const created = await staffCreate(['--email', owner.email, '--name', owner.name, '--role', 'owner']);
    expect(created.code, created.output).toBe(0);
    const ownerPage = await newPage();
    await ownerPage.goto(setupLinkOf(created.output));
    const ownerSecret = (await ownerPage.getByTestId('totp-secret').textContent())!.trim();
    await ownerPage.getByLabel('New password', { exact: true }).fill(OWNER_PASSWORD);
    await ownerPage.getByLabel('New password again').fill(OWNER_PASSWORD);
    await ownerPage.getByLabel('Code from the app').fill(authenticatorCode(ownerSecret));
    await ownerPage.getByRole('button', { name: 'Finish setting up' }).click();
    await expect
      .poll(() => ownerPage.getByRole('heading', { name: 'Your recovery codes' }).count(), { timeout: 20_000 })
      .toBe(1);
    await ownerPage.getByRole('link', { name: /go to the back office/ }).click();
    await expect.poll(() => pathOf(ownerPage), { timeout: 20_000 }).toBe('/admin');

    // The owner invites the negotiator, of the property's branch, from the staff page.
    await ownerPage.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff' }).click();
    await expect.poll(() => pathOf(ownerPage), { timeout: 20_000 }).toBe('/admin/staff');
    await expect.poll(() => ownerPage.getByRole('heading', { name: 'Invite a staff member' }).count()).toBe(1);
    await expectNoAxeViolations(ownerPage);
    await ownerPage.getByLabel('Name', { exact: true }).fill(negotiator.name);
    await ownerPage.getByLabel('Email address').fill(negotiator.email);
    await ownerPage.getByLabel('Role', { exact: true }).selectOption('negotiator');
    const branchBoxes = ownerPage.locator('#field-branch');
    await branchBoxes.getByLabel(property.branchName, { exact: true }).check();
    await ownerPage.getByRole('button', { name: 'Send the invitation' }).click();
    await expect
      .poll(
        async () =>
          (await ownerPage.locator('.admin-notice').count())
            ? ownerPage.locator('.admin-notice').textContent()
            : ownerPage.locator('main').textContent(),
        { timeout: 20_000 },
      )
      .toContain(`An invitation has been emailed to ${negotiator.email}.`);
    const invitedRow = ownerPage.locator('.admin-table tbody tr', { hasText: negotiator.email });
    expect(await invitedRow.textContent()).toContain('Invited');
    expect(await invitedRow.textContent()).toContain(property.branchName);
    await expectNoAxeViolations(ownerPage);

    // The invitation, with its set-up link, arrives by email.
    const inbox = await newPage();
    await expect
      .poll(() => outboxEmail(inbox, negotiator.email, 'Set up your back-office account'), { timeout: 20_000 })
      .toContain('has given you an account');
    const invitation = await outboxEmail(inbox, negotiator.email, 'Set up your back-office account');
    expect(invitation).toContain(`Hello ${negotiator.name},`);
    expect(invitation).toContain(`${owner.name} has given you an account`);
    const negotiatorSetupLink = setupLinkOf(invitation);

    // The negotiator, in their own browser: a password and an authenticator, then out and in again with a code.
    const page = await newPage();
    await page.goto(negotiatorSetupLink);
    await expect.poll(() => page.getByRole('heading', { name: 'Set up your back-office account' }).count()).toBe(1);
    await expectNoAxeViolations(page);
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel('New password', { exact: true }).fill(NEGOTIATOR_PASSWORD);
    await page.getByLabel('New password again').fill(NEGOTIATOR_PASSWORD);
    await page.getByLabel('Code from the app').fill(authenticatorCode(secret));
    await page.getByRole('button', { name: 'Finish setting up' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Your recovery codes' }).count(), { timeout: 20_000 })
      .toBe(1);
    expect(
      await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents(),
    ).toHaveLength(10);
    await expectNoAxeViolations(page);
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => pathOf(page)).toBe('/admin/sign-in');
    await expectNoAxeViolations(page);
    await page.getByLabel('Email address').fill(negotiator.email);
    await page.getByLabel('Password', { exact: true }).fill(NEGOTIATOR_PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Enter your code' }).count(), { timeout: 20_000 })
      .toBe(1);
    await expectNoAxeViolations(page);
    // The set-up used this moment's code, which is not accepted twice: an authenticator shows the next one soon, and
    // it is accepted already.
    await page.getByLabel('Code', { exact: true }).fill(authenticatorCode(secret, 30));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe('/admin');
    await expect.poll(() => page.getByRole('heading', { name: 'Back office', exact: true }).count()).toBe(1);
    await expectNoAxeViolations(page);

    // The visitor asks for a viewing on the public site.
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
    await dialog.locator('#field-lead-message').fill('A weekday morning would be ideal.');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Book a viewing' }).click();
    await expect
      .poll(() => dialog.locator('.lead-thanks').textContent(), { timeout: 30_000 })
      .toContain('We have received your viewing request');

    // The negotiator finds the lead in the inbox by the visitor's email.
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Leads' }).click();
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe('/admin/leads');
    await expectNoAxeViolations(page);
    await page.getByLabel('Search name, email, phone, message or address').fill(visitorEmail);
    await page.getByRole('button', { name: 'Filter' }).click();
    const rows = page.locator('.lead-inbox__table tbody tr');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => rows.first().textContent()).toContain(visitorFirstName);
    const leadRow = (await rows.first().textContent()) ?? '';
    expect(leadRow).toContain('Viewing request');
    expect(leadRow).toContain(visitorEmail);
    expect(leadRow).toContain('Nobody');
    await expectNoAxeViolations(page);

    // Opened, and taken on by the negotiator.
    await rows
      .first()
      .getByRole('link', { name: new RegExp(visitorFirstName) })
      .click();
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toMatch(/^\/admin\/leads\/\d+$/);
    const leadPath = pathOf(page);
    const leadId = leadPath.split('/').at(-1)!;
    await expect.poll(() => page.locator('h1').textContent()).toContain(visitorFirstName);
    await expectNoAxeViolations(page);
    await page.getByLabel('Assign to').selectOption({ label: negotiator.name });
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect
      .poll(
        () => page.getByLabel('Assign to').evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text),
        { timeout: 20_000 },
      )
      .toBe(negotiator.name);
    await expectNoAxeViolations(page);
    await expect
      .poll(
        () =>
          outboxEmail(
            inbox,
            negotiator.email,
            `Lead assigned to you: Viewing request from ${visitorFirstName} Visitor`,
          ),
        {
          timeout: 20_000,
        },
      )
      .toContain(`Hello ${negotiator.name}`);

    // The diary: the branch's week with the request waiting for a time.
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Diary' }).click();
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe('/admin/diary');
    await expectNoAxeViolations(page);
    await page.getByLabel('Branch').selectOption(property.branchSlug);
    await page.getByRole('button', { name: 'Show' }).click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('branch'), { timeout: 20_000 })
      .toBe(property.branchSlug);
    const request = page.locator('.diary__requests tbody tr', { hasText: visitorFirstName });
    await expect.poll(() => request.count()).toBe(1);
    await expectNoAxeViolations(page);

    // From the lead page to its diary entry, where the suggested time is confirmed.
    await page.goto(leadPath);
    await expect.poll(() => page.locator('.diary-lead-panel').textContent()).toContain('no time booked yet');
    await page.getByRole('link', { name: 'Open it in the diary' }).click();
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe(`/admin/diary/${leadId}`);
    await expect.poll(() => page.locator('h1').textContent()).toContain(visitorFirstName);
    await expectNoAxeViolations(page);
    const suggestedTime = await page.getByLabel('Time (UK)').inputValue();
    expect(suggestedTime).toMatch(/^\d\d:\d\d$/);
    await page.getByRole('button', { name: 'Confirm and email the visitor' }).click();
    await expect
      .poll(() => page.locator('.diary-entry__summary').textContent(), { timeout: 20_000 })
      .toContain('Confirmed');
    expect(await page.locator('.diary-entry__summary').textContent()).toContain(`at ${suggestedTime}`);
    await expectNoAxeViolations(page);

    // The visitor's confirmation, with the invitation attached, is in the outbox.
    await expect
      .poll(() => outboxEmail(inbox, visitorEmail, 'Your viewing is confirmed:'), { timeout: 20_000 })
      .not.toBe('');
    const confirmation = inbox
      .locator('article.outbox-email', { hasText: `To ${visitorEmail}` })
      .filter({ hasText: 'Your viewing is confirmed:' });
    await expect.poll(() => confirmation.count()).toBe(1);
    const confirmationText = (await confirmation.textContent()) ?? '';
    expect(confirmationText).toContain(`Hello ${visitorFirstName} Visitor,`);
    expect(confirmationText).toContain(`at ${suggestedTime} (UK time)`);
    expect(confirmationText).toContain('Attachment: appointment.ics (text/calendar; charset=utf-8; method=REQUEST)');

    // Back in the inbox: the lead is the negotiator's, and its page says the viewing is confirmed.
    await page.goto(`/admin/leads?q=${encodeURIComponent(visitorEmail)}`);
    await expect.poll(() => rows.first().textContent(), { timeout: 20_000 }).toContain(negotiator.name);
    await page.goto(leadPath);
    await expect.poll(() => page.locator('.diary-lead-panel').textContent()).toContain('Confirmed');
  }, 180_000);
});
