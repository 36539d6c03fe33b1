import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INTEREST_RATE_MESSAGE,
  TERM_YEARS_MESSAGE,
  calculateMortgage,
  createMortgageInput,
  interestOnlyPayment,
  repaymentPayment,
  sanitiseMortgageInput,
  type MortgageInput,
} from './mortgage.ts';

const input = (overrides: Partial<MortgageInput> = {}): MortgageInput => ({
  price: '250000',
  deposit: '50000',
  interestRate: '5',
  termYears: '25',
  ...overrides,
});

describe('mortgage calculator', () => {
  it('uses the spec messages, character for character', () => {
    expect(INTEREST_RATE_MESSAGE).toBe('Enter a value between 0.01 and 10');
    expect(TERM_YEARS_MESSAGE).toBe('Enter a value between 5 and 35');
  });

  it('starts with a 20% deposit, 25 years and the default interest rate', () => {
    expect(createMortgageInput(350_000, 4.5)).toEqual({
      price: '350000',
      deposit: '70000',
      interestRate: '4.5',
      termYears: '25',
    });
    expect(createMortgageInput(Number.NaN, Number.NaN)).toEqual({
      price: '0',
      deposit: '0',
      interestRate: '',
      termYears: '25',
    });
  });

  it('matches published figures to the penny (reference §7)', () => {
    expect(repaymentPayment(200_000, 5, 20)).toBeCloseTo(1319.91, 2);
    expect(repaymentPayment(111_600, 4.7, 30)).toBeCloseTo(578.8, 2);
    expect(repaymentPayment(134_966, 4.2, 30)).toBeCloseTo(660.01, 2);
    expect(interestOnlyPayment(200_000, 4)).toBeCloseTo(666.67, 2);
  });

  it('rounds the monthly results to whole pounds', () => {
    expect(calculateMortgage(input({ price: '100000', deposit: '0', interestRate: '5', termYears: '25' }))).toEqual({
      errors: {},
      repaymentMonthly: 585,
      interestOnlyMonthly: 417,
    });
    expect(
      calculateMortgage(input({ price: '200000', deposit: '0', interestRate: '4', termYears: '20' })),
    ).toMatchObject({
      repaymentMonthly: 1212,
      interestOnlyMonthly: 667,
    });
  });

  it('charges interest-only on the loan (price minus deposit), not the price', () => {
    const result = calculateMortgage(input({ price: '250000', deposit: '50000', interestRate: '6' }));
    expect(result.interestOnlyMonthly).toBe(1000);
  });

  it('strips non-digits from amounts and keeps at most 11 characters in every field', () => {
    expect(sanitiseMortgageInput('price', '£250,000')).toBe('250000');
    expect(sanitiseMortgageInput('deposit', '1234567890123')).toBe('12345678901');
    expect(sanitiseMortgageInput('interestRate', '4.5555555555555')).toBe('4.555555555');
    expect(calculateMortgage(input({ price: '£250,000', deposit: '£50,000' }))).toEqual(calculateMortgage(input()));
  });

  it.each(['0', '0.001', '10.01', '-1', 'abc', '', '4.5%', '1e1'])(
    'rejects interest rate "%s" with the message and a 0 result',
    (interestRate) => {
      expect(calculateMortgage(input({ interestRate }))).toEqual({
        errors: { interestRate: INTEREST_RATE_MESSAGE },
        repaymentMonthly: 0,
        interestOnlyMonthly: 0,
      });
    },
  );

  it.each(['0.01', '10', '.5', '3.'])('accepts interest rate "%s"', (interestRate) => {
    expect(calculateMortgage(input({ interestRate })).errors).toEqual({});
  });

  it.each(['4', '36', '', 'twenty', '-25'])('rejects term "%s" with the message and a 0 result', (termYears) => {
    expect(calculateMortgage(input({ termYears }))).toEqual({
      errors: { termYears: TERM_YEARS_MESSAGE },
      repaymentMonthly: 0,
      interestOnlyMonthly: 0,
    });
  });

  it.each(['5', '35'])('accepts term "%s"', (termYears) => {
    expect(calculateMortgage(input({ termYears })).errors).toEqual({});
  });

  it('gives both messages when both are wrong', () => {
    expect(calculateMortgage(input({ interestRate: '11', termYears: '40' })).errors).toEqual({
      interestRate: INTEREST_RATE_MESSAGE,
      termYears: TERM_YEARS_MESSAGE,
    });
  });

  it('gives 0 for a zero or empty price, or an empty deposit', () => {
    for (const overrides of [{ price: '0' }, { price: '' }, { price: '£' }, { deposit: '' }]) {
      expect(calculateMortgage(input(overrides))).toMatchObject({ repaymentMonthly: 0, interestOnlyMonthly: 0 });
    }
  });

  it('gives 0 when the deposit covers the price', () => {
    expect(calculateMortgage(input({ deposit: '300000' }))).toMatchObject({
      repaymentMonthly: 0,
      interestOnlyMonthly: 0,
    });
  });

  describe('invariants', () => {
    it('never throws on arbitrary strings and never goes negative', () => {
      fc.assert(
        fc.property(fc.string(), fc.string(), fc.string(), fc.string(), (price, deposit, interestRate, termYears) => {
          const result = calculateMortgage({ price, deposit, interestRate, termYears });
          expect(result.repaymentMonthly).toBeGreaterThanOrEqual(0);
          expect(result.interestOnlyMonthly).toBeGreaterThanOrEqual(0);
          expect(Number.isFinite(result.repaymentMonthly)).toBe(true);
        }),
      );
    });

    it('repays at least the interest-only amount for any positive rate', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 99_999_999_999 }),
          fc.integer({ min: 0, max: 100 }),
          fc.integer({ min: 1, max: 1000 }),
          fc.integer({ min: 5, max: 35 }),
          (price, depositPercent, rateHundredths, years) => {
            const result = calculateMortgage({
              price: String(price),
              deposit: String(Math.floor((price * depositPercent) / 100)),
              interestRate: String(rateHundredths / 100),
              termYears: String(years),
            });
            expect(result.errors).toEqual({});
            expect(result.repaymentMonthly).toBeGreaterThanOrEqual(result.interestOnlyMonthly);
          },
        ),
      );
    });

    it('gives whole pounds', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 10_000_000 }),
          fc.integer({ min: 1, max: 1000 }),
          (price, rateHundredths) => {
            const result = calculateMortgage(
              input({ price: String(price), deposit: '0', interestRate: String(rateHundredths / 100) }),
            );
            expect(Number.isInteger(result.repaymentMonthly)).toBe(true);
            expect(Number.isInteger(result.interestOnlyMonthly)).toBe(true);
          },
        ),
      );
    });
  });
});
