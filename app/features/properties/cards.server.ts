import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { branches, properties, type Channel, type PriceChange } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
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
  mediaKinds: sql<
    string[]
  >`coalesce((select jsonb_agg(distinct v->>'kind') from jsonb_array_elements(${properties.videos}) as v), '[]'::jsonb)`,
  priceHistory: sql<PriceChange[]>`${properties.priceHistory}`,
  // One primary-key lookup per card shown (a page is at most a few dozen cards).
  branchName: sql<string>`(select ${branches.name} from ${branches} where ${branches.id} = ${properties.branchId})`,
};

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
  return rows.map((row) => toPropertyCard(row, now));
}
