import type { Route } from './+types/exposures';
import { respondingToHttpErrors, assertMethod, methodNotAllowed } from '../../lib/http/http-error.ts';
import { readFields } from '../../lib/http/request-body.ts';
import { exposuresSchema } from '../../features/properties/tracking.ts';
import { recordExposures } from '../../features/properties/tracking.server.ts';
import { getDb } from '../../lib/db.server.ts';

/**
 * POST /exposures/create_many (property_ids, domain, event_type): the cards a visitor was shown, in one insert;
 * 204 with no body, like POST /property_views.
 */
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
      await recordExposures(getDb(), parsed.data);
      // A beacon: the page never reads the answer (spec point 7, 'response not shown'), so it carries no body.
      return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
    },
    { json: true },
  );
}

export function loader({ request }: Route.LoaderArgs) {
  methodNotAllowed(request, ['POST'], { json: true });
}
