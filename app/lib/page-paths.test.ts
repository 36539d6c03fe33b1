import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAvailablePageSlug, PAGE_SLUG, pageSlugOfPath, RESERVED_PAGE_SLUGS } from './page-paths.ts';

describe('pageSlugOfPath', () => {
  it('names the page of a one-segment address', () => {
    expect(pageSlugOfPath('/about-us')).toBe('about-us');
    expect(pageSlugOfPath('/about-us/')).toBe('about-us');
    expect(pageSlugOfPath('/tenant-fees-2026')).toBe('tenant-fees-2026');
  });

  it('names none for other shapes, reserved names and long names', () => {
    for (const pathname of [
      '/',
      '/About-Us',
      '/about--us',
      '/-about',
      '/about-',
      '/about_us',
      '/about%20us',
      '/about-us/team',
      '//about-us',
      '/search',
      '/admin',
      '/media',
      '/robots.txt',
      `/${'a'.repeat(81)}`,
    ])
      expect(pageSlugOfPath(pathname), pathname).toBeNull();
    expect(pageSlugOfPath(`/${'a'.repeat(80)}`)).toBe('a'.repeat(80));
  });

  it('never names a reserved or malformed page, whatever the path', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), (text) => {
        const slug = pageSlugOfPath(`/${text}`);
        if (slug === null) return;
        expect(PAGE_SLUG.test(slug)).toBe(true);
        expect(RESERVED_PAGE_SLUGS.has(slug)).toBe(false);
        expect(isAvailablePageSlug(slug)).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });
});
