import type { Route } from './+types/search-delete';
import { jsonResponse, searchDeleteAction } from '../../features/saved/saved-api.server.ts';

/** POST /searches/{search_id} with _method=delete: removes one of the signed-in user's saved searches. */
export async function action({ request, context, params }: Route.ActionArgs) {
  return searchDeleteAction(request, context, params.searchId);
}

export function loader() {
  return jsonResponse({ error: 'Method not allowed' }, 405);
}
