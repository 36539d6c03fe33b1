import type { Route } from './+types/custom-marketing-preferences';
import { marketingPreferencesCall } from '../../features/account/account-calls.server.ts';
import { methodNotAllowed, readFieldsOrThrow, toResponse } from '../../features/account/account-http.server.ts';
import { getDb } from '../../lib/db.server.ts';

/** POST /custom_marketing_preferences/{user_id} with _method=put, plus marketing_preferences[is_opted_in_to_marketing]. */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== 'PUT') methodNotAllowed(request, ['PUT']);
  const userId = /^\d{1,9}$/.test(params.userId) ? Number(params.userId) : -1;
  const fields = await readFieldsOrThrow(request);
  return toResponse(
    await marketingPreferencesCall(getDb(), fields, context, { preferenceId: null, userId, isCustom: true }),
  );
}

export function loader({ request }: Route.LoaderArgs) {
  methodNotAllowed(request, ['PUT']);
}
