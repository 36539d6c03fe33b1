import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';

const { baseURL, newPage } = useBrowser();

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '');
}

describe('files for search engines and sharing', () => {
  it('robots.txt points at the sitemap index', async () => {
    const response = await fetch(`${baseURL}/robots.txt`);
    expect(response.headers.get('content-type')).toContain('text/plain');
    expect(await response.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  it('the sitemap index lists files of at most 50,000 URLs that each answer 200, with lastmod', async () => {
    const index = await fetch(`${baseURL}/sitemap.xml`);
    expect(index.headers.get('content-type')).toContain('application/xml');
    const indexXml = await index.text();
    expect(indexXml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locs(indexXml);
    expect(files.map((file) => new URL(file).pathname)).toEqual(
      expect.arrayContaining([
        '/sitemaps/pages-1.xml',
        '/sitemaps/properties-1.xml',
        '/sitemaps/articles-1.xml',
        '/sitemaps/branches-1.xml',
      ]),
    );
    const urls: string[] = [];
    for (const file of files) {
      const xml = await (await fetch(file)).text();
      const fileUrls = locs(xml);
      expect(fileUrls.length).toBeGreaterThan(0);
      expect(fileUrls.length).toBeLessThanOrEqual(50_000);
      expect(xml.match(/<lastmod>/g)?.length ?? 0).toBeGreaterThan(0);
      urls.push(...fileUrls);
    }
    expect(new Set(urls).size).toBe(urls.length);
    const paths = urls.map((url) => new URL(url).pathname);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/articles',
        '/branches',
        '/terms-of-use',
        '/privacy-policy',
        '/mortgages',
        '/branches/bath',
      ]),
    );
    // Every page but the (many) properties is checked; properties are sampled from the start, middle and end.
    const properties = urls.filter((url) => new URL(url).pathname.startsWith('/properties/'));
    const others = urls.filter((url) => !new URL(url).pathname.startsWith('/properties/'));
    const middle = Math.floor(properties.length / 2);
    const sample = [...properties.slice(0, 10), ...properties.slice(middle, middle + 10), ...properties.slice(-10)];
    for (const url of [...others, ...sample]) {
      const response = await fetch(url, { redirect: 'manual' });
      expect({ url, status: response.status }).toEqual({ url, status: 200 });
    }
  }, 120_000);

  it('serves an RSS 2.0 feed of articles', async () => {
    const response = await fetch(`${baseURL}/articles.rss`);
    expect(response.headers.get('content-type')).toContain('application/rss+xml');
    const xml = await response.text();
    expect(xml).toContain('<rss version="2.0"');
    expect(xml.match(/<item>/g)?.length ?? 0).toBeGreaterThan(10);
    expect(xml).toMatch(/<pubDate>\w{3}, \d{2} \w{3} \d{4}/);
  });

  it('serves a web manifest with icons, and favicons', async () => {
    const manifest = (await (await fetch(`${baseURL}/manifest.webmanifest`)).json()) as {
      name: string;
      icons: { src: string }[];
    };
    expect(manifest.name).toBeTruthy();
    for (const icon of [...manifest.icons.map((entry) => entry.src), '/favicon.ico', '/apple-touch-icon.png']) {
      expect((await fetch(`${baseURL}${icon}`)).status).toBe(200);
    }
  });

  it('adds Open Graph tags to the pages', async () => {
    const page = await newPage();
    for (const path of [
      '/',
      '/articles',
      '/branches',
      '/branches/bath',
      '/search?channel=lettings',
      '/terms-of-use',
      '/property-for-sale/england',
    ]) {
      await page.goto(path);
      expect(await page.locator('meta[property="og:site_name"]').count()).toBe(1);
      expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBeTruthy();
      expect(await page.locator('meta[property="og:url"]').getAttribute('content')).toBe(
        await page.locator('link[rel="canonical"]').getAttribute('href'),
      );
      expect(await page.locator('meta[property="og:image"]').first().getAttribute('content')).toMatch(/^https?:\/\//);
    }
  });
});
