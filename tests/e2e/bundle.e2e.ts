import { describe, expect, inject, it } from 'vitest';
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
