import type { MenuItem, SiteChrome } from '../features/content/site.server.ts';

export const MISSING_MENU_MESSAGE = 'Error, menu items need to be set in admin for the header component to work';

function parseDimensions(text: string, fallback: [number, number]): [number, number] {
  const [width, height] = text.split(',').map((part) => Number(part.trim()));
  return width && height ? [width, height] : fallback;
}

function MenuLink({ item }: { item: MenuItem }) {
  const isNewTab = item.target === 'B';
  return (
    <a href={item.url} target={isNewTab ? '_blank' : undefined} rel={isNewTab ? 'noopener noreferrer' : undefined}>
      {item.name}
      {isNewTab ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
    </a>
  );
}

function MenuList({ items, className }: { items: MenuItem[]; className: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.id} className={item.items.length > 0 ? 'has-children' : undefined}>
          <MenuLink item={item} />
          {item.items.length > 0 ? (
            <ul className="submenu">
              {item.items.map((child) => (
                <li key={child.id}>
                  <MenuLink item={child} />
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The header frame: logo, primary menu split around it, the secondary menu on the home page, account link. */
export function SiteHeader({ chrome, isHome }: { chrome: SiteChrome; isHome: boolean }) {
  const [logoWidth, logoHeight] = parseDimensions(chrome.theme.headerDesktopLogoDimensions, [220, 60]);
  const primary = chrome.primaryMenuItems;
  const splitAt = chrome.theme.splitNavigationMenuItemsEqually ? Math.ceil(primary.length / 2) : 4;
  const isLogoLeft = chrome.theme.navbarLogoPosition === 'left';
  const left = isLogoLeft ? [] : primary.slice(0, splitAt);
  const right = isLogoLeft ? primary : primary.slice(splitAt);
  const phoneHref = chrome.theme.mobileHeaderContactLink ?? `tel:${chrome.agencyContactTelephone.replace(/\s+/g, '')}`;
  return (
    <header className={`site-header${isHome ? ' site-header--home' : ''}`}>
      {isHome && chrome.secondaryMenuItems.length > 0 ? (
        <nav className="secondary-nav" aria-label="Secondary">
          <div className="container">
            <MenuList items={chrome.secondaryMenuItems} className="secondary-menu" />
          </div>
        </nav>
      ) : null}
      <div className="container header-bar">
        {primary.length === 0 ? <p className="header-error">{MISSING_MENU_MESSAGE}</p> : null}
        <nav className="primary-nav primary-nav--left" aria-label="Main">
          {left.length > 0 ? <MenuList items={left} className="primary-menu" /> : null}
        </nav>
        <a className="logo" href="/">
          <img src={chrome.logo} alt={`${chrome.agencyName} home`} width={logoWidth} height={logoHeight} />
        </a>
        <nav className="primary-nav primary-nav--right" aria-label="More">
          {right.length > 0 ? <MenuList items={right} className="primary-menu" /> : null}
        </nav>
        <div className="header-actions">
          <a className="header-phone" href={phoneHref}>
            <span className="visually-hidden">Call us on </span>
            {chrome.agencyContactTelephone}
          </a>
          <a className="header-user" href="/user">
            <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24">
              <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
            <span className="visually-hidden">Your account</span>
          </a>
          <details className="mobile-menu">
            <summary>
              <span className="visually-hidden">Menu</span>
              <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
                <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" />
              </svg>
            </summary>
            <nav aria-label="Mobile">
              <MenuList items={primary} className="mobile-menu-list" />
            </nav>
          </details>
        </div>
      </div>
      {isHome ? (
        <a className="valuation-side-link" href="#/book-a-valuation">
          Book a valuation
        </a>
      ) : null}
    </header>
  );
}
