/**
 * Stamp duty rate tables as data, each with the date it took effect (source: /shared/reference/stamp-duty.md,
 * from HMRC, Revenue Scotland, the Welsh Revenue Authority and the legislation it cites). A rate change is a new
 * entry here, not a code change. Rates are percentages; `upTo` is the inclusive top of a band (null: no top).
 */
export type Country = 'england' | 'scotland' | 'wales';

export type RateBand = { readonly upTo: number | null; readonly rate: number };

type Dated = { readonly effectiveFrom: string };

/** Schedules are never empty, so the first entry always exists. */
export type Schedule<T> = readonly [T, ...T[]];

export type SdltPeriod = Dated & {
  readonly standard: readonly RateBand[];
  /** First-time buyer relief; lost entirely above maxPrice. Null while the relief did not exist or could not help. */
  readonly firstTimeBuyer: { readonly bands: readonly RateBand[]; readonly maxPrice: number } | null;
};

export type LbttPeriod = Dated & {
  readonly standard: readonly RateBand[];
  /** The first-time buyer nil band (£175,000) written out as a table; no price cap in Scotland. */
  readonly firstTimeBuyer: readonly RateBand[] | null;
};

export type BandsPeriod = Dated & { readonly bands: readonly RateBand[] };

/** Percentage points added to every band, or (Scotland's ADS) a percentage of the whole price: the same thing. */
export type SurchargePeriod = Dated & { readonly rate: number };

/** Higher rates, surcharges and the ADS apply only from this price (SDLTM09770, LTTA 2017 Sch 5, LBTT Sch 2A). */
export const HIGHER_RATES_THRESHOLD = 40_000;

const SDLT_2014: readonly RateBand[] = [
  { upTo: 125_000, rate: 0 },
  { upTo: 250_000, rate: 2 },
  { upTo: 925_000, rate: 5 },
  { upTo: 1_500_000, rate: 10 },
  { upTo: null, rate: 12 },
];

const SDLT_NIL_BAND_250K: readonly RateBand[] = [
  { upTo: 250_000, rate: 0 },
  { upTo: 925_000, rate: 5 },
  { upTo: 1_500_000, rate: 10 },
  { upTo: null, rate: 12 },
];

const SDLT_FTB_300K = {
  bands: [
    { upTo: 300_000, rate: 0 },
    { upTo: 500_000, rate: 5 },
  ],
  maxPrice: 500_000,
} as const;

/** England and Northern Ireland: Stamp Duty Land Tax (FA 2003 s55 Table A, Sch 6ZA). */
export const SDLT_PERIODS: Schedule<SdltPeriod> = [
  { effectiveFrom: '2014-12-04', standard: SDLT_2014, firstTimeBuyer: null },
  { effectiveFrom: '2017-11-22', standard: SDLT_2014, firstTimeBuyer: SDLT_FTB_300K },
  {
    effectiveFrom: '2020-07-08',
    standard: [
      { upTo: 500_000, rate: 0 },
      { upTo: 925_000, rate: 5 },
      { upTo: 1_500_000, rate: 10 },
      { upTo: null, rate: 12 },
    ],
    firstTimeBuyer: null,
  },
  { effectiveFrom: '2021-07-01', standard: SDLT_NIL_BAND_250K, firstTimeBuyer: SDLT_FTB_300K },
  { effectiveFrom: '2021-10-01', standard: SDLT_2014, firstTimeBuyer: SDLT_FTB_300K },
  {
    effectiveFrom: '2022-09-23',
    standard: SDLT_NIL_BAND_250K,
    firstTimeBuyer: {
      bands: [
        { upTo: 425_000, rate: 0 },
        { upTo: 625_000, rate: 5 },
      ],
      maxPrice: 625_000,
    },
  },
  { effectiveFrom: '2025-04-01', standard: SDLT_2014, firstTimeBuyer: SDLT_FTB_300K },
];

/** Higher rates for additional dwellings: +3 from 1 April 2016, +5 from 31 October 2024. */
export const SDLT_ADDITIONAL_SURCHARGE: readonly SurchargePeriod[] = [
  { effectiveFrom: '2016-04-01', rate: 3 },
  { effectiveFrom: '2024-10-31', rate: 5 },
];

/** Non-UK resident surcharge (England and NI only), stacking on every other residential rate. */
export const SDLT_NON_UK_SURCHARGE: readonly SurchargePeriod[] = [{ effectiveFrom: '2021-04-01', rate: 2 }];

const LBTT_TABLE_A: readonly RateBand[] = [
  { upTo: 145_000, rate: 0 },
  { upTo: 250_000, rate: 2 },
  { upTo: 325_000, rate: 5 },
  { upTo: 750_000, rate: 10 },
  { upTo: null, rate: 12 },
];

const LBTT_FIRST_TIME_BUYER: readonly RateBand[] = [
  { upTo: 175_000, rate: 0 },
  { upTo: 250_000, rate: 2 },
  { upTo: 325_000, rate: 5 },
  { upTo: 750_000, rate: 10 },
  { upTo: null, rate: 12 },
];

/** Scotland: Land and Buildings Transaction Tax (SSI 2015/126 Table A as amended; FTB relief LBTT(S)A 2013 Sch 4A). */
export const LBTT_PERIODS: Schedule<LbttPeriod> = [
  { effectiveFrom: '2015-04-01', standard: LBTT_TABLE_A, firstTimeBuyer: null },
  { effectiveFrom: '2018-06-30', standard: LBTT_TABLE_A, firstTimeBuyer: LBTT_FIRST_TIME_BUYER },
  {
    effectiveFrom: '2020-07-15',
    standard: [
      { upTo: 250_000, rate: 0 },
      { upTo: 325_000, rate: 5 },
      { upTo: 750_000, rate: 10 },
      { upTo: null, rate: 12 },
    ],
    firstTimeBuyer: null,
  },
  { effectiveFrom: '2021-04-01', standard: LBTT_TABLE_A, firstTimeBuyer: LBTT_FIRST_TIME_BUYER },
];

/** Additional Dwelling Supplement: a percentage of the whole price (SSI 2022/375, SSI 2024/367). */
export const LBTT_ADDITIONAL_DWELLING_SUPPLEMENT: readonly SurchargePeriod[] = [
  { effectiveFrom: '2016-04-01', rate: 3 },
  { effectiveFrom: '2019-01-25', rate: 4 },
  { effectiveFrom: '2022-12-16', rate: 6 },
  { effectiveFrom: '2024-12-05', rate: 8 },
];

const LTT_2018_MAIN: readonly RateBand[] = [
  { upTo: 180_000, rate: 0 },
  { upTo: 250_000, rate: 3.5 },
  { upTo: 400_000, rate: 5 },
  { upTo: 750_000, rate: 7.5 },
  { upTo: 1_500_000, rate: 10 },
  { upTo: null, rate: 12 },
];

/** Wales: Land Transaction Tax main residential rates (SI 2018/128 Table 1 as amended). No first-time buyer relief. */
export const LTT_MAIN_PERIODS: Schedule<BandsPeriod> = [
  { effectiveFrom: '2018-04-01', bands: LTT_2018_MAIN },
  {
    effectiveFrom: '2020-07-27',
    bands: [
      { upTo: 250_000, rate: 0 },
      { upTo: 400_000, rate: 5 },
      { upTo: 750_000, rate: 7.5 },
      { upTo: 1_500_000, rate: 10 },
      { upTo: null, rate: 12 },
    ],
  },
  { effectiveFrom: '2021-07-01', bands: LTT_2018_MAIN },
  {
    effectiveFrom: '2022-10-10',
    bands: [
      { upTo: 225_000, rate: 0 },
      { upTo: 400_000, rate: 6 },
      { upTo: 750_000, rate: 7.5 },
      { upTo: 1_500_000, rate: 10 },
      { upTo: null, rate: 12 },
    ],
  },
];

const lttHigher = (rates: readonly [number, number, number, number, number, number]): readonly RateBand[] =>
  [180_000, 250_000, 400_000, 750_000, 1_500_000, null].map((upTo, i) => ({ upTo, rate: rates[i] ?? 0 }));

/**
 * Wales higher residential rates: a separate table from £0 (the spec's 'corporate table': companies always pay it,
 * individuals buying an additional dwelling from £40,000).
 */
export const LTT_HIGHER_PERIODS: Schedule<BandsPeriod> = [
  { effectiveFrom: '2018-04-01', bands: lttHigher([3, 6.5, 8, 10.5, 13, 15]) },
  { effectiveFrom: '2020-12-22', bands: lttHigher([4, 7.5, 9, 11.5, 14, 16]) },
  { effectiveFrom: '2024-12-11', bands: lttHigher([5, 8.5, 10, 12.5, 15, 17]) },
];

/** The entry in effect on a yyyy-mm-dd date: the latest that started on or before it, or undefined if none had. */
export function inEffectOn<T extends Dated>(periods: readonly T[], date: string): T | undefined {
  let found: T | undefined;
  for (const period of periods) if (period.effectiveFrom <= date) found = period;
  return found;
}

/** As inEffectOn, but a date before the first entry gets the first: the calculator is for recent and future purchases. */
export function periodOn<T extends Dated>(schedule: Schedule<T>, date: string): T {
  return inEffectOn(schedule, date) ?? schedule[0];
}
