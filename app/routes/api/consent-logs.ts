import { data, redirect } from 'react-router';
import type { Route } from './+types/consent-logs';
import { respondingToHttpErrors, assertMethod, methodNotAllowed } from '../../lib/http/http-error.ts';
import { readFields } from '../../lib/http/request-body.ts';
import { consentCookieHeader } from '../../features/consent/consent.ts';
import { consentLogSchema } from '../../features/consent/consent-log-schema.ts';
import { recordConsent } from '../../features/consent/consent.server.ts';
import { getDb } from '../../lib/db.server.ts';
import { safeRedirectPath } from '../../lib/safe-redirect.ts';

/**
 * Spec point 7 `POST /ajax-events/logs`: logs a cookie-consent choice (the authenticity token arrives in the
 * X-CSRF-Token header and is checked by the server before this runs) and stores the choice in its cookie.
 * A plain form post (no JavaScript) is answered with a redirect back to the page. An unreadable body is the request
 * layer's 400/413/415, in JSON for the script's call.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const isJson = (request.headers.get('content-type') ?? '').includes('application/json');
  return respondingToHttpErrors(
    request,
    async () => {
      assertMethod(request, ['POST']);
      const body = await readFields(request);
      const parsed = consentLogSchema.safeParse(body);
      if (!parsed.success) return data({ error: 'Status must be allow or deny.' }, { status: 400 });
      const url = new URL(request.url);
      const isSecure = url.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
      const { consentId } = await recordConsent(getDb(), {
        status: parsed.data.status,
        sessionId: context.session.id,
        userAgent: request.headers.get('user-agent'),
        path: parsed.data.path,
      });
      const headers = {
        'Set-Cookie': consentCookieHeader(parsed.data.status, isSecure),
        'Cache-Control': 'no-store',
      };
      if (!isJson) return redirect(safeRedirectPath(body.redirect_to), { headers });
      return data({ status: parsed.data.status, consentId }, { status: 201, headers });
    },
    { json: isJson },
  );
}

export function loader({ request }: Route.LoaderArgs) {
  methodNotAllowed(request, ['POST'], { json: true });
}
