import { useEffect, useState } from 'react';
import { LazyBoundary, lazyWithTimeout } from '../../components/lazy-with-timeout.tsx';
import type { ConsentStatus } from './consent.ts';
import { OPEN_COOKIE_SETTINGS_EVENT } from './consent-settings.ts';

const CookieBanner = lazyWithTimeout(() => import('./cookie-consent.tsx'));

/**
 * The cookie banner's code is not part of the page's first download: the server renders the banner (its buttons
 * post a form, so a choice made before the code arrives still counts) and the browser takes it over once its
 * chunk has loaded. After 'Reject' nothing of it is needed until the visitor asks for the cookie settings.
 */
export function CookieConsent({ initialStatus, csrf }: { initialStatus: ConsentStatus | null; csrf: string }) {
  const [isNeeded, setNeeded] = useState(initialStatus !== 'deny');
  const [isOpenedBySettings, setOpenedBySettings] = useState(false);
  useEffect(() => {
    if (isNeeded) return;
    const open = () => {
      setOpenedBySettings(true);
      setNeeded(true);
    };
    window.addEventListener(OPEN_COOKIE_SETTINGS_EVENT, open);
    return () => window.removeEventListener(OPEN_COOKIE_SETTINGS_EVENT, open);
  }, [isNeeded]);
  if (!isNeeded) return null;
  return (
    <LazyBoundary
      loadingTitle="Loading the cookie settings"
      errorTitle="Sorry, the cookie settings could not be loaded."
    >
      <CookieBanner initialStatus={initialStatus} csrf={csrf} isOpenedBySettings={isOpenedBySettings} />
    </LazyBoundary>
  );
}
