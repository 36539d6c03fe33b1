/**
 * Nearest branch for a valuation (spec point 4: 'Leaving step 1 looks up the nearest branch from the postcode').
 * A branch covers properties up to MAX_BRANCH_DISTANCE_KM in a straight line from its office: 40 km (about 25
 * miles) is a comfortable drive for a valuer and keeps the demo's eight branch areas apart from their neighbours'
 * (see docs/decisions/006-valuation-and-address-lookup.md).
 */
export const MAX_BRANCH_DISTANCE_KM = 40;

export type LatLng = { lat: number; lng: number };

const EARTH_RADIUS_KM = 6371;

/** Great-circle distance (haversine). */
export function distanceKm(a: LatLng, b: LatLng): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The closest branch within the distance, or null; ties go to the lower id so the answer is stable. */
export function nearestBranchWithin<T extends { id: number; location: LatLng }>(
  point: LatLng,
  branches: T[],
  maxKm: number = MAX_BRANCH_DISTANCE_KM,
): (T & { distanceKm: number }) | null {
  let best: (T & { distanceKm: number }) | null = null;
  for (const branch of branches) {
    const distance = distanceKm(point, branch.location);
    if (distance > maxKm) continue;
    if (!best || distance < best.distanceKm || (distance === best.distanceKm && branch.id < best.id)) {
      best = { ...branch, distanceKm: distance };
    }
  }
  return best;
}
