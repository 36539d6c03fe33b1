/**
 * Instant valuation queries: find where the home is (postcode, district, address or town), load the priced homes
 * around it, and hand them to the pure maths in estimate.ts. Method: docs/instant-valuation.md.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { addresses, places, properties } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { rowsOf } from '../../lib/db.server.ts';
import { propertyPath } from '../properties/index.server.ts';
import {
  distanceKm,
  estimateValue,
  findOutcode,
  findPostcode,
  VALUATION_PROPERTY_TYPES,
  type Comparable,
  type ComparableStatus,
  type InstantValuation,
  type ValuationLocation,
  type ValuationQuery,
} from './estimate.ts';

export type { InstantValuation, ValuationLocation };

/** Search radii tried in turn until each channel has enough comparables. */
const SEARCH_RADII_KM = [2, 5, 12, 25] as const;
const ENOUGH_COMPARABLES = 8;
const MAX_ROWS = 800;

function average(located: ({ lat: number; lng: number } | null)[]): { lat: number; lng: number } | null {
  // Listings without a map pin have no location.
  const points = located.filter((point) => point !== null);
  if (points.length === 0) return null;
  return {
    lat: points.reduce((sum, point) => sum + point.lat, 0) / points.length,
    lng: points.reduce((sum, point) => sum + point.lng, 0) / points.length,
  };
}

async function districtCentre(db: Database, outcode: string): Promise<ValuationLocation | null> {
  const [place] = await db
    .select({ location: places.location, name: places.name, county: places.countyName })
    .from(places)
    .where(and(eq(places.kind, 'postcode-district'), eq(places.slug, outcode.toLowerCase())))
    .limit(1);
  if (place) return { ...place.location, label: `${place.name}, ${place.county}` };
  const rows = await db
    .select({ location: properties.location })
    .from(properties)
    .where(eq(properties.postcodeDistrict, outcode))
    .limit(200);
  const centre = average(rows.map((row) => row.location));
  return centre ? { ...centre, label: outcode } : null;
}

/** Where the home is, from what the visitor typed; null when nothing matches. */
export async function locateHome(db: Database, text: string): Promise<ValuationLocation | null> {
  const postcode = findPostcode(text);
  if (postcode) {
    const rows = await db
      .select({ location: addresses.location })
      .from(addresses)
      .where(and(eq(addresses.postcode, postcode), isNotNull(addresses.location)))
      .limit(100);
    const centre = average(rows.flatMap((row) => (row.location ? [row.location] : [])));
    if (centre) return { ...centre, label: postcode };
    const listed = await db
      .select({ location: properties.location })
      .from(properties)
      .where(eq(properties.postcode, postcode))
      .limit(100);
    const listedCentre = average(listed.map((row) => row.location));
    if (listedCentre) return { ...listedCentre, label: postcode };
    return districtCentre(db, postcode.split(' ')[0]!);
  }
  const outcode = findOutcode(text);
  if (outcode) return districtCentre(db, outcode);

  const needle = text.toLowerCase().replace(/\s+/g, ' ').trim();
  const escaped = needle.replace(/[\\%_]/g, (character) => `\\${character}`);
  const [town] = await db
    .select({ location: places.location, name: places.name, county: places.countyName })
    .from(places)
    .where(and(eq(places.kind, 'town'), eq(places.nameLower, needle)))
    .orderBy(sql`${places.population} desc`)
    .limit(1);
  if (town) return { ...town.location, label: `${town.name}, ${town.county}` };
  const [address] = await db
    .select({
      location: addresses.location,
      line1: addresses.line1,
      town: addresses.townOrCity,
      postcode: addresses.postcode,
    })
    .from(addresses)
    .where(and(sql`${addresses.searchText} like ${`%${escaped}%`}`, isNotNull(addresses.location)))
    .limit(1);
  return address?.location
    ? { ...address.location, label: `${address.line1}, ${address.town}, ${address.postcode}` }
    : null;
}

type ComparableRow = {
  id: number;
  slug: string;
  channel: 'sales' | 'lettings';
  status: ComparableStatus;
  price_value: number;
  exchanged_price: number | null;
  property_type: string;
  bedrooms: number;
  lng: number;
  lat: number;
  updated_at: string | Date;
  display_address: string;
};

/** Priced homes (houses, flats, bungalows; no development headers) within the radius, both channels. */
export async function loadComparables(
  db: Database,
  centre: { lat: number; lng: number },
  radiusKm: number,
): Promise<Comparable[]> {
  const dLat = radiusKm / 111.32;
  const dLng = radiusKm / (111.32 * Math.max(0.1, Math.cos((centre.lat * Math.PI) / 180)));
  const result = await db.execute(sql`
    select ${properties.id} as id, ${properties.slug} as slug, ${properties.channel} as channel,
      ${properties.status} as status, ${properties.priceValue} as price_value,
      ${properties.exchangedPrice} as exchanged_price, ${properties.propertyType} as property_type,
      ${properties.bedrooms} as bedrooms, (${properties.location})[0] as lng, (${properties.location})[1] as lat,
      ${properties.updatedAt} as updated_at, ${properties.displayAddress} as display_address
    from ${properties}
    where ${properties.location} <@ box(point(${centre.lng - dLng}, ${centre.lat - dLat}), point(${centre.lng + dLng}, ${centre.lat + dLat}))
      and ${properties.isPublished} and not ${properties.isDevelopment}
      and ${properties.priceValue} > 0
      and ${inArray(properties.propertyType, [...VALUATION_PROPERTY_TYPES])}
    limit ${MAX_ROWS}`);
  return rowsOf<ComparableRow>(result)
    .map((row) => {
      const location = { lat: Number(row.lat), lng: Number(row.lng) };
      const isSold = row.status === 'sold' && row.exchanged_price !== null && row.exchanged_price > 0;
      return {
        id: row.id,
        channel: row.channel,
        status: row.status,
        price: Number(isSold ? row.exchanged_price : row.price_value),
        propertyType: row.property_type as Comparable['propertyType'],
        bedrooms: Number(row.bedrooms),
        distanceKm: distanceKm(centre, location),
        date: new Date(row.updated_at),
        displayAddress: row.display_address,
        url: propertyPath(row.slug),
      };
    })
    .filter((comparable) => comparable.distanceKm <= radiusKm);
}

/** The sale and rent estimates for the visitor's home. */
export async function getInstantValuation(
  db: Database,
  query: ValuationQuery,
  now = new Date(),
): Promise<InstantValuation> {
  const location = await locateHome(db, query.q);
  if (!location) return { status: 'not-found' };
  const target = { propertyType: query.type, bedrooms: query.beds };
  let comparables: Comparable[] = [];
  let radiusKm: number = SEARCH_RADII_KM[0];
  for (const radius of SEARCH_RADII_KM) {
    radiusKm = radius;
    comparables = await loadComparables(db, location, radius);
    const counts = (channel: 'sales' | 'lettings') =>
      comparables.filter((comparable) => comparable.channel === channel && comparable.propertyType === query.type)
        .length;
    if (counts('sales') >= ENOUGH_COMPARABLES && counts('lettings') >= ENOUGH_COMPARABLES) break;
  }
  return {
    status: 'ok',
    location,
    radiusKm,
    sales: estimateValue('sales', target, comparables, now),
    lettings: estimateValue('lettings', target, comparables, now),
  };
}
