import type { Route } from './+types/exposures';
import { methodNotAllowed } from '../../lib/http/http-error.ts';
import { bodyToObject, exposuresSchema } from '../../features/properties/tracking.ts';
import { recordExposures } from '../../features/properties/tracking.server.ts';
import { getDb } from '../../lib/db.server.ts';

/** POST /exposures/create_many (property_ids, domain, event_type): the cards a visitor was shown, in one insert. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') methodNotAllowed(request, ['POST'], { json: true });
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

export function loader({ request }: Route.LoaderArgs) {
  methodNotAllowed(request, ['POST'], { json: true });
}
