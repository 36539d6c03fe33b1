/**
 * The data the root loader gives every page. Its type lives here rather than in app/root.tsx so features and
 * routes read it through one typed hook without importing the document module (imports only run downwards).
 */
import { useRouteLoaderData } from 'react-router';
import type { FlashNotice } from '../../lib/flash-notice.server.ts';
import { useCurrentCsrfToken } from '../../lib/http/csrf-fetch.ts';
import type { ConsentStatus } from '../consent/index.ts';
import type { SiteChrome } from './site-chrome.server.ts';

export type RootData = {
  /** Texts for '#flash/{key}' toasts (spec point 8: they come from page data). */
  flashMessages: Record<string, string>;
  /** A notice a form post left for this page (app/lib/flash-notice.server.ts), shown once. */
  flashNotice: FlashNotice | null;
  csrfToken: string;
  chrome: SiteChrome;
  origin: string;
  consentStatus: ConsentStatus | null;
};

/** The root loader's data; undefined only while the root itself failed (its error boundary renders). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>('root');
}

export function useCsrfToken(): string {
  return useCurrentCsrfToken(useRootData()?.csrfToken ?? '');
}
