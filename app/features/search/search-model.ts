/**
 * The Search of spec point 3 and its one normaliser. Every way a Search is built (URL, query parameters, browser
 * storage, reducers) ends in `normaliseSearch`, so the rest of the app only ever sees clamped, consistent values.
 * The UI-only fields of point 3 (suggestions, viewport, clickedProperty) are screen state, not search criteria,
 * and are kept out of this type so they never reach URLs, history or saved searches.
 */
import { normalisePolygon, type LatLng } from './polygon.ts';

export type { LatLng } from './polygon.ts';

export const CHANNELS = ['sales', 'lettings'] as const;
export type Channel = (typeof CHANNELS)[number];
const DEFAULT_CHANNEL: Channel = 'sales';

export const SORT_OPTIONS = [
  'least-expensive-first',
  'most-expensive-first',
  'most-recent-first',
  'most-square-feet-first',
  'least-square-feet-first',
  'most-recently-launched-first',
  'most-recently-updated-first',
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

/** The property statuses (as stored on a property) plus 'all', which switches the status filter off. */
export const SEARCH_STATUSES = ['available', 'under-offer', 'sstc', 'sold', 'let-agreed', 'let', 'all'] as const;
export type SearchStatus = (typeof SEARCH_STATUSES)[number];

/** Property types the filter panel offers (an addition to the spec's Search fields; see docs/decisions/003). */
export const PROPERTY_TYPES = ['house', 'flat', 'bungalow', 'land', 'commercial'] as const;
export type PropertyTypeFilter = (typeof PROPERTY_TYPES)[number];

/** Furnishing a lettings search may ask for; a listing let 'furnished or unfurnished' matches either end. */
export const FURNISHING_FILTERS = ['furnished', 'part-furnished', 'unfurnished'] as const;
export type FurnishingFilter = (typeof FURNISHING_FILTERS)[number];

/** Stored furnishings each filter accepts: a listing let 'furnished or unfurnished' is offered either way. */
export const FURNISHING_MATCHES: Readonly<Record<FurnishingFilter, readonly string[]>> = {
  furnished: ['furnished', 'furnished-or-unfurnished'],
  'part-furnished': ['part-furnished'],
  unfurnished: ['unfurnished', 'furnished-or-unfurnished'],
};

export type Place = { place_id: number; name: string; county_name: string };

export type Search = {
  channel: Channel;
  placeId: number | null;
  place: Place | null;
  q: string | null;
  /** Derived: true when q is free text rather than a chosen place (q set, no placeId). */
  isQuerySearch: boolean;
  /** Tag slugs, in the order chosen, without duplicates. */
  tags: string[];
  poly: LatLng[] | null;
  /** yyyy-mm-dd */
  auctionDate: string | null;
  text: string | null;
  minBeds: number | null;
  maxBeds: number | null;
  minPrice: number | null;
  maxPrice: number | null;
  minSquareFeet: number | null;
  maxSquareFeet: number | null;
  area: string | null;
  /** Days. */
  updatedAgo: number | null;
  /** Days. */
  createdAgo: number | null;
  status: SearchStatus | null;
  minAcreage: number | null;
  maxAcreage: number | null;
  /** Miles. */
  within: number | null;
  /** 1-based. */
  page: number;
  shortLets: boolean;
  sorted: SortOption | null;
  pets: boolean;
  branch_id: number | null;
  propertyType: PropertyTypeFilter | null;
  /** Leaves out leasehold and shared-ownership listings (both are leases). */
  excludeLeasehold: boolean;
  /** Private parking: garage, driveway, allocated, off-street or gated (not on-street or permit). */
  parking: boolean;
  /** A private or communal garden. */
  garden: boolean;
  /** Any outside space: garden, balcony, terrace, patio, courtyard or land. */
  outsideSpace: boolean;
  /** Lettings: available to move in on or before this yyyy-mm-dd (a listing with no date is available now). */
  availableFrom: string | null;
  /** Lettings. */
  furnishing: FurnishingFilter | null;
  /** Lettings. */
  billsIncluded: boolean;
  excludeSharedOwnership: boolean;
  excludeRetirement: boolean;
};

/** Loose input accepted by the normaliser: any field may hold anything (parsed strings, stored JSON, junk). */
export type SearchInput = { readonly [K in keyof Search]?: unknown };

export type NormaliseOptions = {
  /** The theme's default search status, used when the input names none. */
  defaultStatus?: SearchStatus | null;
};

type NumberLimit = { min: number; max: number; decimals: number };

/** Sensible maxima: anything above is clamped, anything below (or not a number) is dropped. */
const SEARCH_LIMITS = {
  beds: { min: 0, max: 50, decimals: 0 },
  price: { min: 0, max: 100_000_000, decimals: 0 },
  squareFeet: { min: 0, max: 1_000_000, decimals: 0 },
  acreage: { min: 0, max: 100_000, decimals: 2 },
  within: { min: 0, max: 100, decimals: 2 },
  page: { min: 1, max: 10_000, decimals: 0 },
  days: { min: 1, max: 3650, decimals: 0 },
  /** Database ids are PostgreSQL integers: a bigger id cannot exist and would make the query fail. */
  id: { min: 1, max: 2_147_483_647, decimals: 0 },
} as const satisfies Record<string, NumberLimit>;

const MAX_TEXT_LENGTH = 200;
const MAX_QUERY_LENGTH = 200;
const MAX_PLACE_NAME_LENGTH = 100;
export const MAX_TAGS = 20;
const MAX_SLUG_LENGTH = 60;

export const DEFAULT_SEARCH: Readonly<Search> = Object.freeze({
  channel: DEFAULT_CHANNEL,
  placeId: null,
  place: null,
  q: null,
  isQuerySearch: false,
  tags: [],
  poly: null,
  auctionDate: null,
  text: null,
  minBeds: null,
  maxBeds: null,
  minPrice: null,
  maxPrice: null,
  minSquareFeet: null,
  maxSquareFeet: null,
  area: null,
  updatedAgo: null,
  createdAgo: null,
  status: null,
  minAcreage: null,
  maxAcreage: null,
  within: null,
  page: 1,
  shortLets: false,
  sorted: null,
  pets: false,
  branch_id: null,
  propertyType: null,
  excludeLeasehold: false,
  parking: false,
  garden: false,
  outsideSpace: false,
  availableFrom: null,
  furnishing: null,
  billsIncluded: false,
  excludeSharedOwnership: false,
  excludeRetirement: false,
});

export function createSearch(overrides: SearchInput = {}, options: NormaliseOptions = {}): Search {
  return normaliseSearch({ ...DEFAULT_SEARCH, ...overrides }, options);
}

/** Total: never throws, whatever it is given (a non-object counts as an empty search). */
export function normaliseSearch(input: unknown, options: NormaliseOptions = {}): Search {
  const raw: SearchInput = typeof input === 'object' && input !== null ? (input as SearchInput) : {};
  const place = toPlace(raw.place);
  const placeId = place ? place.place_id : toNumber(raw.placeId, SEARCH_LIMITS.id);
  const q = place ? placeLabel(place) : cleanText(raw.q, MAX_QUERY_LENGTH);
  const [minBeds, maxBeds] = orderedRange(raw.minBeds, raw.maxBeds, SEARCH_LIMITS.beds);
  const [minPrice, maxPrice] = orderedRange(raw.minPrice, raw.maxPrice, SEARCH_LIMITS.price);
  const [minSquareFeet, maxSquareFeet] = orderedRange(raw.minSquareFeet, raw.maxSquareFeet, SEARCH_LIMITS.squareFeet);
  const [minAcreage, maxAcreage] = orderedRange(raw.minAcreage, raw.maxAcreage, SEARCH_LIMITS.acreage);
  const channel = toChannel(raw.channel) ?? DEFAULT_CHANNEL;
  // Available from, furnishing and bills mean something only to rent, so a sales search drops them.
  const isLettings = channel === 'lettings';
  return {
    channel,
    placeId,
    place,
    q,
    isQuerySearch: q !== null && placeId === null,
    tags: toTags(raw.tags),
    poly: normalisePolygon(raw.poly),
    auctionDate: toIsoDate(raw.auctionDate),
    text: cleanText(raw.text, MAX_TEXT_LENGTH),
    minBeds,
    maxBeds,
    minPrice,
    maxPrice,
    minSquareFeet,
    maxSquareFeet,
    area: toSlug(raw.area),
    updatedAgo: toNumber(raw.updatedAgo, SEARCH_LIMITS.days),
    createdAgo: toNumber(raw.createdAgo, SEARCH_LIMITS.days),
    status: toStatus(raw.status) ?? toStatus(options.defaultStatus),
    minAcreage,
    maxAcreage,
    within: toNumber(raw.within, SEARCH_LIMITS.within),
    page: toNumber(raw.page, SEARCH_LIMITS.page) ?? 1,
    shortLets: toBoolean(raw.shortLets),
    sorted: toSortOption(raw.sorted),
    pets: toBoolean(raw.pets),
    branch_id: toNumber(raw.branch_id, SEARCH_LIMITS.id),
    propertyType: (PROPERTY_TYPES as readonly unknown[]).includes(raw.propertyType)
      ? (raw.propertyType as PropertyTypeFilter)
      : null,
    excludeLeasehold: toBoolean(raw.excludeLeasehold),
    parking: toBoolean(raw.parking),
    garden: toBoolean(raw.garden),
    outsideSpace: toBoolean(raw.outsideSpace),
    availableFrom: isLettings ? toIsoDate(raw.availableFrom) : null,
    furnishing:
      isLettings && (FURNISHING_FILTERS as readonly unknown[]).includes(raw.furnishing)
        ? (raw.furnishing as FurnishingFilter)
        : null,
    billsIncluded: isLettings && toBoolean(raw.billsIncluded),
    excludeSharedOwnership: toBoolean(raw.excludeSharedOwnership),
    excludeRetirement: toBoolean(raw.excludeRetirement),
  };
}

/** 'Bath, Somerset'; just the name when the county is missing or repeats the name (e.g. 'London'). */
export function placeLabel(place: Pick<Place, 'name' | 'county_name'>): string {
  const county = place.county_name.trim();
  const name = place.name.trim();
  return county === '' || county.toLowerCase() === name.toLowerCase() ? name : `${name}, ${county}`;
}

function isChannel(value: unknown): value is Channel {
  return (CHANNELS as readonly unknown[]).includes(value);
}

function isSortOption(value: unknown): value is SortOption {
  return (SORT_OPTIONS as readonly unknown[]).includes(value);
}

export function isSearchStatus(value: unknown): value is SearchStatus {
  return (SEARCH_STATUSES as readonly unknown[]).includes(value);
}

function toChannel(value: unknown): Channel | null {
  return isChannel(value) ? value : null;
}

function toSortOption(value: unknown): SortOption | null {
  return isSortOption(value) ? value : null;
}

function toStatus(value: unknown): SearchStatus | null {
  return isSearchStatus(value) ? value : null;
}

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'on']);

function toBoolean(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  return typeof value === 'string' && TRUE_WORDS.has(value.trim().toLowerCase());
}

const NUMBER_TEXT = /^\+?(\d+(\.\d*)?|\.\d+)$/;

/**
 * Negative, NaN and non-numeric values are dropped (they carry no usable intent); values above the maximum,
 * including digit strings too long for a double, are clamped to it. Rounded to the limit's decimals.
 */
function toNumber(value: unknown, limit: NumberLimit): number | null {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && NUMBER_TEXT.test(value.trim())) n = Number(value.trim());
  else return null;
  if (Number.isNaN(n) || n < 0) return null;
  if (n > limit.max) return limit.max;
  const factor = 10 ** limit.decimals;
  const rounded = Math.round(n * factor) / factor;
  if (rounded < limit.min) return null;
  return rounded === 0 ? 0 : rounded;
}

/** min > max is swapped rather than dropped: both values came from the visitor, only their order is wrong. */
function orderedRange(min: unknown, max: unknown, limit: NumberLimit): [number | null, number | null] {
  const low = toNumber(min, limit);
  const high = toNumber(max, limit);
  return low !== null && high !== null && low > high ? [high, low] : [low, high];
}

// Lone surrogates would make encodeURIComponent throw; control characters have no place in search text.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const CONTROL_CHARACTERS = /\p{Cc}/gu;

/** Trimmed, well-formed text of at most maxLength code points (never splitting an emoji), or null if empty. */
export function cleanText(value: unknown, maxLength: number): string | null {
  if (typeof value !== 'string') return null;
  const cleaned = value.replace(LONE_SURROGATE, '\uFFFD').replace(CONTROL_CHARACTERS, ' ').trim();
  const truncated = Array.from(cleaned).slice(0, maxLength).join('').trimEnd();
  return truncated === '' ? null : truncated;
}

/** Lower-case a-z0-9 words joined by hyphens ('Off Street Parking' → 'off-street-parking'), or null if none. */
export function toSlug(value: unknown, maxLength: number = MAX_SLUG_LENGTH): string | null {
  if (typeof value !== 'string') return null;
  const slug = value
    .slice(0, 1000)
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
  return slug === '' ? null : slug;
}

function toTags(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  const tags: string[] = [];
  for (const entry of list.slice(0, 1000)) {
    const slug = toSlug(entry);
    if (slug !== null && !tags.includes(slug)) tags.push(slug);
    if (tags.length === MAX_TAGS) break;
  }
  return tags;
}

function toPlace(value: unknown): Place | null {
  if (typeof value !== 'object' || value === null) return null;
  const candidate = value as Record<string, unknown>;
  const placeId = toNumber(candidate.place_id, SEARCH_LIMITS.id);
  const name = cleanText(candidate.name, MAX_PLACE_NAME_LENGTH);
  if (placeId === null || name === null) return null;
  return { place_id: placeId, name, county_name: cleanText(candidate.county_name, MAX_PLACE_NAME_LENGTH) ?? '' };
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date as yyyy-mm-dd (so 2025-02-30 is dropped). */
export function toIsoDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = ISO_DATE.exec(value.trim());
  if (!match) return null;
  const [, year, month, day] = match.map(Number);
  if (year === undefined || month === undefined || day === undefined || year < 1900) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  const isReal = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return isReal ? value.trim() : null;
}
