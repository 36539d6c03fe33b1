import { useEffect, useRef, type ReactNode } from 'react';
import { trapFocus } from '../../components/focus-trap.ts';

export const FILTER_SHEET_ID = 'search-filters';
const RESULTS_ID = 'search-results';

/**
 * On a phone the filters wait behind a 'Filter (n)' link, so the first screen shows results; the link opens them
 * as a full-screen sheet. The sheet is the link's :target, so it opens without JavaScript too; with it, focus
 * stays in the sheet while it is open and Escape closes it. From 768 px up the filters sit in the page as before.
 */
export function FilterSheet({ activeFilters, children }: { activeFilters: number; children: ReactNode }) {
  const panelRef = useRef<HTMLElement>(null);
  const closeRef = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    let release: (() => void) | null = null;
    const sync = () => {
      release?.();
      release = null;
      const panel = panelRef.current;
      // Only the phone layout makes the panel a sheet (fixed over the page); a wide page keeps it in the flow.
      if (!panel || window.location.hash !== `#${FILTER_SHEET_ID}` || getComputedStyle(panel).position !== 'fixed')
        return;
      release = trapFocus(panel);
      panel.focus({ preventScroll: true });
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && release) closeRef.current?.click();
    };
    sync();
    window.addEventListener('hashchange', sync);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      release?.();
      window.removeEventListener('hashchange', sync);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  return (
    <div className="filter-sheet">
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
          <a ref={closeRef} className="button filter-sheet__close" href={`#${RESULTS_ID}`}>
            Close<span className="visually-hidden"> filters</span>
          </a>
        </div>
        {children}
      </section>
    </div>
  );
}

export { RESULTS_ID as SEARCH_RESULTS_ID };
