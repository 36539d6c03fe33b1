/**
 * The listings editor's pure rules, shared by the server and the screens (docs/decisions/028-listing-editor.md):
 * which listings a staff member may edit (scope), the list's filters, the listing form's schema — flat form fields
 * in, the listing's columns and its material information out, checked by the site's own `propertyFactsSchema` — the
 * status, price and publish forms, and the Part A check made before publishing.
 */
import { z } from 'zod';
import {
  broadbandKinds,
  coverageLevels,
  electricitySupplies,
  furnishings,
  heatingKinds,
  letTypes,
  nations,
  outsideSpaceKinds,
  parkingKinds,
  propertyFactsSchema,
  rentFrequencies,
  sewerageKinds,
  tenureKinds,
  waterSupplies,
  type PropertyFacts,
} from '../../../db/schema/property-facts.ts';
// Types only: the table module would bring Drizzle into the browser's bundle.
import type { Channel, PropertyStatus, PropertyType } from '../../../db/schema/properties.ts';
import { normalisePostcode } from '../../lib/postcode.ts';

export const LISTING_CHANNELS = ['sales', 'lettings'] as const satisfies readonly Channel[];
export const LISTING_STATUSES = [
  'available',
  'under-offer',
  'sstc',
  'sold',
  'let-agreed',
  'let',
] as const satisfies readonly PropertyStatus[];
export const LISTING_TYPES = [
  'house',
  'flat',
  'bungalow',
  'land',
  'commercial',
] as const satisfies readonly PropertyType[];

export const channelLabels: Record<Channel, string> = { sales: 'Sales', lettings: 'Lettings' };
export const statusLabels: Record<PropertyStatus | 'withdrawn', string> = {
  available: 'Available',
  'under-offer': 'Under offer',
  sstc: 'Sold STC',
  sold: 'Sold',
  'let-agreed': 'Let agreed',
  let: 'Let',
  withdrawn: 'Withdrawn',
};
export const typeLabels: Record<PropertyType, string> = {
  house: 'House',
  flat: 'Flat',
  bungalow: 'Bungalow',
  land: 'Land',
  commercial: 'Commercial',
};

/** The statuses a listing of each channel moves through (spec: available → under offer → SSTC → sold / let agreed). */
export const statusesFor: Record<Channel, readonly (PropertyStatus | 'withdrawn')[]> = {
  sales: ['available', 'under-offer', 'sstc', 'sold', 'withdrawn'],
  lettings: ['available', 'under-offer', 'let-agreed', 'let', 'withdrawn'],
};

/** Which listings a staff member may edit: every branch's, or some branches'. */
export type ListingScope = { allBranches: boolean; branchIds: number[] };

type StaffRoleName = 'owner' | 'manager' | 'negotiator' | 'editor';

/** Owners edit every listing; managers their branches' listings; negotiators and editors none (null). */
export function listingScopeFor(role: StaffRoleName, branchIds: readonly number[]): ListingScope | null {
  if (role === 'owner') return { allBranches: true, branchIds: [] };
  if (role === 'manager') {
    return { allBranches: false, branchIds: [...new Set(branchIds)].filter((id) => Number.isSafeInteger(id)) };
  }
  return null;
}

export function isInScope(scope: ListingScope, branchId: number): boolean {
  return scope.allBranches || scope.branchIds.includes(branchId);
}

// ---------------------------------------------------------------------------------------------------------------
// Shared field rules

const ID = /^[1-9]\d{0,8}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_PAGE = 10_000;
export const LISTINGS_PAGE_SIZE = 50;

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * Text as the public page will show it: no control characters (a pasted NUL or escape would break feeds and
 * emails), Windows line ends made plain, Unicode in one form. React escapes the rest when it renders.
 */
export function plainText(value: string, { isMultiline = false } = {}): string {
  const normalised = value.normalize('NFC').replace(/\r\n?/g, '\n');
  let cleaned = '';
  for (const character of normalised) {
    if (character === '\n' || character === '\t') cleaned += isMultiline ? character : ' ';
    else if (!isInvisible(character.codePointAt(0)!)) cleaned += character;
  }
  return cleaned.trim();
}

/** C0 and C1 controls, zero-width and direction-changing characters, the byte-order mark. */
function isInvisible(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x2028 && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0xfeff
  );
}

/** A text field, cleaned; an empty answer is '' (the schema decides whether that is allowed). */
const text = (max: number, tooLong: string, options: { isMultiline?: boolean } = {}) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? plainText(value, options) : value === undefined ? '' : value),
    z.string(tooLong).max(max, tooLong),
  );

const requiredText = (max: number, missing: string, tooLong: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? plainText(value) : ''),
    z.string(missing).min(1, missing).max(max, tooLong),
  );

/** A whole number typed in a box ('£350,000', '1 200' and '350000' alike), optional when blank. */
function wholeNumber(message: string, min: number, max: number) {
  return z.preprocess((value) => {
    if (isBlank(value)) return undefined;
    if (typeof value !== 'string') return value;
    const digits = value.replace(/[£,\s]/g, '');
    return /^\d{1,10}$/.test(digits) ? Number(digits) : value;
  }, z.number(message).int(message).min(min, message).max(max, message).optional());
}

function decimal(message: string, min: number, max: number) {
  return z.preprocess((value) => {
    if (isBlank(value)) return undefined;
    if (typeof value !== 'string') return value;
    const cleaned = value.replace(/[,\s]/g, '');
    return /^\d{1,7}(\.\d{1,3})?$/.test(cleaned) ? Number(cleaned) : value;
  }, z.number(message).min(min, message).max(max, message).optional());
}

function choice<const Values extends readonly [string, ...string[]]>(values: Values, message: string) {
  return z.preprocess((value) => (isBlank(value) ? undefined : value), z.enum(values, message).optional());
}

/** Checkboxes sharing a name: none ticked is absent, one is a string, several a list. */
function ticks<const Values extends readonly [string, ...string[]]>(values: Values, message: string) {
  return z.preprocess(
    (value) => (isBlank(value) ? [] : Array.isArray(value) ? value : [value]),
    // Checked as a whole, so the message belongs to the group of boxes rather than to one of its items.
    z
      .array(z.string(message), message)
      .max(values.length, message)
      .refine((chosen) => chosen.every((value) => (values as readonly string[]).includes(value)), message)
      .transform((chosen) => chosen as Values[number][]),
  );
}

const checkbox = z.preprocess((value) => value === 'on' || value === 'true' || value === true, z.boolean());

function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const optionalDate = (message: string) =>
  z.preprocess(
    (value) => (isBlank(value) ? undefined : typeof value === 'string' ? value.trim() : value),
    z.string(message).refine(isCalendarDate, message).optional(),
  );

/** A comma-separated list typed in one box ('Rivers and sea, Surface water'). */
const commaList = (maxItems: number, maxLength: number, message: string) =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? plainText(value)
            .split(',')
            .map((item) => item.trim())
            .filter(Boolean)
        : [],
    z.array(z.string().max(maxLength, message)).max(maxItems, message),
  );

// ---------------------------------------------------------------------------------------------------------------
// The list's filters (a GET form)

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (isBlank(value) ? undefined : value), schema.optional());

export const SOURCE_MANUAL = 'manual';

const listingFiltersSchema = z.object({
  channel: optional(z.enum(LISTING_CHANNELS, 'Choose sales or lettings')),
  status: optional(z.enum([...LISTING_STATUSES, 'withdrawn'], 'Choose a status from the list')),
  branch: optional(z.string().regex(ID, 'Choose a branch from the list').transform(Number)),
  source: optional(z.string().regex(/^[a-z0-9][a-z0-9_-]{0,59}$/i, 'Choose a source from the list')),
  published: optional(z.enum(['yes', 'no'], 'Choose published or not published')),
  q: optional(
    z.preprocess(
      (value) => (typeof value === 'string' ? plainText(value) : value),
      z.string().max(200, 'Search for at most 200 characters'),
    ),
  ),
  page: optional(
    z
      .string()
      .regex(/^[1-9]\d{0,4}$/, 'Choose a page from the list')
      .transform(Number)
      .refine((page) => page <= MAX_PAGE, 'Choose a page from the list'),
  ),
});
export type ListingFilters = Omit<z.output<typeof listingFiltersSchema>, 'page'>;

const FILTER_NAMES = ['channel', 'status', 'branch', 'source', 'published', 'q', 'page'] as const;

type FilterError = { field: string; message: string };

/** The query string as filters; anything else (repeated names, unknown values) is a list of messages. */
export function parseListingFilters(
  params: URLSearchParams,
): { success: true; filters: ListingFilters; page: number } | { success: false; errors: FilterError[] } {
  const raw: Record<string, string> = {};
  const errors: FilterError[] = [];
  for (const name of FILTER_NAMES) {
    const values = params.getAll(name);
    if (values.length > 1) errors.push({ field: name, message: 'Choose one value for each filter' });
    if (values[0] !== undefined) raw[name] = values[0];
  }
  const parsed = listingFiltersSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      errors.push({ field: String(issue.path[0] ?? 'form'), message: issue.message });
  }
  if (errors.length > 0 || !parsed.success) return { success: false, errors };
  const { page, ...filters } = parsed.data;
  return { success: true, filters, page: page ?? 1 };
}

/** The filters as a query string (pagination links keep them). */
export function filtersQuery(filters: ListingFilters, page = 1): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value !== undefined) params.set(name, String(value));
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

// ---------------------------------------------------------------------------------------------------------------
// The listing form

const pounds = (label: string) => wholeNumber(`Enter ${label} in whole pounds`, 0, 100_000_000);
const note = (label: string) => text(1000, `${label} must be 1,000 characters or fewer`);

const listingFieldsSchema = z.object({
  version: z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : undefined),
    z.number().int().min(0).optional(),
  ),
  // The listing
  reference: z.preprocess(
    (value) => (typeof value === 'string' ? plainText(value) : ''),
    z
      .string()
      .min(1, 'Enter the listing’s reference')
      .max(40, 'The reference must be 40 characters or fewer')
      .regex(/^[A-Za-z0-9][A-Za-z0-9 _/-]*$/, 'The reference can only have letters, numbers, spaces, - / and _'),
  ),
  channel: z.enum(LISTING_CHANNELS, 'Choose sales or lettings'),
  branch_id: z.string('Choose a branch from the list').regex(ID, 'Choose a branch from the list').transform(Number),
  property_type: z.enum(LISTING_TYPES, 'Choose a property type from the list'),
  property_style: requiredText(
    100,
    'Enter the style, for example Semi-detached house',
    'The style must be 100 characters or fewer',
  ),
  bedrooms: wholeNumber('Enter the number of bedrooms as a whole number from 0 to 50', 0, 50),
  bathrooms: wholeNumber('Enter the number of bathrooms as a whole number from 0 to 50', 0, 50),
  reception_rooms: wholeNumber('Enter the number of reception rooms as a whole number from 0 to 50', 0, 50),
  square_feet: wholeNumber('Enter the floor area in square feet as a whole number', 1, 10_000_000),
  acreage: decimal('Enter the land area in acres, like 2.5', 0.001, 1_000_000),
  auction_date: optionalDate('Enter the auction date as a real date, like 2026-12-31'),
  short_let: checkbox,
  pets_allowed: checkbox,
  staff_member_id: z.preprocess(
    (value) => (isBlank(value) ? undefined : value),
    z.string('Choose a contact from the list').regex(ID, 'Choose a contact from the list').transform(Number).optional(),
  ),
  tags: commaList(20, 40, 'List at most 20 tags, each 40 characters or fewer'),
  disposal: text(60, 'The method of sale must be 60 characters or fewer'),
  exchanged_price: wholeNumber('Enter the price it sold or let for in whole pounds', 0, 100_000_000),
  lettings_fee_text: text(2000, 'The fees must be 2,000 characters or fewer', { isMultiline: true }),
  summary: text(300, 'The summary must be 300 characters or fewer'),
  description: text(20_000, 'The description must be 20,000 characters or fewer', { isMultiline: true }),
  features: z.preprocess(
    (value) =>
      typeof value === 'string'
        ? plainText(value, { isMultiline: true })
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean)
        : [],
    z
      .array(z.string().max(120, 'Each feature must be 120 characters or fewer'))
      .max(30, 'List at most 30 features, one a line'),
  ),
  // Address
  display_address: requiredText(
    200,
    'Enter the address as the site shows it',
    'The address shown must be 200 characters or fewer',
  ),
  address_line_1: requiredText(
    200,
    'Enter the first line of the address',
    'The first line must be 200 characters or fewer',
  ),
  town: requiredText(100, 'Enter the town', 'The town must be 100 characters or fewer'),
  postcode: z.preprocess(
    (value) => (typeof value === 'string' ? (normalisePostcode(value) ?? value.trim()) : ''),
    z
      .string()
      .min(1, 'Enter the postcode')
      .refine((value) => normalisePostcode(value) !== null, 'Enter a real postcode, like BA1 1AA'),
  ),
  nation: z.enum(nations, 'Choose the nation the property is in'),
  // Part A
  price_value: pounds('the price'),
  price_qualifier: text(40, 'The price qualifier must be 40 characters or fewer'),
  rent_frequency: choice(rentFrequencies, 'Choose how often the rent is paid'),
  deposit: pounds('the deposit'),
  holding_deposit: pounds('the holding deposit'),
  council_tax: choice(['band', 'not-yet-banded', 'domestic-rates', 'exempt'], 'Choose the council tax from the list'),
  council_tax_band: choice(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'], 'Choose a band from the list'),
  domestic_rates: pounds('the domestic rates'),
  council_tax_exempt_reason: text(200, 'The reason must be 200 characters or fewer'),
  council_tax_unknown_reason: text(200, 'The reason must be 200 characters or fewer'),
  tenure: choice(tenureKinds, 'Choose the tenure from the list'),
  tenure_unknown_reason: text(200, 'The reason must be 200 characters or fewer'),
  lease_years: wholeNumber('Enter the years left on the lease as a whole number up to 999', 0, 999),
  ground_rent: pounds('the ground rent'),
  ground_rent_review: text(200, 'The review terms must be 200 characters or fewer'),
  service_charge: pounds('the service charge'),
  service_charge_review: text(200, 'The review terms must be 200 characters or fewer'),
  share_percent: wholeNumber('Enter the share for sale as a percentage from 10 to 99', 10, 99),
  share_rent: pounds('the rent on the remaining share'),
  resale_conditions: text(500, 'The resale conditions must be 500 characters or fewer'),
  // Tenancy
  available_from: optionalDate('Enter the date it is available from as a real date, like 2026-12-31'),
  furnishing: choice(furnishings, 'Choose the furnishing from the list'),
  minimum_term: wholeNumber('Enter the minimum term in months, from 1 to 60', 1, 60),
  let_type: choice(letTypes, 'Choose the kind of let from the list'),
  bills_included: checkbox,
  pets_considered: checkbox,
  students_considered: checkbox,
  housing_benefit_considered: checkbox,
  // Part B
  construction: text(200, 'The construction must be 200 characters or fewer'),
  is_retirement: checkbox,
  electricity: ticks(electricitySupplies, 'Choose the electricity supply from the list'),
  water: choice(waterSupplies, 'Choose the water supply from the list'),
  sewerage: choice(sewerageKinds, 'Choose the sewerage from the list'),
  heating: ticks(heatingKinds, 'Choose the heating from the list'),
  broadband: choice(broadbandKinds, 'Choose the broadband from the list'),
  broadband_download: wholeNumber('Enter the download speed in whole Mbps', 0, 10_000),
  broadband_upload: wholeNumber('Enter the upload speed in whole Mbps', 0, 10_000),
  mobile_indoor: choice(coverageLevels, 'Choose the indoor coverage from the list'),
  mobile_outdoor: choice(coverageLevels, 'Choose the outdoor coverage from the list'),
  parking: ticks(parkingKinds, 'Choose the parking from the list'),
  outside_space: ticks(outsideSpaceKinds, 'Choose the outside space from the list'),
  epc_rating: choice(['A', 'B', 'C', 'D', 'E', 'F', 'G'], 'Choose an EPC rating from A to G'),
  // Part C
  building_safety: note('Building safety'),
  restrictions: note('Restrictions'),
  rights_and_easements: note('Rights and easements'),
  flooded_recently: checkbox,
  flood_sources: commaList(6, 80, 'List at most 6 flood sources, each 80 characters or fewer'),
  flood_defences: text(500, 'The flood defences must be 500 characters or fewer'),
  flood_zone: choice(['1', '2', '3'], 'Choose flood zone 1, 2 or 3'),
  coastal_erosion: note('Coastal erosion'),
  planning: note('Planning'),
  accessibility: commaList(12, 80, 'List at most 12 adaptations, each 80 characters or fewer'),
  mining_area: note('Coalfield or mining area'),
});
type ListingFields = z.output<typeof listingFieldsSchema>;

const orUndefined = (value: string) => (value === '' ? undefined : value);

/** The material information document the fields describe (before the site's schema checks it). */
function factsOf(fields: ListingFields): PropertyFacts {
  const councilTax: PropertyFacts['councilTax'] =
    fields.council_tax === 'band'
      ? { kind: 'band', band: fields.council_tax_band ?? '' }
      : fields.council_tax === 'not-yet-banded'
        ? { kind: 'not-yet-banded' }
        : fields.council_tax === 'domestic-rates'
          ? {
              kind: 'domestic-rates',
              ...(fields.domestic_rates !== undefined ? { annualRates: fields.domestic_rates } : {}),
            }
          : fields.council_tax === 'exempt'
            ? { kind: 'exempt', reason: fields.council_tax_exempt_reason }
            : undefined;
  const isLease = fields.tenure === 'leasehold' || fields.tenure === 'shared-ownership';
  const tenure: PropertyFacts['tenure'] = fields.tenure
    ? {
        kind: fields.tenure,
        ...(fields.lease_years !== undefined ? { leaseYearsRemaining: fields.lease_years } : {}),
        ...(fields.ground_rent !== undefined || (isLease && fields.ground_rent_review)
          ? { groundRent: { annual: fields.ground_rent ?? 0, review: fields.ground_rent_review } }
          : {}),
        ...(fields.service_charge !== undefined || (isLease && fields.service_charge_review)
          ? { serviceCharge: { annual: fields.service_charge ?? 0, review: fields.service_charge_review } }
          : {}),
        ...(fields.share_percent !== undefined ? { sharePercent: fields.share_percent } : {}),
        ...(fields.share_rent !== undefined ? { rentOnRemainderMonthly: fields.share_rent } : {}),
        ...(fields.resale_conditions ? { resaleConditions: fields.resale_conditions } : {}),
      }
    : undefined;
  const lettings: PropertyFacts['lettings'] =
    fields.channel === 'lettings'
      ? {
          rentFrequency: fields.rent_frequency ?? 'pcm',
          ...(fields.deposit !== undefined ? { deposit: fields.deposit } : {}),
          ...(fields.holding_deposit !== undefined ? { holdingDeposit: fields.holding_deposit } : {}),
          ...(fields.available_from ? { availableFrom: fields.available_from } : {}),
          ...(fields.furnishing ? { furnishing: fields.furnishing } : {}),
          ...(fields.minimum_term !== undefined ? { minimumTermMonths: fields.minimum_term } : {}),
          billsIncluded: fields.bills_included,
          petsConsidered: fields.pets_considered,
          studentsConsidered: fields.students_considered,
          housingBenefitConsidered: fields.housing_benefit_considered,
          letType: fields.let_type ?? (fields.short_let ? 'short' : 'long'),
        }
      : undefined;
  const partC: NonNullable<PropertyFacts['partC']> = {
    ...(fields.building_safety ? { buildingSafety: fields.building_safety } : {}),
    ...(fields.restrictions ? { restrictions: fields.restrictions } : {}),
    ...(fields.rights_and_easements ? { rightsAndEasements: fields.rights_and_easements } : {}),
    ...(fields.flooded_recently || fields.flood_sources.length > 0 || fields.flood_defences || fields.flood_zone
      ? {
          floodRisk: {
            floodedInLastFiveYears: fields.flooded_recently,
            sources: fields.flood_sources,
            ...(fields.flood_defences ? { defences: fields.flood_defences } : {}),
            ...(fields.flood_zone ? { zone: fields.flood_zone } : {}),
          },
        }
      : {}),
    ...(fields.coastal_erosion ? { coastalErosion: fields.coastal_erosion } : {}),
    ...(fields.planning ? { planning: fields.planning } : {}),
    ...(fields.accessibility.length > 0 ? { accessibility: fields.accessibility } : {}),
    ...(fields.mining_area ? { miningArea: fields.mining_area } : {}),
  };
  const unknownReasons: NonNullable<PropertyFacts['unknownReasons']> = {
    ...(!councilTax && fields.council_tax_unknown_reason ? { councilTax: fields.council_tax_unknown_reason } : {}),
    ...((!tenure || tenure.kind === 'unknown') && fields.tenure_unknown_reason
      ? { tenure: fields.tenure_unknown_reason }
      : {}),
  };
  return {
    nation: fields.nation,
    ...(councilTax ? { councilTax } : {}),
    ...(tenure ? { tenure } : {}),
    ...(lettings ? { lettings } : {}),
    ...(orUndefined(fields.construction) ? { construction: fields.construction } : {}),
    ...(fields.is_retirement ? { isRetirement: true } : {}),
    ...(fields.electricity.length > 0 ? { electricity: fields.electricity } : {}),
    ...(fields.water ? { water: fields.water } : {}),
    ...(fields.sewerage ? { sewerage: fields.sewerage } : {}),
    ...(fields.heating.length > 0 ? { heating: fields.heating } : {}),
    ...(fields.broadband
      ? {
          broadband: {
            kind: fields.broadband,
            ...(fields.broadband_download !== undefined ? { downloadMbps: fields.broadband_download } : {}),
            ...(fields.broadband_upload !== undefined ? { uploadMbps: fields.broadband_upload } : {}),
          },
        }
      : {}),
    ...(fields.mobile_indoor && fields.mobile_outdoor
      ? { mobileCoverage: { indoor: fields.mobile_indoor, outdoor: fields.mobile_outdoor } }
      : {}),
    ...(fields.parking.length > 0 ? { parking: fields.parking } : {}),
    ...(fields.outside_space.length > 0 ? { outsideSpace: fields.outside_space } : {}),
    ...(Object.keys(partC).length > 0 ? { partC } : {}),
    ...(Object.keys(unknownReasons).length > 0 ? { unknownReasons } : {}),
  };
}

/** Where the site schema's complaint about the document belongs on the form. */
function fieldOfFactsIssue(path: readonly PropertyKey[]): string {
  const key = path.map(String).join('.');
  const fields: [string, string][] = [
    ['councilTax.band', 'council_tax_band'],
    ['councilTax.reason', 'council_tax_exempt_reason'],
    ['councilTax', 'council_tax'],
    ['tenure.groundRent.review', 'ground_rent_review'],
    ['tenure.groundRent', 'ground_rent'],
    ['tenure.serviceCharge.review', 'service_charge_review'],
    ['tenure.serviceCharge', 'service_charge'],
    ['tenure.sharePercent', 'share_percent'],
    ['tenure.leaseYearsRemaining', 'lease_years'],
    ['tenure', 'tenure'],
    ['lettings', 'deposit'],
    ['broadband', 'broadband'],
    ['partC.floodRisk', 'flood_sources'],
  ];
  return fields.find(([prefix]) => key === prefix || key.startsWith(`${prefix}.`))?.[1] ?? 'nation';
}

const FACT_MESSAGES: Record<string, string> = {
  ground_rent_review: 'Enter how the ground rent is reviewed, for example Fixed',
  service_charge_review: 'Enter how the service charge is reviewed, for example Reviewed yearly',
  council_tax_exempt_reason: 'Enter why the property is exempt from council tax',
};

/** The listing form: one schema for the browser and the server. Its output is the listing's columns and facts. */
export const listingFormSchema = listingFieldsSchema
  .superRefine((fields, context) => {
    if (fields.council_tax === 'band' && !fields.council_tax_band) {
      context.addIssue({ code: 'custom', path: ['council_tax_band'], message: 'Choose a band from the list' });
      return;
    }
    const checked = propertyFactsSchema.safeParse(factsOf(fields));
    if (checked.success) return;
    const seen = new Set<string>();
    for (const issue of checked.error.issues) {
      const field = fieldOfFactsIssue(issue.path);
      if (seen.has(field)) continue;
      seen.add(field);
      const isEmptyText = issue.code === 'too_small' && issue.origin === 'string';
      context.addIssue({
        code: 'custom',
        path: [field],
        message: (isEmptyText ? FACT_MESSAGES[field] : undefined) ?? issue.message,
      });
    }
  })
  .transform((fields) => {
    const facts = propertyFactsSchema.parse(factsOf(fields));
    return {
      version: fields.version,
      listing: {
        reference: fields.reference,
        channel: fields.channel,
        branchId: fields.branch_id,
        propertyType: fields.property_type,
        propertyStyle: fields.property_style,
        bedrooms: fields.bedrooms ?? 0,
        bathrooms: fields.bathrooms ?? 0,
        receptionRooms: fields.reception_rooms ?? 0,
        squareFeet: fields.square_feet ?? null,
        acreage: fields.acreage ?? null,
        auctionDate: fields.auction_date ?? null,
        staffMemberId: fields.staff_member_id ?? null,
        tags: [...new Set(fields.tags.map((tag) => tag.toLowerCase()))],
        disposal: fields.disposal || null,
        exchangedPrice: fields.exchanged_price ?? null,
        lettingsFeeText: fields.lettings_fee_text || null,
        shortLet: fields.short_let,
        petsAllowed: fields.pets_allowed,
        summary: fields.summary,
        description: fields.description,
        features: fields.features,
        displayAddress: fields.display_address,
        addressLine1: fields.address_line_1,
        town: fields.town,
        postcode: fields.postcode,
        priceValue: fields.price_value ?? null,
        priceQualifier: fields.price_qualifier,
        epcRating: fields.epc_rating ?? null,
        councilTaxBand: facts.councilTax?.kind === 'band' ? facts.councilTax.band : null,
        tenure: facts.tenure?.kind ?? null,
        facts,
      },
    };
  });
type ListingFormOutput = z.output<typeof listingFormSchema>;
export type ListingInput = ListingFormOutput['listing'];

/** The form's fields for a stored listing (every answer as the form posts it). */
export type ListingFormValues = Record<string, string | string[]>;

export function formValuesOf(
  listing: Omit<ListingInput, 'epcRating' | 'tenure' | 'councilTaxBand'> & {
    epcRating: string | null;
    version: number;
  },
): ListingFormValues {
  const facts = listing.facts;
  const tax = facts.councilTax;
  const tenure = facts.tenure;
  const lettings = facts.lettings;
  const partC = facts.partC;
  const n = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  const flag = (value: boolean | undefined) => (value ? 'on' : '');
  return {
    version: String(listing.version),
    reference: listing.reference,
    channel: listing.channel,
    branch_id: String(listing.branchId),
    property_type: listing.propertyType,
    property_style: listing.propertyStyle,
    bedrooms: n(listing.bedrooms),
    bathrooms: n(listing.bathrooms),
    reception_rooms: n(listing.receptionRooms),
    square_feet: n(listing.squareFeet),
    acreage: n(listing.acreage),
    auction_date: listing.auctionDate ?? '',
    staff_member_id: n(listing.staffMemberId),
    tags: listing.tags.join(', '),
    disposal: listing.disposal ?? '',
    exchanged_price: n(listing.exchangedPrice),
    lettings_fee_text: listing.lettingsFeeText ?? '',
    short_let: flag(listing.shortLet),
    pets_allowed: flag(listing.petsAllowed),
    summary: listing.summary,
    description: listing.description,
    features: listing.features.join('\n'),
    display_address: listing.displayAddress,
    address_line_1: listing.addressLine1,
    town: listing.town,
    postcode: listing.postcode,
    nation: facts.nation,
    price_value: n(listing.priceValue),
    price_qualifier: listing.priceQualifier,
    rent_frequency: lettings?.rentFrequency ?? '',
    deposit: n(lettings?.deposit),
    holding_deposit: n(lettings?.holdingDeposit),
    council_tax: tax?.kind ?? '',
    council_tax_band: tax?.kind === 'band' ? tax.band : '',
    domestic_rates: tax?.kind === 'domestic-rates' ? n(tax.annualRates) : '',
    council_tax_exempt_reason: tax?.kind === 'exempt' ? tax.reason : '',
    council_tax_unknown_reason: facts.unknownReasons?.councilTax ?? '',
    tenure: tenure?.kind ?? '',
    tenure_unknown_reason: facts.unknownReasons?.tenure ?? '',
    lease_years: n(tenure?.leaseYearsRemaining),
    ground_rent: n(tenure?.groundRent?.annual),
    ground_rent_review: tenure?.groundRent?.review ?? '',
    service_charge: n(tenure?.serviceCharge?.annual),
    service_charge_review: tenure?.serviceCharge?.review ?? '',
    share_percent: n(tenure?.sharePercent),
    share_rent: n(tenure?.rentOnRemainderMonthly),
    resale_conditions: tenure?.resaleConditions ?? '',
    available_from: lettings?.availableFrom ?? '',
    furnishing: lettings?.furnishing ?? '',
    minimum_term: n(lettings?.minimumTermMonths),
    let_type: lettings?.letType ?? '',
    bills_included: flag(lettings?.billsIncluded),
    pets_considered: flag(lettings?.petsConsidered),
    students_considered: flag(lettings?.studentsConsidered),
    housing_benefit_considered: flag(lettings?.housingBenefitConsidered),
    construction: facts.construction ?? '',
    is_retirement: flag(facts.isRetirement),
    electricity: facts.electricity ?? [],
    water: facts.water ?? '',
    sewerage: facts.sewerage ?? '',
    heating: facts.heating ?? [],
    broadband: facts.broadband?.kind ?? '',
    broadband_download: n(facts.broadband?.downloadMbps),
    broadband_upload: n(facts.broadband?.uploadMbps),
    mobile_indoor: facts.mobileCoverage?.indoor ?? '',
    mobile_outdoor: facts.mobileCoverage?.outdoor ?? '',
    parking: facts.parking ?? [],
    outside_space: facts.outsideSpace ?? [],
    epc_rating: listing.epcRating ?? '',
    building_safety: partC?.buildingSafety ?? '',
    restrictions: partC?.restrictions ?? '',
    rights_and_easements: partC?.rightsAndEasements ?? '',
    flooded_recently: flag(partC?.floodRisk?.floodedInLastFiveYears),
    flood_sources: partC?.floodRisk?.sources.join(', ') ?? '',
    flood_defences: partC?.floodRisk?.defences ?? '',
    flood_zone: partC?.floodRisk?.zone ?? '',
    coastal_erosion: partC?.coastalErosion ?? '',
    planning: partC?.planning ?? '',
    accessibility: partC?.accessibility?.join(', ') ?? '',
    mining_area: partC?.miningArea ?? '',
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Part A: what must be on every listing before it is published

/**
 * The Part A items a listing lacks (NTSELAT: blank is not acceptable; "not yet known" with a reason is). Sales:
 * price, council tax, tenure and, for a lease, its years, ground rent and service charge; shared ownership adds
 * the share and the rent on the rest. Lettings: rent, deposit and council tax.
 */
export function missingPartA(listing: {
  channel: Channel;
  priceValue: number | null;
  facts: PropertyFacts | null;
}): string[] {
  const facts = listing.facts;
  const missing: string[] = [];
  const hasReason = (key: 'councilTax' | 'tenure') => Boolean(facts?.unknownReasons?.[key]);
  if (listing.priceValue === null || listing.priceValue <= 0)
    missing.push(listing.channel === 'lettings' ? 'the rent' : 'the price');
  if (!facts?.councilTax && !hasReason('councilTax')) missing.push('the council tax band');
  if (listing.channel === 'lettings') {
    if (facts?.lettings?.deposit === undefined) missing.push('the deposit');
    return missing;
  }
  const tenure = facts?.tenure;
  if (!tenure || (tenure.kind === 'unknown' && !hasReason('tenure'))) {
    if (!hasReason('tenure')) missing.push('the tenure');
    return missing;
  }
  if (tenure.kind === 'leasehold' || tenure.kind === 'shared-ownership') {
    if (tenure.leaseYearsRemaining === undefined) missing.push('the years left on the lease');
    if (!tenure.groundRent) missing.push('the ground rent');
    if (!tenure.serviceCharge) missing.push('the service charge');
  }
  if (tenure.kind === 'shared-ownership') {
    if (tenure.sharePercent === undefined) missing.push('the share for sale');
    if (tenure.rentOnRemainderMonthly === undefined) missing.push('the rent on the remaining share');
  }
  return missing;
}

/** "Part A information is missing: the council tax band and the tenure." */
export function partAWarning(missing: readonly string[]): string {
  const list =
    missing.length <= 1 ? (missing[0] ?? '') : `${missing.slice(0, -1).join(', ')} and ${missing[missing.length - 1]}`;
  return `Part A information is missing: ${list}. The law says every listing must show it (or say why it is not yet known).`;
}

// ---------------------------------------------------------------------------------------------------------------
// The smaller forms on a listing's page

const versionField = z
  .string('This page is out of date: reload it and try again')
  .regex(/^\d{1,9}$/, 'This page is out of date: reload it and try again')
  .transform(Number);

export const listingActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('status'),
    version: versionField,
    status: z.enum([...LISTING_STATUSES, 'withdrawn'], 'Choose a status from the list'),
  }),
  z.object({
    intent: z.literal('price'),
    version: versionField,
    price_value: z.preprocess(
      (value) =>
        typeof value === 'string' && /^\d{1,10}$/.test(value.replace(/[£,\s]/g, ''))
          ? Number(value.replace(/[£,\s]/g, ''))
          : value,
      z
        .number('Enter the new price in whole pounds')
        .int('Enter the new price in whole pounds')
        .min(1, 'Enter the new price in whole pounds')
        .max(100_000_000, 'Enter the new price in whole pounds'),
    ),
  }),
  z.object({
    intent: z.literal('publish'),
    version: versionField,
    confirm_missing_part_a: z.preprocess((value) => value === 'yes', z.boolean()),
  }),
  z.object({ intent: z.literal('unpublish'), version: versionField }),
]);

export const STALE_VERSION_MESSAGE =
  'Someone else changed this listing while you had it open, so your changes were not saved. Reload the page to see their changes, then make yours again.';
