/**
 * The listings editor's queries and writes (docs/decisions/028-listing-editor.md). Every read and write takes the
 * staff member's scope: a listing outside it is "not found", as a missing one. Every write checks the version the
 * editor loaded (a stale one changes nothing), is audit-logged with what changed before and after, drops the public
 * pages that show the listing from the shared page cache, and — for price and status — appends the listing's
 * histories and runs the alert job, exactly as the import does (the import feature's shared steps).
 */
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  branches,
  importRuns,
  places,
  properties,
  staffMembers,
  type PropertyStatus,
} from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { rowsOf } from '../../lib/db.server.ts';
import { logger } from '../../lib/logger.server.ts';
import { alertAfterListingChanges, announceListingChanges, historyAppends } from '../import/index.server.ts';
import { recordAudit } from '../staff/index.server.ts';
import {
  LISTINGS_PAGE_SIZE,
  SOURCE_MANUAL,
  isInScope,
  type ListingFilters,
  type ListingInput,
  type ListingScope,
} from './listing-editor-model.ts';

/** Who is acting, for the audit log. */
export type ListingActor = { staffId: number; actorEmail: string; ip: string | null };

function scopeCondition(scope: ListingScope): SQL | undefined {
  if (scope.allBranches) return undefined;
  return scope.branchIds.length > 0 ? inArray(properties.branchId, scope.branchIds) : sql`false`;
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** LIKE's own wildcards typed by the staff member are matched literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export async function listBranchesInScope(db: Database, scope: ListingScope): Promise<{ id: number; name: string }[]> {
  if (!scope.allBranches && scope.branchIds.length === 0) return [];
  const query = db.select({ id: branches.id, name: branches.name }).from(branches);
  return (scope.allBranches ? query : query.where(inArray(branches.id, scope.branchIds))).orderBy(asc(branches.name));
}

/** The feeds listings came from, for the source filter. */
export async function listSources(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ source: properties.source })
    .from(properties)
    .where(isNotNull(properties.source))
    .orderBy(asc(properties.source));
  return rows.flatMap((row) => (row.source ? [row.source] : []));
}

type ListingRow = {
  id: number;
  slug: string;
  reference: string;
  displayAddress: string;
  postcode: string;
  channel: 'sales' | 'lettings';
  status: PropertyStatus;
  isPublished: boolean;
  isWithdrawn: boolean;
  priceValue: number | null;
  branchName: string;
  source: string | null;
  updatedAt: string;
};

/** Stops counting here: the list says "more than 10,000" instead of counting a huge table on every page. */
const COUNT_LIMIT = 10_000;

export async function listListings(db: Database, scope: ListingScope, filters: ListingFilters, page: number) {
  const conditions: (SQL | undefined)[] = [scopeCondition(scope)];
  if (filters.channel) conditions.push(eq(properties.channel, filters.channel));
  if (filters.status === 'withdrawn') conditions.push(isNotNull(properties.withdrawnAt));
  else if (filters.status) conditions.push(eq(properties.status, filters.status), isNull(properties.withdrawnAt));
  if (filters.branch !== undefined) conditions.push(eq(properties.branchId, filters.branch));
  if (filters.source === SOURCE_MANUAL) conditions.push(isNull(properties.source));
  else if (filters.source) conditions.push(eq(properties.source, filters.source));
  if (filters.published) conditions.push(eq(properties.isPublished, filters.published === 'yes'));
  if (filters.q) {
    const pattern = likePattern(filters.q);
    const postcode = filters.q.replace(/\s+/g, '');
    conditions.push(
      or(
        ilike(properties.displayAddress, pattern),
        ilike(properties.addressLine1, pattern),
        ilike(properties.town, pattern),
        ilike(properties.reference, pattern),
        ilike(properties.sourceRef, pattern),
        postcode ? sql`replace(${properties.postcode}, ' ', '') ilike ${likePattern(postcode)}` : undefined,
      ),
    );
  }
  const where = and(...conditions);
  const rows = await db
    .select({
      id: properties.id,
      slug: properties.slug,
      reference: properties.reference,
      displayAddress: properties.displayAddress,
      postcode: properties.postcode,
      channel: properties.channel,
      status: properties.status,
      isPublished: properties.isPublished,
      withdrawnAt: properties.withdrawnAt,
      priceValue: properties.priceValue,
      branchName: branches.name,
      source: properties.source,
      updatedAt: properties.updatedAt,
    })
    .from(properties)
    .innerJoin(branches, eq(branches.id, properties.branchId))
    .where(where)
    .orderBy(desc(properties.updatedAt), desc(properties.id))
    .limit(LISTINGS_PAGE_SIZE + 1)
    .offset((page - 1) * LISTINGS_PAGE_SIZE);
  const counted = rowsOf<{ total: number | string }>(
    await db.execute(
      sql`select count(*) as total from (select 1 from ${properties} ${where ? sql`where ${where}` : sql``} limit ${COUNT_LIMIT + 1}) as counted`,
    ),
  );
  const total = Number(counted[0]?.total ?? 0);
  const listings: ListingRow[] = rows.slice(0, LISTINGS_PAGE_SIZE).map(({ withdrawnAt, updatedAt, ...row }) => ({
    ...row,
    isWithdrawn: withdrawnAt !== null,
    updatedAt: updatedAt.toISOString(),
  }));
  return {
    listings,
    page,
    total: Math.min(total, COUNT_LIMIT),
    isTotalCapped: total > COUNT_LIMIT,
    hasNext: rows.length > LISTINGS_PAGE_SIZE,
  };
}

const editableColumns = {
  id: properties.id,
  slug: properties.slug,
  version: properties.version,
  reference: properties.reference,
  channel: properties.channel,
  status: properties.status,
  isPublished: properties.isPublished,
  withdrawnAt: properties.withdrawnAt,
  branchId: properties.branchId,
  propertyType: properties.propertyType,
  propertyStyle: properties.propertyStyle,
  bedrooms: properties.bedrooms,
  bathrooms: properties.bathrooms,
  receptionRooms: properties.receptionRooms,
  squareFeet: properties.squareFeet,
  acreage: properties.acreage,
  auctionDate: properties.auctionDate,
  shortLet: properties.shortLet,
  petsAllowed: properties.petsAllowed,
  staffMemberId: properties.staffMemberId,
  tags: properties.tags,
  disposal: properties.disposal,
  exchangedPrice: properties.exchangedPrice,
  lettingsFeeText: properties.lettingsFeeText,
  summary: properties.summary,
  description: properties.description,
  features: properties.features,
  displayAddress: properties.displayAddress,
  addressLine1: properties.addressLine1,
  town: properties.town,
  postcode: properties.postcode,
  country: properties.country,
  priceValue: properties.priceValue,
  priceQualifier: properties.priceQualifier,
  epcRating: properties.epcRating,
  councilTaxBand: properties.councilTaxBand,
  tenure: properties.tenure,
  facts: properties.facts,
  photos: properties.photos,
  floorplans: properties.floorplans,
  epcCharts: properties.epcCharts,
  documents: properties.documents,
  videos: properties.videos,
  siteHidden: properties.siteHidden,
  siteFeatured: properties.siteFeatured,
  feedPublished: properties.feedPublished,
  source: properties.source,
  sourceRef: properties.sourceRef,
  priceHistory: properties.priceHistory,
  statusHistory: properties.statusHistory,
  updatedAt: properties.updatedAt,
};

/** One listing as the editor shows it, or null when it does not exist or is outside the staff member's scope. */
export async function getEditableListing(db: Database, scope: ListingScope, id: number) {
  const [row] = await db
    .select(editableColumns)
    .from(properties)
    .where(and(eq(properties.id, id), scopeCondition(scope)))
    .limit(1);
  if (!row || !isInScope(scope, row.branchId)) return null;
  const facts = row.facts ?? { nation: row.country };
  return { ...row, facts };
}
export type EditableListing = NonNullable<Awaited<ReturnType<typeof getEditableListing>>>;

/** The agency's people a listing of these branches can name as its contact. */
export async function listContactsInScope(
  db: Database,
  scope: ListingScope,
): Promise<{ id: number; name: string; branchId: number }[]> {
  if (!scope.allBranches && scope.branchIds.length === 0) return [];
  const rows = await db
    .select({
      id: staffMembers.id,
      firstName: staffMembers.firstName,
      surname: staffMembers.surname,
      branchId: staffMembers.branchId,
    })
    .from(staffMembers)
    .where(scope.allBranches ? isNotNull(staffMembers.branchId) : inArray(staffMembers.branchId, scope.branchIds))
    .orderBy(asc(staffMembers.surname), asc(staffMembers.firstName));
  return rows.flatMap((row) =>
    row.branchId === null ? [] : [{ id: row.id, name: `${row.firstName} ${row.surname}`, branchId: row.branchId }],
  );
}

/** When the listing's feed last ran successfully. */
export async function getLastImport(
  db: Database,
  source: string,
): Promise<{ finishedAt: Date; fileName: string } | null> {
  const [row] = await db
    .select({ finishedAt: importRuns.finishedAt, fileName: importRuns.fileName })
    .from(importRuns)
    .where(and(eq(importRuns.source, source), eq(importRuns.status, 'applied')))
    .orderBy(desc(importRuns.startedAt))
    .limit(1);
  return row ?? null;
}

type PlaceRow = { id: number; county_name: string; county_slug: string; country: string; lng: number; lat: number };

/** The map pin, county and town of a typed address, from the gazetteer (the postcode district, else the town). */
async function placeOf(db: Database, postcode: string, town: string) {
  const columns = sql`id, county_name, county_slug, country, (location)[0] as lng, (location)[1] as lat`;
  const outcode = postcode.split(' ')[0] ?? '';
  const district = rowsOf<PlaceRow>(
    await db.execute(
      sql`select ${columns} from ${places} where kind = 'postcode-district' and slug = ${outcode.toLowerCase()} limit 1`,
    ),
  )[0];
  const townRow = rowsOf<PlaceRow>(
    await db.execute(
      sql`select ${columns} from ${places} where kind = 'town' and name_lower = ${town.trim().toLowerCase()} order by population desc limit 1`,
    ),
  )[0];
  const source = district ?? townRow;
  return {
    location: source ? { lng: Number(source.lng), lat: Number(source.lat) } : null,
    placeId: townRow?.id ?? null,
    county: source?.county_name ?? '',
    countySlug: source?.county_slug ?? '',
    country: source?.country,
    postcodeDistrict: outcode,
  };
}

function slugPart(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** '3-bedroom-semi-detached-house-for-sale-in-bath-ba2', as imported listings are named, made unique. */
async function uniqueSlug(db: Database, listing: ListingInput, district: string): Promise<string> {
  const what =
    listing.bedrooms > 0
      ? `${listing.bedrooms}-bedroom-${slugPart(listing.propertyStyle) || listing.propertyType}`
      : slugPart(listing.propertyStyle) || listing.propertyType;
  const where = [slugPart(listing.town), district.toLowerCase()].filter(Boolean).join('-');
  const base =
    `${what}-${listing.channel === 'sales' ? 'for-sale' : 'to-rent'}-in-${where}`.slice(0, 180).replace(/-+$/, '') ||
    'property';
  const taken = new Set(
    (
      await db
        .select({ slug: properties.slug })
        .from(properties)
        .where(or(eq(properties.slug, base), ilike(properties.slug, `${base.replace(/[\\%_]/g, '\\$&')}-%`)))
    ).map((row) => row.slug),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

async function columnsFor(db: Database, listing: ListingInput) {
  const place = await placeOf(db, listing.postcode, listing.town);
  const nation = listing.facts.nation;
  const country =
    nation !== 'northern-ireland'
      ? nation
      : place.country === 'scotland' || place.country === 'wales'
        ? place.country
        : 'england';
  return {
    ...listing,
    country,
    location: place.location,
    placeId: place.placeId,
    county: place.county,
    countySlug: place.countySlug,
    postcodeDistrict: place.postcodeDistrict,
  } as const;
}

/** A manual listing, saved as a draft: it reaches the site when it is published. */
export async function createListing(
  db: Database,
  listing: ListingInput,
  actor: ListingActor,
  now = new Date(),
): Promise<{ id: number; slug: string }> {
  const columns = await columnsFor(db, listing);
  const slug = await uniqueSlug(db, listing, columns.postcodeDistrict);
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(properties)
      .values({
        ...columns,
        slug,
        status: 'available',
        isPublished: false,
        // The histories start when the listing is first published (it "comes on the market" then).
        priceHistory: [],
        statusHistory: [],
        createdAt: now,
        updatedAt: now,
        launchedAt: now,
      })
      .returning({ id: properties.id, slug: properties.slug });
    await recordAudit(
      tx as unknown as Database,
      { ...actor, action: 'listing.created', target: `listing:${row!.id}`, details: { after: listing } },
      now,
    );
    return row!;
  });
  return created;
}

type Outcome = { status: 'saved' } | { status: 'stale' } | { status: 'unchanged' };

/** JSON with object keys in one order: jsonb stores keys in its own order, which is not a change. */
function stableJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
}

/** What differs between the stored listing and the new answers, field by field (facts by their own keys). */
function changesOf(before: Record<string, unknown>, after: Record<string, unknown>) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (key === 'facts') continue;
    if (stableJson(before[key]) !== stableJson(after[key])) {
      was[key] = before[key] ?? null;
      now[key] = after[key] ?? null;
    }
  }
  const beforeFacts = (before.facts ?? {}) as Record<string, unknown>;
  const afterFacts = (after.facts ?? {}) as Record<string, unknown>;
  for (const key of new Set([...Object.keys(beforeFacts), ...Object.keys(afterFacts)])) {
    if (stableJson(beforeFacts[key]) !== stableJson(afterFacts[key])) {
      was[`facts.${key}`] = beforeFacts[key] ?? null;
      now[`facts.${key}`] = afterFacts[key] ?? null;
    }
  }
  return { before: was, after: now, isChanged: Object.keys(now).length > 0 };
}

/**
 * Saves the form's answers over a manual listing loaded at `version`. A listing changed since is refused ('stale');
 * a price change is recorded in the price history once the listing has been on the market.
 */
export async function updateListing(
  db: Database,
  current: EditableListing,
  version: number,
  listing: ListingInput,
  actor: ListingActor,
  now = new Date(),
): Promise<Outcome> {
  if (version !== current.version) return { status: 'stale' };
  const changes = changesOf(current as unknown as Record<string, unknown>, listing);
  if (!changes.isChanged) return { status: 'unchanged' };
  const columns = await columnsFor(db, listing);
  const isLaunched = current.statusHistory.length > 0;
  const outcome = await db.transaction(async (tx) => {
    const updated = await tx
      .update(properties)
      .set({
        ...columns,
        ...(isLaunched
          ? historyAppends(current, { priceValue: listing.priceValue, status: current.status }, isoDay(now))
          : {}),
        version: sql`${properties.version} + 1`,
        updatedAt: now,
      })
      .where(and(eq(properties.id, current.id), eq(properties.version, version), isNull(properties.source)))
      .returning({ id: properties.id });
    if (updated.length === 0) return { status: 'stale' } as const;
    await recordAudit(
      tx as unknown as Database,
      {
        ...actor,
        action: 'listing.updated',
        target: `listing:${current.id}`,
        details: { before: changes.before, after: changes.after },
      },
      now,
    );
    return { status: 'saved' } as const;
  });
  if (outcome.status === 'saved') {
    announceListingChanges(db, [current.slug]);
    if (isLaunched && current.isPublished && listing.priceValue !== current.priceValue) await sendAlerts(db, {});
  }
  return outcome;
}

/** The alert job after a committed change; a failure is logged, never undoes the change the staff member made. */
async function sendAlerts(db: Database, options: { launchedSince?: Date }): Promise<void> {
  try {
    await alertAfterListingChanges(db, options);
  } catch (error) {
    logger.error({ err: error }, 'alerts after a listing change could not be sent');
  }
}

/** A status change: recorded in the status history; "withdrawn" takes the listing off the site. */
export async function changeListingStatus(
  db: Database,
  current: EditableListing,
  version: number,
  status: PropertyStatus | 'withdrawn',
  actor: ListingActor,
  now = new Date(),
): Promise<Outcome> {
  if (version !== current.version) return { status: 'stale' };
  const wasStatus = current.withdrawnAt ? 'withdrawn' : current.status;
  if (wasStatus === status) return { status: 'unchanged' };
  const isLaunched = current.statusHistory.length > 0;
  const set =
    status === 'withdrawn'
      ? { isPublished: false, withdrawnAt: now }
      : {
          status,
          withdrawnAt: null,
          ...(isLaunched ? historyAppends(current, { priceValue: current.priceValue, status }, isoDay(now)) : {}),
        };
  const saved = await writeVersioned(db, current, version, set, now, {
    ...actor,
    action: 'listing.status-changed',
    target: `listing:${current.id}`,
    details: { from: wasStatus, to: status },
  });
  if (saved.status === 'saved' && current.isPublished && status !== 'withdrawn') await sendAlerts(db, {});
  return saved;
}

/** An asking-price change: recorded in the price history, alerting those who saved the listing of a drop. */
export async function changeListingPrice(
  db: Database,
  current: EditableListing,
  version: number,
  priceValue: number,
  actor: ListingActor,
  now = new Date(),
): Promise<Outcome> {
  if (version !== current.version) return { status: 'stale' };
  if (priceValue === current.priceValue) return { status: 'unchanged' };
  const isLaunched = current.statusHistory.length > 0;
  const saved = await writeVersioned(
    db,
    current,
    version,
    {
      priceValue,
      ...(isLaunched ? historyAppends(current, { priceValue, status: current.status }, isoDay(now)) : {}),
    },
    now,
    {
      ...actor,
      action: 'listing.price-changed',
      target: `listing:${current.id}`,
      details: { from: current.priceValue, to: priceValue },
    },
  );
  if (saved.status === 'saved' && current.isPublished) await sendAlerts(db, {});
  return saved;
}

/**
 * Publishing puts the listing on the site at once. The first time, it comes on the market: its launch date is now,
 * its histories start ('added', the asking price) and saved searches are matched against it, as for an imported one.
 */
export async function setListingPublished(
  db: Database,
  current: EditableListing,
  version: number,
  isPublished: boolean,
  actor: ListingActor,
  now = new Date(),
): Promise<Outcome> {
  if (version !== current.version) return { status: 'stale' };
  if (current.isPublished === isPublished) return { status: 'unchanged' };
  const isFirstLaunch = isPublished && current.statusHistory.length === 0;
  const today = isoDay(now);
  const saved = await writeVersioned(
    db,
    current,
    version,
    {
      isPublished,
      ...(isPublished ? { withdrawnAt: null } : {}),
      ...(isFirstLaunch
        ? {
            launchedAt: now,
            statusHistory: [{ date: today, status: 'added' as const }],
            priceHistory: current.priceValue !== null ? [{ date: today, price: current.priceValue }] : [],
          }
        : {}),
    },
    now,
    {
      ...actor,
      action: isPublished ? 'listing.published' : 'listing.unpublished',
      target: `listing:${current.id}`,
      details: {
        from: current.isPublished ? 'published' : 'not published',
        to: isPublished ? 'published' : 'not published',
      },
    },
  );
  if (saved.status === 'saved' && isFirstLaunch) await sendAlerts(db, { launchedSince: new Date(now.getTime() - 1) });
  return saved;
}

async function writeVersioned(
  db: Database,
  current: EditableListing,
  version: number,
  set: PgUpdateSetSource<typeof properties>,
  now: Date,
  audit: Parameters<typeof recordAudit>[1],
): Promise<Outcome> {
  const outcome = await db.transaction(async (tx) => {
    const updated = await tx
      .update(properties)
      .set({ ...set, version: sql`${properties.version} + 1`, updatedAt: now })
      .where(and(eq(properties.id, current.id), eq(properties.version, version), isNull(properties.source)))
      .returning({ id: properties.id });
    if (updated.length === 0) return { status: 'stale' } as const;
    await recordAudit(tx as unknown as Database, audit, now);
    return { status: 'saved' } as const;
  });
  if (outcome.status === 'saved') announceListingChanges(db, [current.slug]);
  return outcome;
}
