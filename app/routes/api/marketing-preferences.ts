import type { Route } from './+types/marketing-preferences';
import { marketingPreferencesCall } from '../../features/account/account-calls.server.ts';
import { methodNotAllowed, readFieldsOrThrow, toResponse } from '../../features/account/account-http.server.ts';
import { getDb } from '../../lib/db.server.ts';

/** POST /marketing_preferences/{marketing_preference_id} with _method=put (spec point 7). */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== 'PUT') methodNotAllowed(request, ['PUT']);
  const preferenceId = /^\d{1,9}$/.test(params.id) ? Number(params.id) : -1;
  const fields = await readFieldsOrThrow(request);
  return toResponse(
    await marketingPreferencesCall(getDb(), fields, context, { preferenceId, userId: null, isCustom: false }),
  );
}

export function loader({ request }: Route.LoaderArgs) {
  methodNotAllowed(request, ['PUT']);
}
