import type { ThemeSettings } from '../../../db/schema/agency.ts';

/** Spec point 3 'Menu item'. Target 'B' opens in a new tab. */
export type MenuItem = { id: number; name: string; url: string; target: 'S' | 'B'; items: MenuItem[] };

/** Spec point 9: the header changes style once the home page is scrolled more than 30 px. */
export const HEADER_SCROLL_THRESHOLD = 30;
/** Spec point 9: below 1200 px the header uses the mobile layout (burger menu). */
export const MOBILE_BREAKPOINT = 1200;
/** Spec point 9: desktop shows the first 4 primary items left of the logo. */
const DESKTOP_LEFT_COUNT = 4;
export const DESKTOP_MENU_DEPTH = 2;
export const MOBILE_MENU_DEPTH = 3;

export type HeaderLayout = { left: MenuItem[]; right: MenuItem[]; isLogoLeft: boolean };

/**
 * Spec point 2 'Header', desktop: the first 4 primary items sit left of the logo and the rest right; or halves
 * when splitNavigationMenuItemsEqually is on (the odd one out goes left); with navbarLogoPosition 'left' the logo
 * leads and every item follows it.
 */
export function splitPrimaryMenu(
  items: MenuItem[],
  theme: Pick<ThemeSettings, 'splitNavigationMenuItemsEqually' | 'navbarLogoPosition'>,
): HeaderLayout {
  if (theme.navbarLogoPosition === 'left') return { left: [], right: items, isLogoLeft: true };
  const splitAt = theme.splitNavigationMenuItemsEqually ? Math.ceil(items.length / 2) : DESKTOP_LEFT_COUNT;
  return { left: items.slice(0, splitAt), right: items.slice(splitAt), isLogoLeft: false };
}

/** Cuts a menu tree to a number of levels: 2 on desktop, 3 on mobile. */
export function limitMenuDepth(items: MenuItem[], depth: number): MenuItem[] {
  if (depth <= 1) return items.map((item) => ({ ...item, items: [] }));
  return items.map((item) => ({ ...item, items: limitMenuDepth(item.items, depth - 1) }));
}

export const DESKTOP_LOGO_FALLBACK = { width: 220, height: 60 };
const MOBILE_LOGO_FALLBACK = { width: 160, height: 44 };

/** The header's logo sizes as custom properties (app.css sizes the logo boxes with them). */
export function logoSizeVariables(theme: {
  headerDesktopLogoDimensions?: string | null;
  headerMobileLogoDimensions?: string | null;
}): Record<`--${string}`, string> {
  const desktop = parseLogoDimensions(theme.headerDesktopLogoDimensions, DESKTOP_LOGO_FALLBACK);
  const mobile = parseLogoDimensions(theme.headerMobileLogoDimensions, MOBILE_LOGO_FALLBACK);
  return {
    '--logo-width': `${desktop.width}px`,
    '--logo-height': `${desktop.height}px`,
    '--logo-mobile-width': `${mobile.width}px`,
    '--logo-mobile-height': `${mobile.height}px`,
  };
}

/** Theme dimensions are 'width,height' text; anything unreadable falls back to the default. */
export function parseLogoDimensions(text: string | null | undefined, fallback: { width: number; height: number }) {
  const [width, height] = (text ?? '').split(',').map((part) => Number(part.trim()));
  if (!width || !height || width <= 0 || height <= 0 || !Number.isFinite(width) || !Number.isFinite(height))
    return fallback;
  return { width, height };
}

/** The mobile phone link: the theme's contact link when set, otherwise a tel: link of the agency telephone. */
export function headerPhoneHref(mobileHeaderContactLink: string | null | undefined, agencyTelephone: string): string {
  const link = mobileHeaderContactLink?.trim();
  if (link) return link;
  return `tel:${agencyTelephone.replace(/[^\d+]/g, '')}`;
}

export function isNewTab(item: Pick<MenuItem, 'target'>): boolean {
  return item.target === 'B';
}

/**
 * The mobile menu's drill-down (spec point 4 'Mobile menu'): closed, or open at level none (the primary
 * items), 1 (an item's children) or 2 (a child's children). `path` holds the ids drilled into.
 */
export type MobileMenuState = { isOpen: boolean; path: number[] };
export type MobileMenuAction =
  { type: 'toggle' } | { type: 'close' } | { type: 'drill'; itemId: number } | { type: 'back' };

export const CLOSED_MOBILE_MENU: MobileMenuState = { isOpen: false, path: [] };

export function mobileMenuReducer(state: MobileMenuState, action: MobileMenuAction): MobileMenuState {
  switch (action.type) {
    case 'toggle':
      return state.isOpen ? CLOSED_MOBILE_MENU : { isOpen: true, path: [] };
    case 'close':
      return CLOSED_MOBILE_MENU;
    case 'drill':
      if (!state.isOpen || state.path.length >= MOBILE_MENU_DEPTH - 1) return state;
      return { isOpen: true, path: [...state.path, action.itemId] };
    case 'back':
      return { ...state, path: state.path.slice(0, -1) };
  }
}

export type MobileMenuLevel = 'none' | 1 | 2;

export function mobileMenuLevel(state: MobileMenuState): MobileMenuLevel {
  return state.path.length === 0 ? 'none' : state.path.length === 1 ? 1 : 2;
}

/** The items shown at the current drill-down level, and the item whose children they are. */
export function mobileMenuView(
  items: MenuItem[],
  state: MobileMenuState,
): { parent: MenuItem | null; items: MenuItem[] } {
  let parent: MenuItem | null = null;
  let current = items;
  for (const id of state.path) {
    const next = current.find((item) => item.id === id);
    if (!next) break;
    parent = next;
    current = next.items;
  }
  return { parent, items: current };
}
