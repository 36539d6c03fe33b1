import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { branches, places, properties } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { COUNTRY_NAMES, landingPath, type LandingScope } from './landing-scope.ts';
import type { Channel } from './search-model.ts';

/** Landing pages list what is on the market: everything but completed sales and lets. */
const LANDING_STATUSES = ['available', 'under-offer', 'sstc', 'let-agreed'] as const;

export function onTheMarket(): SQL {
  return and(eq(properties.isPublished, true), inArray(properties.status, [...LANDING_STATUSES])) as SQL;
}

type Breadcrumb = { name: string; href: string };

export type ResolvedLanding = {
  /** 'Bath, Somerset', 'BA2', 'England' … or null for the whole agency. */
  placeName: string | null;
  conditions: SQL[];
  breadcrumbs: Breadcrumb[];
  branchId: number | null;
};

function channelCrumb(channel: Channel): Breadcrumb {
  return channel === 'lettings'
    ? { name: 'Property to rent', href: landingPath('lettings', { kind: 'all' }) }
    : { name: 'Property for sale', href: landingPath('sales', { kind: 'all' }) };
}

async function countyName(db: Database, country: string, countySlug: string): Promise<string | null> {
  const [row] = await db
    .select({ name: places.countyName })
    .from(places)
    .where(and(eq(places.countySlug, countySlug), eq(places.country, country as 'england')))
    .limit(1);
  return row?.name ?? null;
}

/** Turns a scope into SQL conditions and page furniture; null when the place or branch does not exist. */
export async function resolveLanding(
  db: Database,
  channel: Channel,
  scope: LandingScope,
): Promise<ResolvedLanding | null> {
  const home: Breadcrumb = { name: 'Home', href: '/' };
  const root = channelCrumb(channel);
  switch (scope.kind) {
    case 'all':
      return { placeName: null, conditions: [], breadcrumbs: [home, root], branchId: null };
    case 'country': {
      const name = COUNTRY_NAMES[scope.country] ?? scope.country;
      return {
        placeName: name,
        conditions: [eq(properties.country, scope.country as 'england')],
        breadcrumbs: [home, root, { name, href: landingPath(channel, scope) }],
        branchId: null,
      };
    }
    case 'county': {
      const county = await countyName(db, scope.country, scope.countySlug);
      if (!county) return null;
      const countryName = COUNTRY_NAMES[scope.country] ?? scope.country;
      return {
        placeName: county,
        conditions: [eq(properties.country, scope.country as 'england'), eq(properties.countySlug, scope.countySlug)],
        breadcrumbs: [
          home,
          root,
          { name: countryName, href: landingPath(channel, { kind: 'country', country: scope.country }) },
          { name: county, href: landingPath(channel, scope) },
        ],
        branchId: null,
      };
    }
    case 'town': {
      const [town] = await db
        .select({ id: places.id, name: places.name, countyName: places.countyName })
        .from(places)
        .where(
          and(
            eq(places.kind, 'town'),
            eq(places.slug, scope.townSlug),
            eq(places.countySlug, scope.countySlug),
            eq(places.country, scope.country as 'england'),
          ),
        )
        .limit(1);
      if (!town) return null;
      const countryName = COUNTRY_NAMES[scope.country] ?? scope.country;
      return {
        placeName: town.name,
        conditions: [eq(properties.placeId, town.id)],
        breadcrumbs: [
          home,
          root,
          { name: countryName, href: landingPath(channel, { kind: 'country', country: scope.country }) },
          {
            name: town.countyName,
            href: landingPath(channel, { kind: 'county', country: scope.country, countySlug: scope.countySlug }),
          },
          { name: town.name, href: landingPath(channel, scope) },
        ],
        branchId: null,
      };
    }
    case 'district':
      return {
        placeName: scope.district,
        conditions: [eq(properties.postcodeDistrict, scope.district)],
        breadcrumbs: [home, root, { name: scope.district, href: landingPath(channel, scope) }],
        branchId: null,
      };
    case 'branch': {
      const [branch] = await db
        .select({ id: branches.id, name: branches.name })
        .from(branches)
        .where(eq(branches.slug, scope.branchSlug))
        .limit(1);
      if (!branch) return null;
      return {
        placeName: `our ${branch.name} branch`,
        conditions: [eq(properties.branchId, branch.id)],
        breadcrumbs: [
          home,
          { name: 'Branches', href: '/branches' },
          { name: branch.name, href: `/branches/${scope.branchSlug}` },
          {
            name: channel === 'lettings' ? 'Property to rent' : 'Property for sale',
            href: landingPath(channel, scope),
          },
        ],
        branchId: branch.id,
      };
    }
  }
}

export type LandingLink = { path: string; lastmod: Date };

/**
 * Every landing page that has at least one property, for the sitemap (empty places are left out because they
 * answer 404). Grouped in SQL so the cost does not depend on the number of properties per place.
 */
export async function listLandingPages(db: Database): Promise<LandingLink[]> {
  const published = onTheMarket();
  const links: LandingLink[] = [];
  const byChannel = await db
    .select({ channel: properties.channel, lastmod: sql<Date>`max(${properties.updatedAt})` })
    .from(properties)
    .where(published)
    .groupBy(properties.channel);
  for (const row of byChannel)
    links.push({ path: landingPath(row.channel, { kind: 'all' }), lastmod: new Date(row.lastmod) });
  const byCountry = await db
    .select({
      channel: properties.channel,
      country: properties.country,
      lastmod: sql<Date>`max(${properties.updatedAt})`,
    })
    .from(properties)
    .where(published)
    .groupBy(properties.channel, properties.country);
  for (const row of byCountry)
    links.push({
      path: landingPath(row.channel, { kind: 'country', country: row.country }),
      lastmod: new Date(row.lastmod),
    });
  const byCounty = await db
    .select({
      channel: properties.channel,
      country: properties.country,
      countySlug: properties.countySlug,
      lastmod: sql<Date>`max(${properties.updatedAt})`,
    })
    .from(properties)
    .where(published)
    .groupBy(properties.channel, properties.country, properties.countySlug);
  for (const row of byCounty) {
    links.push({
      path: landingPath(row.channel, { kind: 'county', country: row.country, countySlug: row.countySlug }),
      lastmod: new Date(row.lastmod),
    });
  }
  const byTown = await db
    .select({
      channel: properties.channel,
      country: places.country,
      countySlug: places.countySlug,
      townSlug: places.slug,
      lastmod: sql<Date>`max(${properties.updatedAt})`,
    })
    .from(properties)
    .innerJoin(places, eq(places.id, properties.placeId))
    .where(published)
    .groupBy(properties.channel, places.country, places.countySlug, places.slug);
  for (const row of byTown) {
    links.push({
      path: landingPath(row.channel, {
        kind: 'town',
        country: row.country,
        countySlug: row.countySlug,
        townSlug: row.townSlug,
      }),
      lastmod: new Date(row.lastmod),
    });
  }
  const byDistrict = await db
    .select({
      channel: properties.channel,
      district: properties.postcodeDistrict,
      lastmod: sql<Date>`max(${properties.updatedAt})`,
    })
    .from(properties)
    .where(published)
    .groupBy(properties.channel, properties.postcodeDistrict);
  for (const row of byDistrict)
    links.push({
      path: landingPath(row.channel, { kind: 'district', district: row.district }),
      lastmod: new Date(row.lastmod),
    });
  const byBranch = await db
    .select({ channel: properties.channel, slug: branches.slug, lastmod: sql<Date>`max(${properties.updatedAt})` })
    .from(properties)
    .innerJoin(branches, eq(branches.id, properties.branchId))
    .where(published)
    .groupBy(properties.channel, branches.slug);
  for (const row of byBranch)
    links.push({
      path: landingPath(row.channel, { kind: 'branch', branchSlug: row.slug }),
      lastmod: new Date(row.lastmod),
    });
  return links;
}
