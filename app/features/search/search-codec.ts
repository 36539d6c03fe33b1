/**
 * Search ⇄ URL.
 *
 * A search link is `/search?{query}#/{channel word}/{segment}/…`:
 *  - query (the part the server sees): channel, q, place_name, county_name, sort, branch_id, propertyType;
 *  - fragment (spec point 9), in this order: channel word ('properties-for-sale' | 'properties-to-rent'),
 *    from-N-bed, up-to-N-bed, from-N, up-to-N, min-sq-ft-N, max-sq-ft-N, area-{slug}, updated-in-N-days,
 *    newer-than-N-days, status-{status}, from-N-acres, up-to-N-acres, within-N, page-N (only when > 1),
 *    poly-{polygon}, text-{url-encoded}, short-lets, tag-{slug}…, auction-date-{yyyy-mm-dd}, pets,
 *    exclude-leasehold, parking, garden, outside-space, available-from-{yyyy-mm-dd},
 *    furnished | part-furnished | unfurnished, bills-included, exclude-shared-ownership, exclude-retirement,
 *    gid-{placeId}.
 * The polygon is `lat_lng~lat_lng~…` with 5 decimals (see polygon.ts).
 *
 * Plain query parameters (`toQueryParams`) carry every filter under its Search field name, except `sort` for
 * `sorted`, `tags` as a comma list, and `place_name`/`county_name` for the place; this is what the .ljson
 * endpoints and saved-search posts use. On parsing a search link, filters given as plain query parameters are
 * accepted too, and a value in the fragment wins over the same value in the query.
 *
 * Parsing is total: anything malformed is ignored or normalised by `normaliseSearch`, never thrown.
 */
import { normaliseSearch, type Channel, type NormaliseOptions, type Search, type SearchInput } from './search-model.ts';
import { decodePolygon, encodePolygon } from './polygon.ts';

const SEARCH_PATH = '/search';

/** Every channel word the fragment accepts; the first of each list is the one we write. */
export const CHANNEL_WORDS: Readonly<Record<Channel, readonly string[]>> = {
  sales: ['properties-for-sale', 'sales', 'all-property-for-sale', 'property-for-sale'],
  lettings: ['properties-to-rent', 'lettings', 'all-property-for-rent', 'property-for-rent'],
};

type Writable = { -readonly [K in keyof SearchInput]: SearchInput[K] };

/** One fragment segment: how to read it into the input and how to write it from a Search. */
type SegmentRule = {
  pattern: RegExp;
  read: (value: string, input: Writable) => void;
  write: (search: Search) => string[];
};

/** `suffixPattern` lets us read a variant ('from-2-beds') while always writing the spec's form. */
const numberSegment = (
  key: keyof Search,
  prefix: string,
  suffix: string,
  decimals: boolean,
  suffixPattern: string = suffix,
): SegmentRule => ({
  pattern: new RegExp(`^${prefix}(${decimals ? '\\d+(?:\\.\\d+)?' : '\\d+'})${suffixPattern}$`, 'i'),
  read: (value, input) => {
    input[key] = value;
  },
  write: (search) => {
    const value = search[key];
    return typeof value === 'number' ? [`${prefix}${value}${suffix}`] : [];
  },
});

type FlagKey =
  | 'shortLets'
  | 'pets'
  | 'excludeLeasehold'
  | 'parking'
  | 'garden'
  | 'outsideSpace'
  | 'billsIncluded'
  | 'excludeSharedOwnership'
  | 'excludeRetirement';

const flagSegment = (key: FlagKey, word: string): SegmentRule => ({
  pattern: new RegExp(`^${word}$`, 'i'),
  read: (_value, input) => {
    input[key] = true;
  },
  write: (search) => (search[key] ? [word] : []),
});

const SEGMENT_RULES: readonly SegmentRule[] = [
  numberSegment('minBeds', 'from-', '-bed', false, '-beds?'),
  numberSegment('maxBeds', 'up-to-', '-bed', false, '-beds?'),
  numberSegment('minPrice', 'from-', '', false),
  numberSegment('maxPrice', 'up-to-', '', false),
  numberSegment('minSquareFeet', 'min-sq-ft-', '', false),
  numberSegment('maxSquareFeet', 'max-sq-ft-', '', false),
  {
    pattern: /^area-(.+)$/i,
    read: (value, input) => {
      input.area = value;
    },
    write: (search) => (search.area ? [`area-${search.area}`] : []),
  },
  numberSegment('updatedAgo', 'updated-in-', '-days', false),
  numberSegment('createdAgo', 'newer-than-', '-days', false),
  {
    pattern: /^status-(.+)$/i,
    read: (value, input) => {
      input.status = value.toLowerCase();
    },
    write: (search) => (search.status ? [`status-${search.status}`] : []),
  },
  numberSegment('minAcreage', 'from-', '-acres', true),
  numberSegment('maxAcreage', 'up-to-', '-acres', true),
  numberSegment('within', 'within-', '', true),
  {
    pattern: /^page-(\d+)$/i,
    read: (value, input) => {
      input.page = value;
    },
    write: (search) => (search.page > 1 ? [`page-${search.page}`] : []),
  },
  {
    pattern: /^poly-(.+)$/i,
    read: (value, input) => {
      input.poly = decodePolygon(value);
    },
    write: (search) => (search.poly ? [`poly-${encodePolygon(search.poly)}`] : []),
  },
  {
    pattern: /^text-([\s\S]+)$/i,
    read: (value, input) => {
      input.text = value;
    },
    write: (search) => (search.text ? [`text-${encodeURIComponent(search.text)}`] : []),
  },
  flagSegment('shortLets', 'short-lets'),
  {
    pattern: /^tag-(.+)$/i,
    read: (value, input) => {
      input.tags = [...(Array.isArray(input.tags) ? input.tags : []), value];
    },
    write: (search) => search.tags.map((tag) => `tag-${tag}`),
  },
  {
    pattern: /^auction-date-(.+)$/i,
    read: (value, input) => {
      input.auctionDate = value;
    },
    write: (search) => (search.auctionDate ? [`auction-date-${search.auctionDate}`] : []),
  },
  flagSegment('pets', 'pets'),
  flagSegment('excludeLeasehold', 'exclude-leasehold'),
  flagSegment('parking', 'parking'),
  flagSegment('garden', 'garden'),
  flagSegment('outsideSpace', 'outside-space'),
  {
    pattern: /^available-from-(.+)$/i,
    read: (value, input) => {
      input.availableFrom = value;
    },
    write: (search) => (search.availableFrom ? [`available-from-${search.availableFrom}`] : []),
  },
  {
    pattern: /^(furnished|part-furnished|unfurnished)$/i,
    read: (value, input) => {
      input.furnishing = value.toLowerCase();
    },
    write: (search) => (search.furnishing ? [search.furnishing] : []),
  },
  flagSegment('billsIncluded', 'bills-included'),
  flagSegment('excludeSharedOwnership', 'exclude-shared-ownership'),
  flagSegment('excludeRetirement', 'exclude-retirement'),
  {
    pattern: /^gid-(\d+)$/i,
    read: (value, input) => {
      input.placeId = value;
    },
    write: (search) => (search.placeId !== null ? [`gid-${search.placeId}`] : []),
  },
];

/** The path-style part after '#', e.g. '/properties-for-sale/from-2-bed/page-3'. */
export function formatSearchFragment(search: Search): string {
  const segments = [CHANNEL_WORDS[search.channel][0], ...SEGMENT_RULES.flatMap((rule) => rule.write(search))];
  return `/${segments.join('/')}`;
}

/** Accepts the fragment with or without '#', '#!' and the leading '/'. */
export function parseSearchFragment(fragment: string, options: NormaliseOptions = {}): Search {
  return normaliseSearch(readFragment(fragment), options);
}

/** The query part of a search link (see the module comment). */
function formatLinkQuery(search: Search): URLSearchParams {
  const params = new URLSearchParams({ channel: search.channel });
  if (search.q !== null) params.set('q', search.q);
  if (search.place) {
    params.set('place_name', search.place.name);
    if (search.place.county_name !== '') params.set('county_name', search.place.county_name);
  }
  if (search.sorted) params.set('sort', search.sorted);
  if (search.branch_id !== null) params.set('branch_id', String(search.branch_id));
  if (search.propertyType !== null) params.set('propertyType', search.propertyType);
  return params;
}

export function formatSearchUrl(search: Search): string {
  return `${SEARCH_PATH}?${formatLinkQuery(search).toString()}#${formatSearchFragment(search)}`;
}

export type SearchLocation = { search?: string; hash?: string };

/** Parses a full or relative URL string, or anything shaped like `location` ({search, hash}). */
export function parseSearchUrl(url: string | SearchLocation, options: NormaliseOptions = {}): Search {
  const { search, hash } = typeof url === 'string' ? splitUrl(url) : { search: url.search ?? '', hash: url.hash ?? '' };
  const params = new URLSearchParams(search);
  return normaliseSearch(withPlace({ ...readQuery(params), ...readFragment(hash) }, params), options);
}

/** Every non-default filter as a plain query parameter (see the module comment for the names). */
export function toQueryParams(search: Search): URLSearchParams {
  const params = formatLinkQuery(search);
  if (search.placeId !== null) params.set('placeId', String(search.placeId));
  if (search.tags.length > 0) params.set('tags', search.tags.join(','));
  if (search.poly) params.set('poly', encodePolygon(search.poly));
  for (const key of PLAIN_KEYS) {
    const value = search[key];
    if (value !== null && value !== false && !(key === 'page' && value === 1)) params.set(key, String(value));
  }
  return params;
}

export function fromQueryParams(params: URLSearchParams | string, options: NormaliseOptions = {}): Search {
  const query = typeof params === 'string' ? new URLSearchParams(params) : params;
  return normaliseSearch(withPlace(readQuery(query), query), options);
}

/** Fields written under their own name with String(value). */
const PLAIN_KEYS = [
  'auctionDate',
  'text',
  'minBeds',
  'maxBeds',
  'minPrice',
  'maxPrice',
  'minSquareFeet',
  'maxSquareFeet',
  'area',
  'updatedAgo',
  'createdAgo',
  'status',
  'minAcreage',
  'maxAcreage',
  'within',
  'page',
  'shortLets',
  'pets',
  'excludeLeasehold',
  'parking',
  'garden',
  'outsideSpace',
  'availableFrom',
  'furnishing',
  'billsIncluded',
  'excludeSharedOwnership',
  'excludeRetirement',
] as const satisfies readonly (keyof Search)[];

function readQuery(params: URLSearchParams): SearchInput {
  const input: Writable = {};
  const channel = params.get('channel');
  if (channel !== null) input.channel = channelFromWord(channel) ?? channel;
  for (const key of [...PLAIN_KEYS, 'q', 'placeId', 'branch_id', 'propertyType'] as const) {
    const value = params.get(key);
    if (value !== null) input[key] = value;
  }
  const sort = params.get('sort') ?? params.get('sorted');
  if (sort !== null) input.sorted = sort;
  const tags = [...params.getAll('tags'), ...params.getAll('tag')].flatMap((value) => value.split(','));
  if (tags.length > 0) input.tags = tags;
  const poly = params.get('poly');
  if (poly !== null) input.poly = decodePolygon(poly);
  return input;
}

/** The place's name travels in the query, its id (gid) in the fragment or the query: joined once both are read. */
function withPlace(input: SearchInput, params: URLSearchParams): SearchInput {
  const name = params.get('place_name');
  if (name === null) return input;
  return { ...input, place: { place_id: input.placeId, name, county_name: params.get('county_name') } };
}

/**
 * Whether a location hash carries path-style search filters: a channel word first, or any filter segment (a
 * link may leave the channel to the query, as in '/search?channel=sales#/from-2-bed/up-to-400000').
 */
export function hasSearchFragment(hash: string): boolean {
  if (!/^#!?\//.test(hash)) return false;
  return fragmentSegments(hash).some(
    (segment, index) =>
      (index === 0 && channelFromWord(segment) !== null) || SEGMENT_RULES.some((rule) => rule.pattern.test(segment)),
  );
}

function fragmentSegments(fragment: string): string[] {
  return fragment
    .replace(/^#?!?\/*/, '')
    .split('/')
    .slice(0, 500)
    .map((rawSegment) => safeDecode(rawSegment).trim());
}

function readFragment(fragment: string): SearchInput {
  const input: Writable = {};
  const segments = fragment
    .replace(/^#?!?\/*/, '')
    .split('/')
    .slice(0, 500);
  segments.forEach((rawSegment, index) => {
    const segment = safeDecode(rawSegment).trim();
    const channel = index === 0 ? channelFromWord(segment) : null;
    if (channel) {
      input.channel = channel;
      return;
    }
    for (const rule of SEGMENT_RULES) {
      const match = rule.pattern.exec(segment);
      if (match) {
        rule.read(match[1] ?? '', input);
        return;
      }
    }
  });
  return input;
}

function channelFromWord(word: string): Channel | null {
  const lower = word.trim().toLowerCase();
  for (const channel of Object.keys(CHANNEL_WORDS) as Channel[]) {
    if (CHANNEL_WORDS[channel].includes(lower)) return channel;
  }
  return null;
}

function splitUrl(url: string): { search: string; hash: string } {
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  return {
    search: queryAt === -1 ? '' : beforeHash.slice(queryAt + 1),
    hash: hashAt === -1 ? '' : url.slice(hashAt + 1),
  };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
