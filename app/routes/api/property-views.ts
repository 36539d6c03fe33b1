import type { Route } from './+types/property-views';
import { respondingToHttpErrors, assertMethod, methodNotAllowed } from '../../lib/http/http-error.ts';
import { readFields } from '../../lib/http/request-body.ts';
import { propertyViewSchema } from '../../features/properties/tracking.ts';
import { recordPropertyView } from '../../features/properties/tracking.server.ts';
import { getDb } from '../../lib/db.server.ts';

/** POST /property_views (property_id, domain; JSON or form-encoded): records one view of a property page. */
export async function action({ request }: Route.ActionArgs) {
  return respondingToHttpErrors(
    request,
    async () => {
      assertMethod(request, ['POST']);
      const parsed = propertyViewSchema.safeParse(await readFields(request));
      if (!parsed.success) {
        return Response.json(
          { errors: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) },
          { status: 400 },
        );
      }
      const isStored = await recordPropertyView(getDb(), parsed.data);
      if (!isStored) return Response.json({ errors: ['property_id: no such property'] }, { status: 404 });
      return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
    },
    { json: true },
  );
}

export function loader({ request }: Route.LoaderArgs) {
  methodNotAllowed(request, ['POST'], { json: true });
}
