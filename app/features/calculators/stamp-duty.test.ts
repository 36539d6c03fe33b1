import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_PRICE,
  calculateStampDuty,
  toggleBuyerOptions,
  type BuyerOptions,
  type StampDutyInput,
} from './stamp-duty.ts';
import { LBTT_PERIODS, LTT_HIGHER_PERIODS, LTT_MAIN_PERIODS, SDLT_PERIODS, inEffectOn } from './stamp-duty-rates.ts';

const TODAY = '2026-03-01';
const buyer: BuyerOptions = { firstTimeBuyer: false, additionalProperty: false, nonUkResident: false };
const duty = (price: number, options: Partial<StampDutyInput> = {}) =>
  calculateStampDuty({ ...buyer, country: 'england', effectiveDate: TODAY, ...options, price });

describe('stamp duty', () => {
  describe('England & NI SDLT worked examples (reference §1)', () => {
    it.each([
      [125_000, 0],
      [250_000, 2_500],
      [925_000, 36_250],
      [1_500_000, 93_750],
    ])('standard: £%i → £%i', (price, total) => {
      expect(duty(price).total).toBe(total);
    });

    it('first-time buyer: 0% to £300,000, 5% to £500,000, lost entirely above £500,000', () => {
      const ftb = { firstTimeBuyer: true };
      expect(duty(300_000, ftb).total).toBe(0);
      expect(duty(500_000, ftb)).toMatchObject({ total: 10_000, table: 'first-time-buyer' });
      expect(duty(500_001, ftb)).toMatchObject({ total: 15_000, table: 'standard' });
    });

    it('first-time buyer and non-UK resident: relief bands + 2% of the whole price', () => {
      const options = { firstTimeBuyer: true, nonUkResident: true };
      expect(duty(300_000, options).total).toBe(6_000);
      expect(duty(400_000, options).total).toBe(13_000);
      expect(duty(500_000, options).total).toBe(20_000);
      expect(duty(500_001, options).total).toBe(25_000);
    });

    it('additional dwelling: standard + 5% of the price (£600,000 → £50,000), + 7% if also non-UK (£62,000)', () => {
      expect(duty(600_000, { additionalProperty: true })).toMatchObject({ total: 50_000, surchargeRate: 5 });
      expect(duty(600_000, { additionalProperty: true, nonUkResident: true })).toMatchObject({
        total: 62_000,
        surchargeRate: 7,
      });
    });

    it('applies the higher rates and the non-UK surcharge only from £40,000', () => {
      expect(duty(39_999, { additionalProperty: true, nonUkResident: true }).total).toBe(0);
      expect(duty(40_000, { additionalProperty: true }).total).toBe(2_000);
      expect(duty(40_000, { nonUkResident: true }).total).toBe(800);
      expect(duty(40_000, { additionalProperty: true, nonUkResident: true }).total).toBe(2_800);
    });

    it('never combines first-time buyer relief with the higher rates: additional wins', () => {
      expect(duty(300_000, { firstTimeBuyer: true, additionalProperty: true })).toMatchObject({
        total: 20_000,
        table: 'standard',
      });
    });
  });

  describe('Scotland LBTT (reference §2)', () => {
    const scotland = (price: number, options: Partial<StampDutyInput> = {}) =>
      duty(price, { country: 'scotland', ...options });

    it.each([
      [145_000, 0],
      [250_000, 2_100],
      [325_000, 5_850],
      [750_000, 48_350],
    ])('standard: £%i → £%i', (price, total) => {
      expect(scotland(price).total).toBe(total);
    });

    it('first-time buyer: nil band £175,000, saving at most £600, no price cap', () => {
      expect(scotland(175_000, { firstTimeBuyer: true }).total).toBe(0);
      expect(scotland(250_000, { firstTimeBuyer: true }).total).toBe(1_500);
      expect(scotland(2_000_000, { firstTimeBuyer: true }).total).toBe(scotland(2_000_000).total - 600);
    });

    it('ADS is 8% of the full price from £40,000, on top of LBTT', () => {
      expect(scotland(39_999, { additionalProperty: true }).total).toBe(0);
      expect(scotland(40_000, { additionalProperty: true }).total).toBe(3_200);
      expect(scotland(300_000, { additionalProperty: true }).total).toBe(scotland(300_000).total + 24_000);
    });

    it('has no non-UK resident surcharge', () => {
      expect(scotland(300_000, { nonUkResident: true }).total).toBe(scotland(300_000).total);
      expect(scotland(300_000, { nonUkResident: true, additionalProperty: true }).total).toBe(
        scotland(300_000, { additionalProperty: true }).total,
      );
    });
  });

  describe('Wales LTT (reference §3)', () => {
    const wales = (price: number, options: Partial<StampDutyInput> = {}) =>
      duty(price, { country: 'wales', ...options });

    it.each([
      [225_000, 0],
      [400_000, 10_500],
      [750_000, 36_750],
      [1_500_000, 111_750],
    ])('main rates: £%i → £%i', (price, total) => {
      expect(wales(price).total).toBe(total);
    });

    it.each([
      [180_000, 9_000],
      [250_000, 14_950],
      [400_000, 29_950],
      [750_000, 73_700],
      [1_500_000, 186_200],
    ])('higher residential rates table: £%i → £%i', (price, total) => {
      expect(wales(price, { additionalProperty: true })).toMatchObject({
        total,
        table: 'higher-rates',
        surchargeRate: 0,
      });
    });

    it('uses the higher rates only from £40,000', () => {
      expect(wales(39_999, { additionalProperty: true })).toMatchObject({ total: 0, table: 'standard' });
      expect(wales(40_000, { additionalProperty: true }).total).toBe(2_000);
    });

    it('has no first-time buyer relief and no non-UK surcharge', () => {
      expect(wales(300_000, { firstTimeBuyer: true }).total).toBe(wales(300_000).total);
      expect(wales(300_000, { nonUkResident: true }).total).toBe(wales(300_000).total);
    });
  });

  describe('every band boundary (price at the boundary, and one pound above)', () => {
    type Scenario = {
      name: string;
      options: Partial<StampDutyInput>;
      steps: [boundary: number, total: number, nextRate: number][];
    };
    const scenarios: Scenario[] = [
      {
        name: 'England standard',
        options: {},
        steps: [
          [125_000, 0, 2],
          [250_000, 2_500, 5],
          [925_000, 36_250, 10],
          [1_500_000, 93_750, 12],
        ],
      },
      { name: 'England first-time buyer', options: { firstTimeBuyer: true }, steps: [[300_000, 0, 5]] },
      {
        name: 'England additional',
        options: { additionalProperty: true },
        steps: [
          [125_000, 6_250, 7],
          [250_000, 15_000, 10],
          [925_000, 82_500, 15],
          [1_500_000, 168_750, 17],
        ],
      },
      {
        name: 'England non-UK',
        options: { nonUkResident: true },
        steps: [
          [125_000, 2_500, 4],
          [250_000, 7_500, 7],
          [925_000, 54_750, 12],
          [1_500_000, 123_750, 14],
        ],
      },
      {
        name: 'England additional non-UK',
        options: { additionalProperty: true, nonUkResident: true },
        steps: [
          [125_000, 8_750, 9],
          [250_000, 20_000, 12],
          [925_000, 101_000, 17],
          [1_500_000, 198_750, 19],
        ],
      },
      {
        name: 'England FTB non-UK',
        options: { firstTimeBuyer: true, nonUkResident: true },
        steps: [[300_000, 6_000, 7]],
      },
      {
        name: 'Scotland standard',
        options: { country: 'scotland' },
        steps: [
          [145_000, 0, 2],
          [250_000, 2_100, 5],
          [325_000, 5_850, 10],
          [750_000, 48_350, 12],
        ],
      },
      {
        name: 'Scotland first-time buyer',
        options: { country: 'scotland', firstTimeBuyer: true },
        steps: [
          [175_000, 0, 2],
          [250_000, 1_500, 5],
          [325_000, 5_250, 10],
          [750_000, 47_750, 12],
        ],
      },
      {
        name: 'Scotland additional (ADS 8%)',
        options: { country: 'scotland', additionalProperty: true },
        steps: [
          [145_000, 11_600, 10],
          [250_000, 22_100, 13],
          [325_000, 31_850, 18],
          [750_000, 108_350, 20],
        ],
      },
      {
        name: 'Wales main',
        options: { country: 'wales' },
        steps: [
          [225_000, 0, 6],
          [400_000, 10_500, 7.5],
          [750_000, 36_750, 10],
          [1_500_000, 111_750, 12],
        ],
      },
      {
        name: 'Wales higher rates',
        options: { country: 'wales', additionalProperty: true },
        steps: [
          [180_000, 9_000, 8.5],
          [250_000, 14_950, 10],
          [400_000, 29_950, 12.5],
          [750_000, 73_700, 15],
          [1_500_000, 186_200, 17],
        ],
      },
    ];

    for (const { name, options, steps } of scenarios) {
      it.each(steps)(
        `${name}: £%i is £%i, and the next band (%s%) starts one pound above`,
        (boundary, total, nextRate) => {
          const atBoundary = duty(boundary, options);
          expect(atBoundary.total).toBe(total);
          const nextBandAtBoundary = atBoundary.bands.find((band) => band.from === boundary);
          expect(nextBandAtBoundary).toMatchObject({ taxable: 0, tax: 0 });

          const above = duty(boundary + 1, options);
          const nextBand = above.bands.find((band) => band.from === boundary);
          expect(nextBand).toMatchObject({ rate: nextRate, taxable: 1, tax: nextRate / 100 });
          expect(above.total).toBe(Math.floor(total + nextRate / 100));
          expect(duty(boundary + 100, options).total).toBe(Math.floor(total + nextRate));
        },
      );
    }
  });

  describe('rate history by effective date', () => {
    it('England: nil bands, first-time buyer limits and surcharges change on their dates', () => {
      expect(duty(500_000, { effectiveDate: '2021-01-01' }).total).toBe(0);
      expect(duty(300_000, { effectiveDate: '2021-07-15' }).total).toBe(2_500);
      expect(duty(300_000, { effectiveDate: '2021-10-01' }).total).toBe(5_000);
      expect(duty(300_000, { firstTimeBuyer: true, effectiveDate: '2017-11-21' }).total).toBe(5_000);
      expect(duty(300_000, { firstTimeBuyer: true, effectiveDate: '2017-11-22' }).total).toBe(0);
      expect(duty(625_000, { firstTimeBuyer: true, effectiveDate: '2023-01-01' }).total).toBe(10_000);
      expect(duty(625_001, { firstTimeBuyer: true, effectiveDate: '2023-01-01' }).total).toBe(18_750);
      expect(duty(425_000, { firstTimeBuyer: true, effectiveDate: '2025-03-31' }).total).toBe(0);
      expect(duty(425_000, { firstTimeBuyer: true, effectiveDate: '2025-04-01' }).total).toBe(6_250);
      expect(duty(300_000, { additionalProperty: true, effectiveDate: '2016-03-31' }).total).toBe(5_000);
      expect(duty(300_000, { additionalProperty: true, effectiveDate: '2016-04-01' }).total).toBe(14_000);
      expect(duty(300_000, { additionalProperty: true, effectiveDate: '2024-10-30' }).total).toBe(11_500);
      expect(duty(300_000, { additionalProperty: true, effectiveDate: '2024-10-31' }).total).toBe(17_500);
      expect(duty(600_000, { nonUkResident: true, effectiveDate: '2021-03-31' }).total).toBe(5_000);
      expect(duty(600_000, { nonUkResident: true, effectiveDate: '2021-04-01' }).total).toBe(17_000);
    });

    it('Scotland: the 2020 nil band and the ADS rate changes', () => {
      const scotland = (price: number, options: Partial<StampDutyInput>) =>
        duty(price, { country: 'scotland', ...options });
      expect(scotland(250_000, { effectiveDate: '2020-08-01' }).total).toBe(0);
      expect(scotland(250_000, { firstTimeBuyer: true, effectiveDate: '2018-06-29' }).total).toBe(2_100);
      expect(scotland(250_000, { firstTimeBuyer: true, effectiveDate: '2018-06-30' }).total).toBe(1_500);
      expect(scotland(200_000, { additionalProperty: true, effectiveDate: '2019-01-24' }).total).toBe(1_100 + 6_000);
      expect(scotland(200_000, { additionalProperty: true, effectiveDate: '2019-01-25' }).total).toBe(1_100 + 8_000);
      expect(scotland(200_000, { additionalProperty: true, effectiveDate: '2022-12-16' }).total).toBe(1_100 + 12_000);
      expect(scotland(200_000, { additionalProperty: true, effectiveDate: '2024-12-04' }).total).toBe(1_100 + 12_000);
      expect(scotland(200_000, { additionalProperty: true, effectiveDate: '2024-12-05' }).total).toBe(1_100 + 16_000);
    });

    it('Wales: the main-rate tables and the higher-rate increases', () => {
      const wales = (price: number, options: Partial<StampDutyInput>) => duty(price, { country: 'wales', ...options });
      expect(wales(225_000, { effectiveDate: '2022-10-09' }).total).toBe(1_575);
      expect(wales(225_000, { effectiveDate: '2022-10-10' }).total).toBe(0);
      expect(wales(250_000, { effectiveDate: '2021-06-30' }).total).toBe(0);
      expect(wales(180_000, { additionalProperty: true, effectiveDate: '2020-12-21' }).total).toBe(5_400);
      expect(wales(180_000, { additionalProperty: true, effectiveDate: '2024-12-10' }).total).toBe(7_200);
      expect(wales(180_000, { additionalProperty: true, effectiveDate: '2024-12-11' }).total).toBe(9_000);
    });

    it('uses the earliest table before a tax began, accepts Date objects, and defaults to today', () => {
      expect(duty(300_000, { effectiveDate: '2010-01-01' }).total).toBe(5_000);
      expect(duty(300_000, { country: 'wales', effectiveDate: '2015-01-01' }).total).toBe(
        duty(300_000, { country: 'wales', effectiveDate: '2018-04-01' }).total,
      );
      expect(duty(300_000, { effectiveDate: new Date('2021-01-01T12:00:00Z') }).total).toBe(0);
      const today = new Date().toISOString().slice(0, 10);
      expect(calculateStampDuty({ ...buyer, country: 'england', price: 700_000 }).total).toBe(
        duty(700_000, { effectiveDate: today }).total,
      );
      expect(duty(700_000, { effectiveDate: 'not a date' }).total).toBe(duty(700_000, { effectiveDate: today }).total);
    });

    it('keeps each schedule in date order', () => {
      const schedules: (readonly { effectiveFrom: string }[])[] = [
        SDLT_PERIODS,
        LBTT_PERIODS,
        LTT_MAIN_PERIODS,
        LTT_HIGHER_PERIODS,
      ];
      for (const schedule of schedules) {
        const dates = schedule.map((period) => period.effectiveFrom);
        expect([...dates].sort()).toEqual(dates);
        expect(inEffectOn(schedule, '1999-01-01')).toBeUndefined();
      }
    });
  });

  describe('the result', () => {
    it('gives a band-by-band breakdown, an effective rate, and a total rounded down', () => {
      const result = duty(300_000);
      expect(result.bands).toEqual([
        { from: 0, to: 125_000, rate: 0, taxable: 125_000, tax: 0 },
        { from: 125_000, to: 250_000, rate: 2, taxable: 125_000, tax: 2_500 },
        { from: 250_000, to: 925_000, rate: 5, taxable: 50_000, tax: 2_500 },
        { from: 925_000, to: 1_500_000, rate: 10, taxable: 0, tax: 0 },
        { from: 1_500_000, to: null, rate: 12, taxable: 0, tax: 0 },
      ]);
      expect(result.effectiveRate).toBe(1.67);
      expect(duty(125_099).total).toBe(1);
      expect(duty(125_049).total).toBe(0);
    });

    it('treats zero, negative, NaN and fractional prices safely', () => {
      expect(duty(0)).toMatchObject({ total: 0, effectiveRate: 0 });
      expect(duty(-5).total).toBe(0);
      expect(duty(Number.NaN).total).toBe(0);
      expect(duty(250_000.99).total).toBe(2_500);
      expect(duty(Number.POSITIVE_INFINITY).total).toBe(duty(MAX_PRICE).total);
    });
  });

  describe('invariants', () => {
    const options = fc.record({
      country: fc.constantFrom('england' as const, 'scotland' as const, 'wales' as const),
      firstTimeBuyer: fc.boolean(),
      additionalProperty: fc.boolean(),
      nonUkResident: fc.boolean(),
      effectiveDate: fc
        .date({ min: new Date('2010-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
    });

    it('never decreases as the price rises', () => {
      fc.assert(
        fc.property(
          options,
          fc.integer({ min: 0, max: 3_000_000 }),
          fc.integer({ min: 0, max: 500_000 }),
          (input, price, step) => {
            expect(calculateStampDuty({ ...input, price: price + step }).total).toBeGreaterThanOrEqual(
              calculateStampDuty({ ...input, price }).total,
            );
          },
        ),
        { numRuns: 500 },
      );
    });

    it('is never negative, never more than the price, and matches its own breakdown', () => {
      fc.assert(
        fc.property(options, fc.integer({ min: 0, max: MAX_PRICE }), (input, price) => {
          const result = calculateStampDuty({ ...input, price });
          expect(result.total).toBeGreaterThanOrEqual(0);
          expect(result.total).toBeLessThanOrEqual(price);
          expect(Number.isInteger(result.total)).toBe(true);
          const sum = result.bands.reduce((total, band) => total + band.tax, 0);
          expect(Math.abs(result.total - sum)).toBeLessThan(1.0001);
        }),
      );
    });

    it('never throws, whatever the input', () => {
      fc.assert(
        fc.property(
          fc.record({
            price: fc.double(),
            country: fc.constantFrom('england' as const, 'scotland' as const, 'wales' as const),
            firstTimeBuyer: fc.boolean(),
            additionalProperty: fc.boolean(),
            nonUkResident: fc.boolean(),
            effectiveDate: fc.oneof(fc.string(), fc.date()),
          }),
          (input) => {
            expect(() => calculateStampDuty(input)).not.toThrow();
          },
        ),
      );
    });
  });

  describe('buyer options (spec point 4)', () => {
    it('ticking Additional property unticks First time buyer, and vice versa', () => {
      const firstTime = toggleBuyerOptions(buyer, 'firstTimeBuyer');
      expect(firstTime).toEqual({ ...buyer, firstTimeBuyer: true });
      const additional = toggleBuyerOptions(firstTime, 'additionalProperty');
      expect(additional).toEqual({ ...buyer, additionalProperty: true });
      expect(toggleBuyerOptions(additional, 'firstTimeBuyer')).toEqual({ ...buyer, firstTimeBuyer: true });
    });

    it('unticking changes only that box, and non-UK resident combines with either', () => {
      expect(toggleBuyerOptions({ ...buyer, firstTimeBuyer: true }, 'firstTimeBuyer')).toEqual(buyer);
      const nonUk = toggleBuyerOptions({ ...buyer, additionalProperty: true }, 'nonUkResident');
      expect(nonUk).toEqual({ firstTimeBuyer: false, additionalProperty: true, nonUkResident: true });
    });
  });
});
