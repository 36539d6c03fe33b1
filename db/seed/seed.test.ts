import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../app/lib/db.server.ts';
import {
  articles,
  branches,
  departmentKinds,
  departments,
  pages,
  places,
  properties,
  siteSettings,
  staffMembers,
} from '../schema/index.ts';
import { createLocalDiskStorage } from '../../app/lib/storage/local-disk.server.ts';
import { listDemoImageFiles } from './images.ts';
import { ensureDemoImages, isDatabaseSeeded, seedDatabase, type SeedCounts } from './index.ts';
import { distanceKm } from './random.ts';

const now = new Date('2025-06-01T09:00:00Z');
const DAY_MS = 86_400_000;

let handle: DatabaseHandle;
let counts: SeedCounts;
let wasSeededBefore: boolean;
let allProperties: Array<typeof properties.$inferSelect>;

beforeAll(async () => {
  handle = openDatabase({ dataDir: 'memory://' });
  await handle.migrate();
  wasSeededBefore = await isDatabaseSeeded(handle.db);
  counts = await seedDatabase(handle.db, { now, mediaDir: null });
  allProperties = await handle.db.select().from(properties).orderBy(asc(properties.id));
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

describe('seedDatabase', () => {
  it('fills every table of the demo agency', async () => {
    expect(wasSeededBefore).toBe(false);
    expect(await isDatabaseSeeded(handle.db)).toBe(true);
    expect(counts.properties).toBe(3000);
    expect(counts.branches).toBe(8);
    expect(counts.departments).toBeGreaterThanOrEqual(24);
    expect(counts.staffMembers).toBeGreaterThanOrEqual(36);
    expect(counts.places).toBeGreaterThan(4500);
    expect(counts.addresses).toBeGreaterThanOrEqual(4800);
    expect(counts.articles).toBeGreaterThanOrEqual(36);
    expect(counts.pages).toBeGreaterThanOrEqual(3);
    expect(counts.formDefinitions).toBe(3);
    expect(counts.siteSettings).toBe(1);
    expect(counts.menuItems).toBeGreaterThanOrEqual(7);
  });

  it('has at least 150 postcode districts and unique gazetteer slugs', async () => {
    const rows = await handle.db.select({ kind: places.kind, slug: places.slug }).from(places);
    const districts = rows.filter((row) => row.kind === 'postcode-district');
    expect(districts.length).toBeGreaterThanOrEqual(150);
    expect(districts.map((row) => row.slug)).toContain('ba1');
    const townSlugs = rows.filter((row) => row.kind === 'town').map((row) => row.slug);
    expect(new Set(townSlugs).size).toBe(townSlugs.length);
    expect(townSlugs).toContain('bath');
    expect(townSlugs).toContain('newport');
  });

  it('gives every branch sales and lettings and puts each department kind somewhere', async () => {
    const rows = await handle.db.select().from(departments);
    const branchRows = await handle.db.select().from(branches);
    for (const branch of branchRows) {
      const kinds = rows.filter((row) => row.branchId === branch.id).map((row) => row.kind);
      expect(kinds).toEqual(expect.arrayContaining(['sales', 'lettings']));
    }
    expect(new Set(rows.map((row) => row.kind))).toEqual(new Set(departmentKinds));
    const external = branchRows.find((branch) => branch.externalCommercialDepartmentId !== null);
    expect(rows.find((row) => row.id === external?.externalCommercialDepartmentId)?.kind).toBe('commercial');
  });

  it('places every property near its town and branch, with a postcode in its district', async () => {
    const branchRows = await handle.db.select().from(branches);
    const placeRows = await handle.db.select().from(places);
    const staffRows = await handle.db.select().from(staffMembers);
    const placeById = new Map(placeRows.map((place) => [place.id, place]));
    const districtSlugs = new Set(
      placeRows.filter((place) => place.kind === 'postcode-district').map((place) => place.name),
    );
    for (const property of allProperties) {
      const branch = branchRows.find((row) => row.id === property.branchId);
      expect(branch).toBeDefined();
      const town = placeById.get(property.placeId ?? -1);
      expect(town?.name).toBe(property.town);
      expect(town?.countySlug).toBe(property.countySlug);
      expect(property.location).toBeTruthy();
      expect(distanceKm(town!.location, property.location!)).toBeLessThan(10);
      expect(distanceKm(branch!.location, property.location!)).toBeLessThan(22);
      expect(property.postcode.startsWith(`${property.postcodeDistrict} `)).toBe(true);
      expect(districtSlugs.has(property.postcodeDistrict)).toBe(true);
      if (property.staffMemberId !== null) {
        expect(staffRows.find((member) => member.id === property.staffMemberId)?.branchId).toBe(property.branchId);
      }
    }
  });

  it('prices sales realistically and lettings as monthly rents', () => {
    const homesForSale = allProperties.filter(
      (property) => property.channel === 'sales' && ['house', 'flat', 'bungalow'].includes(property.propertyType),
    );
    for (const property of homesForSale) {
      expect(property.priceValue).toBeGreaterThanOrEqual(80_000);
      expect(property.priceValue).toBeLessThanOrEqual(6_000_000);
      expect((property.priceValue ?? 1) % 5_000).toBe(0);
    }
    const sorted = homesForSale.map((property) => property.priceValue ?? 0).sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    expect(median).toBeGreaterThan(200_000);
    expect(median).toBeLessThan(600_000);
    const lettings = allProperties.filter((property) => property.channel === 'lettings');
    expect(lettings.length / allProperties.length).toBeGreaterThan(0.28);
    expect(lettings.length / allProperties.length).toBeLessThan(0.42);
    for (const property of lettings) {
      expect(property.priceValue).toBeGreaterThanOrEqual(650);
      expect(property.priceValue).toBeLessThanOrEqual(3_500);
      expect(property.priceQualifier).toBe('');
      expect(['available', 'let-agreed', 'let']).toContain(property.status);
    }
    const cheapestRegion = (slug: string) => {
      const branchId =
        ['bath', 'bristol-clifton', 'cheltenham', 'oxford', 'york', 'harrogate', 'edinburgh', 'cardiff'].indexOf(slug) +
        1;
      const prices = homesForSale
        .filter((property) => property.branchId === branchId)
        .map((property) => property.priceValue ?? 0)
        .sort((a, b) => a - b);
      return prices[Math.floor(prices.length / 2)] ?? 0;
    };
    expect(cheapestRegion('oxford')).toBeGreaterThan(cheapestRegion('cardiff'));
    expect(cheapestRegion('bath')).toBeGreaterThan(cheapestRegion('york'));
  });

  it('keeps flags, tags and dates consistent', () => {
    const fresh = allProperties.filter((property) => now.getTime() - property.createdAt.getTime() < 7 * DAY_MS);
    expect(fresh.length).toBeGreaterThanOrEqual(55);
    for (const property of allProperties) {
      expect(property.shortLet).toBe(property.tags.includes('short let'));
      expect(property.petsAllowed).toBe(property.tags.includes('pets'));
      expect(property.updatedAt.getTime()).toBeGreaterThanOrEqual(property.createdAt.getTime());
      expect(property.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(property.photos.length).toBeGreaterThanOrEqual(4);
      expect(property.photos[0]?.url).toMatch(/^\/media\/photos\//);
      expect(property.reference).toMatch(/^HV-[A-Z]{3}-\d{5}$/);
      if (property.tags.includes('auction')) {
        expect(property.auctionDate).not.toBeNull();
        expect(new Date(`${property.auctionDate}T00:00:00Z`).getTime()).toBeGreaterThan(now.getTime());
      }
      if (['land', 'commercial'].includes(property.propertyType) || property.propertyStyle === 'Studio') {
        expect(property.bedrooms).toBe(0);
      }
      if (property.epcCharts.length > 0)
        expect(property.epcCharts[0]?.url).toContain(`epc-${property.epcRating?.toLowerCase()}-`);
    }
    const withAcreage = allProperties.filter((property) => property.propertyType === 'land');
    expect(withAcreage.length).toBeGreaterThan(0);
    expect(withAcreage.every((property) => (property.acreage ?? 0) > 0)).toBe(true);
  });

  it('gives every development child plots', () => {
    const developments = allProperties.filter((property) => property.isDevelopment);
    expect(developments.length).toBeGreaterThanOrEqual(6);
    for (const development of developments) {
      expect(development.tags).toEqual(expect.arrayContaining(['new home', 'gth development']));
      expect(development.photos.length).toBeGreaterThan(0);
      const plots = allProperties.filter((property) => property.parentId === development.id);
      expect(plots.length).toBeGreaterThanOrEqual(4);
      expect(plots.length).toBeLessThanOrEqual(12);
      for (const plot of plots) expect(plot.tags).toContain('new home');
    }
  });

  it('has floorplans, EPC charts, videos, tours, galleries and lettings fee text on some properties', () => {
    const share = (test: (property: (typeof allProperties)[number]) => boolean, among = allProperties) =>
      among.filter(test).length / among.length;
    const residential = allProperties.filter(
      (property) => ['house', 'flat', 'bungalow'].includes(property.propertyType) && !property.isDevelopment,
    );
    expect(share((property) => property.floorplans.length > 0)).toBeGreaterThan(0.45);
    expect(share((property) => property.epcCharts.length > 0, residential)).toBeGreaterThan(0.6);
    expect(share((property) => property.videos.some((video) => video.kind === 'video'))).toBeGreaterThan(0.05);
    expect(share((property) => property.videos.some((video) => video.kind === 'tour'))).toBeGreaterThan(0.05);
    expect(allProperties.some((property) => property.videos.some((video) => video.description === null))).toBe(true);
    expect(allProperties.some((property) => property.galleries.length > 0)).toBe(true);
    const lettings = allProperties.filter((property) => property.channel === 'lettings');
    expect(share((property) => property.lettingsFeeText !== null, lettings)).toBeGreaterThan(0.7);
  });

  it('writes news and blog articles on several topics, some without an image', async () => {
    const rows = await handle.db.select().from(articles);
    expect(new Set(rows.map((row) => row.kind))).toEqual(new Set(['news', 'blog']));
    expect(new Set(rows.map((row) => row.topic)).size).toBeGreaterThanOrEqual(6);
    expect(rows.some((row) => row.heroImageUrl === null)).toBe(true);
    expect(rows.every((row) => row.bodyMarkdown.includes('## '))).toBe(true);
    const pageSlugs = (await handle.db.select({ slug: pages.slug }).from(pages)).map((row) => row.slug);
    expect(pageSlugs).toEqual(expect.arrayContaining(['terms-of-use', 'privacy-policy', 'mortgages']));
  });

  it('stores the theme settings the header and calculators read', async () => {
    const [settings] = await handle.db.select().from(siteSettings).where(eq(siteSettings.id, 1));
    expect(settings?.theme.headerDesktopLogoDimensions).toBe('220,60');
    expect(settings?.theme.calendarPageSize).toBe(12);
    expect(settings?.theme.preferences.defaultSearchStatus).toBe('available');
    expect(settings?.analyticsCode).toContain('doorstepAnalyticsLoaded');
  });

  it('produces identical rows on a second run', async () => {
    const first = allProperties.slice(0, 20);
    await seedDatabase(handle.db, { now, mediaDir: null });
    const second = await handle.db.select().from(properties).orderBy(asc(properties.id)).limit(20);
    expect(second).toEqual(first);
  }, 60_000);
});

describe('ensureDemoImages', () => {
  let mediaDir: string;

  beforeAll(async () => {
    mediaDir = await mkdtemp(path.join(tmpdir(), 'doorstep-media-'));
  });

  afterAll(async () => {
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  it('draws every image once and skips existing files', async () => {
    const storage = createLocalDiskStorage({ root: mediaDir });
    const first = await ensureDemoImages(storage);
    expect(first.generated).toBe(first.total);
    for (const file of listDemoImageFiles()) expect(existsSync(path.join(mediaDir, 'originals', file))).toBe(true);
    const metadata = await sharp(path.join(mediaDir, 'originals', 'photos', 'house-01.jpg')).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 1600, 1067]);
    const second = await ensureDemoImages(storage);
    expect(second.generated).toBe(0);
  }, 60_000);
});
