import { describe, expect, it } from 'vitest';
import {
  CLOSED_MOBILE_MENU,
  headerPhoneHref,
  limitMenuDepth,
  mobileMenuLevel,
  mobileMenuReducer,
  mobileMenuView,
  parseLogoDimensions,
  splitPrimaryMenu,
  type MenuItem,
} from './menus.ts';

const item = (id: number, items: MenuItem[] = []): MenuItem => ({
  id,
  name: `Item ${id}`,
  url: `/${id}`,
  target: 'S',
  items,
});
const seven = [1, 2, 3, 4, 5, 6, 7].map((id) => item(id));
const ids = (items: MenuItem[]) => items.map((entry) => entry.id);

describe('splitPrimaryMenu', () => {
  it('puts the first 4 primary items left of the logo and the rest right', () => {
    const layout = splitPrimaryMenu(seven, { splitNavigationMenuItemsEqually: false, navbarLogoPosition: 'centre' });
    expect(ids(layout.left)).toEqual([1, 2, 3, 4]);
    expect(ids(layout.right)).toEqual([5, 6, 7]);
  });

  it('splits in halves when splitNavigationMenuItemsEqually is on', () => {
    const six = seven.slice(0, 6);
    expect(
      ids(splitPrimaryMenu(six, { splitNavigationMenuItemsEqually: true, navbarLogoPosition: 'centre' }).left),
    ).toEqual([1, 2, 3]);
    const odd = splitPrimaryMenu(seven, { splitNavigationMenuItemsEqually: true, navbarLogoPosition: 'centre' });
    expect(ids(odd.left)).toEqual([1, 2, 3, 4]);
    expect(ids(odd.right)).toEqual([5, 6, 7]);
    const three = splitPrimaryMenu(seven.slice(0, 3), {
      splitNavigationMenuItemsEqually: false,
      navbarLogoPosition: 'centre',
    });
    expect(ids(three.left)).toEqual([1, 2, 3]);
    expect(three.right).toEqual([]);
  });

  it('puts every item after the logo when the logo is positioned left', () => {
    const layout = splitPrimaryMenu(seven, { splitNavigationMenuItemsEqually: true, navbarLogoPosition: 'left' });
    expect(layout.isLogoLeft).toBe(true);
    expect(layout.left).toEqual([]);
    expect(ids(layout.right)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('limitMenuDepth', () => {
  it('keeps 2 levels on desktop and 3 on mobile', () => {
    const tree = [item(1, [item(2, [item(3, [item(4)])])])];
    expect(limitMenuDepth(tree, 2)[0]?.items[0]?.items).toEqual([]);
    expect(limitMenuDepth(tree, 3)[0]?.items[0]?.items[0]?.items).toEqual([]);
    expect(limitMenuDepth(tree, 3)[0]?.items[0]?.items[0]?.id).toBe(3);
  });
});

describe('header settings', () => {
  it('reads logo dimensions from theme text with a fallback', () => {
    expect(parseLogoDimensions('220, 60', { width: 1, height: 1 })).toEqual({ width: 220, height: 60 });
    expect(parseLogoDimensions('wide', { width: 160, height: 44 })).toEqual({ width: 160, height: 44 });
    expect(parseLogoDimensions('0,44', { width: 160, height: 44 })).toEqual({ width: 160, height: 44 });
  });

  it('uses the theme contact link, else a tel: link of the agency telephone', () => {
    expect(headerPhoneHref('/contact-office', '01225 000 000')).toBe('/contact-office');
    expect(headerPhoneHref(null, '+44 (0)1225 000 000')).toBe('tel:+4401225000000');
    expect(headerPhoneHref('  ', '01225 000 000')).toBe('tel:01225000000');
  });
});

describe('mobile menu drill-down', () => {
  const tree = [item(1, [item(11, [item(111)]), item(12)]), item(2)];

  it('opens at level none, drills to levels 1 and 2, and goes back', () => {
    let state = mobileMenuReducer(CLOSED_MOBILE_MENU, { type: 'toggle' });
    expect(state.isOpen).toBe(true);
    expect(mobileMenuLevel(state)).toBe('none');
    state = mobileMenuReducer(state, { type: 'drill', itemId: 1 });
    expect(mobileMenuLevel(state)).toBe(1);
    expect(ids(mobileMenuView(tree, state).items)).toEqual([11, 12]);
    state = mobileMenuReducer(state, { type: 'drill', itemId: 11 });
    expect(mobileMenuLevel(state)).toBe(2);
    expect(mobileMenuView(tree, state).parent?.id).toBe(11);
    expect(mobileMenuReducer(state, { type: 'drill', itemId: 111 })).toBe(state);
    state = mobileMenuReducer(state, { type: 'back' });
    expect(mobileMenuLevel(state)).toBe(1);
    state = mobileMenuReducer(state, { type: 'back' });
    expect(mobileMenuLevel(state)).toBe('none');
  });

  it('closing (or toggling while open) resets the level', () => {
    const open = mobileMenuReducer(mobileMenuReducer(CLOSED_MOBILE_MENU, { type: 'toggle' }), {
      type: 'drill',
      itemId: 1,
    });
    expect(mobileMenuReducer(open, { type: 'close' })).toEqual(CLOSED_MOBILE_MENU);
    expect(mobileMenuReducer(open, { type: 'toggle' })).toEqual(CLOSED_MOBILE_MENU);
    const reopened = mobileMenuReducer(mobileMenuReducer(open, { type: 'toggle' }), { type: 'toggle' });
    expect(mobileMenuLevel(reopened)).toBe('none');
  });

  it('does not drill while closed', () => {
    expect(mobileMenuReducer(CLOSED_MOBILE_MENU, { type: 'drill', itemId: 1 })).toEqual(CLOSED_MOBILE_MENU);
  });
});
