import { and, desc, eq, like, or, sql } from 'drizzle-orm';
import { places } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';

export type PlaceSuggestion = {
  place_id: number;
  name: string;
  county_name: string;
  kind: 'town' | 'postcode-district';
};

const MAX_SUGGESTIONS = 8;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * Autocomplete over the gazetteer: towns whose name starts with the text (exact names first, then by population)
 * and postcode districts when the text looks like the start of an outcode.
 */
export async function suggestPlaces(db: Database, text: string, limit = MAX_SUGGESTIONS): Promise<PlaceSuggestion[]> {
  const query = text.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, 60);
  if (query.length < 2) return [];
  const prefix = `${escapeLike(query)}%`;
  const looksLikeOutcode = /^[a-z]{1,2}\d[a-z\d]?$/.test(query.replace(/\s.*$/, ''));
  const rows = await db
    .select({ place_id: places.id, name: places.name, county_name: places.countyName, kind: places.kind })
    .from(places)
    .where(
      looksLikeOutcode
        ? or(
            like(places.nameLower, prefix),
            and(eq(places.kind, 'postcode-district'), eq(places.slug, query.replace(/\s.*$/, ''))),
          )
        : and(eq(places.kind, 'town'), like(places.nameLower, prefix)),
    )
    .orderBy(sql`(${places.nameLower} = ${query}) desc`, desc(places.population), places.name)
    .limit(limit);
  return rows;
}
