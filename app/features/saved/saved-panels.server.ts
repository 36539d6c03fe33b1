import { and, eq, inArray } from 'drizzle-orm';
import { properties } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { propertyCardColumns, type PropertyCard, toPropertyCard } from '../properties/index.server.ts';
import { listSavedProperties } from './saved-property-queries.server.ts';
import { listSavedSearches } from './saved-search-queries.server.ts';
import { SAVED_ITEM_LIMIT, type SavedSearchView } from './saved-schemas.ts';

/** Cards for ids the browser holds (a visitor's saves are public listings, so anyone may ask for their cards). */
async function getPropertyCardsByIds(db: Database, ids: readonly number[]): Promise<PropertyCard[]> {
  const wanted = [...new Set(ids)].filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647);
  if (wanted.length === 0) return [];
  const rows = await db
    .select(propertyCardColumns)
    .from(properties)
    .where(and(inArray(properties.id, wanted.slice(0, SAVED_ITEM_LIMIT)), eq(properties.isPublished, true)));
  const now = new Date();
  const byId = new Map(rows.map((row) => [row.id, toPropertyCard(row, now)]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}

function parseIdsParam(value: string | null): number[] {
  if (!value) return [];
  return value
    .split(',')
    .slice(0, SAVED_ITEM_LIMIT)
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
}

/** /user/saved-properties: the user's saved cards when signed in; `?ids=` asks for the cards of local saves. */
export async function loadSavedPropertiesPanel(db: Database, userId: number | null, idsParam: string | null) {
  if (idsParam !== null)
    return { isSignedIn: userId !== null, cards: await getPropertyCardsByIds(db, parseIdsParam(idsParam)) };
  if (userId === null) return { isSignedIn: false, cards: [] as PropertyCard[] };
  return { isSignedIn: true, cards: (await listSavedProperties(db, userId)).properties };
}

/** /user/saved-searches: the user's saved searches when signed in (visitors' live in the browser). */
export async function loadSavedSearchesPanel(
  db: Database,
  userId: number | null,
): Promise<{ isSignedIn: boolean; savedSearches: SavedSearchView[] }> {
  if (userId === null) return { isSignedIn: false, savedSearches: [] };
  return { isSignedIn: true, savedSearches: await listSavedSearches(db, userId) };
}
