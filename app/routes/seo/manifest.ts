import type { Route } from './+types/manifest';
import { getSiteChrome } from '../../features/site/site-chrome.server.ts';
import { themeColours } from '../../features/site/theme.ts';
import { getDb } from '../../lib/db.server.ts';

/** /manifest.webmanifest: name and icons for installing the site and for sharing. */
export async function loader(_args: Route.LoaderArgs) {
  const chrome = await getSiteChrome(getDb());
  const manifest = {
    name: chrome.agencyName,
    short_name: chrome.agencyName.length > 12 ? chrome.agencyName.split(/\s+/)[0] : chrome.agencyName,
    description: `Property for sale and to rent with ${chrome.agencyName}`,
    start_url: '/',
    scope: '/',
    display: 'browser',
    lang: 'en-GB',
    background_color: '#ffffff',
    theme_color: themeColours(chrome.theme).brand,
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
  return new Response(JSON.stringify(manifest, null, 2), {
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  });
}
