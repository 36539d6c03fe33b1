import type {
  Channel,
  FurnishingFilter,
  PropertyTypeFilter,
  Search,
  SearchStatus,
  SortOption,
} from './search-model.ts';

/** Price bands suited to each channel: sale prices, and monthly rents for lettings. */
export const PRICE_BANDS: Record<Channel, readonly number[]> = {
  sales: [
    50_000, 75_000, 100_000, 125_000, 150_000, 175_000, 200_000, 250_000, 300_000, 350_000, 400_000, 450_000, 500_000,
    600_000, 700_000, 800_000, 900_000, 1_000_000, 1_250_000, 1_500_000, 2_000_000, 3_000_000, 5_000_000,
  ],
  lettings: [300, 400, 500, 600, 700, 800, 900, 1000, 1250, 1500, 1750, 2000, 2500, 3000, 4000, 5000],
};

export const BED_OPTIONS = [0, 1, 2, 3, 4, 5, 6] as const;

export const SORT_LABELS: Record<SortOption, string> = {
  'most-recent-first': 'Most recent first',
  'least-expensive-first': 'Lowest price first',
  'most-expensive-first': 'Highest price first',
  'most-square-feet-first': 'Largest first',
  'least-square-feet-first': 'Smallest first',
  'most-recently-launched-first': 'Most recently launched',
  'most-recently-updated-first': 'Most recently updated',
};

export const STATUS_LABELS: Record<SearchStatus, string> = {
  available: 'Available',
  'under-offer': 'Under offer',
  sstc: 'Sold STC',
  sold: 'Sold',
  'let-agreed': 'Let agreed',
  let: 'Let',
  all: 'Any status',
};

export const STATUSES_BY_CHANNEL: Record<Channel, readonly SearchStatus[]> = {
  sales: ['all', 'available', 'under-offer', 'sstc', 'sold'],
  lettings: ['all', 'available', 'let-agreed', 'let'],
};

export const PROPERTY_TYPE_LABELS: Record<PropertyTypeFilter, string> = {
  house: 'Houses',
  flat: 'Flats and apartments',
  bungalow: 'Bungalows',
  land: 'Land and farms',
  commercial: 'Commercial',
};

export const RADIUS_OPTIONS = [0.25, 0.5, 1, 3, 5, 10, 15, 20, 30, 40] as const;
export const DAYS_OPTIONS = [1, 3, 7, 14, 30] as const;

/**
 * Tag filters offered in the panel, as URL slugs. Garden and parking are offered from the listing's facts instead
 * (FACT_FILTER_LABELS); their tags still work in links (`tag-garden`).
 */
export const TAG_OPTIONS: { slug: string; label: string }[] = [
  { slug: 'new-home', label: 'New homes' },
  { slug: 'auction', label: 'Auction' },
  { slug: 'chain-free', label: 'Chain free' },
];

/** The yes/no filters drawn from the listing's facts, as the panel labels them. */
export const FACT_FILTER_LABELS = {
  parking: 'Parking',
  garden: 'Garden',
  outsideSpace: 'Any outside space',
  excludeLeasehold: 'Exclude leasehold',
  excludeSharedOwnership: 'Exclude shared ownership',
  excludeRetirement: 'Exclude retirement homes',
  billsIncluded: 'Bills included',
} as const satisfies Partial<Record<keyof Search, string>>;

export const FURNISHING_LABELS: Record<FurnishingFilter, string> = {
  furnished: 'Furnished',
  'part-furnished': 'Part furnished',
  unfurnished: 'Unfurnished',
};

const compactPounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });

export function priceLabel(channel: Channel, value: number): string {
  return channel === 'lettings' ? `${compactPounds.format(value)} pcm` : compactPounds.format(value);
}

export function channelHeading(channel: Channel): string {
  return channel === 'lettings' ? 'Property to rent' : 'Property for sale';
}

export function resultCountText(count: number, isCapped: boolean, channel: Channel): string {
  const noun = count === 1 && !isCapped ? 'property' : 'properties';
  const formatted = `${count.toLocaleString('en-GB')}${isCapped ? '+' : ''}`;
  return `${formatted} ${noun} ${channel === 'lettings' ? 'to rent' : 'for sale'}`;
}

/** A one-line summary of a search for history and saved-search lists. */
export function describeSearch(search: {
  channel: Channel;
  q: string | null;
  minBeds: number | null;
  maxBeds: number | null;
  minPrice: number | null;
  maxPrice: number | null;
  propertyType: PropertyTypeFilter | null;
  poly: unknown;
  tags: string[];
  excludeLeasehold?: boolean;
  parking?: boolean;
  garden?: boolean;
  outsideSpace?: boolean;
  availableFrom?: string | null;
  furnishing?: FurnishingFilter | null;
  billsIncluded?: boolean;
  excludeSharedOwnership?: boolean;
  excludeRetirement?: boolean;
}): string {
  const parts = [`${channelHeading(search.channel)}${search.q ? ` in ${search.q}` : ''}`];
  if (search.poly) parts.push('in a drawn area');
  if (search.propertyType) parts.push(PROPERTY_TYPE_LABELS[search.propertyType].toLowerCase());
  if (search.minBeds !== null && search.maxBeds !== null) parts.push(`${search.minBeds}–${search.maxBeds} beds`);
  else if (search.minBeds !== null) parts.push(`${search.minBeds}+ beds`);
  else if (search.maxBeds !== null) parts.push(`up to ${search.maxBeds} beds`);
  if (search.minPrice !== null) parts.push(`from ${priceLabel(search.channel, search.minPrice)}`);
  if (search.maxPrice !== null) parts.push(`up to ${priceLabel(search.channel, search.maxPrice)}`);
  for (const tag of search.tags) parts.push(tag.replace(/-/g, ' '));
  if (search.furnishing) parts.push(FURNISHING_LABELS[search.furnishing].toLowerCase());
  if (search.availableFrom) parts.push(`available by ${search.availableFrom}`);
  for (const key of Object.keys(FACT_FILTER_LABELS) as (keyof typeof FACT_FILTER_LABELS)[])
    if (search[key]) parts.push(FACT_FILTER_LABELS[key].toLowerCase());
  return parts.join(' · ');
}
