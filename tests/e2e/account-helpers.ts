/**
 * Helpers shared by the account, saved-items and alert journeys: same-origin calls with the page's authenticity
 * token, and registering or signing in a user (registration solves the ALTCHA bot check as a browser would).
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The account sidebar loads its screens lazily: allow for that. */
export const UI = { timeout: 15_000 };
const PASSWORD = 'Saved-e2e-Passw0rd!';

export type Listing = { property_id: number; display_address: string; property_url: string };

export async function salesListings(baseURL: string, query = ''): Promise<Listing[]> {
  const response = await fetch(`${baseURL}/search.ljson?channel=sales${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { properties: Listing[] }).properties;
}

/** A same-origin call from inside the page, with the page's authenticity token (as the app's own code does). */
export async function callFromPage(page: Page, url: string, fields?: Record<string, string>) {
  return page.evaluate(
    async ({ url, fields }) => {
      let token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      // A shared page carries no token: the app's scripts fetch one before their first write (decision 026).
      if (!token && fields) {
        const answer = await fetch('/csrf-token', { headers: { Accept: 'application/json' } });
        token = ((await answer.json()) as { authenticity_token: string }).authenticity_token;
      }
      const response = await fetch(url, {
        method: fields ? 'POST' : 'GET',
        headers: fields ? { 'Content-Type': 'application/x-www-form-urlencoded', 'X-CSRF-Token': token } : {},
        body: fields ? new URLSearchParams(fields).toString() : undefined,
      });
      const text = await response.text();
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        body = { text };
      }
      return { status: response.status, body };
    },
    { url, fields },
  );
}

export const localSaved = (page: Page) =>
  page.evaluate(() => JSON.parse(window.localStorage.getItem('doorstep.savedProperties') ?? '[]') as number[]);

/** The bot check's field, solved in the test process from a fresh challenge of the server under test. */
async function altchaField(page: Page): Promise<Record<string, string>> {
  const challenge = await page.evaluate(async () => (await fetch('/altcha/challenge')).json());
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('ALTCHA challenge not solved');
  return { altcha: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64') };
}

/** Sends the registration call as the register form does; nobody is signed in by it. */
export async function submitRegistration(page: Page, email: string): Promise<void> {
  await page.goto('/terms-of-use');
  const registered = await callFromPage(page, '/user.ljson', {
    ...(await altchaField(page)),
    first_name: 'Sam',
    last_name: 'Saver',
    email,
    tel_home: '01225 123456',
    password: PASSWORD,
    password_confirmation: PASSWORD,
    opt_in_terms: 'on',
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
}

/**
 * A new account ready to use, as its owner gets one: register, follow the emailed confirmation link, sign in
 * (an account is used only once its address is confirmed).
 */
export async function register(page: Page, email: string): Promise<void> {
  await submitRegistration(page, email);
  await confirmEmail(page, email);
  // The sign-in call as the sign-in form sends it (the journeys through the form are in account.e2e.ts).
  const signedIn = await callFromPage(page, '/session', {
    ...(await altchaField(page)),
    username: email,
    password: PASSWORD,
  });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  // Signing in gave the session a new id: load a page for its authenticity token.
  await page.reload();
}

/** Follows the confirmation link emailed at registration (read from /outbox), as the address's owner would. */
export async function confirmEmail(page: Page, email: string): Promise<void> {
  const outbox = await page.context().newPage();
  // The email is queued just after the registration's answer: read the outbox again until it is there. A plain
  // loop rather than expect.poll, so set-up hooks can use this too.
  let text = '';
  for (const deadline = Date.now() + UI.timeout; !text && Date.now() < deadline;) {
    await outbox.goto('/outbox');
    const mail = outbox
      .locator('.outbox-email', { hasText: email })
      .filter({ hasText: 'Please confirm your email address' });
    if ((await mail.count()) > 0) text = (await mail.first().locator('pre').textContent()) ?? '';
    else await outbox.waitForTimeout(200);
  }
  await outbox.close();
  const link = /\/user\/verify-email\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
  expect(link, 'confirmation link in the outbox').toBeTruthy();
  await page.goto(link!);
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  // A locator wait rather than expect.poll, so set-up hooks can use this too.
  await page.getByText('your email address is confirmed').waitFor({ timeout: UI.timeout });
}

export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/user/sign-in');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // A page wait rather than expect.poll, so set-up hooks (through register) can use this too.
  await page.waitForFunction(() => window.localStorage.getItem('doorstep.savedProperties.syncedUser') !== null, null, {
    timeout: UI.timeout,
  });
}
