import { data, redirect } from 'react-router';
import type { Route } from './+types/consent-logs';
import { methodNotAllowed } from '../../lib/http/http-error.ts';
import { consentCookieHeader } from '../../features/consent/consent.ts';
import { consentLogSchema } from '../../features/consent/consent-log-schema.ts';
import { recordConsent } from '../../features/consent/consent.server.ts';
import { getDb } from '../../lib/db.server.ts';
import { safeRedirectPath } from '../../lib/safe-redirect.ts';

/**
 * Spec point 7 `POST /ajax-events/logs`: logs a cookie-consent choice (the authenticity token arrives in the
 * X-CSRF-Token header and is checked by the server before this runs) and stores the choice in its cookie.
 * A plain form post (no JavaScript) is answered with a redirect back to the page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') methodNotAllowed(request, ['POST'], { json: true });
  const isJson = (request.headers.get('content-type') ?? '').includes('application/json');
  let body: Record<string, unknown>;
  try {
    body = isJson ? ((await request.json()) as Record<string, unknown>) : Object.fromEntries(await request.formData());
  } catch {
    return data({ error: 'The consent log could not be read.' }, { status: 400 });
  }
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
  const headers = { 'Set-Cookie': consentCookieHeader(parsed.data.status, isSecure), 'Cache-Control': 'no-store' };
  if (!isJson) return redirect(safeRedirectPath(body.redirect_to), { headers });
  return data({ status: parsed.data.status, consentId }, { status: 201, headers });
}

export function loader({ request }: Route.LoaderArgs) {
  methodNotAllowed(request, ['POST'], { json: true });
}
