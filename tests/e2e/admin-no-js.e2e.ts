/**
 * The back office's forms without JavaScript (docs/decisions/012): each is a post form that shows its errors on the
 * page the post answers with, and a valid post does what it says — set-up, sign-in in two steps, the account's
 * password change, the staff invitation and the forgotten-password request.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoPersonalFieldsInUrls, recordRequestUrls, useBrowser } from './browser.ts';
import { authenticatorCode, pathOf, setupLinkOf, staffCreate } from './staff-helpers.ts';

const { newPage } = useBrowser();
const PASSWORD = 'lantern quiet meadow harbour';
const email = `e2e-nojs-owner-${Date.now()}@agency.example`;

const summary = (page: Page) => page.locator('.error-summary');

async function expectErrors(page: Page, ...messages: string[]): Promise<void> {
  for (const message of ['There is a problem', ...messages]) {
    await expect
      .poll(async () => ((await summary(page).count()) > 0 ? await summary(page).textContent() : ''))
      .toContain(message);
  }
}

/** Every form on the page posts to an address (none falls back to a GET that would put answers in the URL). */
async function expectPostForms(page: Page): Promise<void> {
  // Polled: the page that answered a post may still be loading.
  await expect.poll(() => page.locator('form').count()).toBeGreaterThan(0);
  const forms = await page.$$eval('form', (list) => list.map((form) => form.getAttribute('method') ?? 'get'));
  for (const method of forms) expect(method).toBe('post');
}

describe('back-office forms without JavaScript', () => {
  it('set-up, sign-in, password change and invitation post and show their errors', async () => {
    const created = await staffCreate(['--email', email, '--name', 'Nia Noscript', '--role', 'owner']);
    expect(created.code, created.output).toBe(0);
    const page = await newPage({ javaScriptEnabled: false });
    const urls = recordRequestUrls(page);

    await page.goto(setupLinkOf(created.output));
    await expectPostForms(page);
    await page.getByRole('button', { name: 'Finish setting up' }).click();
    await expectErrors(page, 'Enter a password of at least 15 characters', 'Enter the 6-digit code');
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('New password again').fill(PASSWORD);
    await page.getByLabel('Code from the app').fill(authenticatorCode(secret));
    await page.getByRole('button', { name: 'Finish setting up' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Your recovery codes' }).count()).toBe(1);

    await page.goto('/admin/account');
    await expectPostForms(page);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectErrors(page, 'Enter your current password');

    await page.goto('/admin/staff');
    await page.getByRole('button', { name: 'Send the invitation' }).click();
    await expectErrors(page, 'Enter the person’s name');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => pathOf(page)).toBe('/admin/sign-in');
    await expectPostForms(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectErrors(page, 'Enter your email address');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill('not the password at all');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectErrors(page, 'The email address, password or code is not right.');
    expect(await page.getByLabel('Password').inputValue()).toBe('');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Enter your code' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectErrors(page, 'Enter the code from your authenticator app');
    // The set-up used this moment's code: an authenticator shows the next one soon, and it is accepted already.
    await page.getByLabel('Code').fill(authenticatorCode(secret, 30));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => pathOf(page)).toBe('/admin');

    const visitor = await newPage({ javaScriptEnabled: false });
    const visitorUrls = recordRequestUrls(visitor);
    await visitor.goto('/admin/forgot-password');
    await expectPostForms(visitor);
    await visitor.getByRole('button', { name: 'Send the link' }).click();
    await expectErrors(visitor, 'Enter your email address');

    expectNoPersonalFieldsInUrls([...urls, ...visitorUrls]);
  });
});
