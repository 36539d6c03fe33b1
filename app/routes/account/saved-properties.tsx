import { data } from 'react-router';
import type { Route } from './+types/saved-properties';
import { loadSavedPropertiesPanel } from '../../features/saved/saved-panels.server.ts';
import { SavedPropertiesPanel } from '../../features/saved/saved-properties-panel.tsx';
import { getDb } from '../../lib/db.server.ts';

/** /user/saved-properties (inside the account sidebar): saved properties as cards with the save toggle. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Each account loader checks access itself (house style rule 7): only the signed-in user's own list is read.
  const userId = await context.session.getUserId();
  const ids = new URL(request.url).searchParams.get('ids');
  return data(await loadSavedPropertiesPanel(getDb(), userId, ids), { headers: { 'Cache-Control': 'no-store' } });
}

export function headers() {
  return { 'Cache-Control': 'no-store' };
}

export function meta() {
  return [{ title: 'Saved Properties' }, { name: 'robots', content: 'noindex' }];
}

export default function SavedPropertiesRoute({ loaderData }: Route.ComponentProps) {
  return <SavedPropertiesPanel cards={loaderData.cards} panelPath="/user/saved-properties" />;
}
