import { get } from 'node:http';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './browser.ts';
import { findPropertyPage, rejectCookies, searchListings } from './site.ts';

const { newPage, baseURL } = useBrowser();

async function modalDialog(page: Page) {
  const dialog = page.locator('dialog.modal');
  await expect.poll(() => dialog.evaluate((element) => element.matches(':modal')), { timeout: 15_000 }).toBe(true);
  return dialog;
}

let sales: { url: string; html: string };
let lettings: { url: string; html: string };
let newHome: { url: string; html: string };

beforeAll(async () => {
  sales = await findPropertyPage(
    baseURL,
    'channel=sales',
    (html) =>
      /\/floorplan"/.test(html) &&
      /\/epc-chart"/.test(html) &&
      /\/video\/[^"]+"/.test(html) &&
      /\/calculator"/.test(html) &&
      /\/contact-staff-member\/\d+"/.test(html),
  );
  lettings = await findPropertyPage(baseURL, 'channel=lettings', (html) => /\/tenant-info"/.test(html));
  newHome = await findPropertyPage(baseURL, 'channel=sales&tags=new-home', (html) => /\/new-homes-enquiry"/.test(html));
}, 180_000);

describe('home page scrolling', () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 667 },
  ]) {
    it(`survives 10 s of slow wheel, Space and Page Down scrolling around the compact threshold at ${viewport.width} px`, async () => {
      const page = await newPage(viewport);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto('/');
      await rejectCookies(page);
      await page.mouse.move(viewport.width / 2, viewport.height / 2);
      const header = page.locator('header.site-header');
      let toggles = 0;
      let wasCompact = false;
      const started = Date.now();
      let step = 0;
      while (Date.now() - started < 10_000) {
        // Small wheel steps up and down across 0–60 px, where the header compacts at 30 px.
        const phase = step % 30;
        await page.mouse.wheel(0, phase < 15 ? 4 : -4);
        if (step % 40 === 39) await page.keyboard.press('Space');
        if (step % 40 === 19) await page.keyboard.press('PageDown');
        if (step % 20 === 0) await page.evaluate(() => window.scrollTo(0, 24));
        step += 1;
        const isCompact = ((await header.getAttribute('class')) ?? '').includes('site-header--scrolled');
        if (isCompact !== wasCompact) toggles += 1;
        wasCompact = isCompact;
      }
      expect(errors).toEqual([]);
      expect(await page.getByRole('heading', { name: 'Sorry, something went wrong' }).count()).toBe(0);
      // A header that toggles by itself changes state far more often than the scroll direction does.
      expect(toggles).toBeLessThan(step / 2);

      // Compacting leaves the page's height (and so the scroll position) where it was. Smooth scrolls started by
      // Space and Page Down may still be running on a busy machine: let them end first.
      await expect
        .poll(async () => {
          const y = await page.evaluate(() => window.scrollY);
          await page.waitForTimeout(300);
          return (await page.evaluate(() => window.scrollY)) === y;
        })
        .toBe(true);
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => header.getAttribute('class'), { timeout: 5_000 }).not.toContain('site-header--scrolled');
      const heightBefore = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.evaluate(() => window.scrollTo(0, 31));
      await expect.poll(() => header.getAttribute('class')).toContain('site-header--scrolled');
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(heightBefore);
      expect(await page.evaluate(() => window.scrollY)).toBe(31);
      // Hysteresis: a little way back up stays compact; near the top it expands.
      await page.evaluate(() => window.scrollTo(0, 25));
      await page.waitForTimeout(150);
      expect(await header.getAttribute('class')).toContain('site-header--scrolled');
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => header.getAttribute('class')).not.toContain('site-header--scrolled');
      await expectNoAxeViolations(page);
    });
  }
});

/** Every internal link on a page, as absolute paths with their query, without fragments. */
async function internalLinks(page: Page): Promise<string[]> {
  const origin = new URL(baseURL).origin;
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
  return hrefs
    .filter((href) => href.startsWith(origin))
    .map((href) => {
      const url = new URL(href);
      return `${url.pathname}${url.search}`;
    });
}

/** The status of a GET on a fresh connection (a reused idle one may be closed by the server mid-request). */
function statusOf(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = get(`${baseURL}${path}`, { agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
  });
}

describe('no dead links', () => {
  it('every internal link from each page type answers without a 4xx or 5xx', async () => {
    const article = /href="(\/articles\/[a-z0-9-]+)"/.exec(await (await fetch(`${baseURL}/articles`)).text())?.[1];
    const branch = /href="(\/branches\/[a-z0-9-]+)"/.exec(await (await fetch(`${baseURL}/branches`)).text())?.[1];
    expect(article).toBeTruthy();
    expect(branch).toBeTruthy();
    const pages = [
      '/',
      '/search?channel=sales',
      '/search?channel=lettings&page=2',
      sales.url,
      lettings.url,
      article!,
      '/branches',
      branch!,
      '/property-for-sale',
      '/articles',
      '/search?channel=sales&tags=new-home',
    ];
    const page = await newPage();
    const links = new Set<string>();
    for (const path of pages) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBeLessThan(400);
      for (const link of await internalLinks(page)) links.add(link);
    }
    // The header's links are among them.
    for (const path of [
      '/tenant-information',
      '/landlords',
      '/careers',
      '/contact-office?branch_id=1',
      '/forms/new-homes-enquiry',
    ]) {
      expect(links.has(path), path).toBe(true);
    }
    const failures: string[] = [];
    const queue = [...links];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
          const status = await statusOf(path);
          if (status >= 400) failures.push(`${status} ${path}`);
        }
      }),
    );
    expect(failures).toEqual([]);
    expect(links.size).toBeGreaterThan(50);
  }, 180_000);

  it('paginated lists link only to pages that exist', async () => {
    const page = await newPage();
    for (const path of ['/branches', '/search?channel=sales&branch_id=2&minBeds=5', '/articles']) {
      await page.goto(path);
      const pageLinks = (await internalLinks(page)).filter((link) => /[?&]page=\d+/.test(link));
      for (const link of new Set(pageLinks)) {
        expect((await fetch(`${baseURL}${link}`)).status, link).toBeLessThan(400);
      }
    }
  });
});

describe('modal routes by hash', () => {
  async function expectSameModal(pagePath: string, route: string) {
    const page = await newPage();
    await page.goto(`${pagePath === '/' ? '' : pagePath}/${route}`);
    const title = await (await modalDialog(page)).locator('h2').first().textContent();
    await page.goto(`${pagePath}#/${route}`);
    await page.waitForURL((url) => `${url.pathname}${url.search}` === `${pagePath === '/' ? '' : pagePath}/${route}`);
    const dialog = await modalDialog(page);
    expect(await dialog.locator('h2').first().textContent(), route).toBe(title);
    return page;
  }

  it('opens every property modal from its hash form on the property page', async () => {
    const video = /\/video\/([^"/]+)"/.exec(sales.html)?.[1];
    const staff = /\/contact-staff-member\/(\d+)"/.exec(sales.html)?.[1];
    for (const route of [
      'calculator',
      'book-a-viewing',
      'book-a-valuation',
      'floorplan',
      'epc-chart',
      'property-images',
      `video/${video}`,
      'contact-office',
      `contact-staff-member/${staff}`,
    ]) {
      const page = await expectSameModal(sales.url, route);
      if (route === 'calculator') await expectNoAxeViolations(page);
      await page.context().close();
    }
    await (await expectSameModal(lettings.url, 'tenant-info')).context().close();
    await (await expectSameModal(newHome.url, 'new-homes-enquiry')).context().close();
  }, 180_000);

  it('opens the site-wide modals from their hash form on the home page', async () => {
    const page = await expectSameModal('/', 'valuation');
    await expectNoAxeViolations(page);
    await page.context().close();
    const contact = await newPage();
    await contact.goto('/#/contact-office?branch_id=1');
    await contact.waitForURL(/\/contact-office\?branch_id=1$/);
    expect(await (await modalDialog(contact)).locator('h2').first().textContent()).toBe('Contact office');
  });

  it('closing a modal opened by hash does not reopen it', async () => {
    const page = await newPage();
    await page.goto(`${sales.url}#/floorplan`);
    await page.waitForURL(new RegExp(`${sales.url}/floorplan$`));
    await modalDialog(page);
    await page.keyboard.press('Escape');
    await page.waitForURL(new RegExp(`${sales.url}$`));
    await page.waitForTimeout(300);
    expect(await page.locator('dialog.modal').count()).toBe(0);
  });
});

async function cardBeds(page: Page): Promise<number[]> {
  const texts = await page.locator('.property-card__rooms li .visually-hidden').allTextContents();
  return texts.filter((text) => text.includes('bedroom')).map((text) => Number(text.split(' ')[0]));
}

async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.locator('.property-card__amount').allTextContents();
  return texts.map((text) => Number(text.replace(/[^\d]/g, '')));
}

describe('search journeys', () => {
  it('applies fragment filters when the channel comes from the query', async () => {
    const page = await newPage();
    await page.goto('/search?channel=sales#/from-2-bed/up-to-400000');
    await page.waitForURL(/minBeds=2/);
    expect(page.url()).toContain('maxPrice=400000');
    expect(page.url()).toContain('channel=sales');
    await expect.poll(async () => Math.min(...(await cardBeds(page)))).toBeGreaterThanOrEqual(2);
    for (const price of await cardPrices(page)) expect(price).toBeLessThanOrEqual(400_000);
    await expectNoAxeViolations(page);
  });

  it('keeps a drawn area when a place is chosen, searching the area within the place', async () => {
    const page = await newPage();
    // An area drawn round central Harrogate.
    const poly = '54.02_-1.57~54.02_-1.51~53.97_-1.51~53.97_-1.57';
    await page.goto(`/search?channel=sales&poly=${poly}`);
    await rejectCookies(page);
    const box = page.getByRole('combobox', { name: 'Town, area or postcode' });
    await box.pressSequentially('Harrog');
    await page
      .getByRole('option', { name: /Harrogate/ })
      .first()
      .waitFor();
    await box.press('ArrowDown');
    await box.press('Enter');
    await page.getByRole('button', { name: 'Update results' }).click();
    await page.waitForURL(/placeId=/);
    expect(page.url()).toContain('poly=');
    await expect.poll(() => page.locator('h1').textContent()).toContain('Harrogate');
    expect(await page.locator('.property-card').count()).toBeGreaterThan(0);

    // A new free-text location replaces the drawn area (spec point 4).
    await box.fill('Somewhere else entirely');
    await page.getByRole('button', { name: 'Update results' }).click();
    await page.waitForURL((url) => !url.search.includes('poly='));
  });

  it('applies a new sort at once and swaps the price lists with the channel', async () => {
    const page = await newPage();
    await page.goto('/search?channel=sales');
    await rejectCookies(page);
    await page.getByLabel('Sort by').selectOption('least-expensive-first');
    await page.waitForURL(/sort=least-expensive-first/);
    await expect
      .poll(async () => {
        const prices = await cardPrices(page);
        return prices.length > 0 && prices.every((price, index) => index === 0 || price >= prices[index - 1]!);
      })
      .toBe(true);

    const salesOptions = await page.getByLabel('Max price').locator('option').allTextContents();
    await page.getByLabel('Buy or rent').selectOption('lettings');
    const rentOptions = await page.getByLabel('Max price').locator('option').allTextContents();
    expect(rentOptions).not.toEqual(salesOptions);
    expect(rentOptions.some((text) => /pcm|pw|per/i.test(text))).toBe(true);
    await page.getByLabel('Max price').selectOption({ index: 3 });
    await page.getByRole('button', { name: 'Update results' }).click();
    await page.waitForURL(/channel=lettings/);
    expect(page.url()).toContain('maxPrice=');
  });

  it('offers place suggestions in the home search box', async () => {
    const page = await newPage();
    await page.goto('/');
    await rejectCookies(page);
    const box = page.getByRole('combobox', { name: 'Town, area or postcode' });
    await box.pressSequentially('Harrog');
    await page
      .getByRole('option', { name: /Harrogate/ })
      .first()
      .waitFor();
    await expectNoAxeViolations(page, '.hero');
    await box.press('ArrowDown');
    await box.press('Enter');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/placeId=/);
    await expect.poll(() => page.locator('h1').textContent()).toContain('Harrogate');
  });

  it('previous and next on a property page carry on across results pages', async () => {
    const page = await newPage();
    await page.goto('/search?channel=sales&sort=least-expensive-first');
    await rejectCookies(page);
    const lastCard = page.locator('.property-card__title a').last();
    const lastHref = await lastCard.getAttribute('href');
    const secondPage = await searchListings(baseURL, 'channel=sales&sort=least-expensive-first&page=2');
    await lastCard.click();
    await page.waitForURL((url) => url.pathname === lastHref);
    const next = page.getByRole('navigation', { name: 'Other properties in your search' }).getByRole('link', {
      name: /Next property/,
    });
    await expect.poll(() => next.getAttribute('href'), { timeout: 15_000 }).toBe(secondPage[0]?.property_url);
    await next.click();
    await page.waitForURL((url) => url.pathname === secondPage[0]?.property_url);
    const nav = page.getByRole('navigation', { name: 'Other properties in your search' });
    await expect
      .poll(() => nav.getByRole('link', { name: /Next property/ }).getAttribute('href'), { timeout: 15_000 })
      .toBe(secondPage[1]?.property_url);
    expect(await nav.getByRole('link', { name: /Previous property/ }).getAttribute('href')).toBe(lastHref);
  });
});

describe('phone layout', () => {
  it('shows results on the first screen, with the filters in a full-screen sheet', async () => {
    const page = await newPage({ width: 375, height: 667 });
    await page.goto('/search?channel=sales&minBeds=2');
    await rejectCookies(page);
    const firstCard = await page.locator('.property-card').first().boundingBox();
    expect(firstCard!.y).toBeLessThan(667);
    expect(await page.getByLabel('Min beds').isVisible()).toBe(false);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Filter (1)' }).click();
    const sheet = page.locator('#search-filters');
    await expect.poll(() => page.getByLabel('Min beds').isVisible()).toBe(true);
    expect(await sheet.boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 667 });
    const show = page.getByRole('button', { name: /^Show [\d,]+\+? results?$/ });
    const before = await show.textContent();
    await page.getByLabel('Min beds').selectOption('5');
    await expect.poll(() => show.textContent()).not.toBe(before);
    await expectNoAxeViolations(page);
    await show.click();
    await page.waitForURL(/minBeds=5/);
    await expect.poll(() => page.getByLabel('Min beds').isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: 'Filter (1)' }).isVisible()).toBe(true);
  });

  it('keeps the valuation tab off the menu button and the save buttons', async () => {
    const page = await newPage({ width: 375, height: 667 });
    await page.goto('/');
    await rejectCookies(page);
    // Whatever sits under the centre of the menu button and of each save button in view is that button itself.
    const coveredByTab = () =>
      page.evaluate(
        () =>
          [...document.querySelectorAll<HTMLElement>('button.burger, .save-toggle')].filter((control) => {
            const box = control.getBoundingClientRect();
            const x = box.left + box.width / 2;
            const y = box.top + box.height / 2;
            // Controls scrolled under the sticky header are hidden by the header, as every page's are.
            const headerBottom = document.querySelector('header.site-header')!.getBoundingClientRect().bottom;
            if (!control.matches('button.burger') && (y < headerBottom || y > window.innerHeight)) return false;
            return Boolean(document.elementFromPoint(x, y)?.closest('.valuation-side-link'));
          }).length,
      );
    expect(await page.locator('.valuation-side-link').isVisible()).toBe(true);
    for (let y = 0; y < 2400; y += 120) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(50);
      expect(await coveredByTab(), `scrolled to ${y}`).toBe(0);
    }
  });

  it('gives gallery thumbnails at least 44 × 44 px', async () => {
    const page = await newPage({ width: 375, height: 667 });
    await page.goto(`${sales.url}/property-images`);
    await modalDialog(page);
    const thumbs = page.locator('.gallery__thumb');
    expect(await thumbs.count()).toBeGreaterThan(1);
    for (const thumb of (await thumbs.all()).slice(0, 6)) {
      const box = (await thumb.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
  });

  it('never clips card text, from 320 px to 1920 px', async () => {
    for (const width of [320, 375, 430, 1280, 1440, 1920]) {
      const page = await newPage({ width, height: 900 });
      await page.goto('/search?channel=sales');
      const clipped = await page.evaluate(() =>
        [...document.querySelectorAll('.property-card')].flatMap((card) => {
          const box = card.getBoundingClientRect();
          return [...card.querySelectorAll<HTMLElement>('*')]
            .filter((element) => !element.closest('.visually-hidden') && element.getClientRects().length > 0)
            .filter((element) => element.textContent?.trim())
            .filter((element) => {
              const rect = element.getBoundingClientRect();
              return rect.right > box.right + 0.5 || element.scrollWidth > element.clientWidth + 1;
            })
            .map((element) => `${element.className}: ${element.textContent?.slice(0, 30)}`);
        }),
      );
      expect(clipped, `${width} px`).toEqual([]);
      await page.context().close();
    }
  });
});

describe('focus and modality', () => {
  it('traps focus in the open mobile menu and returns it to the menu button', async () => {
    const page = await newPage({ width: 375, height: 667 });
    await page.goto('/branches');
    await rejectCookies(page);
    const burger = page.locator('button.burger');
    await burger.click();
    await expect.poll(() => burger.getAttribute('aria-expanded')).toBe('true');
    const insideMenu = () => page.evaluate(() => Boolean(document.activeElement?.closest('.mobile-menu')));
    for (let i = 0; i < 25; i += 1) {
      await page.keyboard.press('Tab');
      expect(await insideMenu()).toBe(true);
    }
    for (let i = 0; i < 10; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await insideMenu()).toBe(true);
    }
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => burger.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('burger'))).toBe(true);
    // Closed: Tab leaves the header again.
    for (let i = 0; i < 6; i += 1) await page.keyboard.press('Tab');
    expect(await insideMenu()).toBe(false);
  });

  it('a modal opened while a slow navigation is pending is modal', async () => {
    const page = await newPage();
    await page.goto(sales.url);
    await rejectCookies(page);
    await page.waitForFunction(() => document.querySelector('header .primary-menu.is-enhanced'));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 600,
      downloadThroughput: 100_000,
      uploadThroughput: 50_000,
    });
    await page.locator('a[href$="/floorplan"]').first().click();
    await page.waitForTimeout(100);
    const viewing = page.getByRole('link', { name: 'Book a viewing' }).first();
    await viewing.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/book-a-viewing$/, { timeout: 30_000 });
    const dialog = await modalDialog(page);
    expect(await dialog.locator('h2').first().textContent()).toBe('Book a Viewing');
    const focusInside = () => page.evaluate(() => Boolean(document.activeElement?.closest('dialog.modal')));
    for (let i = 0; i < 15; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInside()).toBe(true);
    }
    // The page behind is inert: it cannot take focus.
    await page.evaluate(() => document.querySelector<HTMLElement>('footer a[href]')?.focus());
    expect(await focusInside()).toBe(true);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expectNoAxeViolations(page);
  });
});

describe('data that agrees with itself', () => {
  it('every home section opens a list with results', async () => {
    const page = await newPage();
    await page.goto('/');
    const sections = await page
      .locator('.section-tile a')
      .evaluateAll((anchors) =>
        anchors.map((anchor) => ({ name: anchor.textContent, href: anchor.getAttribute('href') })),
      );
    expect(sections.length).toBe(6);
    for (const section of sections) {
      await page.goto(section.href!);
      const results = await page.locator('.property-card, .branch-grid > li').count();
      expect(results, `${section.name} (${section.href})`).toBeGreaterThan(0);
    }
  });

  it("a branch page's counts are the counts of the searches it links to", async () => {
    const page = await newPage();
    for (const slug of ['bath', 'york']) {
      await page.goto(`/branches/${slug}`);
      const links = await page
        .locator('.branch-section__links a')
        .evaluateAll((anchors) =>
          anchors.map((anchor) => ({ text: anchor.textContent ?? '', href: anchor.getAttribute('href') ?? '' })),
        );
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) {
        const shown = /^See all ([\d,]+\+?) propert(?:y|ies) (for sale|to rent)/.exec(link.text);
        expect(shown, link.text).not.toBeNull();
        await page.goto(link.href);
        expect(await page.locator('.search-page__count').textContent()).toMatch(
          new RegExp(`^${shown![1]!.replace('+', '\\+')} propert(y|ies) ${shown![2]}$`),
        );
        await page.goto(`/branches/${slug}`);
      }
    }
    await expectNoAxeViolations(page);
  });
});

describe('freehand drawing', () => {
  it('draws an area by pressing and dragging, and searches inside the simplified polygon', async () => {
    const page = await newPage({ width: 1280, height: 1000 });
    await page.goto('/search?channel=sales');
    await rejectCookies(page);
    const before = await page.locator('.search-page__count').textContent();
    await page.getByRole('link', { name: 'Map view' }).click();
    await page.waitForURL(/#\/map$/);
    const map = page.getByTestId('search-map');
    await map.waitFor();
    for (let i = 0; i < 3; i += 1) {
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await page.waitForTimeout(300);
    }
    await page.getByRole('button', { name: 'Draw freehand' }).click();
    await expect.poll(() => page.locator('.search-map__message').textContent()).toContain('Press and drag');
    await page.waitForTimeout(500);
    const box = (await map.boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    // A rough loop traced with the pointer held down, as a finger or mouse would.
    await page.mouse.move(cx + 150, cy);
    await page.mouse.down();
    for (let step = 1; step <= 60; step += 1) {
      const angle = (2 * Math.PI * step) / 60;
      await page.mouse.move(cx + 150 * Math.cos(angle), cy + 110 * Math.sin(angle), { steps: 2 });
    }
    await page.mouse.up();
    await page.waitForURL(/poly=/, { timeout: 15_000 });
    const poly = new URL(page.url()).searchParams.get('poly')!;
    const corners = poly.split('~');
    expect(corners.length).toBeGreaterThanOrEqual(3);
    expect(corners.length).toBeLessThanOrEqual(60);
    await expect.poll(() => page.locator('.search-page__count').textContent()).not.toBe(before);
    await expectNoAxeViolations(page);
  });
});

describe('keyboard map drawing', () => {
  it('keeps focus on the map: arrows move it a clear step and Enter adds the point under the cross', async () => {
    const page = await newPage({ width: 1280, height: 1000 });
    await page.goto('/search?channel=sales#/map');
    await rejectCookies(page);
    const map = page.getByTestId('search-map');
    await map.waitFor();
    for (let i = 0; i < 3; i += 1) {
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await page.waitForTimeout(300);
    }
    await page.getByRole('button', { name: 'Draw an area' }).click();
    await map.focus();
    const offset = () =>
      page.evaluate(() => {
        const pane = document.querySelector<HTMLElement>('.leaflet-map-pane')!;
        const matrix = new DOMMatrixReadOnly(getComputedStyle(pane).transform);
        return { x: matrix.m41, y: matrix.m42 };
      });
    for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight']) {
      await page.keyboard.press('Enter');
      const before = await offset();
      await page.keyboard.press(key);
      await page.waitForTimeout(400);
      const after = await offset();
      expect(Math.abs(after.x - before.x) + Math.abs(after.y - before.y), key).toBeGreaterThanOrEqual(40);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('search-map');
    }
    await expect.poll(() => page.locator('.search-map__points').textContent()).toBe('3 points added');
    await page.keyboard.press('Backspace');
    await expect.poll(() => page.locator('.search-map__points').textContent()).toBe('2 points added');
  });
});
