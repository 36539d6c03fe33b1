import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './browser.ts';

const { newPage } = useBrowser();

describe('desktop header', () => {
  it('splits the primary menu around the logo and shows home-only parts on the home page', async () => {
    const page = await newPage();
    await page.goto('/');
    expect(await page.locator('nav[aria-label="Main"] .primary-menu > li').count()).toBe(4);
    expect(await page.locator('nav[aria-label="More"] .primary-menu > li').count()).toBeGreaterThan(0);
    expect(await page.getByRole('navigation', { name: 'Secondary' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Book a valuation' }).last().getAttribute('href')).toBe(
      '#/book-a-valuation',
    );
    expect(await page.locator('header .header-user').getAttribute('href')).toBe('/user');
    const logo = page.locator('header .logo img');
    expect(await logo.getAttribute('width')).toBe('220');
    expect(await logo.getAttribute('height')).toBe('60');

    expect(await page.locator('header').getAttribute('class')).not.toContain('site-header--scrolled');
    await page.mouse.wheel(0, 400);
    await expect.poll(() => page.locator('header').getAttribute('class')).toContain('site-header--scrolled');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => page.locator('header').getAttribute('class')).not.toContain('site-header--scrolled');

    await page.goto('/branches');
    expect(await page.getByRole('navigation', { name: 'Secondary' }).count()).toBe(0);
    expect(await page.locator('.valuation-side-link').count()).toBe(0);
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(200);
    expect(await page.locator('header').getAttribute('class')).not.toContain('site-header--scrolled');
  });

  it('opens a dropdown on hover and on click, and hides it on mouse leave', async () => {
    const page = await newPage();
    await page.goto('/branches');
    const buy = page.getByRole('button', { name: 'Buy' });
    const submenu = page.locator('#' + (await buy.getAttribute('aria-controls')));
    expect(await submenu.isVisible()).toBe(false);
    await buy.hover();
    await expect.poll(() => submenu.isVisible()).toBe(true);
    expect(await buy.getAttribute('aria-expanded')).toBe('true');
    await page.mouse.move(640, 600);
    await expect.poll(() => submenu.isVisible()).toBe(false);

    await buy.click();
    await expect.poll(() => submenu.isVisible()).toBe(true);
    await expect
      .poll(() => submenu.getByRole('link', { name: 'Property for sale' }).getAttribute('href'))
      .toBe('/search?channel=sales');
    await page.mouse.move(640, 600);
    await expect.poll(() => submenu.isVisible()).toBe(false);
    await expectNoAxeViolations(page);
  });

  it('is fully keyboard operable: Enter opens, Tab reaches the links, Escape closes and returns focus', async () => {
    const page = await newPage();
    await page.goto('/branches');
    const about = page.getByRole('button', { name: 'About' });
    await about.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => about.getAttribute('aria-expanded')).toBe('true');
    // The first link of the About menu, then the next.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('About us');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Branches');
    await expectNoAxeViolations(page, 'header');
    await page.keyboard.press('Escape');
    await expect.poll(() => about.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('About');
    await page.keyboard.press('Space');
    await expect.poll(() => about.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Space');
    await expect.poll(() => about.getAttribute('aria-expanded')).toBe('false');
  });

  it("opens items with target 'B' in a new tab", async () => {
    const page = await newPage();
    await page.goto('/branches');
    await page.getByRole('button', { name: 'About' }).click();
    const ombudsman = page.getByRole('link', { name: /The Property Ombudsman/ }).first();
    expect(await ombudsman.getAttribute('target')).toBe('_blank');
    expect(await ombudsman.getAttribute('rel')).toContain('noopener');
    expect(await ombudsman.textContent()).toContain('(opens in a new tab)');
  });
});

describe('mobile header', () => {
  it('drills down with Back buttons, locks body scroll while open and releases it above 1200 px', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto('/branches');
    const burger = page.getByRole('button', { name: 'Menu' });
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    expect(await menu.isVisible()).toBe(false);
    await burger.click();
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await burger.getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    expect(await menu.getAttribute('data-level')).toBe('none');
    expect(await menu.getByRole('link', { name: 'Your account' }).getAttribute('href')).toBe('/user');
    expect(await menu.getByRole('link', { name: /^Call / }).getAttribute('href')).toMatch(/^tel:\d+$/);
    await expectNoAxeViolations(page);

    await menu.getByRole('button', { name: 'About links' }).click();
    expect(await menu.getAttribute('data-level')).toBe('1');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Back');
    expect(await menu.getByRole('link', { name: 'Branches' }).isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: /The Property Ombudsman/ }).getAttribute('target')).toBe('_blank');
    await expectNoAxeViolations(page);
    await menu.getByRole('button', { name: 'Back' }).click();
    expect(await menu.getAttribute('data-level')).toBe('none');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('About links');

    await page.keyboard.press('Escape');
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('visible');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('mobile-menu-panel');

    await burger.click();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('visible');
    expect(await page.getByRole('button', { name: 'Buy' }).isVisible()).toBe(true);
  });

  it('uses the mobile logo dimensions from the theme', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto('/branches');
    const box = await page.locator('header .logo img').boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(160);
    expect(Math.round(box?.height ?? 0)).toBe(44);
  });
});

describe('every menu link', () => {
  it('leads to a page that exists, in the header, the mobile menu and the footer', async () => {
    const page = await newPage();
    await page.goto('/');
    const hrefs = await page
      .locator('header a[href], .mobile-menu a[href], footer a[href]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    const internal = [...new Set(hrefs)].filter((href) => href.startsWith('/') && !href.startsWith('//'));
    expect(internal.length).toBeGreaterThan(10);
    // The About menu opens with the agency's own page, written in the back office.
    expect(internal).toContain('/about-us');
    const broken: string[] = [];
    for (const href of internal) {
      const response = await page.request.get(href, { maxRedirects: 5 });
      if (response.status() >= 400) broken.push(`${href} → ${response.status()}`);
    }
    expect(broken).toEqual([]);
  });
});
