import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatFloorArea, squareFeetToSquareMetres, squareMetresToSquareFeet } from './floor-area.ts';

describe('floor area', () => {
  it('converts with the exact international foot', () => {
    expect(squareFeetToSquareMetres(1)).toBeCloseTo(0.09290304, 10);
    expect(squareMetresToSquareFeet(100)).toBeCloseTo(1076.391, 3);
  });

  it('shows both units, square metres rounded', () => {
    expect(formatFloorArea(1250)).toBe('1,250 sq ft (116 m²)');
    expect(formatFloorArea(538)).toBe('538 sq ft (50 m²)');
  });

  it('round-trips within floating-point error', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 1_000_000, noNaN: true }), (a) => {
        const back = squareMetresToSquareFeet(squareFeetToSquareMetres(a));
        expect(Math.abs(back - a) / a).toBeLessThan(1e-12);
      }),
    );
  });

  // Distinct doubles a hair apart can round to the same product, so strict order is asserted on whole square feet
  // (how listings state their area) and non-strict order on any doubles.
  it('keeps order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 1_000_000 }), (a, b) => {
        if (a < b) expect(squareFeetToSquareMetres(a)).toBeLessThan(squareFeetToSquareMetres(b));
      }),
    );
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 1_000_000, noNaN: true }),
        fc.double({ min: 1, max: 1_000_000, noNaN: true }),
        (a, b) => {
          if (a <= b) expect(squareFeetToSquareMetres(a)).toBeLessThanOrEqual(squareFeetToSquareMetres(b));
        },
      ),
    );
  });
});
