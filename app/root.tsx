import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
} from 'react-router';
import { useEffect } from 'react';
import type { Route } from './+types/root';
import { getSiteChrome } from './features/site/index.server.ts';
import {
  LegalFooter,
  type RootData,
  SiteFooter,
  SiteHeader,
  logoSizeVariables,
  rootStyleSheet,
  themeColours,
  themeStyle,
  useRootData,
} from './features/site/index.ts';
import { getDb } from './lib/db.server.ts';
import { takeFlashNotice } from './lib/flash-notice.server.ts';
import { useNonce } from './lib/nonce.ts';
import { CookieConsent, readConsentStatus } from './features/consent/index.ts';
import { ToastRegion } from './components/toast.tsx';
import { DEFAULT_FLASH_MESSAGES, FlashToasts } from './features/flash/index.ts';
import { ValuationHashHandler } from './features/valuation/index.ts';
import { useSavedPropertiesSync } from './features/saved/index.ts';
import { ModalHashHandler } from './components/modal-hash-handler.tsx';
import appStylesHref from './styles/app.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: appStylesHref },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'alternate', type: 'application/rss+xml', title: 'News and blog', href: '/articles.rss' },
];

export async function loader({ context, request }: Route.LoaderArgs): Promise<RootData> {
  // Nothing of who is signed in: the browser asks GET /user.ljson (decision 026), so this data is the same for all.
  const [chrome, flashNotice] = await Promise.all([getSiteChrome(getDb()), takeFlashNotice(context.session)]);
  return {
    flashMessages: DEFAULT_FLASH_MESSAGES,
    flashNotice,
    // A shared page carries no token (scripts fetch one when a form needs it); a visitor without a session gets one
    // bound to an anonymous cookie rather than a session (decision 026).
    csrfToken: context.isSharedPage
      ? ''
      : context.session.isKept
        ? context.csrfToken
        : (context.scriptCsrfToken ?? context.csrfToken),
    chrome,
    origin: context.origin,
    consentStatus: readConsentStatus(request.headers.get('cookie')),
  };
}

/** The staff back office (/admin) has its own chrome (app/routes/admin/admin-layout.tsx) and only essential cookies. */
function useIsBackOffice(): boolean {
  return /^\/admin(?:\/|$)/.test(useLocation().pathname);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const isBackOffice = useIsBackOffice();
  // The palette is set on every render, error pages included: the stylesheets only refer to these variables.
  const colours = themeColours(data?.chrome.theme);
  const styleSheet = rootStyleSheet({
    ...themeStyle(colours),
    ...(data ? logoSizeVariables(data.chrome.theme) : {}),
  });
  const nonce = useNonce();
  // The page's scripts start after its first paint (app/lib/scripts-after-paint.ts), so "loaded" no longer means
  // "interactive". This effect runs last in the first commit (effects run children first): the attribute says React
  // has attached every handler and run every effect, for anything that must wait for that (the end-to-end suite).
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="csrf-param" content="authenticity_token" />
        {data ? <meta name="csrf-token" content={data.csrfToken} /> : null}
        <meta name="theme-color" content={colours.brand} />
        {/* A nonce-carrying <style>, not a style attribute: the CSP allows no inline style attributes. The client
            renders it without the nonce, which browsers hide anyway. */}
        <style nonce={nonce} suppressHydrationWarning>
          {styleSheet}
        </style>
        {/* zod 4 probes whether `new Function` works when its first schema is built, and compiles its parsers if so.
            The CSP forbids eval, and the probe alone raises a policy violation: this setting, read from zod's global
            config before any module script runs, keeps it to its interpreted parsers (fast enough for forms). */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: 'globalThis.__zod_globalConfig={jitless:true};' }}
        />
        <Meta />
        {data ? (
          <SiteOpenGraph agencyName={data.chrome.agencyName} origin={data.origin} logo={data.chrome.logo} />
        ) : null}
        <Links />
        {data?.chrome.favicon ? (
          <link rel="icon" href={data.chrome.favicon} type="image/png" sizes="192x192" />
        ) : (
          <>
            <link rel="icon" href="/favicon.ico" sizes="32x32" />
            <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
          </>
        )}
      </head>
      <body>
        {data && !isBackOffice ? <CookieConsent initialStatus={data.consentStatus} csrf={data.csrfToken} /> : null}
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {children}
        {data ? (
          <>
            <ToastRegion />
            <FlashToasts flashMessages={data.flashMessages} notice={data.flashNotice} />
          </>
        ) : null}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** Site-wide Open Graph tags; each page adds its own title, description, type and URL (see open-graph.ts). */
function SiteOpenGraph({ agencyName, origin, logo }: { agencyName: string; origin: string; logo: string }) {
  const image = logo.startsWith('http') ? logo : `${origin}${logo}`;
  return (
    <>
      <meta property="og:site_name" content={agencyName} />
      <meta property="og:locale" content="en_GB" />
      <meta property="og:image" content={image} />
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}

export default function App() {
  const { chrome } = useLoaderData<typeof loader>();
  const isHome = useLocation().pathname === '/';
  if (useIsBackOffice()) return <Outlet />;
  return (
    <>
      <SiteHeader chrome={chrome} isHome={isHome} />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter chrome={chrome}>
        <LegalFooter legal={chrome.legal} />
      </SiteFooter>
      <ValuationHashHandler />
      <ModalHashHandler />
      <SavedItemsSync />
    </>
  );
}

/** Merges and restores saved properties and searches on sign-in and sign-out, on every page (spec point 4). */
function SavedItemsSync() {
  useSavedPropertiesSync();
  return null;
}

/**
 * An action's thrown 405 is rendered by the boundary below; its `Allow` header is kept so the server can answer it
 * like every other 405 (server/app.ts). Everything else is what the routes below set.
 */
export function headers({ parentHeaders, errorHeaders }: Route.HeadersArgs) {
  const headers = new Headers(parentHeaders);
  const allow = errorHeaders?.get('Allow');
  if (allow) headers.set('Allow', allow);
  return headers;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRootData();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  const title = isNotFound ? 'Page not found' : 'Sorry, something went wrong';
  const message = isNotFound
    ? 'We could not find the page you were looking for. It may have moved, or the property may no longer be listed.'
    : isRouteErrorResponse(error) && error.status < 500
      ? 'We could not handle that request. Please check the address and try again.'
      : 'Something went wrong on our side. Please try again in a moment.';
  return (
    <>
      {data ? <SiteHeader chrome={data.chrome} isHome={false} /> : null}
      <main id="main" tabIndex={-1} className="container error-page">
        <title>{`${title} | ${data?.chrome.agencyName ?? 'Doorstep'}`}</title>
        <h1>{title}</h1>
        <p>{message}</p>
        <p>
          <a href="/">Go to the home page</a> or <a href="/search">search for a property</a>.
        </p>
      </main>
      {data ? (
        <SiteFooter chrome={data.chrome}>
          <LegalFooter legal={data.chrome.legal} />
        </SiteFooter>
      ) : null}
    </>
  );
}
