/**
 * The back office's first journey: `npm run staff:create` prints a set-up link; the new owner opens it, chooses a
 * password, reads the secret from the page into an "authenticator" (the TOTP computed here), confirms a code, is
 * shown ten recovery codes, signs out, and signs in again with the password and a code using the keyboard only.
 */
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, expectNoPersonalFieldsInUrls, recordRequestUrls, useBrowser } from './browser.ts';
import { authenticatorCode, pathOf, setupLinkOf, staffCreate, tabTo } from './staff-helpers.ts';

const { newPage } = useBrowser();
const PASSWORD = 'quiet harbour lantern meadow';
const email = `e2e-owner-${Date.now()}@agency.example`;

describe('staff accounts', () => {
  let setupLink = '';

  it('staff:create prints a set-up link and refuses the same email again', async () => {
    const created = await staffCreate(['--email', email, '--name', 'Erin Owner', '--role', 'owner']);
    expect(created.code, created.output).toBe(0);
    expect(created.output).toMatch(/\/admin\/setup\/[A-Za-z0-9_-]{43}/);
    setupLink = setupLinkOf(created.output);

    const again = await staffCreate(['--email', email.toUpperCase(), '--name', 'Erin Again', '--role', 'editor']);
    expect(again.code).toBe(1);
    expect(again.output).toContain('already belongs to a staff member');
  });

  it('sets up with a password and an authenticator, signs out, and signs in with the keyboard', async () => {
    const page = await newPage();
    const requestedUrls = recordRequestUrls(page);
    const response = await page.goto(setupLink);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('no-store');
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await expect.poll(() => page.getByRole('heading', { name: 'Set up your back-office account' }).count()).toBe(1);
    expect(await page.getByRole('img', { name: 'QR code for your authenticator app' }).count()).toBe(1);
    await expectNoAxeViolations(page);

    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('New password again').fill(PASSWORD);
    await page.getByLabel('Code from the app').fill(authenticatorCode(secret));
    await page.getByRole('button', { name: 'Finish setting up' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Your recovery codes' }).count(), { timeout: 20_000 })
      .toBe(1);
    const codes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    await expectNoAxeViolations(page);

    // Shown once: the link is used up.
    await page.getByRole('link', { name: /go to the back office/ }).click();
    await expect.poll(() => pathOf(page)).toBe('/admin');
    await expect.poll(() => page.getByRole('heading', { name: 'Back office', exact: true }).count()).toBe(1);
    const nav = page.getByRole('navigation', { name: 'Back office' });
    expect(await nav.getByRole('link', { name: 'Staff' }).count()).toBe(1);
    expect(await nav.getByRole('link', { name: 'Your account' }).count()).toBe(1);
    await expectNoAxeViolations(page);

    for (const section of ['/admin/account', '/admin/staff']) {
      await page.goto(section);
      await expect.poll(() => page.locator('h1').count()).toBe(1);
      await expectNoAxeViolations(page);
      // On a phone: the table scrolls in its own box, the page never sideways.
      await page.setViewportSize({ width: 375, height: 740 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => pathOf(page)).toBe('/admin/sign-in');
    // Signed out: the back office sends the sign-in page again.
    await page.goto('/admin');
    await expect.poll(() => pathOf(page)).toBe('/admin/sign-in');
    await expectNoAxeViolations(page);

    // Keyboard only from here.
    await tabTo(page, 'Email address');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Enter your code' }).count(), { timeout: 20_000 })
      .toBe(1);
    await expectNoAxeViolations(page);
    await tabTo(page, 'Code');
    // The set-up used this moment's code: an authenticator shows the next one soon, and it is accepted already.
    await page.keyboard.type(authenticatorCode(secret, 30));
    await page.keyboard.press('Enter');
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe('/admin');
    await expect.poll(() => page.getByRole('heading', { name: 'Back office', exact: true }).count()).toBe(1);

    expectNoPersonalFieldsInUrls(requestedUrls);
    expect(
      (await fetch(new URL(setupLink, page.url())).then((answer) => answer.text())).includes('cannot be used'),
    ).toBe(true);
  });

  it('fits a phone: no sideways scrolling on the sign-in page', async () => {
    const page = await newPage({ width: 375, height: 740 });
    await page.goto('/admin/sign-in');
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in to the back office' }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page);
  });
});
