import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './browser.ts';

const { newPage } = useBrowser();

function recordRequests(page: Page, path: string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) seen.push(request.method());
  });
  return seen;
}

async function consentCookie(page: Page): Promise<string | undefined> {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === 'cookieconsent_status')?.value;
}

describe('cookie consent', () => {
  it('loads nothing non-essential before a choice, and nothing after Reject', async () => {
    const page = await newPage();
    const analytics = recordRequests(page, '/analytics_code');
    const logs = recordRequests(page, '/ajax-events/logs');
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookies on this site' });
    expect(await banner.isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    const accept = page.getByRole('button', { name: 'Accept analytics cookies' });
    const reject = page.getByRole('button', { name: 'Reject analytics cookies' });
    expect(await accept.getAttribute('class')).toBe(await reject.getAttribute('class'));
    await page.waitForTimeout(500);
    expect(analytics).toEqual([]);
    expect(
      await page.evaluate(() => (window as { doorstepAnalyticsLoaded?: boolean }).doorstepAnalyticsLoaded),
    ).toBeUndefined();
    expect(
      (await page.context().cookies())
        .map((cookie) => cookie.name)
        // The session and the anonymous authenticity token's cookie (decision 026) are strictly necessary.
        .filter((name) => !name.endsWith('doorstep_session') && !name.endsWith('doorstep_csrf')),
    ).toEqual([]);

    const logged = page.waitForResponse((response) => new URL(response.url()).pathname === '/ajax-events/logs');
    await reject.click();
    expect((await logged).status()).toBe(201);
    expect(logs).toEqual(['POST']);
    expect(await consentCookie(page)).toBe('deny');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('rejected analytics cookies');
    await page.goto('/articles');
    expect(await page.getByRole('region', { name: 'Cookies on this site' }).count()).toBe(0);
    await page.waitForTimeout(500);
    expect(analytics).toEqual([]);
    expect(
      await page.evaluate(() => (window as { doorstepAnalyticsLoaded?: boolean }).doorstepAnalyticsLoaded),
    ).toBeUndefined();
  });

  it('runs the configured analytics code after Accept, and again on later pages', async () => {
    const page = await newPage();
    const analytics = recordRequests(page, '/analytics_code');
    await page.goto('/branches');
    const logRequest = page.waitForRequest((request) => new URL(request.url()).pathname === '/ajax-events/logs');
    await page.getByRole('button', { name: 'Accept analytics cookies' }).click();
    const sent = await logRequest;
    expect(sent.headers()['x-csrf-token']).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect(JSON.parse(sent.postData() ?? '{}')).toMatchObject({ status: 'allow' });
    await expect
      .poll(() => page.evaluate(() => (window as { doorstepAnalyticsLoaded?: boolean }).doorstepAnalyticsLoaded))
      .toBe(true);
    expect(
      await page.evaluate(() => (window as { doorstepHeadAnalyticsLoaded?: boolean }).doorstepHeadAnalyticsLoaded),
    ).toBe(true);
    expect(analytics).toEqual(['GET']);
    expect(await consentCookie(page)).toBe('allow');
    // The confirmation takes focus (GOV.UK pattern).
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alert');

    await page.goto('/');
    await expect
      .poll(() => page.evaluate(() => (window as { doorstepAnalyticsLoaded?: boolean }).doorstepAnalyticsLoaded))
      .toBe(true);
    expect(analytics).toEqual(['GET', 'GET']);
  });

  it('lets the visitor change the choice from the footer of any page', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto('/articles');
    await page.getByRole('button', { name: 'Reject analytics cookies' }).click();
    await page.getByRole('button', { name: 'Hide cookie message' }).click();
    expect(await page.getByRole('region', { name: 'Cookies on this site' }).count()).toBe(0);
    await page.goto('/branches/bath');
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    const banner = page.getByRole('region', { name: 'Cookies on this site' });
    await expect.poll(() => banner.isVisible()).toBe(true);
    expect(await banner.textContent()).toContain('You currently reject analytics cookies.');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Accept analytics cookies' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as { doorstepAnalyticsLoaded?: boolean }).doorstepAnalyticsLoaded))
      .toBe(true);
    expect(await consentCookie(page)).toBe('allow');
  });

  it('refuses the analytics code without consent and a consent log without the authenticity token', async () => {
    const page = await newPage();
    await page.goto('/');
    const status = await page.evaluate(async () => (await fetch('/analytics_code')).status);
    expect(status).toBe(403);
    const withoutToken = await page.evaluate(
      async () =>
        (
          await fetch('/ajax-events/logs', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: '{"status":"allow"}',
          })
        ).status,
    );
    expect(withoutToken).toBe(422);
    const badStatus = await page.evaluate(async () => {
      let token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      // A shared page carries no token: the app's scripts fetch one before writing (decision 026).
      if (!token)
        token = ((await (await fetch('/csrf-token')).json()) as { authenticity_token: string }).authenticity_token;
      const response = await fetch('/ajax-events/logs', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
        body: '{"status":"maybe"}',
      });
      return response.status;
    });
    expect(badStatus).toBe(400);
  });

  it('works without JavaScript: the buttons post a form and come back to the page', async () => {
    const page = await newPage({ awaitsHydration: false });
    await page.context().route('**/assets/**', (route) => route.abort('blockedbyclient'));
    await page.goto('/branches');
    await page.getByRole('button', { name: 'Reject analytics cookies' }).click();
    await page.waitForURL('**/branches');
    expect(await consentCookie(page)).toBe('deny');
    expect(await page.getByRole('region', { name: 'Cookies on this site' }).count()).toBe(0);
  });
});
