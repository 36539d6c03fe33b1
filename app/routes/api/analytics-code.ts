import { data } from 'react-router';
import type { Route } from './+types/analytics-code';
import { isAnalyticsAllowed, readConsentStatus } from '../../features/consent/consent.ts';
import { getAnalyticsCode } from '../../features/consent/consent.server.ts';
import { getDb } from '../../lib/db.server.ts';

/**
 * Spec point 7 `GET /analytics_code`: the analytics snippets from theme settings. The page asks only after
 * consent; the server checks the consent cookie too, so the code is never handed out without it.
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (!isAnalyticsAllowed(readConsentStatus(request.headers.get('cookie')))) {
    return data(
      { error: 'Analytics needs cookie consent.' },
      { status: 403, headers: { 'Cache-Control': 'no-store' } },
    );
  }
  return data(await getAnalyticsCode(getDb()), { headers: { 'Cache-Control': 'private, no-store' } });
}
