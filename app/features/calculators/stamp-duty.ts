/**
 * Stamp duty calculator: SDLT (England & NI), LBTT (Scotland), LTT (Wales), by the buyer-type rules of the
 * reference (section 4). Sums are kept in exact integers (pounds × basis points) and the total is rounded down
 * to the pound, as HMRC does for SDLT; Doorstep does the same for LBTT and LTT.
 */
import {
  HIGHER_RATES_THRESHOLD,
  LBTT_ADDITIONAL_DWELLING_SUPPLEMENT,
  LBTT_PERIODS,
  LTT_HIGHER_PERIODS,
  LTT_MAIN_PERIODS,
  SDLT_ADDITIONAL_SURCHARGE,
  SDLT_NON_UK_SURCHARGE,
  SDLT_PERIODS,
  inEffectOn,
  periodOn,
  type Country,
  type RateBand,
  type SurchargePeriod,
} from './stamp-duty-rates.ts';

export type { Country } from './stamp-duty-rates.ts';

export type BuyerOptions = { firstTimeBuyer: boolean; additionalProperty: boolean; nonUkResident: boolean };

export type StampDutyInput = BuyerOptions & {
  price: number;
  country: Country;
  /** Completion date, yyyy-mm-dd or a Date; today when omitted or invalid. */
  effectiveDate?: string | Date;
};

type StampDutyBand = { from: number; to: number | null; rate: number; taxable: number; tax: number };

/** Which table was used: the standard/main rates, first-time buyer relief, or Wales's higher residential rates. */
type StampDutyTable = 'standard' | 'first-time-buyer' | 'higher-rates';

export type StampDutyResult = {
  /** Whole pounds, rounded down. */
  total: number;
  /** total ÷ price as a percentage, 2 decimals. */
  effectiveRate: number;
  /** Every band of the table used, with the surcharge already added to each band's rate. */
  bands: StampDutyBand[];
  table: StampDutyTable;
  /** Percentage points added to every band (England's surcharges, Scotland's ADS). */
  surchargeRate: number;
};

/** Prices are whole pounds; above £10bn the exact-integer arithmetic would lose precision, so we stop there. */
export const MAX_PRICE = 10_000_000_000;

export function calculateStampDuty(input: StampDutyInput): StampDutyResult {
  const price = wholePounds(input.price);
  const date = toDateKey(input.effectiveDate);
  const { bands, table, surchargeRate } = chooseTable(input, price, date);
  return applyBands(price, bands, table, surchargeRate);
}

/**
 * 'Additional property' and 'First time buyer' exclude each other (spec point 4): ticking one unticks the other.
 * If both arrive set anyway, calculateStampDuty lets 'additional' win, as the relief cannot apply then.
 */
export function toggleBuyerOptions(state: BuyerOptions, changed: keyof BuyerOptions): BuyerOptions {
  const next = { ...state, [changed]: !state[changed] };
  if (changed === 'additionalProperty' && next.additionalProperty) next.firstTimeBuyer = false;
  if (changed === 'firstTimeBuyer' && next.firstTimeBuyer) next.additionalProperty = false;
  return next;
}

type TableChoice = { bands: readonly RateBand[]; table: StampDutyTable; surchargeRate: number };

function chooseTable(input: StampDutyInput, price: number, date: string): TableChoice {
  const isHigherRatePurchase = input.additionalProperty && price >= HIGHER_RATES_THRESHOLD;
  const wantsRelief = input.firstTimeBuyer && !input.additionalProperty;
  switch (input.country) {
    case 'scotland': {
      const period = periodOn(LBTT_PERIODS, date);
      const surchargeRate = isHigherRatePurchase ? rateOn(LBTT_ADDITIONAL_DWELLING_SUPPLEMENT, date) : 0;
      if (wantsRelief && period.firstTimeBuyer)
        return { bands: period.firstTimeBuyer, table: 'first-time-buyer', surchargeRate };
      return { bands: period.standard, table: 'standard', surchargeRate };
    }
    case 'wales': {
      if (isHigherRatePurchase) {
        const higher = periodOn(LTT_HIGHER_PERIODS, date);
        return { bands: higher.bands, table: 'higher-rates', surchargeRate: 0 };
      }
      const main = periodOn(LTT_MAIN_PERIODS, date);
      return { bands: main.bands, table: 'standard', surchargeRate: 0 };
    }
    default: {
      const period = periodOn(SDLT_PERIODS, date);
      const isSurchargeable = price >= HIGHER_RATES_THRESHOLD;
      const surchargeRate =
        (isHigherRatePurchase ? rateOn(SDLT_ADDITIONAL_SURCHARGE, date) : 0) +
        (input.nonUkResident && isSurchargeable ? rateOn(SDLT_NON_UK_SURCHARGE, date) : 0);
      const relief = period.firstTimeBuyer;
      if (wantsRelief && relief && price <= relief.maxPrice)
        return { bands: relief.bands, table: 'first-time-buyer', surchargeRate };
      return { bands: period.standard, table: 'standard', surchargeRate };
    }
  }
}

function applyBands(
  price: number,
  bands: readonly RateBand[],
  table: StampDutyTable,
  surchargeRate: number,
): StampDutyResult {
  let from = 0;
  let totalPoundBasisPoints = 0;
  const breakdown = bands.map((band): StampDutyBand => {
    const rate = band.rate + surchargeRate;
    const top = band.upTo ?? Number.POSITIVE_INFINITY;
    const taxable = Math.max(0, Math.min(price, top) - from);
    const poundBasisPoints = taxable * Math.round(rate * 100);
    totalPoundBasisPoints += poundBasisPoints;
    const row = { from, to: band.upTo, rate, taxable, tax: poundBasisPoints / 10_000 };
    from = top;
    return row;
  });
  const total = (totalPoundBasisPoints - (totalPoundBasisPoints % 10_000)) / 10_000;
  const effectiveRate = price > 0 ? Math.round((total / price) * 10_000) / 100 : 0;
  return { total, effectiveRate, bands: breakdown, table, surchargeRate };
}

function wholePounds(price: number): number {
  if (typeof price !== 'number' || Number.isNaN(price) || price <= 0) return 0;
  return Math.floor(Math.min(price, MAX_PRICE));
}

/** yyyy-mm-dd, which compares correctly as text against the tables' dates. */
function toDateKey(value: string | Date | undefined): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = value instanceof Date && !Number.isNaN(value.getTime()) ? value : new Date();
  return date.toISOString().slice(0, 10);
}

function rateOn(periods: readonly SurchargePeriod[], date: string): number {
  return inEffectOn(periods, date)?.rate ?? 0;
}
