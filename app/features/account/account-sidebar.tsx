/**
 * The account sidebar (spec point 2): a drawer from the right, built on the shared accessible <Modal> (so focus,
 * Escape, Tab wrapping and the inert page behind behave the same), with the tabs, the screen of the current
 * /user route, and the 'Back to search' and 'Back to top' links. Closing goes to /.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { Modal } from '../../components/modal.tsx';
import {
  buildBackToSearchUrl,
  getSearchHistorySnapshot,
  getServerSearchHistorySnapshot,
  readSearchHistory,
  subscribeSearchHistory,
} from '../search/index.ts';
import './account.css';

const TABS = [
  { to: '/user', label: 'Your details', end: true },
  { to: '/user/saved-properties', label: 'Saved Properties', end: false },
  { to: '/user/saved-searches', label: 'Saved Searches', end: false },
] as const;

const ACCOUNT_TOP_ID = 'account-top';

function useBackToSearchUrl(): string {
  const snapshot = useSyncExternalStore(
    subscribeSearchHistory,
    getSearchHistorySnapshot,
    getServerSearchHistorySnapshot,
  );
  return useMemo(() => {
    let stored: unknown = [];
    try {
      stored = JSON.parse(snapshot);
    } catch {
      stored = [];
    }
    return buildBackToSearchUrl(readSearchHistory(stored));
  }, [snapshot]);
}

export function AccountSidebar() {
  const backToSearch = useBackToSearchUrl();
  return (
    <Modal title="Your account" closeTo="/" size="medium">
      <div className="account-sidebar">
        <span id={ACCOUNT_TOP_ID} tabIndex={-1} className="account-sidebar__top" />
        <nav className="account-tabs" aria-label="Account sections">
          <ul>
            {TABS.map((tab) => (
              <li key={tab.to}>
                <NavLink to={tab.to} end={tab.end} className="account-tabs__link" preventScrollReset>
                  {tab.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="account-sidebar__screen">
          <Outlet />
        </div>
        <footer className="account-sidebar__footer">
          <Link to={backToSearch} className="account-link">
            Back to search
          </Link>
          <a
            href={`#${ACCOUNT_TOP_ID}`}
            className="account-link"
            onClick={(event) => {
              const top = document.getElementById(ACCOUNT_TOP_ID);
              if (!top) return;
              event.preventDefault();
              top.scrollIntoView({ block: 'start' });
              top.focus({ preventScroll: true });
            }}
          >
            Back to top
          </a>
        </footer>
      </div>
    </Modal>
  );
}
