import type { Route } from './+types/places-ljson';
import { suggestPlaces } from '../../features/search/places.server.ts';
import { getDb } from '../../lib/db.server.ts';

/** GET /places.ljson?q=: place suggestions (name and county) for the search box. */
export async function loader({ request }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams.get('q') ?? '';
  const suggestions = await suggestPlaces(getDb(), q);
  return Response.json({ suggestions }, { headers: { 'Cache-Control': 'public, max-age=300' } });
}
