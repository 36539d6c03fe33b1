import type { Route } from './+types/postcode-branch-lookup';
import { findNearestBranch } from '../../features/valuation/branch-lookup.server.ts';
import { normalisePostcode, outcodeOf, VALUATION_MESSAGES } from '../../features/valuation/valuation-schema.ts';
import { getDb } from '../../lib/db.server.ts';

/**
 * GET /postcode_branch_lookup?postcode= (spec point 7): the nearest branch within MAX_BRANCH_DISTANCE_KM,
 * `{ branch: { id, name } }`; 404 `{ branch: null }` when none is near (the modal then says 'We are sorry').
 */
export async function loader({ request }: Route.LoaderArgs) {
  const postcode = new URL(request.url).searchParams.get('postcode')?.slice(0, 20) ?? '';
  const headers = { 'Cache-Control': 'public, max-age=300' };
  if (!normalisePostcode(postcode) && !outcodeOf(postcode)) {
    return Response.json({ branch: null, error: VALUATION_MESSAGES.postcode }, { status: 422, headers });
  }
  const branch = await findNearestBranch(getDb(), postcode);
  if (!branch) return Response.json({ branch: null }, { status: 404, headers });
  return Response.json({ branch: { id: branch.id, name: branch.name } }, { headers });
}
