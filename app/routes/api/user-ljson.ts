import type { Route } from './+types/user-ljson';
import { registerCall, updateUserCall } from '../../features/account/account-calls.server.ts';
import {
  NO_STORE,
  answerCall,
  methodNotAllowed,
  readFieldsOrThrow,
} from '../../features/account/account-http.server.ts';
import { getUserView } from '../../features/account/accounts.server.ts';
import { getDb } from '../../lib/db.server.ts';
import { noteSessionRunsScripts } from '../../lib/shared-page-visitor.server.ts';
import { data } from 'react-router';

/** GET /user.ljson (spec point 7): the current user, or the empty default user with user_id null. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // The page's script asks this on every page load: from then on the visitor gets the shared public pages.
  await noteSessionRunsScripts(request, context.session);
  const user = await getUserView(getDb(), await context.session.getUserId());
  return data(user, { headers: NO_STORE });
}

/** POST /user.ljson registers; with _method=put it updates the profile or the password. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST' && request.method !== 'PUT') methodNotAllowed(request, ['GET', 'POST', 'PUT']);
  const fields = await readFieldsOrThrow(request);
  if (request.method === 'POST') return answerCall(async () => (await registerCall(getDb(), fields, context)).result);
  return answerCall(() => updateUserCall(getDb(), fields, context));
}
