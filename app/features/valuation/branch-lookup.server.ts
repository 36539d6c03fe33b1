import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { addresses, branches, places } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { distanceKm, nearestBranchWithin, type LatLng } from './branch-distance.ts';
import { coveringBranch } from './postcode-coverage.ts';
import { normalisePostcode, outcodeOf } from './valuation-schema.ts';

export type BranchMatch = { id: number; name: string; distanceKm: number };

/**
 * Where a postcode is: the address table's own point for that exact postcode when we have one, otherwise the
 * centroid of its postcode district (the gazetteer's 'postcode-district' places). Null when neither is known.
 */
async function locatePostcode(db: Database, postcode: string): Promise<LatLng | null> {
  const full = normalisePostcode(postcode);
  if (full) {
    const [address] = await db
      .select({ location: addresses.location })
      .from(addresses)
      .where(and(eq(addresses.postcode, full), isNotNull(addresses.location)))
      .limit(1);
    if (address?.location) return address.location;
  }
  const outcode = outcodeOf(postcode);
  if (!outcode) return null;
  const [district] = await db
    .select({ location: places.location })
    .from(places)
    .where(and(eq(places.kind, 'postcode-district'), eq(places.nameLower, outcode.toLowerCase())))
    .limit(1);
  return district?.location ?? null;
}

/**
 * The branch for a postcode: the one whose most specific covered area or district takes it in (set in the back
 * office; postcode-coverage.ts), else the nearest within MAX_BRANCH_DISTANCE_KM; null when none (or the postcode is
 * unknown and no branch covers its district).
 */
export async function findNearestBranch(db: Database, postcode: string): Promise<BranchMatch | null> {
  const outcode = outcodeOf(postcode);
  const point = await locatePostcode(db, postcode);
  // A handful of branches: measuring each in code is simpler and exact (great-circle) at this size.
  const rows = await db
    .select({
      id: branches.id,
      name: branches.name,
      location: branches.location,
      districts: branches.coveredPostcodeDistricts,
    })
    .from(branches)
    .orderBy(asc(branches.id));
  const covering = outcode ? coveringBranch(outcode, rows) : undefined;
  if (covering) {
    return {
      id: covering.id,
      name: covering.name,
      distanceKm: point ? distanceKm(point, covering.location) : 0,
    };
  }
  if (!point) return null;
  const nearest = nearestBranchWithin(point, rows);
  return nearest ? { id: nearest.id, name: nearest.name, distanceKm: nearest.distanceKm } : null;
}

export async function getBranchName(db: Database, branchId: number): Promise<string | null> {
  const [row] = await db.select({ name: branches.name }).from(branches).where(eq(branches.id, branchId)).limit(1);
  return row?.name ?? null;
}
