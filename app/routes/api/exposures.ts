import type { Route } from './+types/exposures';
import { respondingToHttpErrors, assertMethod, methodNotAllowed } from '../../lib/http/http-error.ts';
import { readFields } from '../../lib/http/request-body.ts';
import { exposuresSchema } from '../../features/properties/tracking.ts';
import { recordExposures } from '../../features/properties/tracking.server.ts';
import { getDb } from '../../lib/db.server.ts';

/** POST /exposures/create_many (property_ids, domain, event_type): the cards a visitor was shown, in one insert. */
export async function action({ request }: Route.ActionArgs) {
  return respondingToHttpErrors(
    request,
    async () => {
      assertMethod(request, ['POST']);
      const parsed = exposuresSchema.safeParse(await readFields(request));
      if (!parsed.success) {
        return Response.json(
          { errors: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) },
          { status: 400 },
        );
      }
      const stored = await recordExposures(getDb(), parsed.data);
      return Response.json({ stored }, { status: 201, headers: { 'Cache-Control': 'no-store' } });
    },
    { json: true },
  );
}

export function loader({ request }: Route.LoaderArgs) {
  methodNotAllowed(request, ['POST'], { json: true });
}
