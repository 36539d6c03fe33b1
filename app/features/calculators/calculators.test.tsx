import fc from 'fast-check';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { bandLabel, Calculators, formatRate, stampDutyFor } from './calculators.tsx';

const buyer = { firstTimeBuyer: false, additionalProperty: false, nonUkResident: false };

describe('calculators UI helpers', () => {
  it('labels the bands as portions of the price', () => {
    expect(bandLabel(0, 125_000)).toBe('Up to £125,000');
    expect(bandLabel(125_000, 250_000)).toBe('£125,001 to £250,000');
    expect(bandLabel(1_500_000, null)).toBe('Over £1,500,000');
    expect(formatRate(5)).toBe('5%');
    expect(formatRate(0.5)).toBe('0.5%');
  });

  it('works out stamp duty from the typed price, digits only', () => {
    expect(stampDutyFor('295,000', 'england', buyer, '2026-03-01')?.total).toBe(4_750);
    expect(stampDutyFor('£295000', 'england', { ...buyer, firstTimeBuyer: true }, '2026-03-01')?.total).toBe(0);
    expect(stampDutyFor('', 'england', buyer)).toBeNull();
    expect(stampDutyFor('abc', 'scotland', buyer)).toBeNull();
  });

  it('never throws on anything typed into the price', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom('england', 'scotland', 'wales') as fc.Arbitrary<'england' | 'scotland' | 'wales'>,
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (text, country, first, additional, nonUk) => {
          const result = stampDutyFor(text, country, {
            firstTimeBuyer: first,
            additionalProperty: additional,
            nonUkResident: nonUk,
          });
          return result === null || (Number.isInteger(result.total) && result.total >= 0);
        },
      ),
    );
  });
});

describe('calculators markup (server render)', () => {
  const html = renderToString(
    <Calculators price={300_000} country="wales" interestRateDefault={4.5} mortgageGuideUrl="/mortgages" />,
  );

  it("has the tabs 'Mortgage' (selected) and 'Stamp duty'", () => {
    expect(html).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>Mortgage</);
    expect(html).toMatch(/role="tab"[^>]*aria-selected="false"[^>]*>Stamp duty</);
  });

  it('labels every input with the spec wording', () => {
    for (const label of [
      'Property price',
      'Deposit',
      'Interest rate',
      'Repayment period',
      'Country',
      'First time buyer',
      'Additional property',
      'Non-UK resident',
    ]) {
      expect(html).toContain(`>${label}</label>`);
    }
  });

  it('starts with a 20% deposit, 25 years, the theme rate and the property country', () => {
    expect(html).toContain('value="60000"');
    expect(html).toContain('value="25"');
    expect(html).toContain('value="4.5"');
    expect(html).toMatch(/<option value="wales" selected="">Wales<\/option>/);
  });

  it('limits inputs to 11 characters, announces results and links the mortgage guide', () => {
    expect(html.match(/maxLength="11"/g)?.length).toBe(5);
    expect(html).toContain('aria-live="polite"');
    expect(html).toContain('<a href="/mortgages">Mortgage guide</a>');
  });
});
