import { and, desc, eq, sql } from 'drizzle-orm';
import { properties } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { getBranchNames, propertyCardColumns, type PropertyCard, toPropertyCard } from '../properties/index.server.ts';

/**
 * Featured properties: the listings staff marked featured first (docs/decisions/033), then the agency's flagship
 * listings — the highest-priced available sales properties that have photos (docs/decisions/007).
 */
export async function getFeaturedPropertyCards(db: Database, limit: number): Promise<PropertyCard[]> {
  const rows = await db
    .select(propertyCardColumns)
    .from(properties)
    .where(
      and(
        eq(properties.channel, 'sales'),
        eq(properties.isPublished, true),
        eq(properties.status, 'available'),
        sql`${properties.parentId} is null`,
        sql`${properties.priceValue} is not null`,
        sql`jsonb_array_length(${properties.photos}) > 0`,
      ),
    )
    .orderBy(desc(properties.siteFeatured), desc(properties.priceValue), desc(properties.id))
    .limit(limit);
  const now = new Date();
  const branchNames = await getBranchNames(db);
  return rows.map((row) => toPropertyCard(row, now, branchNames));
}
