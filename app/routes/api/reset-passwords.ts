import type { Route } from './+types/reset-passwords';
import { forgottenPasswordCall } from '../../features/account/account-calls.server.ts';
import { answerCall, methodNotAllowed, readFieldsOrThrow } from '../../features/account/account-http.server.ts';
import { getDb } from '../../lib/db.server.ts';

/** POST /reset_passwords (email, body): the forgotten-password request; the answer never says if the email exists. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') methodNotAllowed(request, ['POST']);
  const fields = await readFieldsOrThrow(request);
  return answerCall(async () => (await forgottenPasswordCall(getDb(), fields, context)).result);
}

export function loader({ request }: Route.LoaderArgs) {
  methodNotAllowed(request, ['POST']);
}
