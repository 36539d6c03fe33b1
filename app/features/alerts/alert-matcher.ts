/**
 * Saved-search alerts: which new listings match which saved searches (spec point 4).
 *
 * The matcher compiles each saved Search once into a list of checks that mirror `searchConditions` in
 * search/search-query.server.ts one for one (same filters, same null handling, same radius and polygon rules), so a
 * saved search alerts exactly the listings the results page would show. Only free text needs PostgreSQL's
 * full-text search; it is answered by SQL per distinct text and passed in as `textMatches` (see alerts.server.ts).
 * docs/decisions/010-alerts.md explains why matching runs in memory rather than as one SQL join.
 */
import { FURNISHING_MATCHES, type Search } from '../search/index.ts';

const MILES_PER_DEGREE_LAT = 69.05;
/** The same default as search-query.server.ts: a chosen town with no radius searches this far around it. */
const DEFAULT_PLACE_RADIUS_MILES = 3;

export type AlertListing = {
  id: number;
  channel: 'sales' | 'lettings';
  status: string;
  priceValue: number | null;
  bedrooms: number;
  squareFeet: number | null;
  acreage: number | null;
  tags: string[];
  shortLet: boolean;
  petsAllowed: boolean;
  /** The fact columns generated from the listing's facts document (migration 0007). */
  isLeasehold: boolean;
  isSharedOwnership: boolean;
  isRetirement: boolean;
  hasParking: boolean;
  hasGarden: boolean;
  hasOutsideSpace: boolean;
  furnishing: string | null;
  billsIncluded: boolean;
  /** yyyy-mm-dd */
  availableFrom: string | null;
  auctionDate: string | null;
  branchId: number;
  propertyType: string;
  countySlug: string;
  postcodeDistrict: string;
  town: string;
  /** Null for a listing without a map pin: no place, radius or drawn area matches it. */
  location: { lng: number; lat: number } | null;
  createdAt: Date;
  updatedAt: Date;
};

export type AlertPlace = { kind: 'town' | 'postcode-district'; name: string; location: { lng: number; lat: number } };

/** Free texts a search needs, keyed `${channel}:${text}`; the caller answers them with SQL. */
export function textKey(channel: string, text: string): string {
  return `${channel}:${text}`;
}

export function textsOf(search: Search, place: AlertPlace | null): string[] {
  const texts: string[] = [];
  if (!place && search.isQuerySearch && search.q) texts.push(search.q);
  if (search.text) texts.push(search.text);
  return texts;
}

type Check = (listing: AlertListing) => boolean;

function withinRadius(centre: { lng: number; lat: number }, miles: number): Check {
  const dLat = miles / MILES_PER_DEGREE_LAT;
  const cosLat = Math.cos((centre.lat * Math.PI) / 180);
  const dLng = miles / (MILES_PER_DEGREE_LAT * Math.max(0.1, cosLat));
  const radiusSquared = dLat * dLat;
  return ({ location }) => {
    if (!location) return false;
    const { lng, lat } = location;
    if (lng < centre.lng - dLng || lng > centre.lng + dLng || lat < centre.lat - dLat || lat > centre.lat + dLat)
      return false;
    const x = (lng - centre.lng) * cosLat;
    const y = lat - centre.lat;
    return x * x + y * y <= radiusSquared;
  };
}

/** Point in polygon (even-odd rule; points on an edge count as inside, as with PostgreSQL's `<@ polygon`). */
function insidePolygon(poly: readonly (readonly [number, number])[]): Check {
  // Search polygons are [lat, lng].
  const xs = poly.map(([, lng]) => lng);
  const ys = poly.map(([lat]) => lat);
  const minX = Math.min(...xs);
  const maxX = Math.max(...xs);
  const minY = Math.min(...ys);
  const maxY = Math.max(...ys);
  return ({ location }) => {
    if (!location) return false;
    const { lng: x, lat: y } = location;
    if (x < minX || x > maxX || y < minY || y > maxY) return false;
    let inside = false;
    for (let i = 0, j = xs.length - 1; i < xs.length; j = i++) {
      const xi = xs[i]!;
      const yi = ys[i]!;
      const xj = xs[j]!;
      const yj = ys[j]!;
      // On the edge: inside.
      const cross = (x - xi) * (yj - yi) - (y - yi) * (xj - xi);
      if (
        Math.abs(cross) < 1e-12 &&
        x >= Math.min(xi, xj) &&
        x <= Math.max(xi, xj) &&
        y >= Math.min(yi, yj) &&
        y <= Math.max(yi, yj)
      )
        return true;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  };
}

const atLeast = (value: number | null, min: number) => value !== null && value >= min;
const atMost = (value: number | null, max: number) => value !== null && value <= max;

/**
 * Compiles a saved Search into one predicate. `textMatches` holds, per textKey, the ids of the new listings whose
 * full text matches (computed in SQL by the caller).
 */
export function compileSearch(
  search: Search,
  place: AlertPlace | null,
  now: Date,
  textMatches: ReadonlyMap<string, ReadonlySet<number>>,
): (listing: AlertListing) => boolean {
  const checks: Check[] = [];
  if (search.status && search.status !== 'all') {
    const status = search.status;
    checks.push((listing) => listing.status === status);
  }
  const { minBeds, maxBeds, minPrice, maxPrice, minSquareFeet, maxSquareFeet, minAcreage, maxAcreage } = search;
  if (minBeds !== null) checks.push((listing) => listing.bedrooms >= minBeds);
  if (maxBeds !== null) checks.push((listing) => listing.bedrooms <= maxBeds);
  if (minPrice !== null) checks.push((listing) => atLeast(listing.priceValue, minPrice));
  if (maxPrice !== null) checks.push((listing) => atMost(listing.priceValue, maxPrice));
  if (minSquareFeet !== null) checks.push((listing) => atLeast(listing.squareFeet, minSquareFeet));
  if (maxSquareFeet !== null) checks.push((listing) => atMost(listing.squareFeet, maxSquareFeet));
  if (minAcreage !== null) checks.push((listing) => atLeast(listing.acreage, minAcreage));
  if (maxAcreage !== null) checks.push((listing) => atMost(listing.acreage, maxAcreage));
  if (search.createdAgo !== null) {
    const since = now.getTime() - search.createdAgo * 86_400_000;
    checks.push((listing) => listing.createdAt.getTime() >= since);
  }
  if (search.updatedAgo !== null) {
    const since = now.getTime() - search.updatedAgo * 86_400_000;
    checks.push((listing) => listing.updatedAt.getTime() >= since);
  }
  if (search.tags.length > 0) {
    const tags = search.tags.map((slug) => slug.replace(/-/g, ' '));
    checks.push((listing) => tags.every((tag) => listing.tags.includes(tag)));
  }
  if (search.shortLets) checks.push((listing) => listing.shortLet);
  if (search.pets) checks.push((listing) => listing.petsAllowed);
  if (search.excludeLeasehold) checks.push((listing) => !listing.isLeasehold);
  if (search.excludeSharedOwnership) checks.push((listing) => !listing.isSharedOwnership);
  if (search.excludeRetirement) checks.push((listing) => !listing.isRetirement);
  if (search.parking) checks.push((listing) => listing.hasParking);
  if (search.garden) checks.push((listing) => listing.hasGarden);
  if (search.outsideSpace) checks.push((listing) => listing.hasOutsideSpace);
  if (search.billsIncluded) checks.push((listing) => listing.billsIncluded);
  if (search.furnishing !== null) {
    const accepted: readonly (string | null)[] = FURNISHING_MATCHES[search.furnishing];
    checks.push((listing) => accepted.includes(listing.furnishing));
  }
  if (search.availableFrom !== null) {
    const by = search.availableFrom;
    checks.push((listing) => listing.availableFrom === null || listing.availableFrom <= by);
  }
  if (search.auctionDate) {
    const date = search.auctionDate;
    checks.push((listing) => listing.auctionDate === date);
  }
  if (search.branch_id !== null) {
    const branchId = search.branch_id;
    checks.push((listing) => listing.branchId === branchId);
  }
  if (search.propertyType !== null) {
    const type = search.propertyType;
    checks.push((listing) => listing.propertyType === type);
  }
  if (search.area) {
    const area = search.area;
    checks.push(
      (listing) =>
        listing.countySlug === area ||
        listing.postcodeDistrict.toLowerCase() === area ||
        listing.town.replaceAll(' ', '-').toLowerCase() === area,
    );
  }
  if (place) {
    if (search.within !== null && search.within > 0) checks.push(withinRadius(place.location, search.within));
    else if (place.kind === 'postcode-district') {
      const district = place.name;
      checks.push((listing) => listing.postcodeDistrict === district);
    } else checks.push(withinRadius(place.location, DEFAULT_PLACE_RADIUS_MILES));
  }
  for (const text of textsOf(search, place)) {
    const ids = textMatches.get(textKey(search.channel, text)) ?? new Set<number>();
    checks.push((listing) => ids.has(listing.id));
  }
  if (search.poly) checks.push(insidePolygon(search.poly));
  const channel = search.channel;
  return (listing) => listing.channel === channel && checks.every((check) => check(listing));
}
