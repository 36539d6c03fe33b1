import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { savedSearches, users, type AlertFrequency } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { describeSearch, formatSearchUrl, normaliseSearch, type Search } from '../search/index.ts';
import { SAVED_ITEM_LIMIT, type SavedSearchView } from './saved-schemas.ts';

/** A saved search never keeps a page number: it is the criteria, not a place in the results. */
function toSavedCriteria(search: Search): Search {
  return { ...search, page: 1 };
}

type SavedSearchRow = {
  id: number;
  search: Record<string, unknown>;
  alertFrequency: AlertFrequency;
  createdAt: Date;
};

function toSavedSearchView(row: SavedSearchRow): SavedSearchView {
  const search = normaliseSearch(row.search);
  return {
    ...search,
    search_id: row.id,
    alert_frequency: row.alertFrequency,
    search_url: formatSearchUrl(search),
    description: describeSearch(search),
    created_at: row.createdAt.toISOString(),
  };
}

const viewColumns = {
  id: savedSearches.id,
  search: savedSearches.search,
  alertFrequency: savedSearches.alertFrequency,
  createdAt: savedSearches.createdAt,
};

export async function listSavedSearches(db: Database, userId: number): Promise<SavedSearchView[]> {
  const rows = await db
    .select(viewColumns)
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  return rows.map(toSavedSearchView);
}

export type SaveSearchResult =
  { outcome: 'saved' | 'already-saved'; savedSearch: SavedSearchView } | { outcome: 'limit-reached' };

export function newUnsubscribeToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Saves a search for the user with alert frequency I; the same criteria saved twice return the first. */
export async function saveSearchForUser(
  db: Database,
  userId: number,
  search: Search,
  alertFrequency: AlertFrequency = 'I',
): Promise<SaveSearchResult> {
  const criteria = toSavedCriteria(search);
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [same] = await tx
      .select(viewColumns)
      .from(savedSearches)
      .where(and(eq(savedSearches.userId, userId), sql`${savedSearches.search} = ${JSON.stringify(criteria)}::jsonb`))
      .limit(1);
    if (same) return { outcome: 'already-saved', savedSearch: toSavedSearchView(same) };
    const [{ total } = { total: 0 }] = await tx
      .select({ total: sql<number>`count(*)::int` })
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId));
    if (total >= SAVED_ITEM_LIMIT) return { outcome: 'limit-reached' };
    const [row] = await tx
      .insert(savedSearches)
      .values({
        userId,
        search: criteria as unknown as Record<string, unknown>,
        channel: criteria.channel,
        alertFrequency,
        unsubscribeToken: newUnsubscribeToken(),
      })
      .returning(viewColumns);
    if (!row) throw new Error('saved search was not stored');
    return { outcome: 'saved', savedSearch: toSavedSearchView(row) };
  });
}

/** Changes the alert frequency of one of the user's own saved searches; null when it is not theirs (→ 404). */
export async function updateSavedSearchFrequency(
  db: Database,
  userId: number,
  savedSearchId: number,
  alertFrequency: AlertFrequency,
): Promise<SavedSearchView | null> {
  const [row] = await db
    .update(savedSearches)
    .set({ alertFrequency })
    .where(and(eq(savedSearches.id, savedSearchId), eq(savedSearches.userId, userId)))
    .returning(viewColumns);
  return row ? toSavedSearchView(row) : null;
}

/** Removes one of the user's own saved searches; false when it is not theirs (→ 404). */
export async function removeSavedSearch(db: Database, userId: number, savedSearchId: number): Promise<boolean> {
  const deleted = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, savedSearchId), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return deleted.length > 0;
}

/** One-click unsubscribe (no sign-in): the token in the email link is the credential. */
export async function findSavedSearchByUnsubscribeToken(
  db: Database,
  token: string,
): Promise<{ id: number; description: string; alertFrequency: AlertFrequency } | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const [row] = await db
    .select(viewColumns)
    .from(savedSearches)
    .where(eq(savedSearches.unsubscribeToken, token))
    .limit(1);
  return row
    ? { id: row.id, description: toSavedSearchView(row).description, alertFrequency: row.alertFrequency }
    : null;
}

export async function unsubscribeSavedSearch(db: Database, token: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return false;
  const updated = await db
    .update(savedSearches)
    .set({ alertFrequency: 'N' })
    .where(eq(savedSearches.unsubscribeToken, token))
    .returning({ id: savedSearches.id });
  return updated.length > 0;
}
