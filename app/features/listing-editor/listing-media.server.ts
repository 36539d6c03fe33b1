/**
 * The media manager's writes (docs/decisions/033-media-manager.md). Each one is checked against the version the page
 * was loaded at, written with `version + 1`, audit-logged with the media before and after, and announced so the
 * property page and the search cards change at once. Imported listings take only the site's own choices: the
 * photo order (kept in photo_order, which the import applies again), featured and hidden.
 */
import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { properties } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { announceListingChanges } from '../import/index.server.ts';
import { recordAudit, type AuditEntry } from '../staff/index.server.ts';
import type { EditableListing, ListingActor } from './listing-editor.server.ts';
import type { ListingMedia } from './listing-media-model.ts';

export type MediaOutcome = { status: 'saved' } | { status: 'stale' } | { status: 'unchanged' };

export function mediaOf(listing: EditableListing): ListingMedia {
  return {
    photos: listing.photos,
    floorplans: listing.floorplans,
    epcCharts: listing.epcCharts,
    documents: listing.documents,
    videos: listing.videos,
  };
}

/** Only the groups that changed, for the audit log and the write. */
function changedGroups(before: ListingMedia, after: ListingMedia) {
  const was: Partial<ListingMedia> = {};
  const now: Partial<ListingMedia> = {};
  for (const key of Object.keys(after) as (keyof ListingMedia)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      (was as Record<string, unknown>)[key] = before[key];
      (now as Record<string, unknown>)[key] = after[key];
    }
  }
  return { before: was, after: now };
}

async function writeVersioned(
  db: Database,
  current: EditableListing,
  version: number,
  set: PgUpdateSetSource<typeof properties>,
  sourceCondition: SQL,
  audit: { action: AuditEntry['action']; details: Record<string, unknown> },
  actor: ListingActor,
  now: Date,
): Promise<MediaOutcome> {
  const outcome = await db.transaction(async (tx) => {
    const updated = await tx
      .update(properties)
      .set({ ...set, version: sql`${properties.version} + 1`, updatedAt: now })
      .where(and(eq(properties.id, current.id), eq(properties.version, version), sourceCondition))
      .returning({ id: properties.id });
    if (updated.length === 0) return { status: 'stale' } as const;
    await recordAudit(tx as unknown as Database, { ...actor, ...audit, target: `listing:${current.id}` }, now);
    return { status: 'saved' } as const;
  });
  if (outcome.status === 'saved') announceListingChanges(db, [current.slug]);
  return outcome;
}

/**
 * Saves a listing's media as the manager changed them. A manual listing's media are its own; an imported listing's
 * photos may only be reordered (the import keeps that order), so its write also records the order by URL.
 */
export async function saveListingMedia(
  db: Database,
  current: EditableListing,
  version: number,
  media: ListingMedia,
  actor: ListingActor,
  now = new Date(),
): Promise<MediaOutcome> {
  if (version !== current.version) return { status: 'stale' };
  const changes = changedGroups(mediaOf(current), media);
  if (Object.keys(changes.after).length === 0) return { status: 'unchanged' };
  const isImported = current.source !== null;
  const set: PgUpdateSetSource<typeof properties> = isImported
    ? { photos: media.photos, photoOrder: media.photos.map((photo) => photo.url) }
    : { ...changes.after };
  return writeVersioned(
    db,
    current,
    version,
    set,
    // The listing must still be what the page said it was: a manual listing that became imported is not rewritten.
    isImported ? isNotNull(properties.source) : isNull(properties.source),
    { action: 'listing.media-changed', details: changes },
    actor,
    now,
  );
}

/** Featured: the listing leads the home page's featured strip. Any listing may be featured. */
export async function setListingFeatured(
  db: Database,
  current: EditableListing,
  version: number,
  isFeatured: boolean,
  actor: ListingActor,
  now = new Date(),
): Promise<MediaOutcome> {
  if (version !== current.version) return { status: 'stale' };
  if (current.siteFeatured === isFeatured) return { status: 'unchanged' };
  return writeVersioned(
    db,
    current,
    version,
    { siteFeatured: isFeatured },
    sql`true`,
    { action: 'listing.featured-changed', details: { before: current.siteFeatured, after: isFeatured } },
    actor,
    now,
  );
}

/**
 * Hidden: an imported listing kept off the site whatever its feed says. It is unpublished, so every public query
 * (search, map, property page, sitemap, featured strips, saved lists, alerts) leaves it out as it leaves out any
 * unpublished listing; shown again, it is published as its feed last said (unless it has left the feed).
 */
export async function setListingHidden(
  db: Database,
  current: EditableListing,
  version: number,
  isHidden: boolean,
  actor: ListingActor,
  now = new Date(),
): Promise<MediaOutcome> {
  if (version !== current.version) return { status: 'stale' };
  if (current.siteHidden === isHidden) return { status: 'unchanged' };
  const set: PgUpdateSetSource<typeof properties> = isHidden
    ? { siteHidden: true, isPublished: false }
    : {
        siteHidden: false,
        isPublished: sql`coalesce(${properties.feedPublished}, true) and ${properties.withdrawnAt} is null`,
      };
  return writeVersioned(
    db,
    current,
    version,
    set,
    isNotNull(properties.source),
    { action: isHidden ? 'listing.hidden' : 'listing.shown', details: { before: current.siteHidden, after: isHidden } },
    actor,
    now,
  );
}
