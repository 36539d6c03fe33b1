import type { Route } from './+types/saved-property';
import { methodNotAllowed } from '../../lib/http/http-error.ts';
import { savedPropertyAction } from '../../features/saved/saved-api.server.ts';

/** POST /saved_properties/{id} with _method=delete: removes one of the signed-in user's saved properties. */
export async function action({ request, context, params }: Route.ActionArgs) {
  return savedPropertyAction(request, context, params.id);
}

export function loader({ request }: Route.LoaderArgs) {
  methodNotAllowed(request, ['DELETE'], { json: true });
}
