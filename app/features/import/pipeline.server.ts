/**
 * The import pipeline (docs/import.md): applies one feed — a full snapshot of its source — to the listings.
 * Records are keyed by (source, ref); a content hash per listing recognises unchanged records; listings of the source
 * missing from the file are withdrawn (never deleted); a file that would withdraw more than 30% of the source's live
 * listings, or that its parser refuses, changes nothing. All database writes of a file happen in one transaction,
 * after the whole file has been read and its media stored, so the transaction is short and a refusal found at the
 * end of the file still leaves the database exactly as it was. What is to be written waits in a spool file, not in
 * memory, so memory stays bounded whatever the file's size (docs/import.md, Memory).
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  branches,
  importRuns,
  places,
  properties,
  type ImportCounts,
  type ImportRecordReport,
} from '../../../db/schema/index.ts';
import { rowsOf, type Database } from '../../lib/db.server.ts';
import { getEnv, publicOrigin } from '../../lib/env.server.ts';
import { normalisePostcode } from '../../lib/postcode.ts';
import { alertAfterListingChanges, announceListingChanges, historyAppends } from './listing-changes.server.ts';
import { propertyPath } from '../properties/index.server.ts';
import { FeedRefused, type Feed, type ImportIssue, type ImportedListing } from './feed.ts';
import {
  createMediaProcessor,
  defaultMediaOptions,
  type ListingMedia,
  type MediaOptions,
} from './pipeline-media.server.ts';
import { createSpool, type Spool } from './spool.server.ts';
import { photosInSiteOrder } from './site-order.ts';

export type ImportReport = {
  status: 'applied' | 'refused' | 'dry-run';
  reason?: string;
  counts: ImportCounts;
  records: ImportRecordReport[];
};

export type ImportProgress = { processed: number; counts: ImportCounts; phase: 'reading' | 'writing' };

export type ApplyFeedOptions = {
  /** The feed's name; listings are keyed by (source, ref). */
  source: string;
  /** Shown in the stored run (the file's name, not its path). */
  fileName?: string;
  dryRun?: boolean;
  /** Apply a file that withdraws more than MASS_WITHDRAW_SHARE of the source's live listings. */
  allowMassWithdraw?: boolean;
  /**
   * False for a feed of changes only (an API's modified-since pages): listings it does not hold are left alone, and
   * only those the feed names in offMarketRefs are withdrawn. True (a full snapshot) by default.
   */
  isSnapshot?: boolean;
  /** Origin of the report's page URLs and of alert emails; PUBLIC_URL by default. */
  origin?: string;
  media?: Partial<MediaOptions>;
  /** Run the alert job after the commit (new listings, price drops); on by default. */
  sendAlerts?: boolean;
  onProgress?: (progress: ImportProgress) => void;
  now?: Date;
};

/** A file withdrawing more than this share of a source's live listings is refused: a truncated feed must not empty the site. */
const MASS_WITHDRAW_SHARE = 0.3;
/** The stored run keeps at most this many records (problems first); the printed and --report reports keep all. */
const IMPORT_RUN_RECORD_LIMIT = 1_000;
/** Changing what a hash covers re-applies every listing once: bump it with the mapping. */
const HASH_VERSION = '1';
const WRITE_BATCH = 250;

/** What the pipeline keeps about each listing of the source (not their histories: an update appends in SQL). */
type ExistingListing = {
  id: number;
  sourceRef: string;
  slug: string;
  contentHash: string | null;
  priceValue: number | null;
  status: string;
  isPublished: boolean;
  withdrawnAt: Date | null;
  /** The order staff gave the photos on this site (by URL): kept over the feed's order. */
  photoOrder: string[];
};

type PlaceFacts = {
  location: { lng: number; lat: number } | null;
  placeId: number | null;
  county: string;
  countySlug: string;
  country: 'england' | 'scotland' | 'wales';
  postcodeDistrict: string;
};

/** One listing to create or update, as it waits in the spool (its existing row is found again by ref). */
type PlannedWrite = {
  ref: string;
  hash: string;
  branchId: number;
  listing: ImportedListing;
  place: PlaceFacts;
  media: Omit<ListingMedia, 'warnings'>;
  reportIndex: number;
};

const emptyCounts = (): ImportCounts => ({
  created: 0,
  updated: 0,
  unchanged: 0,
  withdrawn: 0,
  rejected: 0,
  warnings: 0,
});

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function slugPart(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** '3-bedroom-semi-detached-house-for-sale-in-bath-ba2', made unique against every slug taken. */
function makeSlug(listing: ImportedListing, district: string, taken: Set<string>): string {
  const fields = listing.fields;
  const what =
    fields.bedrooms && fields.bedrooms > 0
      ? `${fields.bedrooms}-bedroom-${slugPart(fields.propertyStyle) || fields.propertyType}`
      : slugPart(fields.propertyStyle) || fields.propertyType;
  const where = [slugPart(fields.town), district.toLowerCase()].filter(Boolean).join('-');
  const base =
    `${what}-${fields.channel === 'sales' ? 'for-sale' : 'to-rent'}-in-${where}`.slice(0, 180).replace(/-+$/, '') ||
    'property';
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}

function contentHashOf(listing: ImportedListing): string {
  return createHash('sha256').update(HASH_VERSION).update(JSON.stringify(listing)).digest('hex');
}

/** Places come from the gazetteer, each town and postcode district looked up once per run. */
function createPlaceResolver(db: Database) {
  const districts = new Map<string, Promise<PlaceRow | null>>();
  const towns = new Map<string, Promise<PlaceRow | null>>();
  type PlaceRow = {
    id: number;
    county_name: string;
    county_slug: string;
    country: string;
    lng: number;
    lat: number;
  };
  const one = async (query: ReturnType<typeof sql>) => rowsOf<PlaceRow>(await db.execute(query))[0] ?? null;
  const columns = sql`id, county_name, county_slug, country, (location)[0] as lng, (location)[1] as lat`;
  const district = (outcode: string) => {
    let found = districts.get(outcode);
    if (!found) {
      found = one(
        sql`select ${columns} from ${places} where kind = 'postcode-district' and slug = ${outcode.toLowerCase()} limit 1`,
      );
      districts.set(outcode, found);
    }
    return found;
  };
  const town = (name: string) => {
    const key = name.trim().toLowerCase();
    let found = towns.get(key);
    if (!found) {
      found = one(
        sql`select ${columns} from ${places} where kind = 'town' and name_lower = ${key} order by population desc limit 1`,
      );
      towns.set(key, found);
    }
    return found;
  };
  const nearestTown = (point: { lng: number; lat: number }) =>
    one(
      sql`select ${columns} from ${places} where kind = 'town'
        order by location <-> point(${point.lng}, ${point.lat}) limit 1`,
    );

  return async function resolvePlace(listing: ImportedListing, warnings: ImportIssue[]): Promise<PlaceFacts> {
    const postcode = normalisePostcode(listing.fields.postcode);
    const outcode = postcode?.split(' ')[0] ?? '';
    const districtRow = outcode ? await district(outcode) : null;
    let location = listing.coordinates
      ? { lng: listing.coordinates.longitude, lat: listing.coordinates.latitude }
      : districtRow
        ? { lng: Number(districtRow.lng), lat: Number(districtRow.lat) }
        : null;
    if (location && (Math.abs(location.lat) > 90 || Math.abs(location.lng) > 180)) location = null;
    let townRow = listing.fields.town ? await town(listing.fields.town) : null;
    if (!townRow && location) townRow = await nearestTown(location);
    if (!location) {
      const townLocation = townRow ? { lng: Number(townRow.lng), lat: Number(townRow.lat) } : null;
      location = townLocation;
    }
    if (!location) {
      warnings.push({
        field: 'POSTCODE1',
        message: `The postcode "${listing.fields.postcode}" and town "${listing.fields.town}" were not found and no coordinates were given: the property is published without a map pin and is not found by map or area searches`,
      });
    } else if (!listing.coordinates && !districtRow) {
      warnings.push({
        field: 'POSTCODE1',
        message: `The postcode "${listing.fields.postcode}" was not found: the map pin is at the centre of ${listing.fields.town}`,
      });
    }
    const source = districtRow ?? townRow;
    const country = source?.country;
    return {
      location,
      placeId: townRow?.id ?? null,
      county: source?.county_name ?? '',
      countySlug: source?.county_slug ?? '',
      country: country === 'scotland' || country === 'wales' ? country : 'england',
      postcodeDistrict: outcode,
    };
  };
}

/**
 * Applies a feed. Never throws for a bad file: a refusal is a report with status 'refused'. Database errors (the
 * database is down) do throw, after the transaction has rolled back.
 */
export async function applyFeed(db: Database, feed: Feed, options: ApplyFeedOptions): Promise<ImportReport> {
  const startedAt = new Date();
  const now = options.now ?? startedAt;
  const today = isoDay(now);
  const source = options.source;
  const env = getEnv();
  const origin = options.origin ?? publicOrigin(env);
  const mediaOptions: MediaOptions = {
    ...defaultMediaOptions,
    ...options.media,
    ...(options.dryRun ? { store: async () => '' } : {}),
  };
  const counts = emptyCounts();
  const records: ImportRecordReport[] = [];
  const report = (status: ImportReport['status'], reason?: string): ImportReport => ({
    status,
    ...(reason ? { reason } : {}),
    counts,
    records,
  });

  const branchRows = await db
    .select({ id: branches.id, slug: branches.slug, feedCode: branches.feedCode })
    .from(branches);
  const branchByCode = new Map<string, number>();
  for (const row of branchRows) branchByCode.set(row.slug.toLowerCase(), row.id);
  for (const row of branchRows) if (row.feedCode) branchByCode.set(row.feedCode.trim().toLowerCase(), row.id);

  const existingRows: ExistingListing[] = await db
    .select({
      id: properties.id,
      sourceRef: sql<string>`${properties.sourceRef}`,
      slug: properties.slug,
      contentHash: properties.contentHash,
      priceValue: properties.priceValue,
      status: properties.status,
      isPublished: properties.isPublished,
      withdrawnAt: properties.withdrawnAt,
      photoOrder: properties.photoOrder,
    })
    .from(properties)
    .where(eq(properties.source, source));
  const existingByRef = new Map(existingRows.map((row) => [row.sourceRef, row]));
  const takenSlugs = new Set<string>();
  const resolvePlace = createPlaceResolver(db);
  const processMedia = createMediaProcessor(feed, mediaOptions);

  const seenRefs = new Set<string>();
  // A dry run writes nothing, so it keeps nothing to write either.
  const spool: Spool<PlannedWrite> | null = options.dryRun ? null : await createSpool<PlannedWrite>();
  try {
    let processed = 0;
    const progress = (phase: ImportProgress['phase']) => options.onProgress?.({ processed, counts, phase });

    // Media of a few listings at a time, so downloads overlap without holding the whole file's media in flight; each
    // group is spooled in file order once its media are stored.
    const inFlight: Promise<PlannedWrite>[] = [];
    const spoolInFlight = async () => {
      for (const write of await Promise.all(inFlight.splice(0))) {
        counts.warnings += records[write.reportIndex]!.warnings.length;
        await spool?.append(write);
      }
    };
    try {
      for await (const record of feed.records) {
        processed++;
        const warnings = [...record.warnings];
        const errors = [...record.errors];
        const ref = record.ref;
        if (seenRefs.has(ref)) {
          errors.push({
            field: 'AGENT_REF',
            message: `AGENT_REF "${ref}" appears more than once in the file: only its first record is imported`,
          });
        }
        seenRefs.add(ref);
        const listing = errors.length === 0 ? record.listing : null;
        const branchId = listing ? branchByCode.get(listing.branchCode.trim().toLowerCase()) : undefined;
        if (listing && branchId === undefined) {
          errors.push({
            field: 'BRANCH_ID',
            message: `BRANCH_ID "${listing.branchCode}" matches no branch: set the branch's feed code in the branch settings`,
          });
        }
        if (!listing || branchId === undefined || errors.length > 0) {
          if (errors.length === 0) errors.push({ field: 'AGENT_REF', message: `Record "${ref}" could not be read` });
          counts.rejected++;
          counts.warnings += warnings.length;
          records.push({ ref, outcome: 'rejected', errors, warnings });
          progress('reading');
          continue;
        }
        const existing = existingByRef.get(ref) ?? null;
        const hash = contentHashOf({ ...listing, branchCode: listing.branchCode.trim().toLowerCase() });
        if (existing && existing.contentHash === hash && existing.withdrawnAt === null) {
          counts.unchanged++;
          counts.warnings += warnings.length;
          records.push({
            ref,
            outcome: 'unchanged',
            ...(existing.isPublished ? { url: `${origin}${propertyPath(existing.slug)}` } : {}),
            errors: [],
            warnings,
          });
          progress('reading');
          continue;
        }
        const reportIndex = records.length;
        records.push({ ref, outcome: existing ? 'updated' : 'created', errors: [], warnings });
        if (existing) counts.updated++;
        else counts.created++;
        const work = (async (): Promise<PlannedWrite> => {
          const place = await resolvePlace(listing, warnings);
          const { warnings: mediaWarnings, ...media } = await processMedia(
            listing.media,
            listing.videos,
            listing.fields.displayAddress,
          );
          warnings.push(...mediaWarnings);
          return { ref, hash, branchId, listing, place, media, reportIndex };
        })();
        inFlight.push(work);
        if (inFlight.length >= Math.max(2, mediaOptions.concurrency * 2)) await spoolInFlight();
        progress('reading');
      }
      await spoolInFlight();
    } catch (error) {
      await Promise.allSettled(inFlight);
      if (!(error instanceof FeedRefused)) throw error;
      const refused = { ...report('refused', error.reason), counts: emptyCounts(), records: [] };
      await recordRun(db, options, refused, processed, startedAt);
      return refused;
    } finally {
      await feed.close().catch(() => undefined);
    }

    // Withdrawals: live listings of this source that the file no longer holds, or that the source says are off the
    // market. Only the missing ones count towards the mass-withdrawal guard: a truncated file loses listings silently.
    const offMarket = new Set(feed.offMarketRefs?.() ?? []);
    const isSnapshot = options.isSnapshot !== false;
    const live = existingRows.filter((row) => row.isPublished && row.withdrawnAt === null);
    const toWithdraw = existingRows.filter(
      (row) => row.withdrawnAt === null && !seenRefs.has(row.sourceRef) && (isSnapshot || offMarket.has(row.sourceRef)),
    );
    const liveWithdrawn = toWithdraw.filter((row) => row.isPublished && !offMarket.has(row.sourceRef)).length;
    if (live.length > 0 && liveWithdrawn / live.length > MASS_WITHDRAW_SHARE && !options.allowMassWithdraw) {
      const reason = `This file would withdraw ${liveWithdrawn} of the ${live.length} listings on the site from "${source}" (more than ${Math.round(MASS_WITHDRAW_SHARE * 100)}%), so nothing was changed. If the agency really has taken them off the market, import it again with --allow-mass-withdraw.`;
      const refused: ImportReport = { status: 'refused', reason, counts: emptyCounts(), records: [] };
      await recordRun(db, options, refused, processed, startedAt);
      return refused;
    }
    for (const row of toWithdraw) {
      counts.withdrawn++;
      records.push({ ref: row.sourceRef, outcome: 'withdrawn', errors: [], warnings: [] });
    }

    if (options.dryRun) {
      const result = report('dry-run');
      await recordRun(db, options, result, processed, startedAt);
      return result;
    }

    // Slugs: every slug taken on the site, read once, so new ones are unique without a query per listing.
    if (counts.created > 0) {
      const slugRows = await db.select({ slug: properties.slug }).from(properties);
      for (const row of slugRows) takenSlugs.add(row.slug);
    }
    progress('writing');
    // The pages that show each written listing are dropped from the shared page cache once the writes commit.
    const changedSlugs = new Set<string>(toWithdraw.map((row) => row.slug));
    await db.transaction(async (tx) => {
      let inserts: PlannedWrite[] = [];
      const insertBatch = async () => {
        if (inserts.length === 0) return;
        const rows = inserts.map((write) => {
          const slug = makeSlug(write.listing, write.place.postcodeDistrict, takenSlugs);
          changedSlugs.add(slug);
          records[write.reportIndex]!.url = `${origin}${propertyPath(slug)}`;
          if (!write.listing.fields.isPublished) delete records[write.reportIndex]!.url;
          const price = write.listing.fields.priceValue;
          return {
            ...listingColumns(write),
            slug,
            reference: write.ref,
            source,
            sourceRef: write.ref,
            priceHistory: price !== null && price !== undefined ? [{ date: today, price }] : [],
            statusHistory: [{ date: today, status: 'added' as const }],
            createdAt: now,
            updatedAt: now,
            launchedAt: now,
          };
        });
        inserts = [];
        await tx.insert(properties).values(rows);
      };
      for await (const write of spool!.read()) {
        const existing = existingByRef.get(write.ref);
        if (!existing) {
          inserts.push(write);
          if (inserts.length >= WRITE_BATCH) await insertBatch();
          continue;
        }
        const price = write.listing.fields.priceValue ?? null;
        const status = write.listing.fields.status ?? 'available';
        await tx
          .update(properties)
          .set({
            ...listingColumns(write),
            ...historyAppends(existing, { priceValue: price, status }, today),
            // The site's own choices stay: a listing hidden on the site stays hidden, its photos in the site's order.
            isPublished: sql`${write.listing.fields.isPublished !== false} and not ${properties.siteHidden}`,
            photos: photosInSiteOrder(write.media.photos, existing.photoOrder),
            withdrawnAt: null,
            updatedAt: now,
          })
          .where(eq(properties.id, existing.id));
        changedSlugs.add(existing.slug);
        if (write.listing.fields.isPublished !== false)
          records[write.reportIndex]!.url = `${origin}${propertyPath(existing.slug)}`;
      }
      await insertBatch();
      const withdrawIds = toWithdraw.map((row) => row.id);
      for (let start = 0; start < withdrawIds.length; start += 1_000) {
        await tx
          .update(properties)
          .set({ isPublished: false, withdrawnAt: now, updatedAt: now })
          .where(and(inArray(properties.id, withdrawIds.slice(start, start + 1_000)), isNull(properties.withdrawnAt)));
      }
      await recordRun(tx as unknown as Database, options, report('applied'), processed, startedAt);
    });
    announceListingChanges(db, changedSlugs);

    if (options.sendAlerts !== false && (counts.created > 0 || counts.updated > 0)) {
      await alertAfterListingChanges(db, {
        ...(counts.created > 0 ? { launchedSince: new Date(now.getTime() - 1) } : {}),
        ...(options.origin ? { origin: options.origin } : {}),
      });
    }
    return report('applied');
  } finally {
    await spool?.dispose();
  }
}

function listingColumns(write: PlannedWrite) {
  const fields = write.listing.fields;
  return {
    ...fields,
    branchId: write.branchId,
    location: write.place.location,
    placeId: write.place.placeId,
    county: write.place.county,
    countySlug: write.place.countySlug,
    country: write.place.country,
    postcodeDistrict: write.place.postcodeDistrict,
    photos: write.media.photos,
    feedPublished: fields.isPublished !== false,
    floorplans: write.media.floorplans,
    epcCharts: write.media.epcCharts,
    documents: write.media.documents,
    videos: write.media.videos,
    contentHash: write.hash,
  };
}

/** Keeps the records that say most: rejected and warned records first, then the rest, up to the limit. */
function boundedRecords(records: ImportRecordReport[]): ImportRecordReport[] {
  const trim = (issues: ImportIssue[]) =>
    issues.slice(0, 20).map((issue) => ({ field: issue.field.slice(0, 100), message: issue.message.slice(0, 500) }));
  const important = records.filter((record) => record.errors.length > 0 || record.warnings.length > 0);
  const rest = records.filter((record) => record.errors.length === 0 && record.warnings.length === 0);
  return [...important, ...rest].slice(0, IMPORT_RUN_RECORD_LIMIT).map((record) => ({
    ...record,
    ref: record.ref.slice(0, 100),
    errors: trim(record.errors),
    warnings: trim(record.warnings),
  }));
}

async function recordRun(
  db: Database,
  options: ApplyFeedOptions,
  result: ImportReport,
  recordCount: number,
  startedAt: Date,
): Promise<void> {
  await db.insert(importRuns).values({
    source: options.source,
    fileName: (options.fileName ?? '').slice(0, 300),
    status: result.status,
    reason: result.reason ?? null,
    counts: result.counts,
    records: boundedRecords(result.records),
    recordCount,
    startedAt,
    finishedAt: new Date(),
  });
}

/** A file that could not be opened at all: refused, recorded, nothing else changed. */
export async function recordRefusal(db: Database, options: ApplyFeedOptions, reason: string): Promise<ImportReport> {
  const refused: ImportReport = { status: 'refused', reason, counts: emptyCounts(), records: [] };
  await recordRun(db, options, refused, 0, new Date());
  return refused;
}

/** How many records the source's last applied file had: the command's progress bar estimates from it. */
export async function getExpectedRecordCount(db: Database, source: string): Promise<number | null> {
  const [row] = await db
    .select({ recordCount: importRuns.recordCount })
    .from(importRuns)
    .where(and(eq(importRuns.source, source), eq(importRuns.status, 'applied')))
    .orderBy(sql`${importRuns.startedAt} desc`)
    .limit(1);
  return row ? row.recordCount : null;
}
