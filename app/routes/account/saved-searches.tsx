import { data } from 'react-router';
import type { Route } from './+types/saved-searches';
import { loadSavedSearchesPanel } from '../../features/saved/saved-panels.server.ts';
import { SavedSearchesPanel } from '../../features/saved/saved-searches-panel.tsx';
import { getDb } from '../../lib/db.server.ts';

/** /user/saved-searches (inside the account sidebar): saved searches, their links and alert frequency. */
export async function loader({ context }: Route.LoaderArgs) {
  const userId = await context.session.getUserId();
  return data(await loadSavedSearchesPanel(getDb(), userId), { headers: { 'Cache-Control': 'no-store' } });
}

export function headers() {
  return { 'Cache-Control': 'no-store' };
}

export function meta() {
  return [{ title: 'Saved Searches' }, { name: 'robots', content: 'noindex' }];
}

export default function SavedSearchesRoute({ loaderData }: Route.ComponentProps) {
  return <SavedSearchesPanel savedSearches={loaderData.savedSearches} isSignedIn={loaderData.isSignedIn} />;
}
