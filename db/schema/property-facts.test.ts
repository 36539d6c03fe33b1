import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNCIL_TAX_BANDS, isCouncilTaxBandValid, nations, propertyFactsSchema } from './property-facts.ts';

describe('council tax band by nation', () => {
  it('accepts A–H in England and Scotland, A–I in Wales, none in Northern Ireland', () => {
    expect(isCouncilTaxBandValid('H', 'england')).toBe(true);
    expect(isCouncilTaxBandValid('I', 'england')).toBe(false);
    expect(isCouncilTaxBandValid('I', 'scotland')).toBe(false);
    expect(isCouncilTaxBandValid('I', 'wales')).toBe(true);
    expect(isCouncilTaxBandValid('A', 'northern-ireland')).toBe(false);
  });

  it('rejects through the facts schema with the nation’s range in the message', () => {
    const result = propertyFactsSchema.safeParse({ nation: 'england', councilTax: { kind: 'band', band: 'I' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Enter a council tax band from A to H');
    expect(propertyFactsSchema.safeParse({ nation: 'wales', councilTax: { kind: 'band', band: 'I' } }).success).toBe(
      true,
    );
  });

  it('takes domestic rates only in Northern Ireland and not-yet-banded anywhere', () => {
    expect(
      propertyFactsSchema.safeParse({
        nation: 'northern-ireland',
        councilTax: { kind: 'domestic-rates', annualRates: 1200 },
      }).success,
    ).toBe(true);
    expect(propertyFactsSchema.safeParse({ nation: 'england', councilTax: { kind: 'domestic-rates' } }).success).toBe(
      false,
    );
    expect(
      propertyFactsSchema.safeParse({ nation: 'northern-ireland', councilTax: { kind: 'band', band: 'A' } }).success,
    ).toBe(false);
    for (const nation of nations)
      expect(propertyFactsSchema.safeParse({ nation, councilTax: { kind: 'not-yet-banded' } }).success).toBe(true);
  });

  it('agrees with the band table for any letter and nation', () => {
    fc.assert(
      fc.property(fc.constantFrom(...nations), fc.string({ minLength: 0, maxLength: 2 }), (nation, band) => {
        const parsed = propertyFactsSchema.safeParse({ nation, councilTax: { kind: 'band', band } });
        expect(parsed.success).toBe(COUNCIL_TAX_BANDS[nation].includes(band));
      }),
    );
  });

  it('keeps lease terms to leases and shares to shared ownership', () => {
    expect(
      propertyFactsSchema.safeParse({ nation: 'england', tenure: { kind: 'freehold', leaseYearsRemaining: 90 } })
        .success,
    ).toBe(false);
    expect(
      propertyFactsSchema.safeParse({ nation: 'england', tenure: { kind: 'leasehold', sharePercent: 40 } }).success,
    ).toBe(false);
    expect(
      propertyFactsSchema.safeParse({
        nation: 'england',
        tenure: { kind: 'shared-ownership', sharePercent: 40, rentOnRemainderMonthly: 420, leaseYearsRemaining: 990 },
      }).success,
    ).toBe(true);
  });
});
