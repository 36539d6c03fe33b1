import type { Route } from './+types/search-delete';
import { methodNotAllowed } from '../../lib/http/http-error.ts';
import { searchDeleteAction } from '../../features/saved/saved-api.server.ts';

/** POST /searches/{search_id} with _method=delete: removes one of the signed-in user's saved searches. */
export async function action({ request, context, params }: Route.ActionArgs) {
  return searchDeleteAction(request, context, params.searchId);
}

export function loader({ request }: Route.LoaderArgs) {
  methodNotAllowed(request, ['DELETE'], { json: true });
}
