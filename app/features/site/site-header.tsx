import {
  useCallback,
  useEffect,
  useReducer,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type FocusEvent as ReactFocusEvent,
} from 'react';
import type { SiteChrome } from './site-chrome.server.ts';
import {
  CLOSED_MOBILE_MENU,
  DESKTOP_MENU_DEPTH,
  HEADER_SCROLL_THRESHOLD,
  MOBILE_BREAKPOINT,
  MOBILE_MENU_DEPTH,
  headerPhoneHref,
  isNewTab,
  limitMenuDepth,
  mobileMenuLevel,
  mobileMenuReducer,
  mobileMenuView,
  parseLogoDimensions,
  DESKTOP_LOGO_FALLBACK,
  splitPrimaryMenu,
  type MenuItem,
} from './menus.ts';
import { useIsHydrated } from '../../components/use-is-hydrated.ts';
import { useCompactHeader } from '../../components/use-compact-header.ts';
import { trapFocus } from '../../components/focus-trap.ts';

/** Spec point 8, verbatim. */
export const MISSING_MENU_MESSAGE = 'Error, menu items need to be set in admin for the header component to work';

function MenuLink({ item, className, label }: { item: MenuItem; className?: string; label?: string }) {
  const newTab = isNewTab(item);
  return (
    <a
      className={className}
      href={item.url}
      target={newTab ? '_blank' : undefined}
      rel={newTab ? 'noopener noreferrer' : undefined}
    >
      {label ?? item.name}
      {newTab ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
    </a>
  );
}

/** The parent's own page, offered inside its dropdown unless one of its children already links there. */
function overviewLink(item: MenuItem): MenuItem | null {
  return item.items.some((child) => child.url === item.url) ? null : { ...item, items: [] };
}

type DropdownState = { id: number; openedBy: 'hover' | 'click' } | null;

function DesktopMenuItem({
  item,
  dropdown,
  setDropdown,
}: {
  item: MenuItem;
  dropdown: DropdownState;
  setDropdown: (next: DropdownState) => void;
}) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  if (item.items.length === 0) {
    return (
      <li>
        <MenuLink item={item} />
      </li>
    );
  }
  const isOpen = dropdown?.id === item.id;
  const submenuId = `submenu-${item.id}`;
  const overview = overviewLink(item);
  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key === 'Escape' && isOpen) {
      event.stopPropagation();
      setDropdown(null);
      buttonRef.current?.focus();
    }
  };
  const onBlur = (event: ReactFocusEvent<HTMLLIElement>) => {
    if (isOpen && !event.currentTarget.contains(event.relatedTarget as Node | null)) setDropdown(null);
  };
  return (
    // The item delegates its children's events: hover opens and leaving closes (a pointer convenience; the
    // button is the keyboard control), Escape from anywhere inside closes and returns focus to the button.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <li
      className={`has-children${isOpen ? ' is-open' : ''}`}
      onMouseEnter={() => {
        if (!isOpen) setDropdown({ id: item.id, openedBy: 'hover' });
      }}
      onMouseLeave={() => {
        if (isOpen) setDropdown(null);
      }}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <button
        ref={buttonRef}
        type="button"
        className="menu-button"
        aria-expanded={isOpen}
        aria-controls={submenuId}
        onClick={() => {
          // A click on a menu the pointer has just opened by hovering keeps it open; otherwise it toggles.
          if (isOpen && dropdown?.openedBy === 'hover') setDropdown({ id: item.id, openedBy: 'click' });
          else setDropdown(isOpen ? null : { id: item.id, openedBy: 'click' });
        }}
      >
        {item.name}
        <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12" className="menu-button__chevron">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <ul id={submenuId} className={`submenu${isOpen ? ' is-open' : ''}`}>
        {overview ? (
          <li>
            <MenuLink item={overview} label={`${item.name} overview`} />
          </li>
        ) : null}
        {item.items.map((child) => (
          <li key={child.id}>
            <MenuLink item={child} />
          </li>
        ))}
      </ul>
    </li>
  );
}

function DesktopMenu({
  items,
  label,
  side,
  dropdown,
  setDropdown,
  isEnhanced,
}: {
  items: MenuItem[];
  label: string;
  side: 'left' | 'right';
  dropdown: DropdownState;
  setDropdown: (next: DropdownState) => void;
  isEnhanced: boolean;
}) {
  return (
    <nav className={`primary-nav primary-nav--${side}`} aria-label={label}>
      {items.length > 0 ? (
        <ul className={`primary-menu${isEnhanced ? ' is-enhanced' : ''}`}>
          {items.map((item) => (
            <DesktopMenuItem key={item.id} item={item} dropdown={dropdown} setDropdown={setDropdown} />
          ))}
        </ul>
      ) : null}
    </nav>
  );
}

function MobileMenu({ items, phoneHref, telephone }: { items: MenuItem[]; phoneHref: string; telephone: string }) {
  const [state, dispatch] = useReducer(mobileMenuReducer, CLOSED_MOBILE_MENU);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const focusAfterRender = useRef<string | null>(null);
  const level = mobileMenuLevel(state);
  const view = mobileMenuView(items, state);

  // Body scroll is locked while the menu is open, and released (menu closed) once the window is 1200 px or wider.
  useEffect(() => {
    if (!state.isOpen) return;
    const wide = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT}px)`);
    const apply = () => {
      if (wide.matches) {
        document.body.classList.remove('has-mobile-menu-open');
        dispatch({ type: 'close' });
      } else {
        document.body.classList.add('has-mobile-menu-open');
      }
    };
    apply();
    wide.addEventListener('change', apply);
    return () => {
      wide.removeEventListener('change', apply);
      document.body.classList.remove('has-mobile-menu-open');
    };
  }, [state.isOpen]);

  // While open the menu is the page (it covers it on a phone): focus stays among its controls and the burger.
  useEffect(() => {
    const menu = menuRef.current;
    if (!state.isOpen || !menu) return;
    return trapFocus(menu);
  }, [state.isOpen]);

  useEffect(() => {
    const selector = focusAfterRender.current;
    if (!selector) return;
    focusAfterRender.current = null;
    panelRef.current?.querySelector<HTMLElement>(selector)?.focus();
  });

  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key !== 'Escape' || !state.isOpen) return;
    event.stopPropagation();
    dispatch({ type: 'close' });
    burgerRef.current?.focus();
  };

  return (
    // Escape pressed anywhere in the menu closes it and returns focus to the burger button.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div ref={menuRef} className="mobile-menu" onKeyDown={onKeyDown}>
      <button
        ref={burgerRef}
        type="button"
        className="burger"
        aria-expanded={state.isOpen}
        aria-controls="mobile-menu-panel"
        onClick={() => dispatch({ type: 'toggle' })}
      >
        <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
          {state.isOpen ? (
            <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2" />
          ) : (
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" />
          )}
        </svg>
        <span className="visually-hidden">Menu</span>
      </button>
      <div ref={panelRef} id="mobile-menu-panel" className="mobile-menu__panel" hidden={!state.isOpen}>
        <nav aria-label="Mobile" data-level={level}>
          {view.parent ? (
            <div className="mobile-menu__level-head">
              <button
                type="button"
                className="mobile-menu__back"
                onClick={() => {
                  focusAfterRender.current = `[data-drill-id="${view.parent?.id}"]`;
                  dispatch({ type: 'back' });
                }}
              >
                <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16">
                  <path d="M10 3L5 8l5 5" fill="none" stroke="currentColor" strokeWidth="2" />
                </svg>
                Back
              </button>
              <p className="mobile-menu__heading" id="mobile-menu-heading">
                {view.parent.name}
              </p>
            </div>
          ) : null}
          <ul className="mobile-menu__list" aria-labelledby={view.parent ? 'mobile-menu-heading' : undefined}>
            {view.parent && overviewLink(view.parent) ? (
              <li>
                <MenuLink item={view.parent} label={`${view.parent.name} overview`} />
              </li>
            ) : null}
            {view.items.map((item) => (
              <li key={item.id}>
                {item.items.length > 0 ? (
                  <button
                    type="button"
                    className="mobile-menu__drill"
                    data-drill-id={item.id}
                    onClick={() => {
                      focusAfterRender.current = '.mobile-menu__back';
                      dispatch({ type: 'drill', itemId: item.id });
                    }}
                  >
                    <span>
                      {item.name}
                      <span className="visually-hidden"> links</span>
                    </span>
                    <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16">
                      <path d="M6 3l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" />
                    </svg>
                  </button>
                ) : (
                  <MenuLink item={item} />
                )}
              </li>
            ))}
          </ul>
          <ul className="mobile-menu__contact">
            <li>
              <a href="/user">Your account</a>
            </li>
            {phoneHref !== 'tel:' ? (
              <li>
                <a href={phoneHref}>{phoneHref.startsWith('tel:') ? `Call ${telephone}` : 'Contact us'}</a>
              </li>
            ) : null}
          </ul>
        </nav>
      </div>
    </div>
  );
}

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
