import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  depositCapWeeks,
  isDepositWithinCap,
  isHoldingDepositWithinCap,
  maxDepositPence,
  maxDepositPounds,
  maxHoldingDepositPounds,
} from './lettings-money.ts';

describe('Tenant Fees Act deposit caps', () => {
  it('caps at five weeks below £50,000 a year and six weeks at or above it', () => {
    // £4,166 pcm is £49,992 a year; £4,167 pcm is £50,004.
    expect(depositCapWeeks(4166, 'pcm')).toBe(5);
    expect(depositCapWeeks(4167, 'pcm')).toBe(6);
    expect(depositCapWeeks(50_000, 'pa')).toBe(6);
    expect(depositCapWeeks(49_999.99, 'pa')).toBe(5);
    expect(depositCapWeeks(961, 'pw')).toBe(5); // £49,972 a year
    expect(depositCapWeeks(962, 'pw')).toBe(6); // £50,024 a year
  });

  it('computes the five-week cap of a £1,200 pcm let as £1,384.61', () => {
    expect(maxDepositPence(1200, 'pcm')).toBe(138_461);
    expect(maxDepositPounds(1200, 'pcm')).toBe(1384);
    expect(isDepositWithinCap(1384.61, 1200, 'pcm')).toBe(true);
    expect(isDepositWithinCap(1384.62, 1200, 'pcm')).toBe(false);
  });

  it('computes the six-week cap at the threshold', () => {
    expect(maxDepositPence(50_000, 'pa')).toBe(Math.floor((5_000_000 * 6) / 52));
    expect(isDepositWithinCap(5769.23, 50_000, 'pa')).toBe(true);
    expect(isDepositWithinCap(5769.24, 50_000, 'pa')).toBe(false);
  });

  it('caps a holding deposit at one week', () => {
    expect(maxHoldingDepositPounds(1300, 'pcm')).toBe(300);
    expect(isHoldingDepositWithinCap(300, 1300, 'pcm')).toBe(true);
    expect(isHoldingDepositWithinCap(300.01, 1300, 'pcm')).toBe(false);
  });

  it('never allows more than the weeks of rent, and always allows the whole-pound cap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 40_000 }),
        fc.constantFrom('pcm' as const, 'pw' as const),
        (rent, frequency) => {
          const annualPence = rent * 100 * (frequency === 'pcm' ? 12 : 52);
          const weeks = depositCapWeeks(rent, frequency);
          expect(maxDepositPence(rent, frequency) * 52).toBeLessThanOrEqual(annualPence * weeks);
          expect(isDepositWithinCap(maxDepositPounds(rent, frequency), rent, frequency)).toBe(true);
          expect(isDepositWithinCap(maxDepositPounds(rent, frequency) + 1, rent, frequency)).toBe(false);
          expect(weeks).toBe(annualPence < 5_000_000 ? 5 : 6);
        },
      ),
    );
  });
});
