import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, branches, pages, properties } from '../../../db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/integration/test-database.ts';
import { listSitemapEntries, listSitemapFiles } from './sitemap-queries.server.ts';
import { parseSitemapFileName, renderSitemapIndex, renderUrlSet, robotsTxt, SITEMAP_URL_LIMIT } from './sitemap-xml.ts';

let database: TestDatabase;

const location = { lng: -2.36, lat: 51.38 };

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await db.insert(branches).values([
    {
      id: 1,
      slug: 'bath',
      name: 'Bath',
      addressLine1: '1 Milsom Street',
      town: 'Bath',
      county: 'Somerset',
      country: 'england',
      postcode: 'BA1 1DE',
      location,
      contactNumber: '01225 000000',
      email: 'bath@example.test',
    },
    {
      id: 2,
      slug: 'york',
      name: 'York',
      addressLine1: '2 Stonegate',
      town: 'York',
      county: 'North Yorkshire',
      country: 'england',
      postcode: 'YO1 8AA',
      location,
      contactNumber: '01904 000000',
      email: 'york@example.test',
    },
  ]);
  const base = {
    channel: 'sales' as const,
    displayAddress: 'A Street, Bath',
    addressLine1: 'A Street',
    town: 'Bath',
    county: 'Somerset',
    countySlug: 'somerset',
    country: 'england' as const,
    postcode: 'BA1 1AA',
    postcodeDistrict: 'BA1',
    location,
    propertyType: 'house' as const,
    propertyStyle: 'Terraced house',
    branchId: 1,
  };
  await db.insert(properties).values([
    {
      ...base,
      slug: 'one-a-street',
      reference: 'R1',
      status: 'available',
      updatedAt: new Date('2026-01-02T00:00:00Z'),
    },
    { ...base, slug: 'two-a-street', reference: 'R2', status: 'sold', updatedAt: new Date('2026-01-03T00:00:00Z') },
    {
      ...base,
      slug: 'three-a-street',
      reference: 'R3',
      channel: 'lettings',
      status: 'let-agreed',
      updatedAt: new Date('2026-01-01T00:00:00Z'),
    },
    { ...base, slug: 'hidden-a-street', reference: 'R4', isPublished: false },
  ]);
  await db.insert(articles).values([
    {
      slug: 'news-one',
      kind: 'news',
      title: 'News one',
      topic: 'Market update',
      topics: ['Market update'],
      promo: 'p',
      bodyMarkdown: 'b',
      publishedAt: new Date('2026-01-01T00:00:00Z'),
    },
    {
      slug: 'draft',
      kind: 'blog',
      title: 'Draft',
      topic: 'Buying tips',
      topics: ['Buying tips'],
      promo: 'p',
      bodyMarkdown: 'b',
      isPublished: false,
      publishedAt: new Date(),
    },
  ]);
  await db.insert(pages).values([
    { slug: 'terms-of-use', title: 'Terms of use', bodyMarkdown: 'x' },
    { slug: 'privacy-policy', title: 'Privacy policy', bodyMarkdown: 'x' },
  ]);
});

afterAll(async () => {
  await database?.dispose();
});

describe('sitemaps', () => {
  it('lists every published property (any status) and no unpublished one, with lastmod', async () => {
    const entries = await listSitemapEntries(database.db, 'properties', 1);
    expect(entries.map((entry) => entry.path).sort()).toEqual([
      '/properties/one-a-street',
      '/properties/three-a-street',
      '/properties/two-a-street',
    ]);
    expect(entries.find((entry) => entry.path === '/properties/two-a-street')?.lastmod?.toISOString()).toBe(
      '2026-01-03T00:00:00.000Z',
    );
  });

  it('lists published articles, every branch and only the static pages that exist', async () => {
    expect((await listSitemapEntries(database.db, 'articles', 1)).map((entry) => entry.path)).toEqual([
      '/articles/news-one',
    ]);
    const branchEntries = await listSitemapEntries(database.db, 'branches', 1);
    expect(branchEntries.map((entry) => entry.path)).toEqual(['/branches/bath', '/branches/york']);
    expect(branchEntries[0]?.lastmod?.toISOString()).toBe('2026-01-03T00:00:00.000Z');
    expect(branchEntries[1]?.lastmod).toBeNull();
    const pageEntries = await listSitemapEntries(database.db, 'pages', 1);
    expect(pageEntries.map((entry) => entry.path)).toEqual([
      '/',
      '/articles',
      '/branches',
      '/terms-of-use',
      '/privacy-policy',
    ]);
  });

  it('the index names only files that have URLs', async () => {
    const files = (await listSitemapFiles(database.db)).map((file) => file.file);
    // Landing pages come from the search feature's provider (extension point in landing-pages.server.ts).
    expect(files.filter((file) => !file.startsWith('landing-pages-'))).toEqual([
      'pages-1.xml',
      'properties-1.xml',
      'articles-1.xml',
      'branches-1.xml',
    ]);
    expect(await listSitemapEntries(database.db, 'properties', 2)).toEqual([]);
  });
});

describe('sitemap files', () => {
  it('renders escaped, absolute URLs and parses file names', () => {
    const xml = renderUrlSet('https://agency.example', [
      { path: '/articles?a=1&b=2', lastmod: new Date('2026-01-01T00:00:00Z') },
    ]);
    expect(xml).toContain(
      '<loc>https://agency.example/articles?a=1&amp;b=2</loc><lastmod>2026-01-01T00:00:00.000Z</lastmod>',
    );
    expect(renderSitemapIndex('https://agency.example', [{ file: 'properties-1.xml', lastmod: null }])).toContain(
      '<sitemap><loc>https://agency.example/sitemaps/properties-1.xml</loc></sitemap>',
    );
    expect(parseSitemapFileName('properties-12.xml')).toEqual({ section: 'properties', part: 12 });
    expect(parseSitemapFileName('secrets-1.xml')).toBeNull();
    expect(parseSitemapFileName('properties-0.xml')).toBeNull();
    expect(SITEMAP_URL_LIMIT).toBe(50_000);
    expect(robotsTxt('https://agency.example')).toContain('Sitemap: https://agency.example/sitemap.xml');
  });
});
