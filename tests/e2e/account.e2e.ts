import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { confirmEmail, submitRegistration } from './account-helpers.ts';
import { expectNoAxeViolations, expectNoPersonalFieldsInUrls, recordRequestUrls, useBrowser } from './browser.ts';

const { newPage } = useBrowser();

const PASSWORD = 'Kettle-Lamp-Orchard-4';
const NEW_PASSWORD = 'Lantern-Meadow-Quay-8';
const email = `e2e-${Date.now()}@example.com`;

/** Screenshots for a person to look at (E2E_SCREENSHOT_DIR), at the width the page was opened with. */
async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return;
  await page.waitForTimeout(400); // let the drawer finish sliding in
  await page.screenshot({ path: path.join(dir, `account-${name}.png`) });
}

/** React has attached its handlers to the sidebar (the forms submit through fetch only after that). */
async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const dialog = document.querySelector('dialog.modal');
    return Boolean(dialog && dialog.matches(':modal') && Object.keys(dialog).some((key) => key.startsWith('__react')));
  });
}

/** axe on the page with the sidebar open as a modal dialog (the page behind is inert). */
async function checkAccessibility(page: Page): Promise<void> {
  await waitForHydration(page);
  await expectNoAxeViolations(page);
}

const sidebar = (page: Page) => page.getByRole('dialog', { name: 'Your account' });
const toastText = (page: Page) => page.locator('.toast-region').textContent();

async function signIn(page: Page, password: string): Promise<void> {
  await page.goto('/user/sign-in');
  await waitForHydration(page);
  const dialog = sidebar(page);
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/user');
  await expect.poll(() => dialog.getByRole('heading', { name: 'Hello, Ann' }).count(), { timeout: 20_000 }).toBe(1);
}

async function signOut(page: Page): Promise<void> {
  await sidebar(page).getByRole('button', { name: 'Sign out' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  await expect.poll(() => toastText(page)).toContain('You have been signed out');
}

describe('account area', () => {
  it('registers, edits details and preferences, signs out and in, and resets a forgotten password', async () => {
    const page = await newPage();
    // No password or personal field may ever appear in a URL the browser requests (no GET forms, no query strings).
    const requestedUrls = recordRequestUrls(page);

    // A visitor at /user gets the register form in the sidebar; the answer is never cached.
    const response = await page.goto('/user');
    expect(response?.headers()['cache-control']).toBe('no-store');
    const dialog = sidebar(page);
    expect(await dialog.getByRole('heading', { name: 'Register' }).isVisible()).toBe(true);
    expect(await dialog.getByRole('link', { name: 'Your details' }).getAttribute('aria-current')).toBe('page');
    await checkAccessibility(page);
    await screenshot(page, 'register-1280');

    // Empty submit: an error summary takes focus and the title says Error.
    await waitForHydration(page);
    await dialog.getByRole('button', { name: 'Register', exact: true }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.className ?? '')).toContain('error-summary');
    expect(await page.title()).toMatch(/^Error: /);
    expect(await dialog.getByText('You must agree to our terms & conditions').count()).toBeGreaterThan(0);
    await checkAccessibility(page);
    await screenshot(page, 'register-errors-1280');

    await dialog.getByLabel('First name').fill('Ann');
    await dialog.getByLabel('Last name').fill('Smith-Jones');
    await dialog.getByLabel('Email address').fill(email);
    await dialog.getByLabel('Telephone (optional)').fill('01225 123456');
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByLabel('Confirm password').fill(PASSWORD);
    await dialog.getByLabel(/I agree to the/).check();
    await dialog.getByRole('button', { name: 'Register', exact: true }).click();
    await expect.poll(() => toastText(page), { timeout: 20_000 }).toContain('You have been successfully registered!');
    // Registering signs nobody in (the answer is the same for an address that already has an account): the sign-in
    // page says to confirm the address first, and until then the account cannot sign in.
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/user/sign-in');
    await expect
      .poll(() =>
        sidebar(page)
          .getByText(/follow the link in it to confirm your email address/)
          .count(),
      )
      .toBe(1);
    await checkAccessibility(page);
    await screenshot(page, 'registered-1280');
    await sidebar(page).getByLabel('Email address').fill(email);
    await sidebar(page).getByLabel('Password', { exact: true }).fill(PASSWORD);
    await sidebar(page).getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => toastText(page), { timeout: 20_000 }).toContain('Sign in failed, please try again');
    await confirmEmail(page, email);
    await signIn(page, PASSWORD);
    await checkAccessibility(page);
    await screenshot(page, 'profile-1280');

    // Signed in, /user/sign-in goes to the profile.
    await page.goto('/user/sign-in');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user');

    // Edit details.
    await sidebar(page).getByRole('link', { name: 'Edit details' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user/edit');
    await checkAccessibility(page);
    await sidebar(page).getByLabel('Town').fill('Bath');
    await sidebar(page).getByLabel('Mobile telephone (optional)').fill('07700 900123');
    await sidebar(page).getByRole('button', { name: 'Save details' }).click();
    await expect.poll(() => toastText(page)).toContain('Profile successfully updated.');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user');
    await expect.poll(() => sidebar(page).getByText('Bath', { exact: true }).count()).toBe(1);

    // Marketing preferences.
    await sidebar(page).getByRole('link', { name: 'Marketing preferences' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user/marketing-preferences');
    await checkAccessibility(page);
    await sidebar(page).getByLabel('Yes, send me emails').check();
    await sidebar(page).getByRole('button', { name: 'Save preferences' }).click();
    await expect.poll(() => toastText(page)).toContain('Your preferences have been successfully updated');
    await sidebar(page).getByRole('link', { name: 'Back to profile' }).click();
    await expect.poll(() => sidebar(page).getByText('Yes, please send them').count()).toBe(1);

    // Sign out, then in again.
    await signOut(page);
    await page.goto('/user/edit');
    expect(new URL(page.url()).pathname).toBe('/user');
    await page.goto('/user/sign-in');
    await checkAccessibility(page);
    await screenshot(page, 'sign-in-1280');
    await waitForHydration(page);
    await sidebar(page).getByLabel('Email address').fill(email);
    await sidebar(page).getByLabel('Password', { exact: true }).fill('Not-the-password-1');
    await sidebar(page).getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => toastText(page), { timeout: 20_000 }).toContain('Sign in failed, please try again');
    await signIn(page, PASSWORD);
    await signOut(page);

    // Forgotten password: the thank-you message, then the emailed link from /outbox.
    await page.goto('/user/forgotten_password');
    await checkAccessibility(page);
    await waitForHydration(page);
    await sidebar(page).getByLabel('Email address').fill(email);
    await sidebar(page).getByRole('button', { name: 'Send reset link' }).click();
    await expect
      .poll(() => sidebar(page).getByRole('status').allTextContents())
      .toContain(
        'If the email you have entered has a user account we will send you a forgotten password reset request now.',
      );
    let link = '';
    await expect
      .poll(
        async () => {
          await page.goto('/outbox');
          const text = (await page.locator('main').textContent()) ?? '';
          link = /(http:\/\/[^\s]+\/user\/forgotten_password\?token=[A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
          return link;
        },
        { timeout: 20_000 },
      )
      .not.toBe('');
    await page.goto(link);
    const resetForm = sidebar(page);
    expect(await resetForm.getByRole('heading', { name: 'Choose a new password' }).isVisible()).toBe(true);
    await checkAccessibility(page);
    await waitForHydration(page);
    await resetForm.getByLabel('New password', { exact: true }).fill('tooweak');
    await resetForm.getByLabel('Confirm new password').fill('tooweak');
    await resetForm.getByRole('button', { name: 'Change password' }).click();
    await expect
      .poll(() => resetForm.locator('.error-summary').textContent())
      .toContain(
        'Password must have: an uppercase letter, a number or special character (!@£%^) and be at least 10 characters long.',
      );
    await resetForm.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await resetForm.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await resetForm.getByRole('button', { name: 'Change password' }).click();
    await expect
      .poll(() => toastText(page), { timeout: 20_000 })
      .toContain('You have successfully changed your password.');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user/sign-in');
    await expect
      .poll(() =>
        sidebar(page)
          .getByText(/Your password has been changed\./)
          .count(),
      )
      .toBe(1);

    // The link works once.
    await page.goto(link);
    await expect
      .poll(() =>
        sidebar(page)
          .getByText(/has expired or has already been used/)
          .count(),
      )
      .toBe(1);

    await signIn(page, NEW_PASSWORD);
    expectNoPersonalFieldsInUrls(requestedUrls);
    // The whole account life in one journey, confirming the address included: longer than the default minute.
  }, 120_000);

  it('confirms the registered address through the emailed link (a button, so a link scanner cannot)', async () => {
    const page = await newPage();
    const address = `e2e-confirm-${Date.now()}@example.com`;
    await submitRegistration(page, address);
    await confirmEmail(page, address);
    await checkAccessibility(page);
    // The link works once.
    await page.reload();
    await sidebar(page).getByRole('button', { name: 'Confirm my email address' }).click();
    await expect
      .poll(() => sidebar(page).getByText('This link has expired or has already been used.').count(), {
        timeout: 20_000,
      })
      .toBe(1);
  });

  it('fits a 390 px phone, closes with Escape to /, and offers the account links', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto('/user/sign-in');
    const dialog = sidebar(page);
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('link', { name: 'Forgotten password' }).count()).toBe(1);
    expect(await dialog.getByRole('link', { name: 'Register now' }).count()).toBe(1);
    expect(await dialog.getByRole('link', { name: 'Back to search' }).getAttribute('href')).toBe('/search');
    expect(await dialog.getByRole('link', { name: 'Back to top' }).count()).toBe(1);
    const box = await dialog.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(390.5);
    await checkAccessibility(page);
    await screenshot(page, 'sign-in-390');
    await page.goto('/user');
    await screenshot(page, 'register-390');
    await waitForHydration(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  });
});
