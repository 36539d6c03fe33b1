import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/** A password field in a query string, in any of its names (`password`, `user[current_password]`…). */
const PASSWORD_IN_URL = /[?&](?:[^=&]*\[)?[^=&\]]*password[^=&\]]*\]?=/i;

function decoded(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

type NewPageOptions = {
  width?: number;
  height?: number;
  javaScriptEnabled?: boolean;
  /** False for a test that keeps the page's scripts from loading and so must not wait for them. */
  awaitsHydration?: boolean;
};

type Navigation = 'goto' | 'reload' | 'goBack' | 'goForward';

/**
 * A page's scripts start after its first paint, so Playwright's "loaded" comes before React has taken over. A test
 * that navigates and then acts means the page a visitor with JavaScript uses, so navigations made through the page
 * (goto, reload, back, forward) resolve once it is interactive, unless the test asks for an earlier moment
 * (`waitUntil: 'commit'` or `'domcontentloaded'`, for what happens before the scripts). A document that is not one of
 * the site's pages (a JSON answer, a file) has nothing to wait for.
 */
function awaitHydrationOnNavigation(page: Page): void {
  for (const name of ['goto', 'reload', 'goBack', 'goForward'] satisfies Navigation[]) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => ReturnType<Page['reload']>;
    (page as unknown as Record<Navigation, unknown>)[name] = async (...args: unknown[]) => {
      const response = await navigate(...args);
      const options = args.find((arg): arg is { waitUntil?: string } => typeof arg === 'object' && arg !== null);
      const isEarly = options?.waitUntil === 'commit' || options?.waitUntil === 'domcontentloaded';
      const isSitePage = await page.evaluate(() => '__reactRouterContext' in window).catch(() => false);
      if (!isEarly && isSitePage) await hydrated(page);
      return response;
    };
  }
}

/**
 * One Chromium per test file. Every request that does not go to the site under test (map tiles, video hosts,
 * third-party scripts) is blocked, so tests never reach the internet. Every URL any page of the file asks for is
 * kept, and the file fails if one carries a password (a form that fell back to GET would put it there).
 */
export function useBrowser(): {
  baseURL: string;
  newPage: (options?: NewPageOptions) => Promise<Page>;
} {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const requestedUrls: string[] = [];
  const baseURL = inject('baseURL');
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    expect(requestedUrls.filter((url) => PASSWORD_IN_URL.test(decoded(url)))).toEqual([]);
  });
  return {
    baseURL,
    async newPage(options = {}) {
      if (!browser) throw new Error('browser not started');
      const context = await browser.newContext({
        baseURL,
        viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
        locale: 'en-GB',
        javaScriptEnabled: options.javaScriptEnabled ?? true,
      });
      contexts.push(context);
      const origin = new URL(baseURL).origin;
      context.on('request', (request) => requestedUrls.push(request.url()));
      await context.route('**/*', (route) => {
        const url = route.request().url();
        if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
        return route.abort('blockedbyclient');
      });
      const page = await context.newPage();
      if ((options.javaScriptEnabled ?? true) && (options.awaitsHydration ?? true)) awaitHydrationOnNavigation(page);
      return page;
    },
  };
}

/**
 * Resolves once React has taken over the page: the root marks `<html data-hydrated>` after the first commit's
 * effects. A page's scripts start only after its first paint, so a loaded page may not be interactive yet; anything
 * a test does that needs a script waits for this first (what happens before it is the no-JavaScript path).
 */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
}

/** axe-core with the WCAG 2.0/2.1/2.2 A and AA tags, target-size enabled explicitly (it is off by default). */
export async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
  // The DOM is parsed (and found by locators) before the head's stylesheets arrive; measured then, every target
  // has its unstyled size. Axe judges the page a visitor sees, so it waits for the stylesheets (the load event).
  await page.waitForLoadState('load');
  // Legacy mode runs axe in the page itself; the default opens a blank page for each check to merge the frames'
  // results, which tripled a check's time. The pages have no cross-origin frames for that merge to be needed. Only
  // violations are reported in full: the same rules run, and what passes is not read.
  let builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .options({ rules: { 'target-size': { enabled: true } }, resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
  }));
  expect(summary).toEqual([]);
}

/** Field names that must never travel in a URL (a GET form or a script putting them in a query string). */
const PERSONAL_FIELDS =
  /[?&](?:[^=&]*\[)?(password|password_confirmation|current_password|email|username|first_name|last_name|tel_home|tel_mobile|telephone|phone|postcode|street|house_number|house_name|message)\]?=/i;

/** Collects every URL the page requests, to check afterwards that none carries a password or personal field. */
export function recordRequestUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  page.on('framenavigated', (frame) => urls.push(frame.url()));
  return urls;
}

export function expectNoPersonalFieldsInUrls(urls: readonly string[]): void {
  expect(urls.filter((url) => PERSONAL_FIELDS.test(decodeURIComponent(url)))).toEqual([]);
}
