/**
 * Tenant Fees Act 2019 caps, in pence so that rounding never lets a deposit creep over the cap: a tenancy deposit
 * of at most five weeks' rent where the annual rent is under £50,000, six weeks' at or above it; a holding deposit
 * of at most one week's rent.
 */
import type { RentFrequency } from '../../../db/schema/property-facts.ts';

const DEPOSIT_THRESHOLD_ANNUAL_RENT = 50_000;

/** Annual rent in pence for a rent quoted per calendar month, per week or per year. */
function annualRentPence(rent: number, frequency: RentFrequency): number {
  const pence = Math.round(rent * 100);
  if (frequency === 'pcm') return pence * 12;
  if (frequency === 'pw') return pence * 52;
  return pence;
}

/** One week's rent in pence, rounded down (the cap must never exceed what the law allows). */
function weeklyRentPence(rent: number, frequency: RentFrequency): number {
  return Math.floor(annualRentPence(rent, frequency) / 52);
}

export function depositCapWeeks(rent: number, frequency: RentFrequency): 5 | 6 {
  return annualRentPence(rent, frequency) < DEPOSIT_THRESHOLD_ANNUAL_RENT * 100 ? 5 : 6;
}

/** The largest tenancy deposit allowed, in pence. */
export function maxDepositPence(rent: number, frequency: RentFrequency): number {
  return Math.floor((annualRentPence(rent, frequency) * depositCapWeeks(rent, frequency)) / 52);
}

/** The largest holding deposit allowed, in pence. */
function maxHoldingDepositPence(rent: number, frequency: RentFrequency): number {
  return weeklyRentPence(rent, frequency);
}

export function isDepositWithinCap(depositPounds: number, rent: number, frequency: RentFrequency): boolean {
  return Math.round(depositPounds * 100) <= maxDepositPence(rent, frequency);
}

export function isHoldingDepositWithinCap(depositPounds: number, rent: number, frequency: RentFrequency): boolean {
  return Math.round(depositPounds * 100) <= maxHoldingDepositPence(rent, frequency);
}

/** The largest whole-pound deposit allowed: what an agency usually asks for. */
export function maxDepositPounds(rent: number, frequency: RentFrequency): number {
  return Math.floor(maxDepositPence(rent, frequency) / 100);
}

export function maxHoldingDepositPounds(rent: number, frequency: RentFrequency): number {
  return Math.floor(maxHoldingDepositPence(rent, frequency) / 100);
}
