import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { places, properties } from '../../../db/schema/index.ts';
import { rowsOf, type Database } from '../../lib/db.server.ts';
import { propertyCardColumns } from '../properties/cards.server.ts';
import { toPropertyCard, type PropertyCard } from '../properties/property-card.ts';
import type { Search, SortOption } from './search-model.ts';
import type { MapMarker } from './map-marker.ts';

export const SEARCH_PAGE_SIZE = 24;
/** Counting stops here: a count never scans more than this many matches. */
export const COUNT_CAP = 1_000;
/** Markers sent for the map view. */
export const MAP_MARKER_LIMIT = 2_000;
/** A chosen town with no radius searches this far around it (miles). */
export const DEFAULT_PLACE_RADIUS_MILES = 3;

const MILES_PER_DEGREE_LAT = 69.05;

export type ResolvedPlace = {
  id: number;
  kind: 'town' | 'postcode-district';
  name: string;
  countyName: string;
  location: { lng: number; lat: number };
};

export type SearchResults = {
  properties: PropertyCard[];
  pagination: { has_next_page: boolean; has_prev_page: boolean; page: number; page_size: number };
  total: { count: number; isCapped: boolean };
};

/** Tags travel as slugs in URLs ('new-home'); properties store words ('new home'). */
export function tagFromSlug(slug: string): string {
  return slug.replace(/-/g, ' ');
}

function boxAround(centre: { lng: number; lat: number }, miles: number) {
  const dLat = miles / MILES_PER_DEGREE_LAT;
  const dLng = miles / (MILES_PER_DEGREE_LAT * Math.max(0.1, Math.cos((centre.lat * Math.PI) / 180)));
  return { minLng: centre.lng - dLng, maxLng: centre.lng + dLng, minLat: centre.lat - dLat, maxLat: centre.lat + dLat };
}

/**
 * Radius filter: an indexable box first (GiST `<@ box`), then the exact distance with the longitude scaled by
 * cos(latitude), which is accurate to well under 1% over a few tens of miles.
 */
export function withinRadius(centre: { lng: number; lat: number }, miles: number): SQL {
  const box = boxAround(centre, miles);
  const cosLat = Math.cos((centre.lat * Math.PI) / 180);
  const radiusDegrees = miles / MILES_PER_DEGREE_LAT;
  return sql`(${properties.location} <@ box(point(${box.minLng}, ${box.minLat}), point(${box.maxLng}, ${box.maxLat}))
    and ((${properties.location})[0] - ${centre.lng}) * ${cosLat} * ((${properties.location})[0] - ${centre.lng}) * ${cosLat}
      + ((${properties.location})[1] - ${centre.lat}) * ((${properties.location})[1] - ${centre.lat}) <= ${radiusDegrees * radiusDegrees})`;
}

export function insidePolygon(poly: readonly (readonly [number, number])[]): SQL {
  // Search polygons are [lat, lng]; the point column is (lng, lat).
  const literal = `(${poly.map(([lat, lng]) => `(${lng},${lat})`).join(',')})`;
  return sql`${properties.location} <@ ${literal}::polygon`;
}

/** Each order matches one of the sort indexes exactly (including NULLS LAST), so pages are read in order. */
function orderBy(sorted: SortOption | null): SQL[] {
  switch (sorted) {
    case 'least-expensive-first':
      return [sql`${properties.priceValue} asc nulls last`, sql`${properties.id} asc`];
    case 'most-expensive-first':
      return [sql`${properties.priceValue} desc nulls last`, sql`${properties.id} desc nulls last`];
    case 'most-square-feet-first':
      return [sql`${properties.squareFeet} desc nulls last`, sql`${properties.id} desc nulls last`];
    case 'least-square-feet-first':
      return [sql`${properties.squareFeet} asc nulls last`, sql`${properties.id} asc`];
    case 'most-recently-launched-first':
      return [sql`${properties.launchedAt} desc nulls last`, sql`${properties.id} desc nulls last`];
    case 'most-recently-updated-first':
      return [sql`${properties.updatedAt} desc nulls last`, sql`${properties.id} desc nulls last`];
    case 'most-recent-first':
    default:
      return [sql`${properties.createdAt} desc nulls last`, sql`${properties.id} desc nulls last`];
  }
}

export async function resolvePlace(db: Database, placeId: number | null): Promise<ResolvedPlace | null> {
  if (placeId === null) return null;
  const [place] = await db
    .select({
      id: places.id,
      kind: places.kind,
      name: places.name,
      countyName: places.countyName,
      location: places.location,
    })
    .from(places)
    .where(eq(places.id, placeId))
    .limit(1);
  return place ?? null;
}

/** Every filter of the Search as SQL conditions (spec point 3 fields; point 9 fragments). */
export function searchConditions(search: Search, place: ResolvedPlace | null, now: Date): SQL[] {
  const conditions: SQL[] = [eq(properties.channel, search.channel), eq(properties.isPublished, true)];
  if (search.status && search.status !== 'all') conditions.push(eq(properties.status, search.status));
  if (search.minBeds !== null) conditions.push(gte(properties.bedrooms, search.minBeds));
  if (search.maxBeds !== null) conditions.push(lte(properties.bedrooms, search.maxBeds));
  if (search.minPrice !== null) conditions.push(gte(properties.priceValue, search.minPrice));
  if (search.maxPrice !== null) conditions.push(lte(properties.priceValue, search.maxPrice));
  if (search.minSquareFeet !== null) conditions.push(gte(properties.squareFeet, search.minSquareFeet));
  if (search.maxSquareFeet !== null) conditions.push(lte(properties.squareFeet, search.maxSquareFeet));
  if (search.minAcreage !== null) conditions.push(gte(properties.acreage, search.minAcreage));
  if (search.maxAcreage !== null) conditions.push(lte(properties.acreage, search.maxAcreage));
  if (search.createdAgo !== null)
    conditions.push(gte(properties.createdAt, new Date(now.getTime() - search.createdAgo * 86_400_000)));
  if (search.updatedAgo !== null)
    conditions.push(gte(properties.updatedAt, new Date(now.getTime() - search.updatedAgo * 86_400_000)));
  if (search.tags.length > 0) {
    const tags = search.tags.map(tagFromSlug);
    conditions.push(
      sql`${properties.tags} @> array[${sql.join(
        tags.map((tag) => sql`${tag}`),
        sql`, `,
      )}]::text[]`,
    );
  }
  if (search.shortLets) conditions.push(eq(properties.shortLet, true));
  if (search.pets) conditions.push(eq(properties.petsAllowed, true));
  if (search.auctionDate) conditions.push(eq(properties.auctionDate, search.auctionDate));
  if (search.branch_id !== null) conditions.push(eq(properties.branchId, search.branch_id));
  if (search.propertyType !== null) conditions.push(eq(properties.propertyType, search.propertyType));
  if (search.area) {
    conditions.push(
      sql`(${properties.countySlug} = ${search.area} or lower(${properties.postcodeDistrict}) = ${search.area} or lower(replace(${properties.town}, ' ', '-')) = ${search.area})`,
    );
  }
  if (place) {
    if (search.within !== null && search.within > 0) conditions.push(withinRadius(place.location, search.within));
    else if (place.kind === 'postcode-district') conditions.push(eq(properties.postcodeDistrict, place.name));
    else conditions.push(withinRadius(place.location, DEFAULT_PLACE_RADIUS_MILES));
  } else if (search.isQuerySearch && search.q) {
    conditions.push(textMatch(search.q));
  }
  if (search.text) conditions.push(textMatch(search.text));
  if (search.poly) conditions.push(insidePolygon(search.poly));
  return conditions;
}

/** Free text: full-text search over address, town, county, postcode and summary; a postcode district matches too. */
function textMatch(text: string): SQL {
  const district = text.trim().toUpperCase();
  const isOutcode = /^[A-Z]{1,2}\d[A-Z\d]?$/.test(district);
  const fullText = sql`${properties.searchVector} @@ websearch_to_tsquery('english', ${text})`;
  return isOutcode ? sql`(${properties.postcodeDistrict} = ${district} or ${fullText})` : fullText;
}

export async function searchProperties(
  db: Database,
  search: Search,
  options: { pageSize?: number; now?: Date; place?: ResolvedPlace | null; scope?: SQL[] } = {},
): Promise<SearchResults> {
  const pageSize = options.pageSize ?? SEARCH_PAGE_SIZE;
  const now = options.now ?? new Date();
  const place = options.place !== undefined ? options.place : await resolvePlace(db, search.placeId);
  const where = and(...searchConditions(search, place, now), ...(options.scope ?? []));
  const offset = (search.page - 1) * pageSize;
  const rows = await db
    .select(propertyCardColumns)
    .from(properties)
    .where(where)
    .orderBy(...orderBy(search.sorted))
    .limit(pageSize + 1)
    .offset(offset);
  // The last page (or a short first page) already tells the total; only otherwise count, and then capped.
  const hasNextPage = rows.length > pageSize;
  let count: number;
  if (!hasNextPage && (rows.length > 0 || search.page === 1)) {
    count = offset + rows.length;
  } else {
    const countRows = await db.execute(
      sql`select count(*)::int as count from (select 1 from ${properties} where ${where} limit ${COUNT_CAP + 1}) as capped`,
    );
    count = Number(rowsOf<{ count: number }>(countRows)[0]?.count ?? 0);
  }
  return {
    properties: rows.slice(0, pageSize).map((row) => toPropertyCard(row, now)),
    pagination: {
      has_next_page: hasNextPage,
      has_prev_page: search.page > 1,
      page: search.page,
      page_size: pageSize,
    },
    total: { count: Math.min(count, COUNT_CAP), isCapped: count > COUNT_CAP },
  };
}

export async function searchMapMarkers(
  db: Database,
  search: Search,
  options: { now?: Date; place?: ResolvedPlace | null } = {},
): Promise<MapMarker[]> {
  const now = options.now ?? new Date();
  const place = options.place !== undefined ? options.place : await resolvePlace(db, search.placeId);
  const rows = await db
    .select(propertyCardColumns)
    .from(properties)
    .where(and(...searchConditions(search, place, now)))
    .orderBy(...orderBy(search.sorted))
    .limit(MAP_MARKER_LIMIT);
  return rows.map((row) => {
    const card = toPropertyCard(row, now);
    return {
      id: card.property_id,
      lat: card.location.lat,
      lng: card.location.lng,
      price: card.price,
      url: card.property_url,
      address: card.display_address,
    };
  });
}
