import type { Route } from './+types/session';
import { signInCall, signOutCall } from '../../features/account/account-calls.server.ts';
import {
  answerCall,
  methodNotAllowed,
  readFieldsOrThrow,
  toResponse,
} from '../../features/account/account-http.server.ts';
import { getDb } from '../../lib/db.server.ts';

/** POST /session signs in (username, password); with _method=delete it signs out (spec point 7). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method === 'DELETE') return toResponse(await signOutCall(context));
  if (request.method !== 'POST') methodNotAllowed(request, ['POST', 'DELETE']);
  const fields = await readFieldsOrThrow(request);
  return answerCall(() => signInCall(getDb(), fields, context));
}

export function loader({ request }: Route.LoaderArgs) {
  methodNotAllowed(request, ['POST', 'DELETE']);
}
