/**
 * Shared public pages (docs/decisions/026-cacheable-pages.md) on the production build: every anonymous visitor gets
 * the same bytes, from the server's cache, with a CSP whose hashes the browser accepts; a signed-in visitor gets the
 * same bytes too, and their name and saved hearts appear once the page's GET /user.ljson answers; nobody else ever
 * sees them.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { publicPageUrls } from '../../scripts/page-weight.ts';
import { UI, callFromPage, register, salesListings } from './account-helpers.ts';
import { expectNoAxeViolations, useBrowser } from './browser.ts';

const { newPage, baseURL } = useBrowser();

/**
 * One keep-alive connection for the visitors of a page: with worker processes (PostgreSQL) each worker keeps its own
 * cache, and a connection stays with one worker, so the second visitor is answered by the worker the first one warmed.
 */
const oneConnection = new http.Agent({ keepAlive: true, maxSockets: 1 });

type Answer = { status: number; headers: Headers; html: string };

function request(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = http.get(`${baseURL}${url}`, { agent: oneConnection, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined) answerHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
        }
        resolve({ status: response.statusCode ?? 0, headers: answerHeaders, html: Buffer.concat(chunks).toString() });
      });
      response.on('error', reject);
    });
    sent.on('error', reject);
  });
}

async function anonymous(url: string) {
  const answer = await request(url, { 'accept-encoding': 'identity' });
  return { response: answer, html: answer.html };
}

/** A page that records every CSP violation from its first byte. */
async function watchedPage(): Promise<Page> {
  const page = await newPage();
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.effectiveDirective}: ${event.blockedURI} ${event.sample}`),
    );
  });
  return page;
}

describe('shared public pages', () => {
  it('are byte-identical for two anonymous visitors on every kind of public page, and served from the cache', async () => {
    const pages = await publicPageUrls(baseURL);
    for (const [name, url] of Object.entries(pages)) {
      // Other journeys change listings while this one runs, and a change drops the pages showing it: of three visits
      // in a row, two after each other must get the same bytes, the second from the cache (one change may fall
      // between two of them; a page with anything of its own visitor in it would never repeat).
      const visits = [await anonymous(url), await anonymous(url), await anonymous(url)];
      const repeat = visits.findIndex((visit, index) => index > 0 && visit.html === visits[index - 1]!.html);
      expect(repeat, name).toBeGreaterThan(0);
      const [first, second] = [visits[repeat - 1]!, visits[repeat]!];
      expect(first.response.status, name).toBe(200);
      expect(second.response.headers.get('x-cache'), name).toBe('HIT');
      expect(first.response.headers.get('set-cookie'), name).toBeNull();
      expect(first.response.headers.get('cache-control'), name).toMatch(/^public, .*s-maxage=\d+/);
      expect(first.html, name).toContain('<meta name="csrf-token" content=""/>');
      expect(first.html, name).not.toContain(' nonce=');
      const policy = first.response.headers.get('content-security-policy') ?? '';
      for (const match of first.html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
        const hash = createHash('sha256').update(match[1]!, 'utf8').digest('base64');
        expect(policy, name).toContain(`'sha256-${hash}'`);
      }
      // Asked again with the page's ETag: 304, unless the page has changed since (then the new page, with its own ETag).
      const etag = second.response.headers.get('etag')!;
      const revalidated = await request(url, { 'if-none-match': etag });
      if (revalidated.status === 304) expect(revalidated.html, name).toBe('');
      else expect([revalidated.status, revalidated.headers.get('etag') === etag], name).toEqual([200, false]);
    }
  });

  it('raise no CSP violation in the browser on the landing, article and branch pages, and forms still send', async () => {
    const pages = await publicPageUrls(baseURL);
    for (const url of [pages.landing, pages.article, pages.branch]) {
      const page = await watchedPage();
      await page.goto(url);
      await page.waitForLoadState('load');
      await page.waitForTimeout(300);
      // Accepting cookies is the page's first write: it fetches a token (and so a session) before it sends.
      await page.getByRole('button', { name: 'Reject analytics cookies' }).click();
      await expect.poll(() => page.getByRole('alert').textContent(), UI).toContain('rejected analytics cookies');
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    }
  });
});

describe('a signed-in visitor', () => {
  const signedInName = (page: Page) => page.locator('header .header-user [data-testid="signed-in-name"]');

  it('gets the shared page, then their name and hearts from GET /user.ljson; nobody else sees any of it', async () => {
    const [listing, other] = await salesListings(baseURL);
    const url = listing!.property_url;
    const search = '/search?channel=sales';

    const page = await newPage();
    const email = `page-cache-${Date.now()}@example.com`;
    await register(page, email);
    expect(
      (await callFromPage(page, '/saved_properties.ljson', { property_ids: String(listing!.property_id) })).status,
    ).toBe(200);
    // The page asks who is signed in once it has loaded (which also tells the server this browser runs scripts).
    await expect.poll(() => signedInName(page).textContent(), UI).toContain('Sam Saver');

    // Layout shifts of anything in the header: the name's arrival must move nothing.
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { headerShifts: number[] }).headerShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          sources?: { node?: Node | null }[];
        })[]) {
          const inHeader = (entry.sources ?? []).some((source) =>
            (source.node instanceof Element ? source.node : source.node?.parentElement)?.closest('header'),
          );
          if (inHeader) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const userCalls: string[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname === '/user.ljson') userCalls.push(sent.method());
    });
    for (const address of [url, search]) {
      userCalls.length = 0;
      // Other journeys publish and change listings while this one runs, and the search page (and a property page's
      // similar homes) follow at once: the visitor's bytes are compared with an anonymous visitor's just before and
      // just after, and must be one of them.
      const before = await anonymous(address);
      const answer = await page.goto(address);
      const visitorHtml = (await answer?.text()) ?? '';
      const after = await anonymous(address);
      expect(answer?.headers()['cache-control'], address).toMatch(/^public, /);
      expect(['HIT', 'MISS'], address).toContain(answer?.headers()['x-cache']);
      expect([before.html, after.html], address).toContain(visitorHtml);
      expect(visitorHtml, address).not.toContain(email);
      expect(visitorHtml, address).not.toContain('Sam Saver');
      await expect.poll(() => signedInName(page).textContent(), UI).toContain('Sam Saver');
      const heart = page
        .locator('main')
        .getByRole('button', { name: `Remove ${listing!.display_address} from saved properties`, exact: true })
        .first();
      await expect.poll(() => heart.getAttribute('aria-pressed'), UI).toBe('true');
      expect(userCalls, address).toEqual(['GET']);
      expect(await page.evaluate(() => (window as unknown as { headerShifts: number[] }).headerShifts)).toEqual([]);
    }

    // Toggling still tells the account.
    await page
      .locator('main')
      .getByRole('button', { name: `Save ${other!.display_address}`, exact: true })
      .first()
      .click();
    await expect.poll(() => page.locator('.toast', { hasText: 'Property saved.' }).count(), UI).toBeGreaterThan(0);
    await expect
      .poll(
        async () => ((await callFromPage(page, '/saved_properties.ljson')).body.property_ids as number[]).sort(),
        UI,
      )
      .toEqual([listing!.property_id, other!.property_id].sort());
    await expectNoAxeViolations(page);

    // Another visitor, in a browser of their own, sees none of it.
    const stranger = await newPage();
    const strangerCalls: number[] = [];
    stranger.on('response', (answer) => {
      if (new URL(answer.url()).pathname === '/user.ljson') strangerCalls.push(answer.status());
    });
    for (const address of [url, search]) {
      const answer = await stranger.goto(address);
      expect(await answer?.text(), address).not.toContain(email);
      await expect.poll(() => strangerCalls.length, UI).toBeGreaterThan(0);
      strangerCalls.length = 0;
      expect(await signedInName(stranger).count(), address).toBe(0);
      expect(await stranger.locator('main .save-toggle[aria-pressed="true"]').count(), address).toBe(0);
    }
    expect((await callFromPage(stranger, '/user.ljson')).body.user_id).toBeNull();
    const after = await anonymous(url);
    expect(after.html).not.toContain(email);
    expect(after.html).not.toContain('Sam Saver');
    expect(after.html).not.toContain('aria-pressed="true"');
  }, 120_000);
});
