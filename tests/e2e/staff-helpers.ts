/** Back-office journeys' shared steps: creating staff with `npm run staff:create`, an authenticator, the keyboard. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

export async function staffCreate(args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn('npm', ['run', '--silent', 'staff:create', '--', ...args], {
    cwd: root,
    env: { ...process.env, ...inject('serverEnv'), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, output };
}

/** The set-up link `staff:create` prints. */
export function setupLinkOf(output: string): string {
  return /(\/admin\/setup\/[A-Za-z0-9_-]{43})/.exec(output)![1]!;
}

/** What an authenticator app shows for the secret, `offsetSeconds` from now. */
export function authenticatorCode(secret: string, offsetSeconds = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offsetSeconds * 1000 });
}

/** Presses Tab until the named field has focus (keyboard only: no clicks, no focus() calls). */
export async function tabTo(page: Page, label: string): Promise<void> {
  for (let presses = 0; presses < 25; presses++) {
    await page.keyboard.press('Tab');
    const focusedLabel = await page.evaluate(() => {
      const element = document.activeElement;
      return element?.id ? (document.querySelector(`label[for="${element.id}"]`)?.textContent ?? '') : '';
    });
    if (focusedLabel.trim() === label) return;
  }
  throw new Error(`Tab never reached the field "${label}"`);
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/**
 * Follows a set-up link as the new staff member: the password twice and a code from the authenticator it shows,
 * until the recovery codes appear. Returns the authenticator's secret, for signing in later.
 */
export async function completeStaffSetup(page: Page, setupLink: string, password: string): Promise<string> {
  await page.goto(setupLink);
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('New password again').fill(password);
  await page.getByLabel('Code from the app').fill(authenticatorCode(secret));
  await page.getByRole('button', { name: 'Finish setting up' }).click();
  await expect
    .poll(() => page.getByRole('heading', { name: 'Your recovery codes' }).count(), { timeout: 20_000 })
    .toBe(1);
  return secret;
}

/**
 * Signs out, then back in from the keyboard alone with the password and the next window's code (the one used at
 * set-up cannot be used twice), asking for `next`; resolves once that page is open.
 */
export async function signOutAndInByKeyboard(
  page: Page,
  staff: { email: string; password: string; secret: string },
  next: string,
): Promise<void> {
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect.poll(() => pathOf(page)).toBe('/admin/sign-in');
  await page.goto(`/admin/sign-in?next=${encodeURIComponent(next)}`);
  await tabTo(page, 'Email address');
  await page.keyboard.type(staff.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(staff.password);
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByRole('heading', { name: 'Enter your code' }).count(), { timeout: 20_000 }).toBe(1);
  await tabTo(page, 'Code');
  await page.keyboard.type(authenticatorCode(staff.secret, 30));
  await page.keyboard.press('Enter');
  await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe(next);
}
