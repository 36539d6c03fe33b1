import { asc } from 'drizzle-orm';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties, propertyFactsSchema } from '../../db/schema/index.ts';
import { seedDatabase } from '../../db/seed/index.ts';
import { MaterialInformationSection } from '../../app/features/properties/material-information-view.tsx';
import {
  materialInformation,
  NOT_YET_KNOWN,
  requiredFactKeys,
  type MaterialInformationInput,
} from '../../app/features/properties/material-information.ts';
import { isDepositWithinCap, isHoldingDepositWithinCap } from '../../app/features/properties/lettings-money.ts';
import { buildStructuredData, priceDisplay, propertyBreadcrumbs } from '../../app/features/properties/property-page.ts';
import { latestReduction } from '../../app/features/properties/price-history.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

const now = new Date('2026-11-20T10:00:00Z');
let database: TestDatabase;
let rows: Array<typeof properties.$inferSelect>;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase(database.db, { now, mediaDir: null });
  rows = await database.db.select().from(properties).orderBy(asc(properties.id));
}, 180_000);

afterAll(async () => {
  await database?.dispose();
});

function inputOf(row: (typeof rows)[number]): MaterialInformationInput {
  return {
    ...row,
    country: row.facts?.nation ?? row.country,
    priceText: priceDisplay(row.channel, row.priceValue, row.priceQualifier).text,
  };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

describe('material information of the demo listings', () => {
  it('stores facts that the one schema accepts, for every listing', () => {
    expect(rows.length).toBeGreaterThan(2000);
    for (const row of rows) {
      expect(row.facts, row.slug).not.toBeNull();
      expect(propertyFactsSchema.safeParse(row.facts).success, row.slug).toBe(true);
    }
  });

  it('renders every Part A and Part B item, with a value or a reason, for each listing', () => {
    for (const row of rows) {
      const groups = materialInformation(inputOf(row));
      const html = renderToStaticMarkup(createElement(MaterialInformationSection, { groups }));
      for (const key of requiredFactKeys(row.channel)) {
        const match = new RegExp(`data-fact="${key}"><dt>[^<]+</dt><dd>(.*?)</dd>`).exec(html);
        expect(match, `${row.slug} ${key}`).not.toBeNull();
        const shown = match?.[1] ?? '';
        expect(shown.length, `${row.slug} ${key}`).toBeGreaterThan(0);
        if (shown.includes(NOT_YET_KNOWN)) expect(shown, `${row.slug} ${key} gives a reason`).toMatch(/\(.+\)/);
      }
      const rows_ = groups.flatMap((group) => group.rows);
      for (const fact of rows_) if (fact.value === null) expect(fact.reason, `${row.slug} ${fact.key}`).toBeTruthy();
      if (row.facts?.tenure?.kind === 'leasehold')
        expect(html).toContain(escapeHtml(rows_.find((fact) => fact.key === 'groundRent')?.value ?? NOT_YET_KNOWN));
    }
  });

  it('keeps every lettings deposit and holding deposit within the Tenant Fees Act caps', () => {
    const lettings = rows.filter((row) => row.channel === 'lettings');
    expect(lettings.length).toBeGreaterThan(500);
    for (const row of lettings) {
      const terms = row.facts?.lettings;
      expect(terms, row.slug).toBeDefined();
      if (terms?.deposit !== undefined)
        expect(isDepositWithinCap(terms.deposit, row.priceValue ?? 0, 'pcm')).toBe(true);
      if (terms?.holdingDeposit !== undefined)
        expect(isHoldingDepositWithinCap(terms.holdingDeposit, row.priceValue ?? 0, 'pcm')).toBe(true);
    }
  });

  it('includes the demo’s harder cases', () => {
    const facts = rows.map((row) => row.facts);
    expect(facts.some((fact) => fact?.tenure?.kind === 'leasehold' && (fact.tenure.groundRent?.annual ?? 0) > 0)).toBe(
      true,
    );
    expect(facts.some((fact) => /thatch/i.test(fact?.construction ?? ''))).toBe(true);
    expect(facts.some((fact) => fact?.partC?.floodRisk?.zone === '3' || fact?.partC?.floodRisk?.zone === '2')).toBe(
      true,
    );
    expect(rows.some((row) => row.facts?.tenure?.kind === 'shared-ownership' && row.tags.includes('new home'))).toBe(
      true,
    );
    expect(facts.some((fact) => fact?.lettings?.billsIncluded === true)).toBe(true);
    expect(facts.some((fact) => fact?.lettings?.billsIncluded === false)).toBe(true);
    expect(facts.some((fact) => fact?.councilTax?.kind === 'not-yet-banded')).toBe(true);
    expect(rows.some((row) => latestReduction(row.priceHistory) !== null)).toBe(true);
    expect(rows.every((row) => row.statusHistory[0]?.status === 'added')).toBe(true);
    expect(
      rows.filter((row) => row.status === 'sold').every((row) => row.statusHistory.at(-1)?.status === 'sold'),
    ).toBe(true);
  });

  it('puts the facts into JSON-LD that matches the visible page and schema.org types', () => {
    for (const row of rows.filter((_, index) => index % 7 === 0)) {
      const [listing] = buildStructuredData({
        ...row,
        canonicalUrl: `https://example.test/properties/${row.slug}`,
        origin: 'https://example.test',
        breadcrumbs: propertyBreadcrumbs(row),
        agent: { name: 'Agent', telephone: '01225 000000', email: 'a@example.test', url: '/branches/bath' },
      });
      const parsed = JSON.parse(JSON.stringify(listing)) as {
        '@type': string;
        offers: { itemOffered: Record<string, unknown>; availabilityStarts?: string; price?: number };
        leaseLength?: { unitCode: string; minValue: number };
      };
      expect(parsed['@type']).toBe('RealEstateListing');
      const place = parsed.offers.itemOffered;
      if (row.squareFeet)
        expect(place.floorSize).toEqual({ '@type': 'QuantitativeValue', value: row.squareFeet, unitCode: 'FTK' });
      if (place['@type'] !== 'Place') {
        expect(place.numberOfBathroomsTotal).toBe(row.bathrooms);
        expect(place.numberOfRooms).toBe(row.bedrooms + row.receptionRooms);
        expect(typeof place.petsAllowed).toBe('boolean');
      }
      if (row.channel === 'lettings' && row.facts?.lettings?.minimumTermMonths)
        expect(parsed.leaseLength).toMatchObject({ unitCode: 'MON', minValue: row.facts.lettings.minimumTermMonths });
      if (row.channel === 'lettings' && row.facts?.lettings?.availableFrom)
        expect(parsed.offers.availabilityStarts).toBe(row.facts.lettings.availableFrom);
    }
  });
});
