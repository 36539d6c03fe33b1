import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { fetchWithCsrf } from '../../lib/http/csrf-fetch.ts';
import { CONSENT_COOKIE, CONSENT_MAX_AGE_SECONDS, isAnalyticsAllowed, type ConsentStatus } from './consent.ts';
import { OPEN_COOKIE_SETTINGS_EVENT } from './consent-settings.ts';

function writeConsentCookie(status: ConsentStatus): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${status}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

function csrfToken(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
}

/** Spec point 7 `POST /ajax-events/logs`. A failed log never blocks the visitor's choice. */
async function logConsent(status: ConsentStatus): Promise<void> {
  try {
    await fetchWithCsrf('/ajax-events/logs', csrfToken(), () => ({
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ status, path: window.location.pathname }),
    }));
  } catch (error) {
    console.warn('Consent could not be logged', error);
  }
}

/**
 * The cookie banner (GOV.UK pattern): first in the page, not fixed, with equal Accept and Reject buttons, and small:
 * one short line per paragraph, so it is never the largest paint of a page's first screen. Nothing non-essential
 * loads until 'Accept' (the analytics loader is a chunk of its own); the choice can be changed from the footer of
 * every page. Without JavaScript the buttons post a form to the same log endpoint.
 */
export function CookieConsent({ initialStatus, csrf }: { initialStatus: ConsentStatus | null; csrf: string }) {
  const [status, setStatus] = useState<ConsentStatus | null>(initialStatus);
  const [isOpen, setIsOpen] = useState(initialStatus === null);
  const [confirmation, setConfirmation] = useState<ConsentStatus | null>(null);
  const confirmationRef = useRef<HTMLDivElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const location = useLocation();

  useEffect(() => {
    if (isAnalyticsAllowed(status)) {
      void import('./analytics-loader.ts')
        .then(({ loadAnalytics }) => loadAnalytics())
        .catch((error: unknown) => console.warn('Analytics could not be loaded', error));
    }
  }, [status]);

  useEffect(() => {
    const open = () => {
      setConfirmation(null);
      setIsOpen(true);
      requestAnimationFrame(() => {
        bannerRef.current?.scrollIntoView({ block: 'start' });
        bannerRef.current?.focus();
      });
    };
    window.addEventListener(OPEN_COOKIE_SETTINGS_EVENT, open);
    return () => window.removeEventListener(OPEN_COOKIE_SETTINGS_EVENT, open);
  }, []);

  useEffect(() => {
    if (confirmation) confirmationRef.current?.focus();
  }, [confirmation]);

  const choose = (next: ConsentStatus) => {
    writeConsentCookie(next);
    setStatus(next);
    setIsOpen(false);
    setConfirmation(next);
    void logConsent(next);
  };

  if (confirmation) {
    return (
      <div className="cookie-banner" role="region" aria-label="Cookies on this site">
        <div className="container cookie-banner__inner">
          <div ref={confirmationRef} role="alert" tabIndex={-1} className="cookie-banner__message">
            <p>
              {confirmation === 'allow' ? 'You’ve accepted analytics cookies.' : 'You’ve rejected analytics cookies.'}{' '}
              You can change your cookie settings at any time from the link at the bottom of every page.
            </p>
          </div>
          <div className="cookie-banner__buttons">
            <button type="button" className="button" onClick={() => setConfirmation(null)}>
              Hide cookie message
            </button>
          </div>
        </div>
      </div>
    );
  }
  if (!isOpen) return null;
  return (
    <div ref={bannerRef} className="cookie-banner" role="region" aria-labelledby="cookie-banner-title" tabIndex={-1}>
      <div className="container cookie-banner__inner">
        <div className="cookie-banner__message">
          <h2 id="cookie-banner-title">Cookies on this site</h2>
          {/* One short line each: a paragraph several lines tall would outsize the page's own first content and be
              the page's largest paint on a phone. */}
          <p>We use essential cookies to make this site work.</p>
          <p>We’d like analytics cookies to help us improve it.</p>
          <p>We won’t set them unless you accept.</p>
          {status ? (
            <p className="cookie-banner__current">
              {status === 'allow'
                ? 'You currently accept analytics cookies.'
                : 'You currently reject analytics cookies.'}
            </p>
          ) : null}
        </div>
        <form
          className="cookie-banner__buttons"
          method="post"
          action="/ajax-events/logs"
          onSubmit={(event) => {
            event.preventDefault();
            const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
            choose(submitter?.value === 'allow' ? 'allow' : 'deny');
          }}
        >
          <input type="hidden" name="authenticity_token" value={csrf} />
          <input type="hidden" name="redirect_to" value={location.pathname + location.search} />
          <button type="submit" name="status" value="allow" className="button button--primary">
            Accept analytics cookies
          </button>
          <button type="submit" name="status" value="deny" className="button button--primary">
            Reject analytics cookies
          </button>
        </form>
      </div>
    </div>
  );
}
