import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { branches, properties, type Channel, type PriceChange } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { onPageChange } from '../../lib/page-cache-bus.server.ts';
import { toPropertyCard, type PropertyCard } from './property-card.ts';

/** Only the columns a card needs (house style rule 5). */
export const propertyCardColumns = {
  id: properties.id,
  slug: properties.slug,
  channel: properties.channel,
  status: properties.status,
  priceValue: properties.priceValue,
  priceQualifier: properties.priceQualifier,
  exchangedPrice: properties.exchangedPrice,
  disposal: properties.disposal,
  displayAddress: properties.displayAddress,
  bedrooms: properties.bedrooms,
  bathrooms: properties.bathrooms,
  receptionRooms: properties.receptionRooms,
  propertyType: properties.propertyType,
  propertyStyle: properties.propertyStyle,
  squareFeet: properties.squareFeet,
  acreage: properties.acreage,
  tags: properties.tags,
  auctionDate: properties.auctionDate,
  createdAt: properties.createdAt,
  // The card shows one photo: send only the first rather than the whole gallery.
  photos: sql<{ url: string; imageAlt: string }[]>`jsonb_path_query_array(${properties.photos}, '$[0]')`,
  location: properties.location,
  photoCount: sql<number>`jsonb_array_length(${properties.photos})`.mapWith(Number),
  floorplanCount: sql<number>`jsonb_array_length(${properties.floorplans})`.mapWith(Number),
  // Path functions rather than subqueries: a sub-select per row doubled the cost of a 500-row map query.
  hasVideo: sql<boolean>`jsonb_path_exists(${properties.videos}, '$[*] ? (@.kind == "video")')`,
  hasTour: sql<boolean>`jsonb_path_exists(${properties.videos}, '$[*] ? (@.kind == "tour")')`,
  priceHistory: sql<PriceChange[]>`${properties.priceHistory}`,
  branchId: properties.branchId,
};

let branchNamesCache = new WeakMap<Database, { names: Map<number, string>; at: number }>();
const BRANCH_NAMES_CACHE_MS = 30_000;
// A branch renamed in the back office shows on the cards at once, on every instance (the page-cache bus).
onPageChange((tags) => {
  if (tags.some((tag) => tag === '*' || tag.startsWith('branch:'))) branchNamesCache = new WeakMap();
});

/** Branch names by id for the cards' branch line: agency configuration, cached briefly per database. */
export async function getBranchNames(db: Database): Promise<ReadonlyMap<number, string>> {
  const cached = branchNamesCache.get(db);
  if (cached && Date.now() - cached.at < BRANCH_NAMES_CACHE_MS) return cached.names;
  const rows = await db.select({ id: branches.id, name: branches.name }).from(branches);
  const names = new Map(rows.map((row) => [row.id, row.name]));
  branchNamesCache.set(db, { names, at: Date.now() });
  return names;
}

export async function getLatestPropertyCards(
  db: Database,
  options: { channel: Channel; limit: number },
): Promise<PropertyCard[]> {
  const rows = await db
    .select(propertyCardColumns)
    .from(properties)
    .where(
      and(
        eq(properties.channel, options.channel),
        eq(properties.isPublished, true),
        inArray(properties.status, ['available', 'under-offer']),
        sql`${properties.parentId} is null`,
      ),
    )
    .orderBy(desc(properties.createdAt), desc(properties.id))
    .limit(options.limit);
  const now = new Date();
  const names = await getBranchNames(db);
  return rows.map((row) => toPropertyCard(row, now, names));
}
