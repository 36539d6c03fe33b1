import { useEffect, useReducer, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { trapFocus } from '../../components/focus-trap.ts';
import { LazyBoundary, lazyWithTimeout } from '../../components/lazy-with-timeout.tsx';
import { CLOSED_MOBILE_MENU, MOBILE_BREAKPOINT, mobileMenuReducer, type MenuItem } from './menus.ts';

const loadPanel = () => import('./mobile-menu-panel.tsx');
// The drill-down panel is code a visitor needs only once the burger is pressed: it loads then (or on hover or
// focus, a moment earlier), not with the page.
const MobileMenuPanel = lazyWithTimeout(loadPanel);

/** The burger button and the mobile drill-down menu it opens (spec point 2). */
export function MobileMenu({
  items,
  phoneHref,
  telephone,
}: {
  items: MenuItem[];
  phoneHref: string;
  telephone: string;
}) {
  const [state, dispatch] = useReducer(mobileMenuReducer, CLOSED_MOBILE_MENU);
  const [hasOpened, setHasOpened] = useState(false);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  // These hold from the press of the burger, while the panel's own code may still be loading.
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

  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key !== 'Escape' || !state.isOpen) return;
    event.stopPropagation();
    dispatch({ type: 'close' });
    burgerRef.current?.focus();
  };
  const preload = () => void loadPanel().catch(() => undefined);

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
        onClick={() => {
          setHasOpened(true);
          dispatch({ type: 'toggle' });
        }}
        onPointerEnter={preload}
        onFocus={preload}
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
      <div id="mobile-menu-panel" className="mobile-menu__panel" hidden={!state.isOpen}>
        {hasOpened ? (
          <LazyBoundary loadingTitle="Loading the menu" errorTitle="Sorry, the menu could not be loaded.">
            <MobileMenuPanel
              items={items}
              phoneHref={phoneHref}
              telephone={telephone}
              state={state}
              dispatch={dispatch}
            />
          </LazyBoundary>
        ) : null}
      </div>
    </div>
  );
}
