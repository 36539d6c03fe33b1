import { useCallback, useEffect, useRef, useState } from 'react';
import type { SiteChrome } from './site-chrome.server.ts';
import {
  DESKTOP_LOGO_FALLBACK,
  DESKTOP_MENU_DEPTH,
  HEADER_SCROLL_THRESHOLD,
  MOBILE_MENU_DEPTH,
  headerPhoneHref,
  limitMenuDepth,
  parseLogoDimensions,
  splitPrimaryMenu,
} from './menus.ts';
import { DesktopMenu, type DropdownState } from './desktop-menu.tsx';
import { MenuLink } from './menu-link.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { useIsHydrated } from '../../components/use-is-hydrated.ts';
import { useCompactHeader } from '../../components/use-compact-header.ts';
import { useVisitor } from './visitor.ts';

/** Spec point 8, verbatim. */
export const MISSING_MENU_MESSAGE = 'Error, menu items need to be set in admin for the header component to work';

/**
 * The site header of spec point 2: menus from the database split around the logo, dropdowns on hover or click
 * (keyboard: Enter/Space toggle, Escape closes and returns focus), the mobile drill-down menu, and on the home page
 * only the secondary menu, the valuation side link and a compact style once scrolled past 30 px.
 */
export function SiteHeader({ chrome, isHome }: { chrome: SiteChrome; isHome: boolean }) {
  const { theme } = chrome;
  const desktopLogo = parseLogoDimensions(theme.headerDesktopLogoDimensions, DESKTOP_LOGO_FALLBACK);
  const primary = chrome.primaryMenuItems;
  const layout = splitPrimaryMenu(limitMenuDepth(primary, DESKTOP_MENU_DEPTH), theme);
  const phoneHref = headerPhoneHref(theme.mobileHeaderContactLink, chrome.agencyContactTelephone);
  const [dropdown, setDropdownState] = useState<DropdownState>(null);
  const headerRef = useRef<HTMLElement>(null);
  const isScrolled = useCompactHeader(headerRef, HEADER_SCROLL_THRESHOLD, isHome);
  // Before hydration, CSS :hover/:focus-within opens the dropdowns; afterwards React state does.
  const isEnhanced = useIsHydrated();
  const setDropdown = useCallback((next: DropdownState) => setDropdownState(next), []);
  // The page is the same for everyone (decision 026): who is signed in shows once GET /user.ljson has answered.
  const visitor = useVisitor();
  const signedInName = visitor.userId === null ? '' : `${visitor.firstName} ${visitor.lastName}`.trim();

  useEffect(() => {
    if (!dropdown) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setDropdownState(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [dropdown]);

  const classNames = ['site-header'];
  if (isHome) classNames.push('site-header--home');
  if (isScrolled) classNames.push('site-header--scrolled');
  if (layout.isLogoLeft) classNames.push('site-header--logo-left');

  return (
    <header ref={headerRef} className={classNames.join(' ')}>
      {isHome && chrome.secondaryMenuItems.length > 0 ? (
        <nav className="secondary-nav" aria-label="Secondary">
          <div className="container">
            <ul className="secondary-menu">
              {chrome.secondaryMenuItems.map((item) => (
                <li key={item.id}>
                  <MenuLink item={item} />
                </li>
              ))}
            </ul>
          </div>
        </nav>
      ) : null}
      {primary.length === 0 ? (
        <p className="container header-error" role="alert">
          {MISSING_MENU_MESSAGE}
        </p>
      ) : null}
      <div className="container header-bar">
        {layout.isLogoLeft ? null : (
          <DesktopMenu
            items={layout.left}
            label="Main"
            side="left"
            dropdown={dropdown}
            setDropdown={setDropdown}
            isEnhanced={isEnhanced}
          />
        )}
        <a className="logo" href="/">
          <img
            src={chrome.logo}
            alt={`${chrome.agencyName} home`}
            width={desktopLogo.width}
            height={desktopLogo.height}
          />
        </a>
        <DesktopMenu
          items={layout.right}
          label={layout.isLogoLeft ? 'Main' : 'More'}
          side="right"
          dropdown={dropdown}
          setDropdown={setDropdown}
          isEnhanced={isEnhanced}
        />
        <div className="header-actions">
          {chrome.agencyContactTelephone ? (
            <a className="header-phone" href={`tel:${chrome.agencyContactTelephone.replace(/[^\d+]/g, '')}`}>
              <span className="visually-hidden">Call us on </span>
              {chrome.agencyContactTelephone}
            </a>
          ) : null}
          <a className="header-user" href="/user">
            <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24">
              <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
            <span className="visually-hidden">Your account</span>
            {/* Laid over the space under the icon, so its arrival moves nothing (no layout shift). */}
            {signedInName ? (
              <span className="header-user__name" data-testid="signed-in-name">
                <span className="visually-hidden">, signed in as </span>
                {signedInName}
              </span>
            ) : null}
          </a>
          <MobileMenu
            items={limitMenuDepth(primary, MOBILE_MENU_DEPTH)}
            phoneHref={phoneHref}
            telephone={chrome.agencyContactTelephone}
          />
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
