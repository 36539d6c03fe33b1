import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations, useBrowser } from './browser.ts';
import { rejectCookies } from './site.ts';

const { newPage, baseURL } = useBrowser();

async function cardBeds(page: Page): Promise<number[]> {
  const texts = await page.locator('.property-card__rooms li .visually-hidden').allTextContents();
  return texts.filter((text) => text.includes('bedroom')).map((text) => Number(text.split(' ')[0]));
}

async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.locator('.property-card__amount').allTextContents();
  return texts.map((text) => Number(text.replace(/[^\d]/g, '')));
}

describe('search', () => {
  it('filters, sorts and paginates with real links', async () => {
    const page = await newPage();
    await page.goto('/search');
    await rejectCookies(page);
    await page.getByLabel('Min beds').selectOption('3');
    await page.getByLabel('Sort by').selectOption('least-expensive-first');
    await page.getByRole('button', { name: 'Update results' }).click();
    await page.waitForURL(/minBeds=3/);
    expect(page.url()).toContain('sort=least-expensive-first');
    // Client navigation commits the URL a moment before React paints the new results.
    await expect.poll(async () => Math.min(...(await cardBeds(page)))).toBeGreaterThanOrEqual(3);
    const beds = await cardBeds(page);
    expect(beds.length).toBeGreaterThan(0);
    for (const count of beds) expect(count).toBeGreaterThanOrEqual(3);
    const prices = await cardPrices(page);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(await page.locator('.search-page__count').textContent()).toMatch(/properties for sale/);

    const firstCard = await page.locator('.property-card__title a').first().textContent();
    const next = page.getByRole('link', { name: 'Next' });
    expect(await next.getAttribute('href')).toMatch(/page=2/);
    await next.click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => page.locator('.property-card__title a').first().textContent()).not.toBe(firstCard);
    const nextPrices = await cardPrices(page);
    expect(nextPrices[0]).toBeGreaterThanOrEqual(prices[prices.length - 1]!);
    await expectNoAxeViolations(page);
  });

  it('switching channel clears the price range', async () => {
    const page = await newPage();
    await page.goto('/search?channel=sales&minPrice=200000&maxPrice=500000');
    await rejectCookies(page);
    await page.getByLabel('Buy or rent').selectOption('lettings');
    await page.getByRole('button', { name: 'Update results' }).click();
    await page.waitForURL(/channel=lettings/);
    expect(page.url()).not.toContain('minPrice');
    expect(page.url()).not.toContain('maxPrice');
    await expect.poll(() => page.locator('h1').textContent()).toContain('Property to rent');
  });

  it('keeps a channel chosen before the page script ran, and swaps the price lists for it once it runs', async () => {
    const page = await newPage();
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    const isScript = (url: URL) => url.pathname.endsWith('.js');
    await page.route(isScript, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto('/search?channel=sales&minPrice=200000', { waitUntil: 'commit' });
    const channel = page.getByLabel('Buy or rent');
    await channel.selectOption('lettings');
    expect(await page.locator('form.search-filters').getAttribute('data-prices-for')).toBe('sales');
    releaseScripts();
    await expect
      .poll(() => page.locator('form.search-filters').getAttribute('data-prices-for'), { timeout: 20_000 })
      .toBe('lettings');
    expect(await channel.inputValue()).toBe('lettings');
    // The lists now offer rents, and the sale price chosen before is gone.
    expect(await page.getByLabel('Min price').inputValue()).toBe('');
    expect(await page.locator('#filter-min-price option').allTextContents()).toContain('£500 pcm');
    // Let a held script's handler finish before the page's requests go back to the context's own handler.
    await page.unrouteAll({ behavior: 'wait' });
  });

  it('leaves leasehold flats out when asked, with the filter in the URL and the fragment', async () => {
    const page = await newPage();
    await page.goto('/search?channel=sales&propertyType=flat&status=all');
    await rejectCookies(page);
    const countText = async () => (await page.locator('.search-page__count').textContent()) ?? '';
    const before = Number((await countText()).replace(/[^\d]/g, ''));
    await page.locator('summary', { hasText: 'More filters' }).click();
    await page.getByLabel('Exclude leasehold').check();
    await page.getByRole('button', { name: 'Update results' }).click();
    await page.waitForURL(/excludeLeasehold=true/);
    await expect.poll(async () => Number((await countText()).replace(/[^\d]/g, ''))).toBeLessThan(before);
    await expect.poll(() => page.getByLabel('Exclude leasehold').isChecked()).toBe(true);
    await expectNoAxeViolations(page);
    const links = await page
      .locator('.property-card__title a')
      .evaluateAll((anchors) =>
        anchors.slice(0, 3).map((anchor) => (anchor as HTMLAnchorElement).getAttribute('href') ?? ''),
      );
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      await page.goto(link);
      await expect.poll(() => page.getByText('Tenure', { exact: true }).count()).toBeGreaterThan(0);
      expect(await page.getByText('Leasehold', { exact: true }).count()).toBe(0);
      expect(await page.getByText('Shared ownership', { exact: true }).count()).toBe(0);
    }
    await page.goto('/search#/properties-for-sale/exclude-leasehold/parking');
    await page.waitForURL(/excludeLeasehold=true/);
    expect(page.url()).toContain('parking=true');
  });

  it('turns a path-style fragment link into the same search', async () => {
    const page = await newPage();
    await page.goto('/search#/properties-to-rent/from-2-bed/pets');
    await page.waitForURL(/channel=lettings/);
    expect(page.url()).toContain('minBeds=2');
    expect(page.url()).toContain('pets=true');
    await expect.poll(async () => Math.min(...(await cardBeds(page)))).toBeGreaterThanOrEqual(2);
  });

  it('suggests places with their county and searches around the chosen one', async () => {
    const page = await newPage();
    await page.goto('/search');
    await rejectCookies(page);
    const box = page.getByRole('combobox', { name: 'Town, area or postcode' });
    await box.pressSequentially('Harrog');
    const option = page.getByRole('option', { name: /Harrogate/ }).first();
    await option.waitFor();
    expect(await option.textContent()).toMatch(/Harrogate.*(Yorkshire)/);
    await box.press('ArrowDown');
    await box.press('Enter');
    expect(await box.inputValue()).toMatch(/^Harrogate, /);
    await page.getByRole('button', { name: 'Update results' }).click();
    await page.waitForURL(/placeId=/);
    await expect.poll(() => page.locator('h1').textContent()).toContain('Harrogate');
    expect(await page.locator('.property-card').count()).toBeGreaterThan(0);
  });

  it('shows the map, and draws an area by clicking points and from the keyboard', async () => {
    const page = await newPage({ width: 1280, height: 1000 });
    await page.goto('/search?channel=sales');
    await rejectCookies(page);
    const before = await page.locator('.search-page__count').textContent();
    await page.getByRole('link', { name: 'Map view' }).click();
    await page.waitForURL(/#\/map$/);
    const map = page.getByTestId('search-map');
    await map.waitFor();
    await expect.poll(() => page.locator('.leaflet-marker-icon').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // Zoom in so the drawn area holds fewer results than the whole search.
    for (let i = 0; i < 3; i++) {
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await page.waitForTimeout(300);
    }
    await page.getByRole('button', { name: 'Draw an area' }).click();
    const boxOf = await map.boundingBox();
    const w = boxOf!.width;
    const h = boxOf!.height;
    await map.click({ position: { x: w * 0.35, y: h * 0.3 } });
    await map.click({ position: { x: w * 0.65, y: h * 0.3 } });
    await map.click({ position: { x: w * 0.5, y: h * 0.7 } });
    expect(await page.locator('.search-map__points').textContent()).toBe('3 points added');
    await page.getByRole('button', { name: 'Finish area' }).click();
    await page.waitForURL(/poly=/);
    expect(page.url()).toMatch(/#\/map$/);
    await expect.poll(() => page.locator('.search-page__count').textContent()).not.toBe(before);
    await expect.poll(() => page.locator('path.leaflet-interactive').count()).toBeGreaterThan(0);

    // Keyboard only: move the map with the arrow keys and add the point under the centre cross.
    await page.getByRole('button', { name: 'Clear area' }).click();
    await page.waitForURL((url) => !url.toString().includes('poly='));
    await page.getByRole('button', { name: 'Draw an area' }).focus();
    await page.keyboard.press('Enter');
    const addPoint = page.getByRole('button', { name: 'Add point at map centre' });
    for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight']) {
      await addPoint.focus();
      await page.keyboard.press('Enter');
      await map.focus();
      for (let i = 0; i < 4; i++) await page.keyboard.press(key);
      await page.waitForTimeout(300);
    }
    await expect.poll(() => page.locator('.search-map__points').textContent()).toBe('3 points added');
    await page.getByRole('button', { name: 'Finish area' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/poly=/);
    await expectNoAxeViolations(page, '.search-map__toolbar');
  });

  it('keeps a search history and saves a search in the browser', async () => {
    const page = await newPage();
    await page.goto('/search?channel=sales&minBeds=2');
    await rejectCookies(page);
    await page.goto('/search?channel=lettings&maxBeds=1');
    const title = page.locator('.property-card__title a').first();
    await title.click();
    await page.goBack();
    await page.waitForURL(/maxBeds=1/);
    await page.getByText('Recent searches').click();
    const entry = page.locator('.search-history a').first();
    expect(await entry.textContent()).toContain('Property for sale');
    expect(await entry.getAttribute('href')).toContain('minBeds=2');
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('doorstep.searchHistory') ?? '[]') as { channel: string }[],
    );
    expect(stored[0]?.channel).toBe('lettings');
    await page.getByRole('button', { name: 'Save search' }).click();
    expect(await page.locator('.search-tools__message').textContent()).toContain('Search saved');
    const saved = await page.evaluate(
      () => JSON.parse(localStorage.getItem('doorstep.savedSearches') ?? '[]') as { alert_frequency: string }[],
    );
    expect(saved[0]?.alert_frequency).toBe('I');
  });
});

describe('landing pages', () => {
  it('renders an indexable place page with breadcrumbs, canonical and pagination', async () => {
    expect((await fetch(`${baseURL}/property-for-sale`)).status).toBe(200);
    const page = await newPage();
    const response = await page.goto('/property-for-sale/england');
    expect(response?.status()).toBe(200);
    expect(await page.locator('h1').textContent()).toBe('Property for sale in England');
    expect(await page.locator('link[rel=canonical]').getAttribute('href')).toBe(`${baseURL}/property-for-sale/england`);
    expect(await page.locator('.breadcrumbs li').allTextContents()).toEqual(['Home', 'Property for sale', 'England']);
    expect(await page.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe(
      '/property-for-sale/england?page=2',
    );
    await rejectCookies(page);
    await expectNoAxeViolations(page);
    const second = await page.goto('/property-for-sale/england?page=2');
    expect(second?.status()).toBe(200);
    expect(await page.locator('link[rel=canonical]').getAttribute('href')).toBe(
      `${baseURL}/property-for-sale/england?page=2`,
    );
  });

  it('answers 404 for a place without properties', async () => {
    expect((await fetch(`${baseURL}/property-for-sale/postcode/zz9`)).status).toBe(404);
    expect((await fetch(`${baseURL}/property-to-rent/scotland/no-such-county`)).status).toBe(404);
    expect((await fetch(`${baseURL}/property-for-sale/england?page=99999`)).status).toBe(404);
  });
});
