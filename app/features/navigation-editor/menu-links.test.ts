import { describe, expect, it } from 'vitest';
import { LINK_MESSAGES, matchSitePath, parseMenuLink } from './menu-links.ts';
import { menuLinkSchema } from './menu-model.ts';

describe('parseMenuLink', () => {
  it('accepts pages of this site, modal hashes and http(s) addresses', () => {
    expect(parseMenuLink(' /search?channel=sales&tags=commercial ')).toEqual({
      ok: true,
      link: { kind: 'internal', path: '/search', url: '/search?channel=sales&tags=commercial' },
    });
    expect(parseMenuLink('#/book-a-valuation')).toEqual({
      ok: true,
      link: { kind: 'modal', path: '/book-a-valuation', url: '#/book-a-valuation' },
    });
    expect(parseMenuLink('https://www.tpos.co.uk')).toEqual({
      ok: true,
      link: { kind: 'external', url: 'https://www.tpos.co.uk/' },
    });
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'mailto:a@example.com',
    'tel:01225',
    '//evil.example/',
    '/\\evil.example',
    'search',
    'ftp://example.com/',
  ])('refuses %s', (link) => {
    const parsed = parseMenuLink(link);
    expect(parsed.ok).toBe(false);
  });

  it('refuses disguised schemes and odd addresses with clear messages', () => {
    expect(parseMenuLink('java\tscript:alert(1)')).toEqual({ ok: false, message: LINK_MESSAGES.spaces });
    expect(parseMenuLink(' ')).toEqual({ ok: false, message: LINK_MESSAGES.empty });
    expect(parseMenuLink('https://user:pass@example.com/')).toEqual({ ok: false, message: LINK_MESSAGES.credentials });
    expect(parseMenuLink('https://nohost/')).toEqual({ ok: false, message: LINK_MESSAGES.external });
    expect(parseMenuLink(`/${'a'.repeat(2001)}`)).toEqual({ ok: false, message: LINK_MESSAGES.tooLong });
  });
});

describe('matchSitePath', () => {
  it('knows which route serves a path, and what to look up', () => {
    expect(matchSitePath('/')).toEqual({ kind: 'fixed' });
    expect(matchSitePath('/search/')).toEqual({ kind: 'fixed' });
    expect(matchSitePath('/careers')).toEqual({ kind: 'static-page', slug: 'careers' });
    // Any other one-segment address names a page: whether one exists is the database's question.
    expect(matchSitePath('/no-such-page')).toEqual({ kind: 'static-page', slug: 'no-such-page' });
    expect(matchSitePath('/about-us/')).toEqual({ kind: 'static-page', slug: 'about-us' });
    expect(matchSitePath('/articles/moving-home')).toEqual({ kind: 'article', slug: 'moving-home' });
    expect(matchSitePath('/branches/bath')).toEqual({ kind: 'branch', slug: 'bath' });
    expect(matchSitePath('/branches/bath/properties')).toEqual({ kind: 'branch', slug: 'bath' });
    expect(matchSitePath('/properties/a-house')).toEqual({ kind: 'property', slug: 'a-house' });
    expect(matchSitePath('/property-for-sale/england/somerset')).toEqual({
      kind: 'landing',
      path: '/property-for-sale/england/somerset',
    });
    expect(matchSitePath('/forms/careers')).toEqual({ kind: 'form', slug: 'careers' });
  });

  it('knows no page for paths no route serves', () => {
    for (const path of [
      '/No-Such-Page',
      '/no--such',
      '/admin',
      '/admin/menus',
      '/outbox',
      '/search.ljson',
      '/articles/a/b',
      '/%E0%A4%A',
    ])
      expect(matchSitePath(path), path).toBeNull();
  });
});

describe('menuLinkSchema', () => {
  const base = { version: '3', menu: 'primary', name: '  Buy\u202e  homes ', url: '/search' };

  it('makes the text plain and the new-tab box a target', () => {
    const parsed = menuLinkSchema.safeParse({ ...base, newTab: 'on' });
    expect(parsed.success && parsed.data).toEqual({
      version: 3,
      menu: 'primary',
      itemId: null,
      parentId: null,
      name: 'Buy homes',
      url: '/search',
      newTab: 'B',
    });
  });

  it('refuses javascript: links with the link message', () => {
    const parsed = menuLinkSchema.safeParse({ ...base, url: 'javascript:alert(document.cookie)' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['url'], message: LINK_MESSAGES.scheme });
  });

  it('refuses an empty name and an unknown menu', () => {
    expect(menuLinkSchema.safeParse({ ...base, name: ' \u200e ' }).success).toBe(false);
    expect(menuLinkSchema.safeParse({ ...base, menu: 'footer' }).success).toBe(false);
  });
});
