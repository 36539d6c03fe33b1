import { useEffect, useRef, type ActionDispatch } from 'react';
import { MenuLink, overviewLink } from './menu-link.tsx';
import {
  mobileMenuLevel,
  mobileMenuView,
  type MenuItem,
  type MobileMenuAction,
  type MobileMenuState,
} from './menus.ts';

/**
 * The mobile drill-down menu's panel, loaded when the burger is first pressed: one level at a time with a Back
 * button, and the account and phone links.
 */
export default function MobileMenuPanel({
  items,
  phoneHref,
  telephone,
  state,
  dispatch,
}: {
  items: MenuItem[];
  phoneHref: string;
  telephone: string;
  state: MobileMenuState;
  dispatch: ActionDispatch<[MobileMenuAction]>;
}) {
  const navRef = useRef<HTMLElement>(null);
  const focusAfterRender = useRef<string | null>(null);
  const level = mobileMenuLevel(state);
  const view = mobileMenuView(items, state);

  useEffect(() => {
    const selector = focusAfterRender.current;
    if (!selector) return;
    focusAfterRender.current = null;
    navRef.current?.querySelector<HTMLElement>(selector)?.focus();
  });

  return (
    <nav ref={navRef} aria-label="Mobile" data-level={level}>
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
  );
}
