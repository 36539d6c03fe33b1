import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './browser.ts';
import { findPropertyPage, searchListings } from './site.ts';

const { newPage, baseURL } = useBrowser();

const jsonLdBlocks = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>,
  );

async function dialogOf(page: Page) {
  const dialog = page.locator('dialog.modal');
  await expect.poll(() => dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
  return dialog;
}

const focusIsInsideDialog = (page: Page) =>
  page.evaluate(() => Boolean(document.activeElement?.closest('dialog.modal')));

let rich: { url: string; html: string };
let lettings: { url: string; html: string };
let auction: { url: string; html: string };

beforeAll(async () => {
  // A property for sale with photos, a floorplan, an EPC chart and a video or tour; a letting with tenant fees.
  rich = await findPropertyPage(
    baseURL,
    'channel=sales',
    (html) =>
      /\/floorplan"/.test(html) &&
      /\/epc-chart"/.test(html) &&
      /\/video\/[^"]+"/.test(html) &&
      /\/calculator"/.test(html),
  );
  lettings = await findPropertyPage(baseURL, 'channel=lettings', (html) => /\/tenant-info"/.test(html));
  auction = await findPropertyPage(baseURL, 'channel=sales', (html) =>
    /\/property-auction-sales-event\/[^"]+"/.test(html),
  );
}, 120_000);

describe('property page (server-rendered)', () => {
  it('renders the listing with its price, structured data, canonical and sharing tags', async () => {
    const { html, url } = rich;
    const price = /<span class="property-price__amount">£([\d,]+)<\/span>/.exec(html)?.[1];
    const heading = /<h1 class="property-header__title">([^<]+)<\/h1>/.exec(html)?.[1];
    expect(price).toBeTruthy();
    expect(heading).toBeTruthy();

    type ListingLd = {
      '@type': string;
      offers: {
        price: number;
        priceCurrency: string;
        businessFunction: string;
        itemOffered: {
          '@type': string;
          numberOfBedrooms?: number;
          address: { streetAddress: string };
          geo: { '@type': string };
        };
      };
    };
    const [listing, breadcrumbs] = jsonLdBlocks(html) as [ListingLd, { '@type': string }];
    expect(listing['@type']).toBe('RealEstateListing');
    expect(listing.offers.price).toBe(Number(price?.replace(/,/g, '')));
    expect(listing.offers.priceCurrency).toBe('GBP');
    expect(listing.offers.businessFunction).toBe('http://purl.org/goodrelations/v1#Sell');
    expect(['House', 'Apartment', 'SingleFamilyResidence', 'Place']).toContain(listing.offers.itemOffered['@type']);
    expect(listing.offers.itemOffered.address.streetAddress).toBe(heading?.replace(/&#x27;/g, "'"));
    expect(listing.offers.itemOffered.geo['@type']).toBe('GeoCoordinates');
    const beds = /(\d+) bedrooms?</.exec(html)?.[1];
    if (beds) expect(listing.offers.itemOffered.numberOfBedrooms).toBe(Number(beds));
    expect(breadcrumbs['@type']).toBe('BreadcrumbList');

    const canonicals = [...html.matchAll(/<link rel="canonical" href="([^"]+)"/g)].map((match) => match[1]);
    expect(canonicals).toEqual([`${baseURL}${url}`]);
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/media\/1160x\/[^"]+"/);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
  });

  it('preloads the first photo with high priority, gives every photo a srcset and lazy-loads the rest', async () => {
    const { html } = rich;
    expect(html).toMatch(/<link rel="preload" as="image" fetchPriority="high" imageSrcSet="[^"]*320w[^"]*1160w"/);
    const images = [...html.matchAll(/<img [^>]*>/g)].map((match) => match[0]);
    const hero = images.find((tag) => tag.includes('fetchPriority="high"'));
    expect(hero).toMatch(/srcSet="\/media\/320x\/[^"]+ 320w, .*\/media\/1160x\/[^"]+ 1160w"/);
    expect(hero).toMatch(/sizes="[^"]+"/);
    expect(hero).not.toContain('loading="lazy"');
    const sidePhotos = images.filter((tag) => tag.includes('srcSet') && tag !== hero);
    for (const tag of sidePhotos) expect(tag).toContain('loading="lazy"');
  });

  it('answers an unknown property with the 404 page', async () => {
    const page = await newPage();
    const response = await page.goto('/properties/no-such-property-anywhere');
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Page not found');
  });

  it('keeps sold and let properties reachable, showing their status', async () => {
    for (const query of ['channel=sales&status=sold', 'channel=lettings&status=let']) {
      const [listing] = await searchListings(baseURL, query);
      expect(listing).toBeDefined();
      const response = await fetch(`${baseURL}${listing?.property_url}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toMatch(/This property has been (sold|let)\. It is no longer available/);
      expect(html).toContain('https://schema.org/SoldOut');
    }
  });

  it('server-renders a deep-linked modal, and explains an unknown modal id inside the dialog', async () => {
    const floorplan = await fetch(`${baseURL}${rich.url}/floorplan`);
    expect(floorplan.status).toBe(200);
    const floorplanHtml = await floorplan.text();
    expect(floorplanHtml).toMatch(/<dialog class="modal modal--full"[^>]* open=""/);
    expect(floorplanHtml).toContain('alt="Floorplan 1 of');

    const page = await newPage();
    const response = await page.goto(`${rich.url}/video/no-such-video`);
    expect(response?.status()).toBe(404);
    const dialog = await dialogOf(page);
    expect(await dialog.textContent()).toContain('We could not find that video or virtual tour.');
    const gallery = await page.goto(`${rich.url}/history-images/no-such-gallery`);
    expect(gallery?.status()).toBe(404);
    expect(await (await dialogOf(page)).textContent()).toContain('We could not find that gallery for this property.');
  });
});

describe('property page in the browser', () => {
  it('passes axe, saves the property and records the view after load', async () => {
    const page = await newPage();
    const view = page.waitForResponse((response) => response.url().endsWith('/property_views'));
    await page.goto(rich.url);
    expect((await view).status()).toBe(204);
    await expectNoAxeViolations(page);

    const toggle = page.locator('.property-header .save-toggle');
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
  });

  it('walks the gallery by keyboard, wraps round, traps focus, closes with Escape and returns focus', async () => {
    const page = await newPage();
    await page.goto(rich.url);
    const trigger = page.getByRole('link', { name: /^View all \d+ photos?$/ });
    const count = Number(/\d+/.exec((await trigger.textContent()) ?? '')?.[0]);
    await trigger.focus();
    await page.keyboard.press('Enter');
    // A client-side navigation: the address changes once the modal route's data and code have arrived. On a busy CI
    // machine that took 2–5 s (measured with the CPU slowed 6×), past expect.poll's one-second default, so wait for
    // the navigation itself.
    await page.waitForURL(`${baseURL}${rich.url}/property-images`);
    expect(page.url()).toBe(`${baseURL}${rich.url}/property-images`);
    const dialog = await dialogOf(page);
    expect(await focusIsInsideDialog(page)).toBe(true);
    expect(await dialog.getAttribute('aria-labelledby')).toBeTruthy();
    const counter = dialog.locator('.gallery__counter');
    await expect.poll(() => counter.textContent()).toBe(`Photo 1 / ${count}`);
    expect(await dialog.locator('.gallery__image').getAttribute('alt')).toMatch(new RegExp(`^Photo 1 of ${count}: .+`));
    expect(await dialog.locator('.gallery__image').getAttribute('srcset')).toContain('1160w');
    await expectNoAxeViolations(page);

    await page.keyboard.press('ArrowRight');
    await expect.poll(() => counter.textContent()).toBe(`Photo 2 / ${count}`);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => counter.textContent()).toBe(`Photo ${count} / ${count}`);
    await dialog.getByRole('button', { name: 'Next image' }).click();
    await expect.poll(() => counter.textContent()).toBe(`Photo 1 / ${count}`);

    // Tab and Shift+Tab never leave the dialog.
    for (let step = 0; step < count + 6; step += 1) {
      await page.keyboard.press('Tab');
      expect(await focusIsInsideDialog(page)).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await focusIsInsideDialog(page)).toBe(true);

    await page.keyboard.press('Escape');
    await page.waitForURL(`${baseURL}${rich.url}`);
    expect(page.url()).toBe(`${baseURL}${rich.url}`);
    // The address changes first; the dialog goes when React Router has rendered the page behind it.
    await page.locator('dialog.modal').waitFor({ state: 'detached' });
    expect(await page.locator('dialog.modal').count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLAnchorElement | null)?.getAttribute('href')))
      .toBe(`${rich.url}/property-images`);
  });

  it('opens the floorplan and the EPC chart, closing with the button and with a click outside', async () => {
    const page = await newPage();
    await page.goto(rich.url);
    await page.getByRole('link', { name: /^Floorplans?$/ }).click();
    let dialog = await dialogOf(page);
    expect(await dialog.locator('h2').first().textContent()).toMatch(/^Floorplans?$/);
    expect(await dialog.locator('.gallery__image').getAttribute('alt')).toMatch(/^Floorplan 1 of \d+/);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.url()).toBe(`${baseURL}${rich.url}`);

    await page.getByRole('link', { name: 'EPC chart' }).click();
    dialog = await dialogOf(page);
    expect(await dialog.locator('h2').first().textContent()).toBe('Energy performance (EPC)');
    expect(await dialog.locator('.gallery__image').getAttribute('alt')).toMatch(/current rating [A-G]/);
    await expectNoAxeViolations(page);
    await page.mouse.click(4, 4);
    await expect.poll(() => page.url()).toBe(`${baseURL}${rich.url}`);
    await expect.poll(() => page.locator('dialog.modal').count()).toBe(0);
  });

  it('plays a video or tour in a titled frame, with previous disabled at the start', async () => {
    const page = await newPage();
    await page.goto(rich.url);
    const mediaLinks = page.locator('.property-media-links a[href*="/video/"]');
    const mediaCount = await mediaLinks.count();
    await mediaLinks.first().click();
    const dialog = await dialogOf(page);
    const frame = dialog.locator('iframe');
    expect(await frame.getAttribute('title')).toBeTruthy();
    expect(await frame.getAttribute('src')).toMatch(
      /^https:\/\/(www\.youtube-nocookie\.com\/embed\/|player\.vimeo\.com\/video\/|my\.matterport\.com\/)/,
    );
    if (mediaCount > 1) {
      expect(await dialog.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
      await dialog.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => dialog.getByRole('button', { name: 'Next' }).isDisabled()).toBe(mediaCount === 2);
      expect(await dialog.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(false);
    }
    await expectNoAxeViolations(page);
  });

  it('shows the loading title while a modal route loads', async () => {
    const page = await newPage();
    await page.goto(rich.url);
    // Hold the modal's data back so the loading state is visible.
    await page.route('**/calculator.data*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.getByRole('link', { name: 'Mortgage and stamp duty calculators' }).click();
    const status = page.getByRole('status').filter({ hasText: 'Loading calculators' });
    await status.waitFor();
    await dialogOf(page);
    await expect.poll(() => status.count()).toBe(0);
  });

  it('works out a mortgage with checked figures and shows the spec messages', async () => {
    const page = await newPage();
    await page.goto(rich.url);
    await page.getByRole('link', { name: 'Mortgage and stamp duty calculators' }).click();
    const dialog = await dialogOf(page);
    expect(await dialog.getByRole('tab', { name: 'Mortgage' }).getAttribute('aria-selected')).toBe('true');
    expect(await dialog.getByRole('link', { name: 'Mortgage guide' }).getAttribute('href')).toBe('/mortgages');
    await expectNoAxeViolations(page);

    const panel = dialog.getByRole('tabpanel', { name: 'Mortgage' });
    const price = panel.getByLabel('Property price');
    await price.fill('£250,000');
    expect(await price.inputValue()).toBe('250000');
    expect(await panel.getByLabel('Deposit').inputValue()).toBe('50000');
    await panel.getByLabel('Deposit').fill('25000');
    await panel.getByLabel('Interest rate').fill('5');
    await panel.getByLabel('Repayment period').fill('25');
    // £225,000 over 300 months at 5%: 225000 × r / (1 − (1 + r)^−300), r = 0.05 / 12 = £1,315.33 → £1,315.
    const result = panel.locator('[role="status"]').first();
    await expect.poll(() => result.textContent()).toContain('£1,315.00 per month');
    expect(await result.textContent()).toContain('£938.00 per month'); // 225000 × 5% / 12 = £937.50 → £938

    await panel.getByLabel('Interest rate').fill('11');
    await expect.poll(() => panel.getByText('Enter a value between 0.01 and 10').count()).toBe(1);
    expect(await result.textContent()).toContain('£0.00 per month');
    await panel.getByLabel('Interest rate').fill('5');
    await panel.getByLabel('Repayment period').fill('40');
    await expect.poll(() => panel.getByText('Enter a value between 5 and 35').count()).toBe(1);
    await panel.getByLabel('Repayment period').fill('123456789012345');
    expect((await panel.getByLabel('Repayment period').inputValue()).length).toBe(11);
    await expectNoAxeViolations(page);
  });

  it('works out stamp duty for each country with checked figures and exclusive buyer options', async () => {
    const page = await newPage();
    await page.goto(`${rich.url}/calculator`);
    const dialog = await dialogOf(page);
    await dialog.getByRole('tab', { name: 'Stamp duty' }).click();
    const panel = dialog.getByRole('tabpanel', { name: 'Stamp duty' });
    await panel.getByLabel('Property price').fill('295000');
    await panel.getByLabel('Country').selectOption('england');
    const result = panel.locator('[role="status"]');
    // gov.uk: a £295,000 home in England costs £4,750 (2% of £125,000 + 5% of £45,000).
    await expect.poll(() => result.textContent()).toContain('£4,750.00');
    await panel.getByLabel('First time buyer').check();
    await expect.poll(() => result.textContent()).toContain('£0.00');
    await panel.getByLabel('Additional property').check();
    expect(await panel.getByLabel('First time buyer').isChecked()).toBe(false);
    // Higher rates (+5 points): 5% of £125,000 + 7% of £125,000 + 10% of £45,000 = £19,500.
    await expect.poll(() => result.textContent()).toContain('£19,500.00');
    await panel.getByLabel('First time buyer').check();
    expect(await panel.getByLabel('Additional property').isChecked()).toBe(false);
    await panel.getByLabel('First time buyer').uncheck();
    expect(await panel.locator('table.calc-bands tbody tr').count()).toBeGreaterThanOrEqual(4);

    await panel.getByLabel('Country').selectOption('scotland');
    // LBTT: 2% of £105,000 + 5% of £45,000 = £4,350.
    await expect.poll(() => result.textContent()).toContain('Land and Buildings Transaction Tax£4,350.00');
    await panel.getByLabel('Country').selectOption('wales');
    // LTT: 6% of £70,000 = £4,200.
    await expect.poll(() => result.textContent()).toContain('Land Transaction Tax£4,200.00');
    await panel.getByLabel('Property price').fill('not a price');
    await expect.poll(() => result.textContent()).toContain('£0.00');
    await expectNoAxeViolations(page);
  });

  it('shows tenant information on a lettings property and no calculators there', async () => {
    const page = await newPage();
    await page.goto(lettings.url);
    expect(await page.getByRole('link', { name: 'Mortgage and stamp duty calculators' }).count()).toBe(0);
    expect(await page.locator('.property-price__pppw').textContent()).toMatch(/^ \(£[\d,]+ pw\)$/);
    await page.getByRole('link', { name: 'Tenant information' }).click();
    const dialog = await dialogOf(page);
    expect(await dialog.textContent()).toMatch(/deposit/i);
    await expectNoAxeViolations(page);

    const calculator = await page.goto(`${lettings.url}/calculator`);
    expect(calculator?.status()).toBe(404);
    expect(await (await dialogOf(page)).textContent()).toContain('only available for homes for sale with a price');
  });

  it('fits a phone screen and swipes through the photos', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto(rich.url);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: /^View all \d+ photos?$/ }).click();
    const dialog = await dialogOf(page);
    const stage = dialog.locator('.gallery__stage');
    const counter = dialog.locator('.gallery__counter');
    await expect.poll(() => counter.textContent()).toMatch(/^Photo 1 \//);
    await stage.dispatchEvent('pointerdown', {
      pointerType: 'touch',
      pointerId: 7,
      clientX: 300,
      clientY: 300,
      isPrimary: true,
    });
    await stage.dispatchEvent('pointerup', {
      pointerType: 'touch',
      pointerId: 7,
      clientX: 120,
      clientY: 310,
      isPrimary: true,
    });
    await expect.poll(() => counter.textContent()).toMatch(/^Photo 2 \//);
    await expectNoAxeViolations(page);
  });

  it('opens an event gallery from its card and expands a gallery at a chosen card', async () => {
    const page = await newPage();
    await page.goto(auction.url);
    const card = page.locator('.gallery-card a[href*="/property-auction-sales-event/"]').first();
    const title = (await card.textContent()) ?? '';
    const galleryId = /property-auction-sales-event\/([^/"]+)/.exec((await card.getAttribute('href')) ?? '')?.[1];
    await card.click();
    const dialog = await dialogOf(page);
    expect(await dialog.locator('h2').first().textContent()).toBe(title);
    await expect.poll(() => dialog.locator('.gallery__counter').textContent()).toMatch(/^Image 1 \/ \d+$/);
    await expectNoAxeViolations(page);

    const expanded = await page.goto(`${auction.url}/gallery-card-slider-expand/${galleryId}/3`);
    expect(expanded?.status()).toBe(200);
    const expandedDialog = await dialogOf(page);
    await expect.poll(() => expandedDialog.locator('.gallery__counter').textContent()).toMatch(/^Image 3 \/ \d+$/);
  });

  it('loads Leaflet only when the map is about to come into view', async () => {
    const page = await newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(rich.url, { waitUntil: 'networkidle' });
    expect(scripts.some((url) => /\/assets\/leaflet-[^/]+\.js$/.test(url))).toBe(false);
    await page.locator('#location-title').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.property-map .leaflet-container').count()).toBe(1);
    expect(scripts.some((url) => /\/assets\/leaflet-[^/]+\.js$/.test(url))).toBe(true);
    expect(await page.locator('.property-map [role="region"]').getAttribute('aria-label')).toMatch(
      /^Map showing the location of /,
    );
    await expectNoAxeViolations(page);
  });
});

describe('exposures', () => {
  it('records the cards shown on a page in one request after load', async () => {
    const page = await newPage();
    const exposures = page.waitForRequest((request) => request.url().endsWith('/exposures/create_many'));
    await page.goto('/');
    const request = await exposures;
    const body = JSON.parse(request.postData() ?? '{}') as {
      property_ids: number[];
      event_type: string;
      domain: string;
    };
    expect(body.event_type).toBe('home');
    expect(body.property_ids.length).toBe(await page.locator('.property-card').count());
    expect(request.headers()['x-csrf-token']).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect((await request.response())?.status()).toBe(204);
  });
});
