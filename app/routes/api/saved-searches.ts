import type { Route } from './+types/saved-searches';
import { savedSearchesAction, savedSearchesLoader } from '../../features/saved/saved-api.server.ts';

/** GET /saved_searches.ljson (list) and POST /saved_searches?{fields} with _method=put (update), spec point 7. */
export async function loader({ context }: Route.LoaderArgs) {
  return savedSearchesLoader(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return savedSearchesAction(request, context);
}
