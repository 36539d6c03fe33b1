/**
 * The alert journey: a signed-in user's saved search, a new matching listing, the alert e-mail in
 * the outbox, and its one-click unsubscribe without signing in. Adding the listing needs write access to the
 * server's database, which a test has only on PostgreSQL (PGlite lives inside the server process), so this file runs
 * in the PostgreSQL pass of `npm test` (vitest.e2e.config.ts); the alert job itself is covered on both engines by
 * tests/integration/alerts*.test.ts.
 */
import path from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callFromPage, register, UI } from './account-helpers.ts';
import { expectNoAxeViolations, useBrowser } from './browser.ts';

const { newPage } = useBrowser();

describe('saved-search alerts', () => {
  const email = `alerts-${Date.now()}@example.com`;
  let page: Page;

  beforeAll(async () => {
    page = await newPage();
    // Registering confirms the address (alerts go only to a confirmed one) and signs in.
    await register(page, email);
    await page.goto('/search?channel=sales&minBeds=2&maxPrice=900000');
    const saved = await callFromPage(page, '/search?channel=sales&minBeds=2&maxPrice=900000', {});
    expect(saved.status, JSON.stringify(saved.body)).toBeLessThan(300);
  });

  it('emails a new matching listing to the outbox, with a one-click unsubscribe that works without sign-in', async () => {
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/doorstep_e2e_${path.basename(path.resolve(process.env.E2E_DATA_DIR ?? 'data/e2e')).replace(/[^a-z0-9]/gi, '_')}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    const slug = `e2e-alert-${Date.now()}`;
    try {
      await client.query(
        `insert into properties (slug, reference, channel, status, price_value, price_qualifier, display_address,
             address_line_1, town, county, county_slug, country, postcode, postcode_district, place_id, location,
             bedrooms, bathrooms, reception_rooms, property_type, property_style, square_feet, tags, branch_id,
             summary, description, photos, created_at, updated_at, launched_at)
           select $1, 'E2E-ALERT', 'sales', 'available', 450000, '', '1 Alert Lane, ' || town, '1 Alert Lane', town,
             county, county_slug, country, postcode, postcode_district, place_id, location, 3, 2, 1, property_type,
             property_style, square_feet, tags, branch_id, summary, description, photos, now(), now(), now()
           from properties where channel = 'sales' and is_published order by id limit 1`,
        [slug],
      );
    } finally {
      await client.end();
    }
    const outbox = await newPage();
    await expect
      .poll(
        async () => {
          await outbox.goto('/outbox');
          // Other journeys' saved searches may match the listing too: this user's alert is the one to them.
          return outbox
            .locator('.outbox-email', { hasText: slug })
            .filter({ hasText: `To ${email} ` })
            .count();
        },
        { timeout: 45_000, interval: 2_000 },
      )
      .toBe(1);
    const alert = outbox.locator('.outbox-email', { hasText: slug }).filter({ hasText: `To ${email} ` });
    expect(await alert.locator('h2').textContent()).toContain('new property matches your saved search');
    const text = (await alert.locator('pre').textContent()) ?? '';
    expect(text).toContain(`/properties/${slug}`);
    expect(text).toContain('/search?channel=sales#/properties-for-sale/from-2-bed/up-to-900000');
    const unsubscribe = /\/unsubscribe\/[A-Za-z0-9_-]+/.exec(text)?.[0];
    expect(unsubscribe).toBeTruthy();

    // One click, no sign-in: a fresh browser.
    const stranger = await newPage();
    await stranger.goto(unsubscribe!);
    await expectNoAxeViolations(stranger);
    await stranger.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect.poll(() => stranger.getByText('You will not get any more emails').count(), UI).toBe(1);
    const listed = await callFromPage(page, '/saved_searches.ljson');
    expect((listed.body.saved_searches as { alert_frequency: string }[])[0]?.alert_frequency).toBe('N');
  }, 90_000);
});
