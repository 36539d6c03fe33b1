/**
 * Instant valuation maths (method in docs/instant-valuation.md). Pure: the caller loads the
 * comparable properties. Each comparable's price is adjusted to the target (bedrooms, property type, asking-price
 * discount), weighted by distance, recency, similarity and how firm its price is (sold > agreed > asking), and
 * combined as a weighted geometric mean; the range is the weighted spread widened for a small sample.
 */
import { z } from 'zod';
export type ValuationPropertyType = 'house' | 'flat' | 'bungalow';
export const VALUATION_PROPERTY_TYPES: readonly ValuationPropertyType[] = ['house', 'flat', 'bungalow'];
export type ValuationChannel = 'sales' | 'lettings';

export type ComparableStatus = 'available' | 'under-offer' | 'sstc' | 'sold' | 'let-agreed' | 'let';

export type Comparable = {
  id: number;
  channel: ValuationChannel;
  status: ComparableStatus;
  /** Sales: the price in pounds (the exchanged price when sold, if known); lettings: pounds per month. */
  price: number;
  propertyType: ValuationPropertyType;
  bedrooms: number;
  distanceKm: number;
  /** When the price was last set or the sale/let agreed. */
  date: Date;
  displayAddress: string;
  url: string;
};

export type ValuationTarget = { propertyType: ValuationPropertyType; bedrooms: number };

type WeightedComparable = Comparable & {
  /** The comparable's price adjusted to the target home. */
  adjustedPrice: number;
  /** Share of the estimate, 0..1. */
  weight: number;
};

export type Estimate = {
  channel: ValuationChannel;
  value: number;
  low: number;
  high: number;
  confidence: 'high' | 'medium' | 'low';
  /** The comparables used, heaviest first (at most MAX_SHOWN_COMPARABLES). */
  comparables: WeightedComparable[];
  comparableCount: number;
};

export type ValuationLocation = { lat: number; lng: number; label: string };

/** What the /valuation screen shows: both estimates (null when too few comparables), or an unknown place. */
export type InstantValuation =
  | { status: 'ok'; location: ValuationLocation; sales: Estimate | null; lettings: Estimate | null; radiusKm: number }
  | { status: 'not-found' };

/** Each bedroom more or fewer than the comparable moves the price by this factor (compounded, at most 3 steps). */
const BEDROOM_STEP = 0.12;
const MAX_BEDROOM_STEPS = 3;
/** Relative price of the same-sized home by type (a house is the reference). */
const TYPE_FACTOR: Record<ValuationPropertyType, number> = { house: 1, bungalow: 0.95, flat: 0.78 };
/** Asking prices are trimmed towards what homes achieve. */
const ASKING_PRICE_DISCOUNT = 0.04;
/** How firm each status's price is. */
const STATUS_WEIGHT: Record<ComparableStatus, number> = {
  sold: 1,
  let: 1,
  sstc: 0.85,
  'under-offer': 0.8,
  'let-agreed': 0.85,
  available: 0.6,
};
/** Distance kernel: weight halves about every DISTANCE_SCALE_KM × 0.83 km (Gaussian). */
const DISTANCE_SCALE_KM = 2;
/** Recency: the weight halves every HALF_LIFE_DAYS. */
const HALF_LIFE_DAYS = 365;
const MIN_COMPARABLES = 3;
const MAX_SHOWN_COMPARABLES = 6;
/** The range is never narrower than ±5%. */
const MIN_RANGE = 0.05;

const DAY_MS = 86_400_000;

function isAsking(status: ComparableStatus): boolean {
  return status === 'available';
}

/** The comparable's price as if it were the target home. */
export function adjustPrice(comparable: Comparable, target: ValuationTarget): number {
  const steps = Math.max(-MAX_BEDROOM_STEPS, Math.min(MAX_BEDROOM_STEPS, target.bedrooms - comparable.bedrooms));
  const bedroomFactor = (1 + BEDROOM_STEP) ** steps;
  const typeFactor = TYPE_FACTOR[target.propertyType] / TYPE_FACTOR[comparable.propertyType];
  const askingFactor = isAsking(comparable.status) ? 1 - ASKING_PRICE_DISCOUNT : 1;
  return comparable.price * bedroomFactor * typeFactor * askingFactor;
}

/** How much a comparable counts, before normalising: distance × recency × similarity × firmness of price. */
export function comparableWeight(comparable: Comparable, target: ValuationTarget, now: Date): number {
  const distance = Math.exp(-((Math.max(0, comparable.distanceKm) / DISTANCE_SCALE_KM) ** 2));
  const ageDays = Math.max(0, (now.getTime() - comparable.date.getTime()) / DAY_MS);
  const recency = 0.5 ** (ageDays / HALF_LIFE_DAYS);
  const bedroomGap = Math.abs(target.bedrooms - comparable.bedrooms);
  const similarity = Math.exp(-0.7 * bedroomGap) * (comparable.propertyType === target.propertyType ? 1 : 0.4);
  return distance * recency * similarity * STATUS_WEIGHT[comparable.status];
}

export function roundEstimate(value: number, channel: ValuationChannel): number {
  if (channel === 'lettings') return Math.max(25, Math.round(value / 25) * 25);
  const step = value < 250_000 ? 1_000 : value < 1_000_000 ? 5_000 : 25_000;
  return Math.max(step, Math.round(value / step) * step);
}

/**
 * The estimate for one channel, or null when fewer than MIN_COMPARABLES usable comparables (priced, positive
 * weight) are given.
 */
export function estimateValue(
  channel: ValuationChannel,
  target: ValuationTarget,
  comparables: readonly Comparable[],
  now: Date,
): Estimate | null {
  const usable = comparables
    .filter((comparable) => comparable.channel === channel && Number.isFinite(comparable.price) && comparable.price > 0)
    .map((comparable) => ({
      comparable,
      adjusted: adjustPrice(comparable, target),
      weight: comparableWeight(comparable, target, now),
    }))
    .filter((entry) => entry.weight > 1e-9 && Number.isFinite(entry.adjusted));
  if (usable.length < MIN_COMPARABLES) return null;

  const totalWeight = usable.reduce((sum, entry) => sum + entry.weight, 0);
  const meanLog = usable.reduce((sum, entry) => sum + entry.weight * Math.log(entry.adjusted), 0) / totalWeight;
  const variance =
    usable.reduce((sum, entry) => sum + entry.weight * (Math.log(entry.adjusted) - meanLog) ** 2, 0) / totalWeight;
  // Effective sample size: a handful of heavy comparables count for less than many even ones.
  const effectiveCount = totalWeight ** 2 / usable.reduce((sum, entry) => sum + entry.weight ** 2, 0);
  const spread = Math.sqrt(variance * (1 + 1 / effectiveCount));
  const halfWidth = Math.max(MIN_RANGE, Math.min(0.5, spread));

  const centre = Math.exp(meanLog);
  const value = roundEstimate(centre, channel);
  const low = Math.min(value, roundEstimate(centre * (1 - halfWidth), channel));
  const high = Math.max(value, roundEstimate(centre * (1 + halfWidth), channel));
  const confidence =
    effectiveCount >= 6 && halfWidth <= 0.12 ? 'high' : effectiveCount >= 3 && halfWidth <= 0.25 ? 'medium' : 'low';

  const shown = usable
    .map((entry) => ({
      ...entry.comparable,
      adjustedPrice: Math.round(entry.adjusted),
      weight: entry.weight / totalWeight,
    }))
    .sort((a, b) => b.weight - a.weight || a.distanceKm - b.distanceKm)
    .slice(0, MAX_SHOWN_COMPARABLES);
  return { channel, value, low, high, confidence, comparables: shown, comparableCount: usable.length };
}

/** Great-circle distance in kilometres. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The query of the instant valuation form (also its URL: /valuation?q=…&type=…&beds=…). */
export type ValuationQuery = { q: string; type: ValuationPropertyType; beds: number };

const VALUATION_MESSAGES = {
  q: 'Please enter a valid address or postcode',
  type: 'Please choose a property type',
  beds: 'Please choose the number of bedrooms',
} as const;

export const MAX_BEDROOMS = 8;

/** The form's schema (shared by the screen and the loader), with its messages. */
const valuationQuerySchema = z.object({
  q: z.string().trim().min(2, VALUATION_MESSAGES.q).max(200, VALUATION_MESSAGES.q),
  type: z.enum(VALUATION_PROPERTY_TYPES as [ValuationPropertyType, ...ValuationPropertyType[]], {
    error: VALUATION_MESSAGES.type,
  }),
  beds: z
    .string()
    .regex(/^\d{1,2}$/, VALUATION_MESSAGES.beds)
    .transform(Number)
    .pipe(z.number().int().min(0, VALUATION_MESSAGES.beds).max(MAX_BEDROOMS, VALUATION_MESSAGES.beds)),
});

/** Reads the query from URL parameters; `errors` names each field that is missing or wrong. */
export function parseValuationQuery(params: URLSearchParams): {
  query: ValuationQuery | null;
  errors: Partial<Record<keyof ValuationQuery, string>>;
  values: Record<keyof ValuationQuery, string>;
} {
  const values = {
    q: (params.get('q') ?? '').trim().slice(0, 200),
    type: (params.get('type') ?? '').slice(0, 20),
    beds: (params.get('beds') ?? '').slice(0, 3),
  };
  const parsed = valuationQuerySchema.safeParse(values);
  if (parsed.success) return { query: parsed.data, errors: {}, values };
  const errors: Partial<Record<keyof ValuationQuery, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof ValuationQuery;
    errors[field] ??= issue.message;
  }
  return { query: null, errors, values };
}

/** A full UK postcode in the text ('BA2 3AB', 'ba23ab'), normalised, or null. */
export function findPostcode(text: string): string | null {
  const match = /\b([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})\b/i.exec(text);
  return match ? `${match[1]!.toUpperCase()} ${match[2]!.toUpperCase()}` : null;
}

/** A postcode district on its own ('BA2'), or null. */
export function findOutcode(text: string): string | null {
  const match = /^\s*([A-Z]{1,2}\d[A-Z\d]?)\s*$/i.exec(text);
  return match ? match[1]!.toUpperCase() : null;
}
