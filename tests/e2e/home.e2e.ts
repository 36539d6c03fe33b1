import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './browser.ts';
import { moduleUrlsOf } from '../../app/lib/scripts-after-paint.ts';

const { newPage, baseURL } = useBrowser();

describe('home page', () => {
  it('renders the agency header, the six sections and property cards from the server', async () => {
    const response = await fetch(`${baseURL}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<meta name="csrf-param" content="authenticity_token"/>');
    // The page is shared by every anonymous visitor (decision 026): no token in it, and no session handed out. A
    // script's first write fetches a token, bound to a cookie of its own while the visitor has no session.
    expect(html).toContain('<meta name="csrf-token" content=""/>');
    expect(response.headers.get('set-cookie')).toBeNull();
    const tokenResponse = await fetch(`${baseURL}/csrf-token`);
    expect(((await tokenResponse.json()) as { authenticity_token: string }).authenticity_token).toMatch(
      /^[A-Za-z0-9_-]{80,}$/,
    );
    expect(tokenResponse.headers.get('set-cookie')).toMatch(/^doorstep_csrf=/);
    expect(html).toContain('class="property-card"');

    const page = await newPage();
    await page.goto('/');
    await expect.poll(() => page.locator('.property-card').count()).toBeGreaterThanOrEqual(6);
    for (const section of ['Sales', 'Lettings', 'Auctions', 'Agriculture', 'Professional services']) {
      const link = page.getByRole('link', { name: section, exact: true });
      expect(await link.getAttribute('href')).toMatch(/^\/search\?channel=/);
    }
    // Antiques are sold through the branches' antiques departments, not listed as properties.
    expect(await page.getByRole('link', { name: 'Antiques', exact: true }).getAttribute('href')).toBe(
      '/branches?department=antiques',
    );
    const firstPrice = await page.locator('.property-card__price').first().textContent();
    expect(firstPrice).toMatch(/£[\d,]+/);
    expect(await page.locator('header .logo img').getAttribute('alt')).toContain('home');
    expect(await page.getByRole('link', { name: 'Terms of use' }).getAttribute('href')).toBe('/terms-of-use');
    expect(await page.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('/privacy-policy');
    await expectNoAxeViolations(page);
  });

  it('sends hashed scripts precompressed with Brotli and cached for a year', async () => {
    const html = await (await fetch(`${baseURL}/`)).text();
    const script = moduleUrlsOf(html).find((url) => url.startsWith('/assets/'));
    expect(script).toBeDefined();
    const response = await fetch(`${baseURL}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('loads card images resized to 408x250 by the server', async () => {
    const page = await newPage();
    await page.goto('/');
    const src = await page.locator('.property-card img').first().getAttribute('src');
    expect(src).toMatch(/408x250/);
    const image = await fetch(`${baseURL}${src}`, { headers: { accept: 'image/webp,*/*' } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toContain('immutable');
  });

  it('saves a property locally with the card toggle', async () => {
    const page = await newPage();
    await page.goto('/');
    const toggle = page.locator('.save-toggle').first();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await expect.poll(() => page.locator('.save-toggle').first().getAttribute('aria-pressed')).toBe('true');
  });

  it('is usable at phone width with the burger menu', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect.poll(() => page.getByRole('navigation', { name: 'Mobile' }).isVisible()).toBe(true);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
  });
});

describe('footer pages and errors', () => {
  it('serves terms of use and privacy policy as real pages', async () => {
    const page = await newPage();
    for (const [path, heading] of [
      ['/terms-of-use', /terms/i],
      ['/privacy-policy', /privacy/i],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      expect(await page.locator('h1').textContent()).toMatch(heading);
      expect(await page.locator('main p').count()).toBeGreaterThan(3);
      await expectNoAxeViolations(page);
    }
  });

  it('answers an unknown address with the 404 page', async () => {
    const page = await newPage();
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Page not found');
    await expectNoAxeViolations(page);
  });
});
