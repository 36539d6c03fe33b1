import type { Route } from './+types/saved-properties';
import { savedPropertiesAction, savedPropertiesLoader } from '../../features/saved/saved-api.server.ts';

/** GET /saved_properties.ljson (list) and POST /saved_properties.ljson with property_ids (add), spec point 7. */
export async function loader({ context }: Route.LoaderArgs) {
  return savedPropertiesLoader(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return savedPropertiesAction(request, context);
}
