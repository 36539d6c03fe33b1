import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  emailOutbox,
  places,
  properties,
  savedProperties,
  savedSearchAlerts,
  savedSearches,
  users,
} from '../../db/schema/index.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { runAlertJobIfDue } from '../../app/features/alerts/alerts.server.ts';
import { saveSearchForUser } from '../../app/features/saved/saved-search-queries.server.ts';
import { addSavedProperties } from '../../app/features/saved/saved-property-queries.server.ts';
import { createSearch, type SearchInput } from '../../app/features/search/search-model.ts';
import { loader as unsubscribeLoader, action as unsubscribeAction } from '../../app/routes/public/unsubscribe.tsx';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import {
  insertBranch,
  insertProperty,
  insertUser,
  resetSavedTables,
  type PropertyOverrides,
} from './saved-fixtures.ts';

let database: TestDatabase;
let branchId: number;
let userId: number;
const origin = 'https://agency.example';
const MINUTE = 60_000;
const DAY = 86_400_000;

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
  branchId = await insertBranch(database.db);
  userId = await insertUser(database.db, 'alerts@example.com');
});

afterAll(async () => {
  setDatabaseHandle(undefined);
  await database?.dispose();
});

beforeEach(async () => {
  await resetSavedTables(database.db);
  await database.db.execute(sql`truncate jobs restart identity`);
  await database.db.execute(sql`update properties set is_published = false`);
});

const t0 = new Date('2026-03-02T09:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

async function run(now: Date) {
  return runAlertJobIfDue(database.db, { now, origin, force: true });
}

async function saveSearch(input: SearchInput, savedAt: Date, frequency: 'I' | 'W' | 'M' | 'N' = 'I') {
  const result = await saveSearchForUser(database.db, userId, createSearch(input), frequency);
  if (result.outcome === 'limit-reached') throw new Error('limit');
  await database.db
    .update(savedSearches)
    .set({ createdAt: savedAt })
    .where(eq(savedSearches.id, result.savedSearch.search_id));
  return result.savedSearch.search_id;
}

async function list(launchedAt: Date, overrides: PropertyOverrides = {}) {
  return insertProperty(database.db, branchId, {
    launchedAt,
    createdAt: launchedAt,
    updatedAt: launchedAt,
    ...overrides,
  });
}

async function emails() {
  return database.db.select().from(emailOutbox).orderBy(emailOutbox.id);
}

describe('saved-search alerts', () => {
  it('I: emails a new matching listing within the minute, as a card with links and a one-click unsubscribe', async () => {
    await run(t0);
    const searchId = await saveSearch({ channel: 'sales', minBeds: 2, maxPrice: 400_000 }, t0);
    const match = await list(at(2 * MINUTE), { bedrooms: 3, priceValue: 350_000 });
    await list(at(2 * MINUTE), { bedrooms: 1, priceValue: 350_000 }); // too few beds
    await list(at(2 * MINUTE), { bedrooms: 3, priceValue: 450_000 }); // too dear
    await list(at(2 * MINUTE), { channel: 'lettings', bedrooms: 3, priceValue: 1_000 }); // other channel
    const stats = await run(at(3 * MINUTE));
    expect(stats.match).toMatchObject({ listings: 4, alertsQueued: 1 });
    const sent = await emails();
    expect(sent).toHaveLength(1);
    const [email] = sent;
    expect(email).toMatchObject({
      toAddress: 'alerts@example.com',
      relatedKind: 'saved-search-alert',
      relatedId: searchId,
    });
    expect(email!.subject).toContain('1 new property matches your saved search');
    const [token] = await database.db.select({ token: savedSearches.unsubscribeToken }).from(savedSearches);
    for (const body of [email!.textBody, email!.htmlBody!]) {
      expect(body).toContain(`${origin}/properties/${match.slug}`);
      expect(body).toContain(`${origin}/search?channel=sales#/properties-for-sale/from-2-bed/up-to-400000`);
      expect(body).toContain(`${origin}/unsubscribe/${token!.token}`);
    }
    expect(email!.htmlBody).toContain('£350,000');
    expect(email!.htmlBody).toMatch(/<img [^>]*src="https:\/\/agency\.example\/images\//);
  });

  it('sends no alert to an address its owner has not confirmed, until they do', async () => {
    const unverifiedId = await insertUser(database.db, 'unconfirmed@example.com', { verified: false });
    await run(t0);
    const result = await saveSearchForUser(
      database.db,
      unverifiedId,
      createSearch({ channel: 'sales', minBeds: 2, maxPrice: 400_000 }),
      'I',
    );
    if (result.outcome === 'limit-reached') throw new Error('limit');
    await database.db.update(savedSearches).set({ createdAt: t0 }).where(eq(savedSearches.userId, unverifiedId));
    await list(at(2 * MINUTE), { bedrooms: 3, priceValue: 350_000 });
    await run(at(3 * MINUTE));
    expect((await emails()).map((email) => email.toAddress)).not.toContain('unconfirmed@example.com');

    await database.db
      .update(users)
      .set({ emailVerifiedAt: at(4 * MINUTE) })
      .where(eq(users.id, unverifiedId));
    await list(at(5 * MINUTE), { bedrooms: 3, priceValue: 360_000 });
    await run(at(6 * MINUTE));
    expect((await emails()).map((email) => email.toAddress)).toContain('unconfirmed@example.com');
  });

  it('sends a property at most once per search, even when matched again', async () => {
    await run(t0);
    await saveSearch({ channel: 'sales' }, t0);
    await list(at(MINUTE));
    await run(at(2 * MINUTE));
    // Force a second look at the same window: the pair is already recorded.
    await database.db.execute(sql`update jobs set payload = '{}'::jsonb`);
    await run(at(3 * MINUTE));
    await run(at(4 * MINUTE));
    expect(await emails()).toHaveLength(1);
    expect(await database.db.select().from(savedSearchAlerts)).toHaveLength(1);
  });

  it('does not alert listings that appeared before the search was saved', async () => {
    await run(t0);
    await list(at(MINUTE));
    await saveSearch({ channel: 'sales' }, at(2 * MINUTE));
    await run(at(3 * MINUTE));
    expect(await emails()).toHaveLength(0);
  });

  it('W waits for a week and M for a month, then sends one digest; N never sends', async () => {
    await run(t0);
    const weekly = await saveSearch({ channel: 'sales', minBeds: 1 }, t0, 'W');
    const monthly = await saveSearch({ channel: 'sales', minBeds: 2 }, t0, 'M');
    await saveSearch({ channel: 'sales', minBeds: 3 }, t0, 'N');
    await list(at(MINUTE), { bedrooms: 4 });
    await list(at(2 * DAY), { bedrooms: 4 });
    await run(at(2 * MINUTE));
    await run(at(2 * DAY + MINUTE));
    expect(await emails()).toHaveLength(0);
    await run(at(7 * DAY + MINUTE));
    let sent = await emails();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ relatedId: weekly });
    expect(sent[0]!.subject).toContain('2 new properties match');
    await run(at(20 * DAY));
    expect(await emails()).toHaveLength(1);
    await run(at(31 * DAY));
    sent = await emails();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ relatedId: monthly });
    // N: nothing was even recorded.
    const rows = await database.db.select().from(savedSearchAlerts);
    expect(rows.every((row) => row.savedSearchId !== weekly + 2)).toBe(true);
    expect(rows).toHaveLength(4);
  });

  it('matches a drawn polygon and a place radius exactly like the results page', async () => {
    const [place] = await database.db
      .insert(places)
      .values({
        kind: 'town',
        slug: 'alerton',
        name: 'Alerton',
        nameLower: 'alerton',
        countySlug: 'somerset',
        countyName: 'Somerset',
        country: 'england',
        location: { lng: -2.0, lat: 51.0 },
      } as typeof places.$inferInsert)
      .returning({ id: places.id });
    await run(t0);
    // A triangle around (51.5, -2.5) in [lat, lng].
    const polygonSearch = await saveSearch(
      {
        channel: 'sales',
        poly: [
          [51.4, -2.6],
          [51.6, -2.6],
          [51.5, -2.4],
        ],
      },
      t0,
    );
    const radiusSearch = await saveSearch({ channel: 'sales', placeId: place!.id, within: 1 }, t0);
    const inside = await list(at(MINUTE), { location: { lng: -2.55, lat: 51.5 } });
    await list(at(MINUTE), { location: { lng: -2.45, lat: 51.58 } }); // in the bounding box, outside the triangle
    const near = await list(at(MINUTE), { location: { lng: -2.0, lat: 51.01 } }); // ≈ 0.7 miles north
    await list(at(MINUTE), { location: { lng: -2.0, lat: 51.02 } }); // ≈ 1.4 miles north
    await run(at(2 * MINUTE));
    const pairs = await database.db.select().from(savedSearchAlerts);
    expect(pairs.map((row) => [row.savedSearchId, row.propertyId]).sort()).toEqual(
      [
        [polygonSearch, inside.id],
        [radiusSearch, near.id],
      ].sort(),
    );
  });

  it('matches free text with PostgreSQL full-text search', async () => {
    await run(t0);
    await saveSearch({ channel: 'sales', text: 'orchard' }, t0);
    const orchard = await list(at(MINUTE), { displayAddress: '4 Orchard Close, Bath' });
    await list(at(MINUTE), {
      displayAddress: '5 Mill Lane, Bath',
      addressLine1: '5 Mill Lane',
      summary: 'Near the river',
    });
    await run(at(2 * MINUTE));
    const pairs = await database.db.select().from(savedSearchAlerts);
    expect(pairs.map((row) => row.propertyId)).toEqual([orchard.id]);
  });
});

describe('saved-property changes', () => {
  it('emails a price drop and a status change once, and records other changes silently', async () => {
    const dropped = await list(t0, { priceValue: 500_000 });
    const offered = await list(t0, { priceValue: 300_000 });
    const raised = await list(t0, { priceValue: 200_000 });
    await addSavedProperties(database.db, userId, [dropped.id, offered.id, raised.id]);
    await run(t0);
    expect(await emails()).toHaveLength(0);
    await database.db.update(properties).set({ priceValue: 475_000 }).where(eq(properties.id, dropped.id));
    await database.db.update(properties).set({ status: 'under-offer' }).where(eq(properties.id, offered.id));
    await database.db.update(properties).set({ priceValue: 210_000 }).where(eq(properties.id, raised.id));
    await run(at(MINUTE));
    const sent = await emails();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.relatedKind).toBe('saved-property-change');
    expect(sent[0]!.subject).toBe('Updates on 2 of your saved properties');
    expect(sent[0]!.textBody).toContain('Price reduced (was £500,000): £475,000');
    expect(sent[0]!.textBody).toContain('Now under offer: £300,000');
    expect(sent[0]!.textBody).not.toContain(raised.slug);
    const [raisedRow] = await database.db
      .select()
      .from(savedProperties)
      .where(eq(savedProperties.propertyId, raised.id));
    expect(raisedRow?.lastKnownPrice).toBe(210_000);
    await run(at(2 * MINUTE));
    expect(await emails()).toHaveLength(1);
  });
});

describe('emails about saved properties', () => {
  it('sends none to an address its owner has not confirmed', async () => {
    const unconfirmedId = await insertUser(database.db, 'unconfirmed-saver@example.com', { verified: false });
    const dropped = await list(t0, { priceValue: 400_000 });
    await addSavedProperties(database.db, unconfirmedId, [dropped.id]);
    await run(t0);
    await database.db.update(properties).set({ priceValue: 350_000 }).where(eq(properties.id, dropped.id));
    await run(at(MINUTE));
    expect((await emails()).map((email) => email.toAddress)).not.toContain('unconfirmed-saver@example.com');
  });
});

describe('one-click unsubscribe', () => {
  it('shows the search, switches its alerts to N on POST without sign-in, and 404s an unknown token', async () => {
    const id = await saveSearch({ channel: 'lettings', minBeds: 2 }, t0);
    const [row] = await database.db.select().from(savedSearches).where(eq(savedSearches.id, id));
    const token = row!.unsubscribeToken;
    const call = (method: string, value: string) =>
      ({
        request: new Request(`http://localhost/unsubscribe/${value}`, { method }),
        params: { token: value },
        context: {},
      }) as never;
    const shown = (await unsubscribeLoader(call('GET', token))) as unknown as {
      data: { state: string; description: string };
    };
    expect(shown.data).toMatchObject({ state: 'ask', description: expect.stringContaining('2+ beds') });
    const done = (await unsubscribeAction(call('POST', token))) as unknown as { data: { state: string } };
    expect(done.data.state).toBe('done');
    const [after] = await database.db.select().from(savedSearches).where(eq(savedSearches.id, id));
    expect(after?.alertFrequency).toBe('N');
    const unknown = (await unsubscribeLoader(call('GET', 'x'.repeat(32)))) as unknown as { init: { status: number } };
    expect(unknown.init.status).toBe(404);
  });
});
