/**
 * Saved properties and searches (spec point 4) as a visitor and a signed-in user would use them: local saves
 * merged into the account on sign-in and restored on sign-out, and a saved search with its alert frequency changed.
 * (The alert e-mail journey is tests/e2e/alerts.pg-e2e.ts: it adds a listing, which needs PostgreSQL.)
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callFromPage, localSaved, register, salesListings, signIn, UI, type Listing } from './account-helpers.ts';
import { expectNoAxeViolations, useBrowser } from './browser.ts';

const { newPage, baseURL } = useBrowser();

let listings: Listing[];

beforeAll(async () => {
  listings = (await salesListings(baseURL)).slice(0, 3);
  expect(listings).toHaveLength(3);
});

describe('saved properties', () => {
  it('merges a visitor’s saves into the account on sign-in, lists them, and restores the visitor’s list on sign-out', async () => {
    const [onServer, localOne, localTwo] = listings as [Listing, Listing, Listing];
    const email = `merge-${Date.now()}@example.com`;

    // The account already holds one saved property (saved on another device).
    const other = await newPage();
    await register(other, email);
    expect(
      (await callFromPage(other, '/saved_properties.ljson', { property_ids: String(onServer.property_id) })).status,
    ).toBe(200);

    // A visitor on this browser saves two properties from the results.
    const page = await newPage();
    await page.goto('/search?channel=sales');
    for (const listing of [localOne, localTwo]) {
      await page
        .getByRole('button', { name: `Save ${listing.display_address}`, exact: true })
        .first()
        .click();
      await expect.poll(() => page.locator('.toast', { hasText: 'Property saved.' }).count(), UI).toBeGreaterThan(0);
    }
    expect(await localSaved(page)).toEqual([localOne.property_id, localTwo.property_id]);

    await signIn(page, email);
    await expect
      .poll(
        async () => ((await callFromPage(page, '/saved_properties.ljson')).body.property_ids as number[]).sort(),
        UI,
      )
      .toEqual([onServer.property_id, localOne.property_id, localTwo.property_id].sort());
    expect((await callFromPage(page, '/saved_properties.ljson')).body.synced).toBe(true);
    await expect
      .poll(async () => (await localSaved(page)).sort(), UI)
      .toEqual([onServer.property_id, localOne.property_id, localTwo.property_id].sort());

    await page.goto('/user/saved-properties');
    const cards = page.locator('.saved-panel .property-card');
    await expect.poll(() => cards.count(), UI).toBe(3);
    await expectNoAxeViolations(page);

    // Removing while signed in tells the server.
    await page
      .locator('.saved-panel')
      .getByRole('button', { name: `Remove ${localOne.display_address} from saved properties`, exact: true })
      .first()
      .click();
    await expect
      .poll(() => page.locator('.toast', { hasText: 'Saved property removed.' }).count(), UI)
      .toBeGreaterThan(0);
    await expect.poll(() => cards.count(), UI).toBe(2);
    await expect
      .poll(
        async () => ((await callFromPage(page, '/saved_properties.ljson')).body.property_ids as number[]).sort(),
        UI,
      )
      .toEqual([onServer.property_id, localTwo.property_id].sort());

    // Sign out: the visitor's own list comes back.
    await page.goto('/user');
    // Click only once React has hydrated the button (the account screens load lazily).
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const button = [...document.querySelectorAll('button')].find(
              (element) => element.textContent === 'Sign out',
            );
            return Boolean(button && Object.keys(button).some((key) => key.startsWith('__reactProps')));
          }),
        UI,
      )
      .toBe(true);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect
      .poll(() => page.locator('.toast', { hasText: 'You have been signed out' }).count(), UI)
      .toBeGreaterThan(0);
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('doorstep.savedProperties.syncedUser')), UI)
      .toBeNull();
    expect(await localSaved(page)).toEqual([localOne.property_id, localTwo.property_id]);
    // …and the results page shows it: the first is saved again, the server-only one is not.
    await page.goto('/search?channel=sales');
    await expect
      .poll(
        () =>
          page
            .getByRole('button', { name: `Remove ${localOne.display_address} from saved properties`, exact: true })
            .count(),
        UI,
      )
      .toBeGreaterThan(0);
  });
});

describe('saved searches of a visitor', () => {
  it('keeps a visitor’s saved search in the browser and moves it to the account on sign-in', async () => {
    const email = `visitor-search-${Date.now()}@example.com`;
    const setup = await newPage();
    await register(setup, email);

    const page = await newPage();
    await page.goto('/search?channel=lettings&minBeds=1');
    await page.getByRole('button', { name: 'Save search' }).click();
    await expect
      .poll(() => page.getByText('Search saved. Find it under Saved Searches in your account.').count(), UI)
      .toBe(1);
    await page.goto('/user/saved-searches');
    const item = page.locator('.saved-searches__item');
    await expect.poll(() => item.count(), UI).toBe(1);
    expect(await item.textContent()).toContain('Email alerts: Immediately');
    await expectNoAxeViolations(page);

    await signIn(page, email);
    await expect
      .poll(async () => {
        const listed = await callFromPage(page, '/saved_searches.ljson');
        return (listed.body.saved_searches as { channel: string; minBeds: number }[] | undefined)?.map(
          (entry) => `${entry.channel}:${entry.minBeds}`,
        );
      }, UI)
      .toEqual(['lettings:1']);
    expect(
      await page.evaluate(() => JSON.parse(window.localStorage.getItem('doorstep.savedSearches') ?? '[]') as unknown[]),
    ).toEqual([]);
  });
});

describe('saved searches and alerts', () => {
  const email = `searcher-${Date.now()}@example.com`;
  let page: Page;

  beforeAll(async () => {
    page = await newPage();
    await register(page, email);
  });

  it('saves a search from the results, lists it with a link back, and changes its alert frequency', async () => {
    await page.goto('/search?channel=sales&minBeds=2&maxPrice=900000');
    await page.getByRole('button', { name: 'Save search' }).click();
    await expect
      .poll(() => page.getByText('Search saved. Find it under Saved Searches in your account.').count(), UI)
      .toBe(1);

    await page.goto('/user/saved-searches');
    const item = page.locator('.saved-searches__item');
    await expect.poll(() => item.count(), UI).toBe(1);
    const link = item.locator('a.saved-searches__link');
    expect(await link.getAttribute('href')).toContain(
      '/search?channel=sales#/properties-for-sale/from-2-bed/up-to-900000',
    );
    await expectNoAxeViolations(page);

    const frequency = item.getByLabel('Email alerts');
    expect(await frequency.inputValue()).toBe('I');
    await frequency.selectOption('W');
    await expect
      .poll(() => page.locator('.toast', { hasText: 'Email alert frequency updated.' }).count(), UI)
      .toBeGreaterThan(0);
    const listed = await callFromPage(page, '/saved_searches.ljson');
    expect((listed.body.saved_searches as { alert_frequency: string }[])[0]?.alert_frequency).toBe('W');
    // A choice made before the page's script has run is kept and saved once it runs: the scripts are held back
    // until the list has been changed (the form still shows its Update button, which is not pressed).
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    const isScript = (url: URL) => url.pathname.endsWith('.js');
    await page.route(isScript, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.reload({ waitUntil: 'commit' });
    await expect
      .poll(() => page.locator('.saved-searches__item').getByLabel('Email alerts').inputValue(), UI)
      .toBe('W');
    expect(await page.locator('.saved-searches__update').count()).toBe(1);
    await page.locator('.saved-searches__item').getByLabel('Email alerts').selectOption('I');
    releaseScripts();
    await expect.poll(() => page.locator('.saved-searches__update').count(), UI).toBe(0);
    await expect
      .poll(
        async () =>
          ((await callFromPage(page, '/saved_searches.ljson')).body.saved_searches as { alert_frequency: string }[])[0]
            ?.alert_frequency,
        UI,
      )
      .toBe('I');
    expect(await page.locator('.saved-searches__item').getByLabel('Email alerts').inputValue()).toBe('I');
    // Let a held script's handler finish before the page's requests go back to the context's own handler.
    await page.unrouteAll({ behavior: 'wait' });

    // Link back to the search.
    await link.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('minBeds'), UI).toBe('2');
  });

  it('removes a saved search', async () => {
    await page.goto('/user/saved-searches');
    await page
      .getByRole('button', { name: /^Remove saved search/ })
      .first()
      .click();
    await expect.poll(() => page.locator('.toast', { hasText: 'Saved search removed' }).count(), UI).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.saved-searches__item').count(), UI).toBe(0);
    expect((await callFromPage(page, '/saved_searches.ljson')).body.saved_searches).toEqual([]);
  });

  it('sends one call for a double click on Save search or on the save toggle', async () => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
    });
    await page.goto('/search?channel=sales&minBeds=3');
    await page.getByRole('button', { name: 'Save search' }).dblclick();
    await expect
      .poll(() => page.getByText('Search saved. Find it under Saved Searches in your account.').count(), UI)
      .toBe(1);
    await page.locator('button.save-toggle').first().dblclick();
    await expect.poll(() => page.locator('.toast', { hasText: 'Property saved.' }).count(), UI).toBeGreaterThan(0);
    expect(posts.filter((path) => path === '/search.data')).toHaveLength(1);
    expect(posts.filter((path) => path === '/saved_properties.ljson')).toHaveLength(1);
  });
});
