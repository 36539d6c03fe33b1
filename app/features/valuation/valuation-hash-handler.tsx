/**
 * Mounted once in root: '#/book-a-valuation' (the home page's side link, on any page) opens the valuation modal;
 * '#/book_a_valuation' first loads the legacy calendar script, which asks for the same flow (legacy-calendar.ts).
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import {
  LEGACY_CALENDAR_OPEN_EVENT,
  LEGACY_CALENDAR_PATH,
  LEGACY_VALUATION_HASH,
  VALUATION_HASH,
  valuationPathFor,
} from './legacy-calendar.ts';

/** The page's CSP nonce, from React Router's own scripts (browsers hide it from getAttribute). */
function pageNonce(): string {
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
}

function loadLegacyCalendar(): void {
  const loaded = (window as unknown as { DoorstepLegacyCalendar?: { open: () => void } }).DoorstepLegacyCalendar;
  if (loaded) {
    loaded.open();
    return;
  }
  if (document.querySelector(`script[src="${LEGACY_CALENDAR_PATH}"]`)) return;
  const script = document.createElement('script');
  script.src = LEGACY_CALENDAR_PATH;
  script.async = true;
  const nonce = pageNonce();
  if (nonce) script.nonce = nonce;
  script.onerror = () => console.warn('The legacy valuation calendar could not be loaded');
  document.head.append(script);
}

export function ValuationHashHandler() {
  const navigate = useNavigate();
  useEffect(() => {
    const open = () => {
      // Replace the hash entry, so closing the modal does not land on the hash and open it again.
      void navigate(valuationPathFor(window.location.pathname), { replace: true, preventScrollReset: true });
    };
    const onHash = () => {
      if (window.location.hash === VALUATION_HASH) open();
      else if (window.location.hash === LEGACY_VALUATION_HASH) loadLegacyCalendar();
    };
    const onLegacyOpen = (event: Event) => {
      event.preventDefault();
      open();
    };
    onHash();
    window.addEventListener('hashchange', onHash);
    window.addEventListener(LEGACY_CALENDAR_OPEN_EVENT, onLegacyOpen);
    return () => {
      window.removeEventListener('hashchange', onHash);
      window.removeEventListener(LEGACY_CALENDAR_OPEN_EVENT, onLegacyOpen);
    };
  }, [navigate]);
  return null;
}
