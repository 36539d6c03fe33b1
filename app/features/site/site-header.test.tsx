import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, type SiteChrome } from './site-chrome.server.ts';
import { headerPhoneHref, logoSizeVariables } from './menus.ts';
import MobileMenuPanel from './mobile-menu-panel.tsx';
import { MISSING_MENU_MESSAGE, SiteHeader } from './site-header.tsx';

const chrome: SiteChrome = {
  agencyName: 'Test Agency',
  agencyEmail: 'hello@test.example',
  agencyContactTelephone: '01225 000 000',
  logo: '/logo.png',
  theme: { ...DEFAULT_THEME, headerDesktopLogoDimensions: '300,80', headerMobileLogoDimensions: '120,30' },
  primaryMenuItems: [
    {
      id: 1,
      name: 'Buy',
      url: '/buy',
      target: 'S',
      items: [{ id: 2, name: 'Ombudsman', url: 'https://example.org', target: 'B', items: [] }],
    },
    { id: 3, name: 'Contact', url: '/contact', target: 'S', items: [] },
  ],
  secondaryMenuItems: [{ id: 9, name: 'Mortgages', url: '/mortgages', target: 'S', items: [] }],
};

describe('SiteHeader', () => {
  it("shows the spec's error when no primary menu items are configured", () => {
    const html = renderToString(<SiteHeader chrome={{ ...chrome, primaryMenuItems: [] }} isHome={false} />);
    expect(MISSING_MENU_MESSAGE).toBe('Error, menu items need to be set in admin for the header component to work');
    expect(html).toContain(MISSING_MENU_MESSAGE);
  });

  it('renders menus from the data, logo dimensions from the theme and new-tab links', () => {
    const html = renderToString(<SiteHeader chrome={chrome} isHome={false} />);
    expect(html).not.toContain(MISSING_MENU_MESSAGE);
    expect(html).toContain('width="300" height="80"');
    // The logo boxes are sized by the document's nonce'd stylesheet (no inline style attribute under the CSP).
    expect(logoSizeVariables(chrome.theme)).toMatchObject({ '--logo-width': '300px', '--logo-mobile-width': '120px' });
    expect(html).not.toContain('style="');
    expect(html).toMatch(/<button[^>]*aria-expanded="false"[^>]*aria-controls="submenu-1"/);
    expect(html).toMatch(/<a href="https:\/\/example.org" target="_blank" rel="noopener noreferrer">Ombudsman/);
    // The parent's own page is offered in its dropdown because no child links there.
    expect(html).toContain('Buy overview');
    expect(html).toContain('href="tel:01225000000"');
    expect(html).toContain('href="/user"');
  });

  it('shows the secondary menu and valuation side link on the home page only', () => {
    const home = renderToString(<SiteHeader chrome={chrome} isHome />);
    const other = renderToString(<SiteHeader chrome={chrome} isHome={false} />);
    expect(home).toContain('aria-label="Secondary"');
    expect(home).toContain('href="#/book-a-valuation"');
    expect(other).not.toContain('aria-label="Secondary"');
    expect(other).not.toContain('href="#/book-a-valuation"');
  });

  it('uses the theme contact link for the mobile phone link when set', () => {
    // The mobile menu's panel (loaded when the burger is pressed) holds the link, from the header's choice of href.
    const phoneHref = headerPhoneHref('/contact-office', chrome.agencyContactTelephone);
    const html = renderToString(
      <MobileMenuPanel
        items={chrome.primaryMenuItems}
        phoneHref={phoneHref}
        telephone={chrome.agencyContactTelephone}
        state={{ isOpen: true, path: [] }}
        dispatch={() => undefined}
      />,
    );
    expect(html).toContain('<a href="/contact-office">Contact us</a>');
    expect(html).toContain('href="/user"');
  });

  it('leaves the mobile menu panel out of the page until the burger is pressed', () => {
    const html = renderToString(<SiteHeader chrome={chrome} isHome={false} />);
    expect(html).toMatch(/<button[^>]*aria-expanded="false"[^>]*aria-controls="mobile-menu-panel"/);
    expect(html).toMatch(/<div id="mobile-menu-panel" class="mobile-menu__panel" hidden="">\s*<\/div>/);
  });
});
