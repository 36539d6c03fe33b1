import { and, asc, eq, inArray } from 'drizzle-orm';
import { properties, savedProperties, users } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { propertyCardColumns, type PropertyCard, toPropertyCard } from '../properties/index.server.ts';
import { SAVED_ITEM_LIMIT } from './saved-schemas.ts';

const NO_LONGER_ON_THE_MARKET = 'No longer on the market';

export type SavedPropertiesList = { properties: PropertyCard[]; property_ids: number[]; synced: boolean };

/**
 * The signed-in user's saved properties, oldest first; published properties are shown as cards, and so are those
 * their agency's feed withdrew, marked as no longer on the market (their page offers similar properties).
 */
export async function listSavedProperties(db: Database, userId: number): Promise<SavedPropertiesList> {
  const [rows, [user]] = await Promise.all([
    db
      .select({ ...propertyCardColumns, isPublished: properties.isPublished, withdrawnAt: properties.withdrawnAt })
      .from(savedProperties)
      .innerJoin(properties, eq(properties.id, savedProperties.propertyId))
      .where(eq(savedProperties.userId, userId))
      .orderBy(asc(savedProperties.createdAt), asc(savedProperties.id)),
    db.select({ synced: users.savedPropertiesSynced }).from(users).where(eq(users.id, userId)).limit(1),
  ]);
  const now = new Date();
  return {
    properties: rows
      .filter((row) => row.isPublished || row.withdrawnAt !== null)
      .map((row) => {
        const card = toPropertyCard(row, now);
        return row.isPublished ? card : { ...card, statusTags: [NO_LONGER_ON_THE_MARKET] };
      }),
    property_ids: rows.map((row) => row.id),
    synced: user?.synced ?? false,
  };
}

export type AddSavedPropertiesResult = { added: number[]; isLimitReached: boolean };

/**
 * Adds properties to the user's list (idempotent). Unknown or unpublished ids are skipped, so a merge that pushes
 * an old local list never fails on a property that has gone. Adds as many as fit under the limit of 200.
 * `markSynced` stores the merge flag (users.saved_properties_synced) in the same transaction.
 */
export async function addSavedProperties(
  db: Database,
  userId: number,
  propertyIds: readonly number[],
  options: { markSynced?: boolean } = {},
): Promise<AddSavedPropertiesResult> {
  return db.transaction(async (tx) => {
    // Serialise concurrent adds of one user so the limit holds.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const existing = await tx
      .select({ propertyId: savedProperties.propertyId })
      .from(savedProperties)
      .where(eq(savedProperties.userId, userId));
    const have = new Set(existing.map((row) => row.propertyId));
    const wanted = propertyIds.filter((id) => !have.has(id));
    const found =
      wanted.length === 0
        ? []
        : await tx
            .select({ id: properties.id, priceValue: properties.priceValue, status: properties.status })
            .from(properties)
            .where(and(inArray(properties.id, wanted), eq(properties.isPublished, true)));
    const byId = new Map(found.map((row) => [row.id, row]));
    const candidates = wanted.flatMap((id) => {
      const row = byId.get(id);
      return row ? [row] : [];
    });
    const room = Math.max(0, SAVED_ITEM_LIMIT - have.size);
    const toAdd = candidates.slice(0, room);
    if (toAdd.length > 0) {
      await tx
        .insert(savedProperties)
        .values(
          toAdd.map((row) => ({
            userId,
            propertyId: row.id,
            // The alert job compares against these to notice a price drop or status change.
            lastKnownPrice: row.priceValue,
            lastKnownStatus: row.status,
          })),
        )
        .onConflictDoNothing();
    }
    if (options.markSynced) {
      await tx.update(users).set({ savedPropertiesSynced: true }).where(eq(users.id, userId));
    }
    return { added: toAdd.map((row) => row.id), isLimitReached: candidates.length > toAdd.length };
  });
}

/** Removes one of the user's own saved properties; false when the user has not saved it (→ 404). */
export async function removeSavedProperty(db: Database, userId: number, propertyId: number): Promise<boolean> {
  const deleted = await db
    .delete(savedProperties)
    .where(and(eq(savedProperties.userId, userId), eq(savedProperties.propertyId, propertyId)))
    .returning({ id: savedProperties.id });
  return deleted.length > 0;
}
