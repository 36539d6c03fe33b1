import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCurrency } from './currency.ts';

describe('formatCurrency', () => {
  it.each([
    [1234.56, '£1,234.56'],
    [0, '£0.00'],
    [5, '£5.00'],
    [0.5, '£0.50'],
    [999.999, '£1,000.00'],
    [1_000_000, '£1,000,000.00'],
    [123_456_789.01, '£123,456,789.01'],
    [-2500.5, '-£2,500.50'],
    [-0.001, '£0.00'],
    [1e21, '£1,000,000,000,000,000,000,000.00'],
    [Number.NaN, '£0.00'],
    [Number.POSITIVE_INFINITY, '£0.00'],
  ])('formats %s as %s', (amount, text) => {
    expect(formatCurrency(amount)).toBe(text);
  });

  it('always has a pound sign, comma thousands and two decimals', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (amount) => {
        expect(formatCurrency(amount)).toMatch(/^-?£\d{1,3}(,\d{3})*\.\d{2}$/);
      }),
    );
  });
});
