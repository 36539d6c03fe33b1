/** Back-office journeys' shared steps: creating staff with `npm run staff:create`, an authenticator, the keyboard. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';

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
