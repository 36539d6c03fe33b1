import { data } from 'react-router';
import type { Route } from './+types/exposures';
import { bodyToObject, exposuresSchema } from '../../features/properties/tracking.ts';
import { recordExposures } from '../../features/properties/tracking.server.ts';
import { getDb } from '../../lib/db.server.ts';

/** POST /exposures/create_many (property_ids, domain, event_type): the cards a visitor was shown, in one insert. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') throw data('Method not allowed', { status: 405, headers: { Allow: 'POST' } });
  const parsed = exposuresSchema.safeParse(bodyToObject(request.headers.get('content-type'), await request.text()));
  if (!parsed.success) {
    return Response.json(
      { errors: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) },
      { status: 400 },
    );
  }
  const stored = await recordExposures(getDb(), parsed.data);
  return Response.json({ stored }, { status: 201, headers: { 'Cache-Control': 'no-store' } });
}

export function loader() {
  throw data('Method not allowed', { status: 405, headers: { Allow: 'POST' } });
}
