/**
 * The saved-items forms posted without JavaScript (docs/decisions/012): the same addresses as the JSON calls, told
 * apart by `return_to`, answered with a 303 back there and a one-time notice in the session; a visitor who is not
 * signed in is sent to sign in. The JSON answers of the same addresses are tests/integration/saved-calls.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { savedProperties, savedSearches } from '../../db/schema/index.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { takeFlashNotice, type FlashNotice } from '../../app/lib/flash-notice.server.ts';
import * as savedPropertiesRoute from '../../app/routes/api/saved-properties.ts';
import * as savedPropertyRoute from '../../app/routes/api/saved-property.ts';
import * as savedSearchesRoute from '../../app/routes/api/saved-searches.ts';
import * as searchDeleteRoute from '../../app/routes/api/search-delete.ts';
import { action as saveSearchAction } from '../../app/routes/public/search.tsx';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { contextFor, insertBranch, insertProperty, insertUser, resetSavedTables } from './saved-fixtures.ts';

let database: TestDatabase;
let propertyId: number;
let userId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
  propertyId = (await insertProperty(database.db, await insertBranch(database.db))).id;
  userId = await insertUser(database.db);
});

afterAll(async () => {
  setDatabaseHandle(undefined);
  await database?.dispose();
});

beforeEach(async () => {
  await resetSavedTables(database.db);
});

/** A request context whose session keeps what is set in memory, as the visitor's session row would. */
function formContext(signedInAs: number | null) {
  const stored = new Map<string, unknown>();
  const session = {
    ...contextFor(signedInAs).session,
    get: async <T>(key: string) => stored.get(key) as T | undefined,
    set: async (key: string, value: unknown) => void stored.set(key, value),
  };
  return { ...contextFor(signedInAs), session };
}

type FormContext = ReturnType<typeof formContext>;

function post(context: FormContext, method: string, path: string, fields: Record<string, string>, params = {}) {
  return {
    request: new Request(`http://localhost${path}`, {
      method,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    }),
    params,
    context,
  } as never;
}

/** The redirect's target and the notice the next page shows. */
async function redirected(result: unknown, context: FormContext): Promise<{ location: string; notice: FlashNotice }> {
  expect(result).toBeInstanceOf(Response);
  const response = result as Response;
  expect(response.status).toBe(303);
  const notice = await takeFlashNotice(context.session);
  expect(notice).not.toBeNull();
  // Taken once: a reload does not show it again.
  expect(await takeFlashNotice(context.session)).toBeNull();
  return { location: response.headers.get('location') ?? '', notice: notice! };
}

const SIGN_IN = {
  location: '/user/sign-in',
  notice: { message: 'Please sign in to keep saved properties and searches in your account.', kind: 'error' },
};

describe('saved-items forms without JavaScript', () => {
  it('Save search saves for a signed-in user and goes back to the results; the same search again is already saved', async () => {
    const context = formContext(userId);
    const back = '/search?channel=sales&minBeds=2';
    const first = await redirected(
      await saveSearchAction(post(context, 'POST', '/search?channel=sales&minBeds=2', { return_to: back })),
      context,
    );
    expect(first).toEqual({
      location: back,
      notice: { message: 'Search saved. Find it under Saved Searches in your account.', kind: 'success' },
    });
    const [row] = await database.db.select().from(savedSearches).where(eq(savedSearches.userId, userId));
    expect(row?.alertFrequency).toBe('I');
    // return_to is the form's control field, never a filter of the saved search.
    expect(JSON.stringify(row)).not.toContain('return_to');
    const again = await redirected(
      await saveSearchAction(post(context, 'POST', '/search?channel=sales&minBeds=2', { return_to: back })),
      context,
    );
    expect(again.notice).toEqual({ message: 'You have already saved this search.', kind: 'success' });
  });

  it('a visitor who is not signed in is sent to sign in by every saved-items form', async () => {
    const calls = [
      (context: FormContext) =>
        saveSearchAction(post(context, 'POST', '/search?channel=sales', { return_to: '/search?channel=sales' })),
      (context: FormContext) =>
        savedPropertiesRoute.action(
          post(context, 'POST', '/saved_properties.ljson', { property_ids: String(propertyId), return_to: '/' }),
        ),
      (context: FormContext) =>
        savedPropertyRoute.action(
          post(context, 'DELETE', `/saved_properties/${propertyId}`, { return_to: '/' }, { id: String(propertyId) }),
        ),
      (context: FormContext) =>
        savedSearchesRoute.action(
          post(context, 'PUT', '/saved_searches', { search_id: '1', alert_frequency: 'W', return_to: '/' }),
        ),
      (context: FormContext) =>
        searchDeleteRoute.action(post(context, 'DELETE', '/searches/1', { return_to: '/' }, { searchId: '1' })),
    ];
    for (const call of calls) {
      const context = formContext(null);
      expect(await redirected(await call(context), context)).toEqual(SIGN_IN);
    }
  });

  it('the save toggle adds and removes a property and goes back to the page it was on', async () => {
    const context = formContext(userId);
    const added = await redirected(
      await savedPropertiesRoute.action(
        post(context, 'POST', '/saved_properties.ljson', { property_ids: String(propertyId), return_to: '/search' }),
      ),
      context,
    );
    expect(added).toEqual({ location: '/search', notice: { message: 'Property saved.', kind: 'success' } });
    const saved = () =>
      database.db
        .select()
        .from(savedProperties)
        .where(and(eq(savedProperties.userId, userId), eq(savedProperties.propertyId, propertyId)));
    expect(await saved()).toHaveLength(1);
    const removed = await redirected(
      await savedPropertyRoute.action(
        post(
          context,
          'DELETE',
          `/saved_properties/${propertyId}`,
          { return_to: '/user/saved-properties' },
          { id: String(propertyId) },
        ),
      ),
      context,
    );
    expect(removed).toEqual({
      location: '/user/saved-properties',
      notice: { message: 'Saved property removed.', kind: 'success' },
    });
    expect(await saved()).toHaveLength(0);
  });

  it('changes the alert frequency and removes a saved search; a wrong value is reported, not stored', async () => {
    const context = formContext(userId);
    await saveSearchAction(post(context, 'POST', '/search?channel=lettings', { return_to: '/search' }));
    await takeFlashNotice(context.session);
    const [row] = await database.db.select().from(savedSearches).where(eq(savedSearches.userId, userId));
    const searchId = String(row!.id);
    const back = '/user/saved-searches';

    const wrong = await redirected(
      await savedSearchesRoute.action(
        post(context, 'PUT', '/saved_searches', { search_id: searchId, alert_frequency: 'X', return_to: back }),
      ),
      context,
    );
    expect(wrong).toEqual({
      location: back,
      notice: {
        message: 'Alert frequency must be I (immediately), W (weekly), M (monthly) or N (never).',
        kind: 'error',
      },
    });
    const updated = await redirected(
      await savedSearchesRoute.action(
        post(context, 'PUT', '/saved_searches', { search_id: searchId, alert_frequency: 'W', return_to: back }),
      ),
      context,
    );
    expect(updated).toEqual({ location: back, notice: { message: 'Email alert frequency updated.', kind: 'success' } });
    const [afterUpdate] = await database.db.select().from(savedSearches).where(eq(savedSearches.id, row!.id));
    expect(afterUpdate?.alertFrequency).toBe('W');

    const removed = await redirected(
      await searchDeleteRoute.action(
        post(context, 'DELETE', `/searches/${searchId}`, { return_to: back }, { searchId }),
      ),
      context,
    );
    expect(removed).toEqual({ location: back, notice: { message: 'Saved search removed', kind: 'success' } });
    expect(await database.db.select().from(savedSearches).where(eq(savedSearches.userId, userId))).toEqual([]);
  });

  it('goes back only to a path on this site', async () => {
    const context = formContext(userId);
    const result = await savedPropertiesRoute.action(
      post(context, 'POST', '/saved_properties.ljson', {
        property_ids: String(propertyId),
        return_to: '//evil.example/',
      }),
    );
    expect((await redirected(result, context)).location).toBe('/');
  });
});
