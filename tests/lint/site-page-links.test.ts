/**
 * The pages the site's own code links to must never be deleted: each such link in app/ is either one of
 * PAGES_THE_SITE_LINKS or one of the legal footer's own addresses (which the page deletion also refuses, from the
 * settings). A new link in code to a seeded page fails here until the list knows it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGES_THE_SITE_LINKS } from '../../app/features/article-editor/article-editor-model.ts';
import { legalFormFields } from '../../app/features/site-settings/settings-model.ts';
import { buildPages } from '../../db/seed/content.ts';

const appDir = path.resolve(import.meta.dirname, '../../app');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('links from the code to the site’s pages', () => {
  it('go only to pages that cannot be deleted', () => {
    const seeded = buildPages(new Date()).map((page) => page.slug);
    const footer = Object.values(legalFormFields(null))
      .filter((value) => value.startsWith('/'))
      .map((value) => value.slice(1));
    const protectedSlugs = new Set([...PAGES_THE_SITE_LINKS, ...footer]);
    const linked = new Set<string>();
    for (const file of sourceFiles(appDir)) {
      // Comments may name a page as an example; only code links.
      const text = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      for (const slug of seeded) {
        if (new RegExp(`["'\`]/${slug}(?:[?#"'\`])`).test(text)) linked.add(slug);
      }
    }
    expect(linked.size).toBeGreaterThan(3);
    for (const slug of linked) expect(protectedSlugs, slug).toContain(slug);
  });
});
