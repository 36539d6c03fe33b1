import { and, eq } from 'drizzle-orm';
import { properties } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import type { ValuationChannel } from './valuation-schema.ts';

const SLUG = /^[a-z0-9-]{1,200}$/;

/** The property behind /properties/:slug/book-a-valuation: its address and the channel the form starts on. */
export async function getPropertyForValuation(
  db: Database,
  slug: string,
): Promise<{ displayAddress: string; defaultChannel: ValuationChannel } | null> {
  if (!SLUG.test(slug)) return null;
  const [row] = await db
    .select({ displayAddress: properties.displayAddress, channel: properties.channel })
    .from(properties)
    .where(and(eq(properties.slug, slug), eq(properties.isPublished, true)))
    .limit(1);
  if (!row) return null;
  // Spec point 4: letting for a lettings property, otherwise selling.
  return { displayAddress: row.displayAddress, defaultChannel: row.channel === 'lettings' ? 'letting' : 'selling' };
}
