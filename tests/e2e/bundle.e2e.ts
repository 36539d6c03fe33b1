import { describe, expect, inject, it } from 'vitest';
import { hydrated, useBrowser } from './browser.ts';
import {
  formLibrariesIn,
  INITIAL_JS_BUDGET_KB,
  measureInitialJs,
  publicPageUrls,
  type PageName,
} from '../../scripts/page-weight.ts';

/**
 * What each public page makes the browser download before it is interactive, read from the served HTML and
 * assets of the production build under test: validation schemas and the form library come with the forms, not with
 * the page, and the page stays inside the JavaScript budget.
 */
describe('JavaScript before interaction on the public pages', () => {
  const baseURL = inject('baseURL');

  it('holds no zod or Conform and stays inside the budget on every kind of public page', async () => {
    const pages = await publicPageUrls(baseURL);
    const report: Record<string, { kb: number; files: number; formLibraries: string[] }> = {};
    for (const [name, url] of Object.entries(pages) as [PageName, string][]) {
      const js = await measureInitialJs(baseURL, url);
      expect(js.scripts.length, `${name} (${url}) preloads no scripts`).toBeGreaterThan(0);
      report[name] = {
        kb: Math.round(js.sent / 102.4) / 10,
        files: js.scripts.length,
        formLibraries: formLibrariesIn(js).map((hit) => `${hit.library} in ${hit.url}`),
      };
    }
    for (const [name, entry] of Object.entries(report)) {
      expect(entry.formLibraries, `${name} page's first download`).toEqual([]);
      expect(entry.kb, `${name} page's JavaScript before interaction (KB, Brotli as sent)`).toBeLessThanOrEqual(
        INITIAL_JS_BUDGET_KB,
      );
    }
  });

  it('finds the form libraries where a form is: the markers match the chunks that carry them', async () => {
    // Without this the test above would pass just as well if the markers stopped matching the built code.
    const page = await fetch(`${baseURL}/user/sign-in`);
    expect(page.status).toBe(200);
    const js = await measureInitialJs(baseURL, '/user/sign-in');
    expect([...new Set(formLibrariesIn(js).map((hit) => hit.library))].sort()).toEqual(['Conform', 'zod']);
  });
});

describe('scripts after the first paint', () => {
  const { newPage, baseURL } = useBrowser();

  it('paints each kind of public page before any of its scripts is requested, then makes it interactive', async () => {
    const pages = await publicPageUrls(baseURL);
    for (const [name, url] of Object.entries(pages) as [PageName, string][]) {
      const page = await newPage();
      // Registered before the page's own scripts exist: its callback runs in the page's first rendered frame.
      await page.addInitScript(() => {
        requestAnimationFrame(() => {
          (window as unknown as { firstFrameAt: number }).firstFrameAt = performance.now();
        });
      });
      await page.goto(url);
      await hydrated(page);
      const timing = await page.evaluate(() => ({
        firstFrameAt: (window as unknown as { firstFrameAt?: number }).firstFrameAt,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/[^?]+\.js$/.test(new URL(entry.name).pathname))
          .map((entry) => ({ url: new URL(entry.name).pathname, startTime: entry.startTime })),
      }));
      expect(timing.firstFrameAt, `${name}: a frame was rendered`).toBeTypeOf('number');
      expect(timing.scripts.length, `${name}: the page's modules were loaded`).toBeGreaterThan(0);
      const early = timing.scripts.filter((script) => script.startTime < (timing.firstFrameAt ?? 0));
      expect(early, `${name} (${url}): scripts requested before the first frame`).toEqual([]);
      await page.close();
    }
  });
});
