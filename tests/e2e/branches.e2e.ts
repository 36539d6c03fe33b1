import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './browser.ts';

const { newPage } = useBrowser();

describe('branches#index', () => {
  it('lists branch cards with address, sales and lettings numbers and email, paginated', async () => {
    for (const width of [1280, 390]) {
      const page = await newPage({ width, height: 900 });
      await page.goto('/branches');
      expect(await page.locator('h1').textContent()).toBe('Our branches');
      expect(await page.locator('.branches-page__count').textContent()).toBe('8 branches');
      expect(await page.locator('.branch-card').count()).toBe(6);
      const card = page.locator('.branch-card').first();
      expect(await card.locator('address').textContent()).toMatch(/[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/);
      expect(await card.getByText('Sales').count()).toBe(1);
      expect(await card.getByText('Lettings').count()).toBe(1);
      expect(await card.locator('a[href^="tel:"]').count()).toBe(2);
      expect(await card.locator('a[href^="mailto:"]').count()).toBe(1);
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: 'Next' }).click();
      await page.waitForURL('**/branches?page=2');
      await expect.poll(() => page.locator('.branch-card').count()).toBe(2);
    }
  });

  it('searches by text and filters by department (default all), resetting the page', async () => {
    const page = await newPage();
    await page.goto('/branches?page=2');
    expect(await page.getByLabel('Department').inputValue()).toBe('all');
    await page.getByLabel('Search by town, postcode or branch name').fill('edinburgh');
    await page.getByLabel('Search by town, postcode or branch name').press('Enter');
    await page.waitForURL(/q=edinburgh/);
    expect(page.url()).not.toContain('page=');
    await expect.poll(() => page.locator('.branch-card__name').allTextContents()).toEqual(['Edinburgh']);

    await page.getByRole('link', { name: 'Clear' }).click();
    await page.waitForURL((url) => url.pathname === '/branches' && url.search === '');
    await page.getByLabel('Department').selectOption('antiques');
    await page.waitForURL(/department=antiques/);
    await expect.poll(() => page.locator('.branch-card').count()).toBeLessThan(6);
    const names = await page.locator('.branch-card__name').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(names.length).toBeLessThan(8);
    expect(names).toContain('Bath');
    await expectNoAxeViolations(page);

    await page.getByLabel('Search by town, postcode or branch name').fill('nowhere-at-all');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/q=nowhere-at-all/);
    await expect.poll(() => page.locator('.branches-page__count').textContent()).toBe('No branches match your search.');
  });
});

describe('branch page', () => {
  it('shows departments, staff with contact links, the map and the branch properties', async () => {
    for (const width of [1280, 390]) {
      const page = await newPage({ width, height: 900 });
      await page.goto('/branches');
      await page.getByRole('link', { name: 'Bath', exact: true }).click();
      await page.waitForURL('**/branches/bath');
      await expect.poll(() => page.locator('h1').textContent()).toBe('Bath');
      expect(await page.locator('.department-card h3').allTextContents()).toContain('Sales');
      const contact = page.locator('.staff-card a').first();
      expect(await contact.getAttribute('href')).toMatch(/^\/contact-staff-member\/\d+$/);
      expect(await contact.textContent()).toMatch(/^Contact \S+ \S+/);
      // Leaflet arrives lazily after the loading title.
      await expect.poll(() => page.locator('.leaflet-container').count(), { timeout: 10_000 }).toBe(1);
      expect(await page.locator('.property-card').count()).toBeGreaterThan(0);
      const allLink = page.getByRole('link', { name: /^See all [\d,]+ properties for sale from Bath$/ });
      expect(await allLink.getAttribute('href')).toMatch(/^\/search\?channel=sales&branch_id=\d+(&|$)/);
      const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
        (text) => JSON.parse(text) as { '@type': string; name?: string; address?: { postalCode?: string } },
      );
      const agent = jsonLd.find((entry) => entry['@type'] === 'RealEstateAgent');
      expect(agent?.name).toBe('Bath');
      expect(agent?.address?.postalCode).toMatch(/^BA1/);
      await expectNoAxeViolations(page);
    }
  });

  it('answers an unknown branch with 404', async () => {
    const page = await newPage();
    const response = await page.goto('/branches/atlantis');
    expect(response?.status()).toBe(404);
  });
});
