import type { Route } from './+types/csrf-token';
import { methodNotAllowed } from '../../lib/http/http-error.ts';

/**
 * GET /csrf-token: a fresh authenticity token for this browser's current session. A sign-in or sign-out in
 * another tab renews the session, so a page's token goes stale; its calls fetch a new one here and retry once
 * (app/lib/http/csrf-fetch.ts). A visitor without a session gets a token bound to an anonymous cookie, not a
 * session (decision 026). Same-origin only: the answer is JSON that another site cannot read.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  if (request.method !== 'GET' && request.method !== 'HEAD') methodNotAllowed(request, ['GET'], { json: true });
  return Response.json(
    { authenticity_token: context.scriptCsrfToken ?? context.csrfToken },
    { headers: { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' } },
  );
}

export function action({ request }: Route.ActionArgs) {
  methodNotAllowed(request, ['GET'], { json: true });
}
