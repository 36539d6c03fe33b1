import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { trapFocus } from '../../components/focus-trap.ts';

const FILTER_SHEET_ID = 'search-filters';
export const SEARCH_RESULTS_ID = 'search-results';

const subscribeNothing = () => () => undefined;

/**
 * On a phone the filters wait behind a 'Filter (n)' link, so the first screen shows results; the link opens them
 * as a full-screen sheet. Without JavaScript the sheet is the link's :target; with it, the location's hash decides
 * (a client navigation does not update :target), focus stays in the sheet while it is open and Escape closes it.
 * From 768 px up the filters sit in the page as before.
 */
export function FilterSheet({ activeFilters, children }: { activeFilters: number; children: ReactNode }) {
  const panelRef = useRef<HTMLElement>(null);
  const closeRef = useRef<HTMLAnchorElement>(null);
  const { hash } = useLocation();
  const isEnhanced = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  const isOpen = isEnhanced && hash === `#${FILTER_SHEET_ID}`;

  useEffect(() => {
    const panel = panelRef.current;
    // Only the phone layout makes the panel a sheet (fixed over the page); a wide page keeps it in the flow.
    if (!isOpen || !panel || getComputedStyle(panel).position !== 'fixed') return;
    const release = trapFocus(panel);
    panel.focus({ preventScroll: true });
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current?.click();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      release();
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen]);

  const classNames = ['filter-sheet'];
  if (isEnhanced) classNames.push('is-enhanced');
  if (isOpen) classNames.push('is-open');
  return (
    <div className={classNames.join(' ')}>
      <a className="button filter-sheet__open" href={`#${FILTER_SHEET_ID}`}>
        {`Filter (${activeFilters})`}
      </a>
      <section
        ref={panelRef}
        id={FILTER_SHEET_ID}
        className="filter-sheet__panel"
        aria-labelledby="filter-sheet-title"
        tabIndex={-1}
      >
        <div className="filter-sheet__head">
          <h2 id="filter-sheet-title">Filters</h2>
          <a ref={closeRef} className="button filter-sheet__close" href={`#${SEARCH_RESULTS_ID}`}>
            Close<span className="visually-hidden"> filters</span>
          </a>
        </div>
        {children}
      </section>
    </div>
  );
}
