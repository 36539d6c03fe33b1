import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './browser.ts';
import { findPropertyPage, rejectCookies } from './site.ts';

const { newPage, baseURL } = useBrowser();

const WIDTHS = [320, 768, 1280, 1920] as const;

async function firstListing(query: string, wanted: (html: string) => boolean): Promise<string> {
  return (await findPropertyPage(baseURL, query, wanted, 10)).url;
}

/** Elements whose text is cut off: wider content than box (with overflow hidden) or sticking out of the viewport. */
async function clippedCardText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const viewport = document.documentElement.clientWidth;
    for (const card of document.querySelectorAll<HTMLElement>('.property-card')) {
      const cardBox = card.getBoundingClientRect();
      if (cardBox.right > viewport + 0.5 || cardBox.left < -0.5) problems.push(`card outside viewport`);
      for (const element of card.querySelectorAll<HTMLElement>('p, h3, li, span, a')) {
        const box = element.getBoundingClientRect();
        if (
          box.width === 0 ||
          (getComputedStyle(element).position === 'absolute' && element.classList.contains('visually-hidden'))
        )
          continue;
        if (element.classList.contains('visually-hidden')) continue;
        if (element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflow !== 'visible')
          problems.push(`${element.className}: ${element.textContent}`);
        if (box.right > cardBox.right + 0.5 || box.left < cardBox.left - 0.5)
          problems.push(`${element.className} outside its card: ${element.textContent}`);
      }
    }
    return problems;
  });
}

let salesUrl: string;
let lettingsUrl: string;

beforeAll(async () => {
  salesUrl = await firstListing(
    'channel=sales',
    (html) => /\/floorplan"/.test(html) && /data-fact="groundRent"/.test(html),
  );
  lettingsUrl = await firstListing('channel=lettings', (html) => /data-fact="deposit"/.test(html));
}, 120_000);

describe('cards at every width', () => {
  for (const width of WIDTHS) {
    it(`shows the card facts unclipped at ${width} px`, async () => {
      const page = await newPage({ width, height: 900 });
      await page.goto('/search?channel=sales');
      await rejectCookies(page);
      await expect.poll(() => page.locator('.property-card').count()).toBeGreaterThan(0);
      const card = page.locator('.property-card').first();
      await expect.poll(() => card.locator('.property-card__markers li').first().textContent()).toMatch(/\d+ photos?/);
      expect(await card.locator('.property-card__meta').textContent()).toMatch(/(Added|Reduced) on \d{1,2} \w+ \d{4}/);
      expect(await card.locator('.property-card__meta').textContent()).toMatch(/branch/);
      expect(await clippedCardText(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      if (width === 320 || width === 1280) await expectNoAxeViolations(page);
    });
  }
});

describe('property page facts', () => {
  for (const width of WIDTHS) {
    it(`lists key facts and material information at ${width} px`, async () => {
      const page = await newPage({ width, height: 900 });
      await page.goto(salesUrl);
      await rejectCookies(page);
      const keyFacts = page.getByRole('definition').first();
      await expect.poll(() => keyFacts.isVisible()).toBe(true);
      const labels = await page.locator('.key-facts dt').allTextContents();
      expect(labels).toEqual(
        expect.arrayContaining(['Type', 'Bedrooms', 'Bathrooms', 'Receptions', 'Tenure', 'Council tax', 'EPC rating']),
      );
      for (const key of [
        'price',
        'councilTax',
        'tenure',
        'groundRent',
        'serviceCharge',
        'construction',
        'electricity',
        'water',
        'sewerage',
        'heating',
        'broadband',
        'mobileCoverage',
        'parking',
        'outsideSpace',
      ]) {
        const text = await page.locator(`.material-information [data-fact="${key}"] dd`).textContent();
        expect(text?.trim(), key).toBeTruthy();
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectNoAxeViolations(page);
    });
  }

  it('shows the lettings terms with the tenant fees link next to the rent', async () => {
    const page = await newPage();
    await page.goto(lettingsUrl);
    await rejectCookies(page);
    const price = page.locator('.property-price');
    await expect.poll(() => price.getByRole('link', { name: 'Tenant fees' }).getAttribute('href')).toBe('/tenant-fees');
    const labels = await page.locator('.key-facts dt').allTextContents();
    expect(labels).toEqual(
      expect.arrayContaining([
        'Rent',
        'Rent per week',
        'Deposit',
        'Available from',
        'Furnishing',
        'Minimum term',
        'Bills',
      ]),
    );
    expect(await page.locator('.material-information [data-fact="billsIncluded"] dd').textContent()).toMatch(
      /^(Yes|No)$/,
    );
    await page.getByRole('link', { name: 'Tenant fees' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Fees for tenants');
    expect(await page.locator('main').textContent()).toContain('Tenant Fees Act 2019');
  });

  it('copies the page link with the share control', async () => {
    const page = await newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.goto(salesUrl);
    await rejectCookies(page);
    const share = page.locator('.share-control');
    expect(await share.getByRole('link', { name: 'Email' }).getAttribute('href')).toMatch(/^mailto:\?subject=/);
    expect(await share.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/\?text=/,
    );
    const copy = share.getByRole('button', { name: 'Copy link' });
    await expect.poll(() => copy.isEnabled()).toBe(true);
    await copy.click();
    await expect.poll(() => share.getByRole('status').textContent()).toBe('Link copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(new URL(salesUrl, baseURL).toString());
  });

  it('prints as a brochure: photos, facts, floorplan and agent contact, without the site chrome', async () => {
    const page = await newPage();
    await page.goto(salesUrl);
    await rejectCookies(page);
    await page.emulateMedia({ media: 'print' });
    const isShown = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => getComputedStyle(element).display !== 'none');
    expect(await isShown('.site-header')).toBe(false);
    expect(await isShown('.share-control')).toBe(false);
    expect(await isShown('.property-media-links')).toBe(false);
    expect(await isShown('.property-hero__main img')).toBe(true);
    expect(await isShown('.key-facts')).toBe(true);
    expect(await isShown('.material-information')).toBe(true);
    expect(await isShown('.contact-panel__office')).toBe(true);
    const floorplan = page.locator('.print-brochure-media__floorplan img');
    await expect.poll(() => floorplan.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/\/media\//);
    // The image is resized on first request (sharp), so give it time.
    await expect
      .poll(() => floorplan.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 1), {
        timeout: 20_000,
      })
      .toBe(true);
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.byteLength).toBeGreaterThan(10_000);
  });
});

describe('legal footer on every page type', () => {
  const pages = [
    '/',
    '/search?channel=lettings',
    '/branches',
    '/branches/bath',
    '/articles',
    '/tenant-fees',
    '/no-such-page',
  ];
  it('carries the company, redress, client money and fees details', async () => {
    const page = await newPage();
    for (const path of [...pages, salesUrl]) {
      await page.goto(path);
      const footer = page.locator('.legal-footer');
      const text = (await footer.textContent()) ?? '';
      expect(text, path).toContain('company number 09876543');
      expect(text, path).toContain('Registered office: 14 Milsom Street, Bath BA1 1DE');
      expect(text, path).toContain('The Property Ombudsman');
      expect(text, path).toContain('ICO registration ZA123456');
      expect(await footer.getByRole('link', { name: 'view the certificate' }).getAttribute('href')).toBe(
        '/client-money-protection',
      );
      for (const [name, href] of [
        ['Fees for landlords', '/landlord-fees'],
        ['Fees for tenants', '/tenant-fees'],
        ['Complaints procedure', '/complaints-procedure'],
        ['Cookie policy', '/cookie-policy'],
      ] as const)
        expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href'), `${path} ${name}`).toBe(
          href,
        );
      if (path === '/' || path === '/tenant-fees' || path === '/no-such-page') {
        await rejectCookies(page);
        await expectNoAxeViolations(page);
      }
    }
  });

  it('serves each linked page', async () => {
    for (const path of [
      '/landlord-fees',
      '/tenant-fees',
      '/complaints-procedure',
      '/cookie-policy',
      '/client-money-protection',
    ]) {
      const response = await fetch(`${baseURL}${path}`);
      expect(response.status, path).toBe(200);
    }
  });
});

describe('branch opening hours', () => {
  it('shows the week, bank holidays and whether the branch is open now, with openingHoursSpecification', async () => {
    const page = await newPage({ width: 320, height: 900 });
    await page.goto('/branches/bath');
    await rejectCookies(page);
    const section = page.locator('.opening-hours');
    expect(await section.locator('.opening-hours__now').textContent()).toMatch(/^(Open now|Closed)$/);
    expect(await section.locator('th').allTextContents()).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const agent = blocks
      .map((block) => JSON.parse(block) as Record<string, unknown>)
      .find((block) => block['@type'] === 'RealEstateAgent');
    expect(Array.isArray(agent?.openingHoursSpecification)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page);
  });
});
