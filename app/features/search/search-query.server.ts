import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { places, properties } from '../../../db/schema/index.ts';
import { rowsOf, type Database } from '../../lib/db.server.ts';
import { getBranchNames, propertyCardColumns, type PropertyCard, toPropertyCard } from '../properties/index.server.ts';
import { FURNISHING_MATCHES, type Search, type SortOption } from './search-model.ts';
import type { MapMarker } from './map-marker.ts';

const SEARCH_PAGE_SIZE = 24;
/** Counting stops here: a count never scans more than this many matches. */
export const COUNT_CAP = 1_000;
/** Markers sent for the map view. */
const MAP_MARKER_LIMIT = 2_000;
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
function withinRadius(centre: { lng: number; lat: number }, miles: number, geoIndexed = true): SQL {
  const box = boxAround(centre, miles);
  const cosLat = Math.cos((centre.lat * Math.PI) / 180);
  const radiusDegrees = miles / MILES_PER_DEGREE_LAT;
  return sql`(${inBox(box, geoIndexed)}
    and ((${properties.location})[0] - ${centre.lng}) * ${cosLat} * ((${properties.location})[0] - ${centre.lng}) * ${cosLat}
      + ((${properties.location})[1] - ${centre.lat}) * ((${properties.location})[1] - ${centre.lat}) <= ${radiusDegrees * radiusDegrees})`;
}

function insidePolygon(poly: readonly (readonly [number, number])[], geoIndexed = true): SQL {
  // Search polygons are [lat, lng]; the point column is (lng, lat).
  const literal = `(${poly.map(([lat, lng]) => `(${lng},${lat})`).join(',')})`;
  // `location + point(0,0)` is the same point, but no index matches it: see searchProperties.
  return geoIndexed
    ? sql`${properties.location} <@ ${literal}::polygon`
    : sql`(${inBox(polygonBox(poly), false)} and (${properties.location} + point(0, 0)) <@ ${literal}::polygon)`;
}

type Box = { minLng: number; maxLng: number; minLat: number; maxLat: number };

/** Inside a box: with the GiST index (`<@ box`), or as plain comparisons the planner cannot answer from it. */
function inBox(box: Box, geoIndexed: boolean): SQL {
  return geoIndexed
    ? sql`${properties.location} <@ box(point(${box.minLng}, ${box.minLat}), point(${box.maxLng}, ${box.maxLat}))`
    : sql`(${properties.location})[0] between ${box.minLng} and ${box.maxLng} and (${properties.location})[1] between ${box.minLat} and ${box.maxLat}`;
}

function polygonBox(poly: readonly (readonly [number, number])[]): Box {
  const lats = poly.map(([lat]) => lat);
  const lngs = poly.map(([, lng]) => lng);
  return { minLng: Math.min(...lngs), maxLng: Math.max(...lngs), minLat: Math.min(...lats), maxLat: Math.max(...lats) };
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
export function searchConditions(
  search: Search,
  place: ResolvedPlace | null,
  now: Date,
  options: { geoIndexed?: boolean; textScoped?: boolean } = {},
): SQL[] {
  const geoIndexed = options.geoIndexed ?? true;
  const texts = [
    ...(!place && search.isQuerySearch && search.q ? [search.q] : []),
    ...(search.text ? [search.text] : []),
  ];
  const status = search.status && search.status !== 'all' ? search.status : null;
  // Counting a text search: let the scope words carry channel and status so one GIN lookup finds the matches.
  const scoped = Boolean(options.textScoped) && status !== null && texts.length > 0 && !texts.some(isOutcode);
  const text = (value: string) => (scoped ? scopedTextMatch(value, search.channel, status!) : textMatch(value));
  const conditions: SQL[] = scoped
    ? [eq(properties.isPublished, true)]
    : [eq(properties.channel, search.channel), eq(properties.isPublished, true)];
  if (status && !scoped) conditions.push(eq(properties.status, status));
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
  if (search.excludeLeasehold) conditions.push(eq(properties.isLeasehold, false));
  if (search.excludeSharedOwnership) conditions.push(eq(properties.isSharedOwnership, false));
  if (search.excludeRetirement) conditions.push(eq(properties.isRetirement, false));
  if (search.parking) conditions.push(eq(properties.hasParking, true));
  if (search.garden) conditions.push(eq(properties.hasGarden, true));
  if (search.outsideSpace) conditions.push(eq(properties.hasOutsideSpace, true));
  if (search.billsIncluded) conditions.push(eq(properties.billsIncluded, true));
  if (search.furnishing !== null)
    conditions.push(inArray(properties.furnishing, FURNISHING_MATCHES[search.furnishing] as string[]));
  if (search.availableFrom !== null)
    conditions.push(
      sql`(${properties.availableFrom} is null or ${properties.availableFrom} <= ${search.availableFrom})`,
    );
  if (search.auctionDate) conditions.push(eq(properties.auctionDate, search.auctionDate));
  if (search.branch_id !== null) conditions.push(eq(properties.branchId, search.branch_id));
  if (search.propertyType !== null) conditions.push(eq(properties.propertyType, search.propertyType));
  if (search.area) {
    conditions.push(
      sql`(${properties.countySlug} = ${search.area} or lower(${properties.postcodeDistrict}) = ${search.area} or lower(replace(${properties.town}, ' ', '-')) = ${search.area})`,
    );
  }
  if (place) {
    if (search.within !== null && search.within > 0)
      conditions.push(withinRadius(place.location, search.within, geoIndexed));
    else if (place.kind === 'postcode-district') conditions.push(eq(properties.postcodeDistrict, place.name));
    else conditions.push(withinRadius(place.location, DEFAULT_PLACE_RADIUS_MILES, geoIndexed));
  } else if (search.isQuerySearch && search.q) {
    conditions.push(text(search.q));
  }
  if (search.text) conditions.push(text(search.text));
  if (search.poly) conditions.push(insidePolygon(search.poly, geoIndexed));
  return conditions;
}

function isOutcode(text: string): boolean {
  return /^[A-Z]{1,2}\d[A-Z\d]?$/.test(text.trim().toUpperCase());
}

/** Free text: full-text search over address, town, county, postcode and summary; a postcode district matches too. */
function textMatch(text: string): SQL {
  const district = text.trim().toUpperCase();
  const fullText = sql`${properties.searchVector} @@ websearch_to_tsquery('english', ${text})`;
  return isOutcode(text) ? sql`(${properties.postcodeDistrict} = ${district} or ${fullText})` : fullText;
}

/**
 * The listing's words plus two scope words for its channel and status ('zzchsales', 'zzstavailable'): exactly the
 * expression of the properties_search_scope_gin index (migration 0004), so it must stay literal SQL.
 */
const SCOPED_SEARCH_VECTOR = sql.raw(
  `("properties"."search_vector" || to_tsvector('simple', 'zzch' || "properties"."channel" || ' zzst' || replace("properties"."status", '-', '')))`,
);

/** Text, channel and status answered by one GIN index lookup (used for counting; same matches as textMatch + eq). */
function scopedTextMatch(text: string, channel: string, status: string): SQL {
  const scope = `zzch${channel.replace(/[^a-z]/g, '')} & zzst${status.replace(/[^a-z]/g, '')}`;
  return sql`${SCOPED_SEARCH_VECTOR} @@ (websearch_to_tsquery('english', ${text}) && to_tsquery('simple', ${scope}))`;
}

/** The area a search is confined to (drawn polygon, or radius round a place), as a box and its centre. */
function searchArea(
  search: Search,
  place: ResolvedPlace | null,
): { box: Box; centre: { lng: number; lat: number } } | null {
  if (search.poly) {
    const box = polygonBox(search.poly);
    return { box, centre: { lng: (box.minLng + box.maxLng) / 2, lat: (box.minLat + box.maxLat) / 2 } };
  }
  if (!place) return null;
  const hasRadius = search.within !== null && search.within > 0;
  if (!hasRadius && place.kind === 'postcode-district') return null;
  return {
    box: boxAround(place.location, hasRadius ? search.within! : DEFAULT_PLACE_RADIUS_MILES),
    centre: place.location,
  };
}

const listingEstimates = new WeakMap<Database, { value: number; at: number }>();

/** Rows in the listings table by the planner's statistics (free to read), cached for a minute. */
async function estimatedListingCount(db: Database): Promise<number> {
  const cached = listingEstimates.get(db);
  if (cached && Date.now() - cached.at < 60_000) return cached.value;
  const rows = await db.execute(
    sql`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'properties'::regclass`,
  );
  const value = Number(rowsOf<{ n: number }>(rows)[0]?.n ?? 0);
  listingEstimates.set(db, { value, at: Date.now() });
  return value;
}

/** Nearest listings the density probe reads. */
const DENSITY_SAMPLE = 400;

/**
 * Is the area so full of listings that walking the sort index (and skipping listings outside the area) beats
 * reading every listing in the area and sorting them? Reading the area costs about A rows (A = listings in it);
 * walking the sort order costs about pageEnd × N / A rows (N = all listings), so the walk wins once A² > pageEnd × N
 * (× 2 as a margin for the other filters). A is estimated from the DENSITY_SAMPLE listings nearest the centre, read
 * from the covering GiST index without touching the table: if the k-th nearest is d away, the density near the
 * centre is k / (π d²), times the area's box.
 */
async function isDenseArea(db: Database, area: NonNullable<ReturnType<typeof searchArea>>, pageEnd: number) {
  const total = await estimatedListingCount(db);
  const threshold = Math.sqrt(pageEnd * total * 2);
  if (threshold < 1_000) return false;
  const { box, centre } = area;
  const rows = await db.execute(
    sql`select count(*)::int as n, coalesce(max(d), 0)::float8 as d from (
      select ${properties.location} <-> point(${centre.lng}, ${centre.lat}) as d from ${properties}
      where ${inBox(box, true)}
      order by ${properties.location} <-> point(${centre.lng}, ${centre.lat}) limit ${DENSITY_SAMPLE}) as probe`,
  );
  const sample = rowsOf<{ n: number; d: number }>(rows)[0];
  if (!sample || Number(sample.n) < DENSITY_SAMPLE || Number(sample.d) <= 0) return false;
  const density = DENSITY_SAMPLE / (Math.PI * Number(sample.d) ** 2);
  const boxArea = (box.maxLng - box.minLng) * (box.maxLat - box.minLat);
  return density * boxArea >= threshold;
}

/**
 * One page of results and a capped count (docs/performance.md has the plans and figures).
 * - Usually: the page's ids come from the sort index for the chosen order (an index-only scan when the filters are
 *   on covered columns), then the cards are read by id; the count stops at COUNT_CAP + 1 matches.
 * - A dense drawn area or radius: the planner misjudges how many listings a box holds, so the page walks the sort
 *   index with the area as a plain filter (sorting and bitmap scans switched off for that transaction only), and
 *   the count reads the covering GiST index nearest-first until it has COUNT_CAP + 1 matches.
 */
export async function searchProperties(
  db: Database,
  search: Search,
  options: {
    pageSize?: number;
    now?: Date;
    place?: ResolvedPlace | null;
    scope?: SQL[];
    /** Tests: force walking the sort index ('walk') or reading the area ('area') instead of judging by density. */
    areaStrategy?: 'auto' | 'walk' | 'area';
  } = {},
): Promise<SearchResults> {
  const pageSize = options.pageSize ?? SEARCH_PAGE_SIZE;
  const now = options.now ?? new Date();
  const place = options.place !== undefined ? options.place : await resolvePlace(db, search.placeId);
  const offset = (search.page - 1) * pageSize;
  const area = searchArea(search, place);
  const strategy = options.areaStrategy ?? 'auto';
  const dense =
    area !== null &&
    (strategy === 'walk' || (strategy === 'auto' && (await isDenseArea(db, area, offset + pageSize + 1))));
  const where = and(...searchConditions(search, place, now), ...(options.scope ?? []));
  const countWhere = and(...searchConditions(search, place, now, { textScoped: true }), ...(options.scope ?? []));

  type CardRow = Awaited<ReturnType<typeof pageQuery>>[number];
  const pageQuery = (executor: Database) => {
    if (dense) {
      const walkWhere = and(...searchConditions(search, place, now, { geoIndexed: false }), ...(options.scope ?? []));
      return executor
        .select(propertyCardColumns)
        .from(properties)
        .where(walkWhere)
        .orderBy(...orderBy(search.sorted))
        .limit(pageSize + 1)
        .offset(offset);
    }
    const ids = executor
      .select({ id: properties.id })
      .from(properties)
      .where(where)
      .orderBy(...orderBy(search.sorted))
      .limit(pageSize + 1)
      .offset(offset);
    return executor
      .select(propertyCardColumns)
      .from(properties)
      .where(inArray(properties.id, ids))
      .orderBy(...orderBy(search.sorted));
  };
  const countQuery = (executor: Database) =>
    dense
      ? executor.execute(
          sql`select count(*)::int as count from (select 1 from ${properties} where ${where}
            order by ${properties.location} <-> point(${area.centre.lng}, ${area.centre.lat}) limit ${COUNT_CAP + 1}) as capped`,
        )
      : executor.execute(
          sql`select count(*)::int as count from (select 1 from ${properties} where ${countWhere} limit ${COUNT_CAP + 1}) as capped`,
        );

  const run = async (executor: Database) => {
    const rows: CardRow[] = await pageQuery(executor);
    // The last page (or a short first page) already tells the total; only otherwise count, and then capped.
    const hasNextPage = rows.length > pageSize;
    let count: number;
    if (!hasNextPage && (rows.length > 0 || search.page === 1)) {
      count = offset + rows.length;
    } else {
      count = Number(rowsOf<{ count: number }>(await countQuery(executor))[0]?.count ?? 0);
    }
    return { rows, hasNextPage, count };
  };
  const { rows, hasNextPage, count } = dense
    ? await db.transaction(async (tx) => {
        await tx.execute(
          sql`select set_config('enable_sort', 'off', true), set_config('enable_bitmapscan', 'off', true),
            set_config('max_parallel_workers_per_gather', '0', true), set_config('jit', 'off', true)`,
        );
        return run(tx as unknown as Database);
      })
    : await run(db);
  const branchNames = await getBranchNames(db);
  return {
    properties: rows.slice(0, pageSize).map((row) => toPropertyCard(row, now, branchNames)),
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
  const branchNames = await getBranchNames(db);
  const rows = await db
    .select(propertyCardColumns)
    .from(properties)
    .where(and(...searchConditions(search, place, now)))
    .orderBy(...orderBy(search.sorted))
    .limit(MAP_MARKER_LIMIT);
  return rows.flatMap((row) => {
    const card = toPropertyCard(row, now, branchNames);
    // A listing without a map pin is in the results list but has no marker.
    if (!card.location) return [];
    return {
      id: card.property_id,
      lat: card.location.lat,
      lng: card.location.lng,
      price: card.price,
      url: card.property_url,
      address: card.display_address,
      facts: card.keyFactsLine,
      badges: [...(card.isNewListing ? ['New'] : []), ...card.statusTags, ...(card.isReduced ? ['Reduced'] : [])],
      detail: card.branchName ? `${card.dateText} · ${card.branchName} branch` : card.dateText,
    };
  });
}
