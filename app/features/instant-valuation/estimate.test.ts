import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  adjustPrice,
  comparableWeight,
  distanceKm,
  estimateValue,
  findOutcode,
  findPostcode,
  parseValuationQuery,
  roundEstimate,
  VALUATION_PROPERTY_TYPES,
  type Comparable,
  type ComparableStatus,
  type ValuationTarget,
} from './estimate.ts';

const now = new Date('2026-06-01T12:00:00Z');
const target: ValuationTarget = { propertyType: 'house', bedrooms: 3 };

function comparable(overrides: Partial<Comparable> = {}): Comparable {
  return {
    id: 1,
    channel: 'sales',
    status: 'sold',
    price: 300_000,
    propertyType: 'house',
    bedrooms: 3,
    distanceKm: 0.5,
    date: new Date('2026-05-01T12:00:00Z'),
    displayAddress: '1 High Street, Bath',
    url: '/properties/1',
    ...overrides,
  };
}

const statuses: ComparableStatus[] = ['available', 'under-offer', 'sstc', 'sold'];
const arbitraryComparable = fc.record({
  id: fc.integer({ min: 1, max: 10_000 }),
  channel: fc.constant<'sales'>('sales'),
  status: fc.constantFrom(...statuses),
  price: fc.integer({ min: 50_000, max: 3_000_000 }),
  propertyType: fc.constantFrom(...VALUATION_PROPERTY_TYPES),
  bedrooms: fc.integer({ min: 0, max: 7 }),
  distanceKm: fc.double({ min: 0, max: 8, noNaN: true }),
  date: fc.date({ min: new Date('2023-01-01T00:00:00Z'), max: now, noInvalidDate: true }),
  displayAddress: fc.constant('A road'),
  url: fc.constant('/properties/x'),
});
const arbitraryTarget = fc.record({
  propertyType: fc.constantFrom(...VALUATION_PROPERTY_TYPES),
  bedrooms: fc.integer({ min: 0, max: 7 }),
});

describe('instant valuation estimate', () => {
  it('needs at least three comparables in the channel', () => {
    expect(estimateValue('sales', target, [comparable(), comparable()], now)).toBeNull();
    expect(estimateValue('lettings', target, [comparable(), comparable(), comparable()], now)).toBeNull();
    expect(estimateValue('sales', target, [comparable(), comparable(), comparable()], now)).not.toBeNull();
  });

  it('values a home like three identical sold neighbours at their price, with the minimum ±5% range', () => {
    const estimate = estimateValue('sales', target, [comparable(), comparable({ id: 2 }), comparable({ id: 3 })], now)!;
    expect(estimate.value).toBe(300_000);
    expect(estimate.low).toBe(285_000);
    expect(estimate.high).toBe(315_000);
    expect(estimate.comparables).toHaveLength(3);
    expect(estimate.comparables.reduce((sum, entry) => sum + entry.weight, 0)).toBeCloseTo(1);
  });

  it('trims asking prices and adjusts for bedrooms and type', () => {
    expect(adjustPrice(comparable({ status: 'available' }), target)).toBeCloseTo(288_000);
    expect(adjustPrice(comparable({ bedrooms: 2 }), target)).toBeCloseTo(336_000);
    expect(adjustPrice(comparable({ bedrooms: 0 }), { propertyType: 'house', bedrooms: 7 })).toBeCloseTo(
      300_000 * 1.12 ** 3,
    );
    expect(adjustPrice(comparable({ propertyType: 'flat' }), target)).toBeGreaterThan(300_000);
    expect(adjustPrice(comparable(), { propertyType: 'flat', bedrooms: 3 })).toBeLessThan(300_000);
  });

  it('weights nearer, newer, more similar and firmer prices more', () => {
    const base = comparableWeight(comparable(), target, now);
    expect(comparableWeight(comparable({ distanceKm: 3 }), target, now)).toBeLessThan(base);
    expect(comparableWeight(comparable({ date: new Date('2024-05-01T12:00:00Z') }), target, now)).toBeLessThan(base);
    expect(comparableWeight(comparable({ bedrooms: 5 }), target, now)).toBeLessThan(base);
    expect(comparableWeight(comparable({ propertyType: 'flat' }), target, now)).toBeLessThan(base);
    expect(comparableWeight(comparable({ status: 'available' }), target, now)).toBeLessThan(base);
  });

  it('rounds sale prices to £1,000/£5,000/£25,000 and rents to £25', () => {
    expect(roundEstimate(187_420, 'sales')).toBe(187_000);
    expect(roundEstimate(412_600, 'sales')).toBe(415_000);
    expect(roundEstimate(1_412_600, 'sales')).toBe(1_425_000);
    expect(roundEstimate(1_262, 'lettings')).toBe(1_250);
  });

  it('always gives low ≤ value ≤ high, within the adjusted prices (widened by the range)', () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryComparable, { minLength: 3, maxLength: 25 }),
        arbitraryTarget,
        (comparables, home) => {
          const estimate = estimateValue('sales', home, comparables, now);
          if (!estimate) return true;
          const adjusted = comparables.map((entry) => adjustPrice(entry, home));
          const slack = 25_000;
          return (
            estimate.low <= estimate.value &&
            estimate.value <= estimate.high &&
            estimate.value >= Math.min(...adjusted) - slack &&
            estimate.value <= Math.max(...adjusted) + slack &&
            estimate.comparables.length <= 6 &&
            estimate.comparables.every((entry, index, list) => index === 0 || list[index - 1]!.weight >= entry.weight)
          );
        },
      ),
    );
  });

  it('scales with the market: doubling every price doubles the estimate (up to rounding)', () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryComparable, { minLength: 3, maxLength: 15 }),
        arbitraryTarget,
        (comparables, home) => {
          const once = estimateValue('sales', home, comparables, now);
          const twice = estimateValue(
            'sales',
            home,
            comparables.map((entry) => ({ ...entry, price: entry.price * 2 })),
            now,
          );
          if (!once || !twice) return once === twice;
          return Math.abs(twice.value - 2 * once.value) <= 2 * 25_000;
        },
      ),
    );
  });

  it('gives more for more bedrooms, from the same comparables of a consistent market', () => {
    // Comparables priced by a simple market (base × bedroom step × type, ±20% noise): the estimate must rise
    // with the target's bedrooms, give or take 5%. (With arbitrary, inconsistent prices reweighting can go anywhere.)
    const marketComparables = fc.integer({ min: 80_000, max: 900_000 }).chain((base) =>
      fc.array(
        fc.tuple(arbitraryComparable, fc.double({ min: 0.8, max: 1.2, noNaN: true })).map(([entry, noise]) => ({
          ...entry,
          price: Math.round(
            base * 1.12 ** entry.bedrooms * { house: 1, bungalow: 0.95, flat: 0.78 }[entry.propertyType] * noise,
          ),
        })),
        { minLength: 3, maxLength: 15 },
      ),
    );
    fc.assert(
      fc.property(
        marketComparables,
        fc.constantFrom(...VALUATION_PROPERTY_TYPES),
        fc.integer({ min: 0, max: 5 }),
        (comparables, propertyType, bedrooms) => {
          const fewer = estimateValue('sales', { propertyType, bedrooms }, comparables, now);
          const more = estimateValue('sales', { propertyType, bedrooms: bedrooms + 1 }, comparables, now);
          if (!fewer || !more) return true;
          // Reweighting towards comparables of the new size may move it a little against the trend (noise), never much.
          return more.value >= fewer.value * 0.95 - 5_000;
        },
      ),
    );
  });

  it('estimates monthly rents from lettings comparables', () => {
    const lettings = [1_200, 1_250, 1_300].map((price, index) =>
      comparable({ id: index, channel: 'lettings', status: 'let', price }),
    );
    const estimate = estimateValue('lettings', target, lettings, now)!;
    expect(estimate.value).toBe(1_250);
    expect(estimate.low).toBeLessThan(1_250);
    expect(estimate.high).toBeGreaterThan(1_250);
  });

  it('measures distance in kilometres', () => {
    expect(distanceKm({ lat: 51.38, lng: -2.36 }, { lat: 51.38, lng: -2.36 })).toBe(0);
    expect(distanceKm({ lat: 51.45, lng: -2.59 }, { lat: 51.38, lng: -2.36 })).toBeCloseTo(17.7, 0);
  });
});

describe('instant valuation query', () => {
  it('reads a valid query and names every problem', () => {
    expect(parseValuationQuery(new URLSearchParams('q=BA2 3AB&type=flat&beds=2')).query).toEqual({
      q: 'BA2 3AB',
      type: 'flat',
      beds: 2,
    });
    const bad = parseValuationQuery(new URLSearchParams('q=&type=castle&beds=12'));
    expect(bad.query).toBeNull();
    expect(Object.keys(bad.errors).sort()).toEqual(['beds', 'q', 'type']);
    expect(parseValuationQuery(new URLSearchParams('q=Bath&type=house&beds=0')).query?.beds).toBe(0);
  });

  it('finds postcodes and districts', () => {
    expect(findPostcode('4 Mill Lane, Bath ba23ab')).toBe('BA2 3AB');
    expect(findPostcode('Mill Lane')).toBeNull();
    expect(findOutcode(' ba2 ')).toBe('BA2');
    expect(findOutcode('BA2 3AB')).toBeNull();
  });
});
