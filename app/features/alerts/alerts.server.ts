/**
 * Email alerts (spec point 4): new listings matched against saved searches and emailed I immediately (within
 * the minute the job runs), W weekly or M monthly (N never); each property at most once per search
 * (saved_search_alerts); price drops and status changes of saved properties. Design: docs/decisions/010-alerts.md.
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import {
  emailOutbox,
  jobs,
  places,
  properties,
  savedProperties,
  savedSearchAlerts,
  savedSearches,
  users,
} from '../../../db/schema/index.ts';
import { rowsOf, type Database } from '../../lib/db.server.ts';
import { enqueueEmail, getMailFrom } from '../email/index.server.ts';
import { getSiteChrome } from '../site/index.server.ts';
import { getBranchNames, propertyCardColumns, type PropertyCard, toPropertyCard } from '../properties/index.server.ts';
import { createSearch, describeSearch, formatSearchUrl, normaliseSearch, type Search } from '../search/index.ts';
import { searchConditions } from '../search/index.server.ts';
import { compileSearch, textKey, textsOf, type AlertListing, type AlertPlace } from './alert-matcher.ts';
import { buildSavedPropertyChangesEmail, buildSearchAlertEmail, type SavedPropertyChange } from './alert-email.ts';

export const ALERT_JOB_KIND = 'saved-search-alerts';
/** How often the job runs; I alerts go out within one interval (well inside the 5 minutes promised). */
export const ALERT_INTERVAL_MS = 60_000;
/** Saved searches are read in pages of this size, so memory stays flat with hundreds of thousands. */
const SEARCH_BATCH_SIZE = 5_000;
const INSERT_CHUNK = 5_000;
/**
 * A run that died holding the job is taken over after this long; a live run renews its lock every
 * ALERT_HEARTBEAT_MS, however long matching takes, so it is never taken over while it works.
 */
export const STALE_LOCK_MS = 60_000;
const ALERT_HEARTBEAT_MS = 15_000;
/** The first run looks this far back for new listings. */
const FIRST_RUN_LOOKBACK_MS = 60 * 60_000;
/** Statuses of a saved property worth an email when they change (spec: under offer, sold, let agreed). */
const NOTABLE_STATUSES = ['under-offer', 'sstc', 'sold', 'let-agreed'] as const;

const listingColumns = {
  id: properties.id,
  channel: properties.channel,
  status: properties.status,
  priceValue: properties.priceValue,
  bedrooms: properties.bedrooms,
  squareFeet: properties.squareFeet,
  acreage: properties.acreage,
  tags: properties.tags,
  shortLet: properties.shortLet,
  petsAllowed: properties.petsAllowed,
  isLeasehold: properties.isLeasehold,
  isSharedOwnership: properties.isSharedOwnership,
  isRetirement: properties.isRetirement,
  hasParking: properties.hasParking,
  hasGarden: properties.hasGarden,
  hasOutsideSpace: properties.hasOutsideSpace,
  furnishing: properties.furnishing,
  billsIncluded: properties.billsIncluded,
  availableFrom: properties.availableFrom,
  auctionDate: properties.auctionDate,
  branchId: properties.branchId,
  propertyType: properties.propertyType,
  countySlug: properties.countySlug,
  postcodeDistrict: properties.postcodeDistrict,
  town: properties.town,
  location: properties.location,
  createdAt: properties.createdAt,
  updatedAt: properties.updatedAt,
  launchedAt: properties.launchedAt,
};

type NewListing = AlertListing & { launchedAt: Date };

export type MatchStats = { listings: number; searches: number; alertsQueued: number; ms: number };

/**
 * Matches the listings launched in (since, until] against every saved search with alerts on, and records each
 * (search, property) pair once in saved_search_alerts. A listing only alerts searches saved before it appeared.
 */
export async function matchNewListings(
  db: Database,
  window: { since: Date; until: Date },
  now: Date = window.until,
): Promise<MatchStats> {
  const started = performance.now();
  const listings: NewListing[] = await db
    .select(listingColumns)
    .from(properties)
    .where(
      and(
        eq(properties.isPublished, true),
        gt(properties.launchedAt, window.since),
        lte(properties.launchedAt, window.until),
      ),
    );
  if (listings.length === 0) return { listings: 0, searches: 0, alertsQueued: 0, ms: performance.now() - started };
  const byChannel = new Map<string, NewListing[]>();
  for (const listing of listings) byChannel.set(listing.channel, [...(byChannel.get(listing.channel) ?? []), listing]);

  const placeCache = new Map<number, AlertPlace | null>();
  const textMatches = new Map<string, Set<number>>();
  let lastId = 0;
  let searchCount = 0;
  let alertsQueued = 0;
  for (;;) {
    const batch = await db
      .select({ id: savedSearches.id, search: savedSearches.search, createdAt: savedSearches.createdAt })
      .from(savedSearches)
      .where(
        and(
          gt(savedSearches.id, lastId),
          inArray(savedSearches.alertFrequency, ['I', 'W', 'M']),
          inArray(savedSearches.channel, [...byChannel.keys()]),
          // Only searches saved before the last new listing appeared can have a match.
          lte(savedSearches.createdAt, window.until),
        ),
      )
      .orderBy(asc(savedSearches.id))
      .limit(SEARCH_BATCH_SIZE);
    if (batch.length === 0) break;
    lastId = batch.at(-1)!.id;
    searchCount += batch.length;
    const searches = batch.map((row) => ({ ...row, criteria: normaliseSearch(row.search) }));
    await resolvePlaces(
      db,
      searches.map((row) => row.criteria),
      placeCache,
    );
    await resolveTexts(
      db,
      searches.map((row) => row.criteria),
      placeCache,
      byChannel,
      textMatches,
      now,
    );
    const pairs: { savedSearchId: number; propertyId: number }[] = [];
    for (const row of searches) {
      const candidates = byChannel.get(row.criteria.channel);
      if (!candidates) continue;
      const savedAt = row.createdAt.getTime();
      const place = row.criteria.placeId !== null ? (placeCache.get(row.criteria.placeId) ?? null) : null;
      const matches = compileSearch(row.criteria, place, now, textMatches);
      for (const listing of candidates) {
        if (listing.launchedAt.getTime() > savedAt && matches(listing)) {
          pairs.push({ savedSearchId: row.id, propertyId: listing.id });
        }
      }
    }
    for (let start = 0; start < pairs.length; start += INSERT_CHUNK) {
      const inserted = await db
        .insert(savedSearchAlerts)
        .values(pairs.slice(start, start + INSERT_CHUNK))
        .onConflictDoNothing()
        .returning({ id: savedSearchAlerts.savedSearchId });
      alertsQueued += inserted.length;
    }
    // PGlite runs on the main thread: let requests in between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { listings: listings.length, searches: searchCount, alertsQueued, ms: performance.now() - started };
}

async function resolvePlaces(db: Database, searches: Search[], cache: Map<number, AlertPlace | null>) {
  const wanted = [...new Set(searches.flatMap((search) => (search.placeId !== null ? [search.placeId] : [])))].filter(
    (id) => !cache.has(id),
  );
  if (wanted.length === 0) return;
  const rows = await db
    .select({ id: places.id, kind: places.kind, name: places.name, location: places.location })
    .from(places)
    .where(inArray(places.id, wanted));
  for (const id of wanted) cache.set(id, null);
  for (const row of rows) cache.set(row.id, { kind: row.kind, name: row.name, location: row.location });
}

/** Free text needs PostgreSQL's full-text search: one query per distinct text, over the new listings only. */
async function resolveTexts(
  db: Database,
  searches: Search[],
  placeCache: Map<number, AlertPlace | null>,
  byChannel: Map<string, NewListing[]>,
  textMatches: Map<string, Set<number>>,
  now: Date,
) {
  for (const search of searches) {
    const place = search.placeId !== null ? (placeCache.get(search.placeId) ?? null) : null;
    for (const text of textsOf(search, place)) {
      const key = textKey(search.channel, text);
      if (textMatches.has(key)) continue;
      const ids = (byChannel.get(search.channel) ?? []).map((listing) => listing.id);
      const probe = createSearch({ channel: search.channel, text, status: 'all' });
      const rows =
        ids.length === 0
          ? []
          : await db
              .select({ id: properties.id })
              .from(properties)
              .where(and(inArray(properties.id, ids), ...searchConditions(probe, null, now)));
      textMatches.set(key, new Set(rows.map((row) => row.id)));
    }
  }
}

export type SendStats = { emails: number; properties: number };

/** Due searches are emailed in batches of this many: a few statements per batch, whatever the number of users. */
const SEND_BATCH_SIZE = 500;

/**
 * Emails every due saved search its unsent matches, one email per search. Due: I always; W a week and M a month
 * after the last email (or after saving). Each batch claims its matches and stores its emails in one transaction,
 * so a match is never emailed twice (a second worker finds it claimed) and never lost (a failure rolls back).
 */
export async function sendDueAlerts(db: Database, options: { now?: Date; origin: string }): Promise<SendStats> {
  const now = options.now ?? new Date();
  const iso = now.toISOString();
  const agencyName = (await getSiteChrome(db)).agencyName;
  const mailFrom = await getMailFrom(db);
  let emails = 0;
  let propertyCount = 0;
  let lastId = 0;
  for (;;) {
    const dueIds = rowsOf<{ id: number }>(
      await db.execute(sql`
        select s.id from ${savedSearches} s
        where s.id > ${lastId} and s.alert_frequency <> 'N'
          and exists (select 1 from ${savedSearchAlerts} a where a.saved_search_id = s.id and a.sent_at is null)
          and (s.alert_frequency = 'I'
            or (s.alert_frequency = 'W'
              and coalesce(s.last_alerted_at, s.created_at) <= ${iso}::timestamptz - interval '7 days')
            or (s.alert_frequency = 'M'
              and coalesce(s.last_alerted_at, s.created_at) <= ${iso}::timestamptz - interval '1 month'))
        order by s.id
        limit ${SEND_BATCH_SIZE}`),
    ).map((row) => Number(row.id));
    if (dueIds.length === 0) break;
    lastId = dueIds.at(-1)!;
    const sent = await db.transaction(async (tx) => {
      const claimed = await tx
        .update(savedSearchAlerts)
        .set({ sentAt: now })
        .where(and(inArray(savedSearchAlerts.savedSearchId, dueIds), isNull(savedSearchAlerts.sentAt)))
        .returning({ savedSearchId: savedSearchAlerts.savedSearchId, propertyId: savedSearchAlerts.propertyId });
      await tx.update(savedSearches).set({ lastAlertedAt: now }).where(inArray(savedSearches.id, dueIds));
      if (claimed.length === 0) return { emails: 0, properties: 0 };
      const owners = await tx
        .select({
          id: savedSearches.id,
          search: savedSearches.search,
          token: savedSearches.unsubscribeToken,
          email: users.email,
          firstName: users.firstName,
        })
        .from(savedSearches)
        .innerJoin(users, eq(users.id, savedSearches.userId))
        // An address nobody has confirmed gets no alerts: it may belong to someone who never registered.
        .where(and(inArray(savedSearches.id, dueIds), isNotNull(users.emailVerifiedAt)));
      const cards = new Map(
        (await cardsFor(tx as unknown as Database, [...new Set(claimed.map((row) => row.propertyId))], now)).map(
          (card, order) => [card.property_id, { card, order }],
        ),
      );
      const bySearch = new Map<number, number[]>();
      for (const row of claimed)
        bySearch.set(row.savedSearchId, [...(bySearch.get(row.savedSearchId) ?? []), row.propertyId]);
      const outgoing: (typeof emailOutbox.$inferInsert)[] = [];
      let cardCount = 0;
      for (const owner of owners) {
        // Newest listings first, as on the results page.
        const matches = (bySearch.get(owner.id) ?? [])
          .flatMap((id) => cards.get(id) ?? [])
          .sort((a, b) => a.order - b.order)
          .map((entry) => entry.card);
        if (matches.length === 0) continue;
        const search = normaliseSearch(owner.search);
        const email = buildSearchAlertEmail({
          origin: options.origin,
          agencyName,
          firstName: owner.firstName,
          searchDescription: describeSearch(search),
          searchUrl: formatSearchUrl(search),
          unsubscribeUrl: `/unsubscribe/${owner.token}`,
          cards: matches,
        });
        // The same row enqueueEmail stores, written for the whole batch at once.
        outgoing.push({
          toAddress: owner.email,
          fromAddress: mailFrom,
          subject: email.subject,
          textBody: email.text,
          htmlBody: email.html,
          // One-click unsubscribe from the mail client (RFC 8058): it POSTs to the same page the link opens.
          headers: {
            'List-Unsubscribe': `<${options.origin}/unsubscribe/${owner.token}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
          relatedKind: 'saved-search-alert',
          relatedId: owner.id,
        });
        cardCount += matches.length;
      }
      for (let start = 0; start < outgoing.length; start += 100) {
        await tx.insert(emailOutbox).values(outgoing.slice(start, start + 100));
      }
      return { emails: outgoing.length, properties: cardCount };
    });
    emails += sent.emails;
    propertyCount += sent.properties;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { emails, properties: propertyCount };
}

async function cardsFor(db: Database, ids: number[], now: Date): Promise<PropertyCard[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(propertyCardColumns)
    .from(properties)
    .where(and(inArray(properties.id, ids), eq(properties.isPublished, true)))
    .orderBy(sql`${properties.launchedAt} desc`, sql`${properties.id} desc`);
  const branchNames = await getBranchNames(db);
  return rows.map((row) => toPropertyCard(row, now, branchNames));
}

/**
 * Price drops and status changes (under offer, sold STC, sold, let agreed) of saved properties: one email per user
 * listing the changes, then last_known_price/status move on (any other change is recorded silently).
 */
async function notifySavedPropertyChanges(db: Database, options: { now?: Date; origin: string }): Promise<SendStats> {
  const now = options.now ?? new Date();
  const agencyName = (await getSiteChrome(db)).agencyName;
  const changed = await db
    .select({
      savedId: savedProperties.id,
      userId: savedProperties.userId,
      propertyId: savedProperties.propertyId,
      lastKnownPrice: savedProperties.lastKnownPrice,
      lastKnownStatus: savedProperties.lastKnownStatus,
      priceValue: properties.priceValue,
      status: properties.status,
    })
    .from(savedProperties)
    .innerJoin(properties, eq(properties.id, savedProperties.propertyId))
    .where(
      and(
        eq(properties.isPublished, true),
        sql`(${savedProperties.lastKnownPrice} is distinct from ${properties.priceValue}
          or ${savedProperties.lastKnownStatus} is distinct from ${properties.status})`,
      ),
    )
    .orderBy(asc(savedProperties.userId), asc(savedProperties.id))
    .limit(5_000);
  const byUser = new Map<number, typeof changed>();
  for (const row of changed) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  let emails = 0;
  let propertyCount = 0;
  for (const [userId, rows] of byUser) {
    await db.transaction(async (tx) => {
      const notable = rows.filter(
        (row) =>
          (row.lastKnownPrice !== null && row.priceValue !== null && row.priceValue < row.lastKnownPrice) ||
          (row.lastKnownStatus !== null &&
            row.lastKnownStatus !== row.status &&
            (NOTABLE_STATUSES as readonly string[]).includes(row.status)),
      );
      for (const row of rows) {
        await tx
          .update(savedProperties)
          .set({ lastKnownPrice: row.priceValue, lastKnownStatus: row.status })
          .where(eq(savedProperties.id, row.savedId));
      }
      if (notable.length === 0) return;
      const [user] = await tx
        .select({ email: users.email, firstName: users.firstName })
        .from(users)
        .where(and(eq(users.id, userId), isNotNull(users.emailVerifiedAt)));
      if (!user) return;
      const cards = await cardsFor(
        tx as unknown as Database,
        notable.map((row) => row.propertyId),
        now,
      );
      const changes: SavedPropertyChange[] = notable.flatMap((row) => {
        const card = cards.find((entry) => entry.property_id === row.propertyId);
        if (!card) return [];
        const isPriceDrop =
          row.lastKnownPrice !== null && row.priceValue !== null && row.priceValue < row.lastKnownPrice;
        return [{ card, kind: isPriceDrop ? 'price-drop' : 'status', previousPrice: row.lastKnownPrice }];
      });
      if (changes.length === 0) return;
      const email = buildSavedPropertyChangesEmail({
        origin: options.origin,
        agencyName,
        firstName: user.firstName,
        changes,
      });
      await enqueueEmail(tx as unknown as Database, {
        to: user.email,
        ...email,
        relatedKind: 'saved-property-change',
        relatedId: userId,
      });
      emails++;
      propertyCount += changes.length;
    });
  }
  return { emails, properties: propertyCount };
}

export type AlertRunStats = { ran: boolean; match?: MatchStats; searchAlerts?: SendStats; propertyChanges?: SendStats };

/**
 * The job: runs when due (a durable row in `jobs`, claimed with FOR UPDATE SKIP LOCKED so one instance runs it),
 * matches listings launched since the last run, sends due alerts and saved-property changes, then schedules the
 * next run. Called on every job-runner tick; cheap when not due.
 */
export async function runAlertJobIfDue(
  db: Database,
  options: { now?: Date; origin: string; intervalMs?: number; force?: boolean },
): Promise<AlertRunStats> {
  const now = options.now ?? new Date();
  const intervalMs = options.intervalMs ?? ALERT_INTERVAL_MS;
  await ensureAlertJob(db, now);
  const claimed = rowsOf<{ id: number; payload: { matchedUntil?: string }; run_at: string | Date }>(
    await db.execute(sql`
      update ${jobs} set status = 'running', locked_at = ${now.toISOString()}::timestamptz, attempts = attempts + 1
      where id = (
        select id from ${jobs}
        where kind = ${ALERT_JOB_KIND}
          and ((status = 'queued' and (run_at <= ${now.toISOString()}::timestamptz or ${options.force === true}))
            or (status = 'running' and locked_at < ${new Date(now.getTime() - STALE_LOCK_MS).toISOString()}::timestamptz))
        order by id limit 1
        for update skip locked
      )
      returning id, payload, run_at`),
  );
  const job = claimed[0];
  if (!job) return { ran: false };
  // A forced run (an import that has just committed) is extra: it must not push the regular run back, or a caller
  // with a longer interval than the job runner's would delay everyone's alerts by its own interval.
  const scheduled = new Date(now.getTime() + intervalMs);
  const nextRunAt =
    options.force === true ? new Date(Math.min(new Date(job.run_at).getTime(), scheduled.getTime())) : scheduled;
  // The lock's clock is the caller's `now` moved on by the real time spent, so tests with a fixed `now` still work.
  const startedAt = Date.now();
  const heartbeat = setInterval(() => {
    const lockedAt = new Date(now.getTime() + (Date.now() - startedAt)).toISOString();
    db.execute(
      sql`update ${jobs} set locked_at = ${lockedAt}::timestamptz where id = ${job.id} and status = 'running'`,
    ).catch(() => undefined);
  }, ALERT_HEARTBEAT_MS);
  heartbeat.unref();
  try {
    const since = job.payload.matchedUntil
      ? new Date(job.payload.matchedUntil)
      : new Date(now.getTime() - FIRST_RUN_LOOKBACK_MS);
    const match = await matchNewListings(db, { since, until: now }, now);
    const searchAlerts = await sendDueAlerts(db, { now, origin: options.origin });
    const propertyChanges = await notifySavedPropertyChanges(db, { now, origin: options.origin });
    await db
      .update(jobs)
      .set({
        status: 'queued',
        lockedAt: null,
        lastError: null,
        payload: { matchedUntil: now.toISOString() },
        runAt: nextRunAt,
      })
      .where(eq(jobs.id, job.id));
    return { ran: true, match, searchAlerts, propertyChanges };
  } catch (error) {
    await db
      .update(jobs)
      .set({
        status: 'queued',
        lockedAt: null,
        lastError: error instanceof Error ? error.message.slice(0, 500) : 'unknown error',
        runAt: nextRunAt,
      })
      .where(eq(jobs.id, job.id));
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
}

async function ensureAlertJob(db: Database, now: Date): Promise<void> {
  await db.execute(sql`
    insert into ${jobs} (kind, payload, status, run_at)
    select ${ALERT_JOB_KIND}, '{}'::jsonb, 'queued', ${now.toISOString()}::timestamptz
    where not exists (select 1 from ${jobs} where kind = ${ALERT_JOB_KIND})`);
}

/** Absolute links in emails: PUBLIC_URL, or the local server in development. */
export function alertOrigin(env: { PUBLIC_URL?: string; PORT: number }): string {
  return env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
}
