import { describe, expect, it } from 'vitest';
import { addedOrReducedText, latestReduction, priceHistoryLines, reductionText } from './price-history.ts';

describe('price history', () => {
  it("derives 'Reduced' from the last change", () => {
    const history = [
      { date: '2026-09-01', price: 450_000 },
      { date: '2026-11-03', price: 425_000 },
    ];
    const reduction = latestReduction(history);
    expect(reduction).toEqual({ date: '2026-11-03', from: 450_000, to: 425_000 });
    expect(reductionText(reduction!)).toBe('Reduced on 3 November 2026 from £450,000');
    expect(addedOrReducedText(history, '2026-09-01')).toBe('Reduced on 3 November 2026');
  });

  it('is not reduced after a rise, with one entry, or in any order of input', () => {
    expect(latestReduction([{ date: '2026-09-01', price: 450_000 }])).toBeNull();
    expect(
      latestReduction([
        { date: '2026-10-01', price: 425_000 },
        { date: '2026-09-01', price: 450_000 },
        { date: '2026-11-01', price: 430_000 },
      ]),
    ).toBeNull();
    expect(
      latestReduction([
        { date: '2026-11-03', price: 425_000 },
        { date: '2026-09-01', price: 450_000 },
      ]),
    ).not.toBeNull();
    expect(addedOrReducedText([], '2026-09-01')).toBe('Added on 1 September 2026');
  });

  it('lists every change newest first', () => {
    expect(
      priceHistoryLines([
        { date: '2026-09-01', price: 450_000 },
        { date: '2026-11-03', price: 425_000 },
      ]).map((line) => line.text),
    ).toEqual(['Reduced to £425,000 (down £25,000)', 'Added at £450,000']);
  });
});
