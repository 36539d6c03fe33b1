import { describe, expect, it } from 'vitest';
import { areCalculatorsHidden } from './calculators-visibility.ts';

const forSale = { channel: 'sales' as const, priceValue: 350_000, tags: ['garden'] };

describe('calculator visibility (spec point 9)', () => {
  it('shows the calculators for a priced sales property', () => {
    expect(areCalculatorsHidden(forSale)).toBe(false);
  });

  it('hides them for lettings', () => {
    expect(areCalculatorsHidden({ ...forSale, channel: 'lettings' })).toBe(true);
  });

  it.each([null, undefined, 0, -1, Number.NaN])('hides them when the price is %s', (priceValue) => {
    expect(areCalculatorsHidden({ ...forSale, priceValue })).toBe(true);
  });

  it.each(['gth commercial', 'GTH Commercial', 'gth development', ' GTH DEVELOPMENT '])(
    'hides them for the tag "%s"',
    (tag) => {
      expect(areCalculatorsHidden({ ...forSale, tags: ['garden', tag] })).toBe(true);
    },
  );

  it('does not hide them for similar tags', () => {
    expect(areCalculatorsHidden({ ...forSale, tags: ['commercial', 'gth commercial property', 'development'] })).toBe(
      false,
    );
  });
});
