import type { Platform } from '@reapit/foundations-ts-definitions';
import type { Channel, PropertyStatus, PropertyType } from '../../../../db/schema/index.ts';
import type {
  Furnishing,
  LettingTerms,
  OutsideSpaceKind,
  ParkingKind,
  PropertyFacts,
  RentFrequency,
  TenureKind,
} from '../../../../db/schema/property-facts.ts';
import { normalisePostcode } from '../../../lib/postcode.ts';
import { checkedFacts, councilTaxBandIn, Issues, nationOf } from '../mapping-shared.ts';
import { feedText } from '../blm/text.ts';
import type { ImportedListing, ImportedListingFields, ImportedMediaRef, ImportedVideo, MappedRecord } from '../feed.ts';
import { codeTable } from '../code-table.ts';

/**
 * Turns one Reapit Foundations property (with its images) into the listings the pipeline stores: one per channel
 * the property is on the market in (a property marketed for sale and to let is two listings), and the refs of the
 * channels it is not on the market in, which the pipeline withdraws. Every value Reapit may send that Doorstep does
 * not know is a warning with a stated default, never a crash (docs/import.md prints the same tables).
 */

export type ReapitProperty = Platform.PropertyModel;
export type ReapitPropertyImage = Platform.PropertyImageModel;

export type ReapitMapping = {
  /** Listings to create or update, at most one per channel. */
  records: MappedRecord[];
  /** This property's refs that are not on the market now: withdrawn if the site shows them. */
  offMarketRefs: string[];
};

type StatusEntry = { status: PropertyStatus; isHidden?: boolean } | 'off-market';

/** Selling statuses. 'Unavailable' variants are on the market but not to be advertised: the listing is hidden. */
export const SELLING_STATUSES: Record<string, StatusEntry> = codeTable({
  preAppraisal: 'off-market',
  valuation: 'off-market',
  paidValuation: 'off-market',
  forSale: { status: 'available' },
  forSaleUnavailable: { status: 'available', isHidden: true },
  underOffer: { status: 'under-offer' },
  underOfferUnavailable: { status: 'under-offer', isHidden: true },
  reserved: { status: 'under-offer' },
  exchanged: { status: 'sold' },
  completed: 'off-market',
  soldExternally: 'off-market',
  withdrawn: 'off-market',
});

/** Letting statuses. A current tenancy takes the property off the market; 'let agreed' covers the way there. */
export const LETTING_STATUSES: Record<string, StatusEntry> = codeTable({
  valuation: 'off-market',
  provisional: 'off-market',
  toLet: { status: 'available' },
  toLetUnavailable: { status: 'available', isHidden: true },
  underOffer: { status: 'let-agreed' },
  underOfferUnavailable: { status: 'let-agreed', isHidden: true },
  arrangingTenancy: { status: 'let-agreed' },
  arrangingTenancyUnavailable: { status: 'let-agreed', isHidden: true },
  tenancyCurrent: 'off-market',
  tenancyCurrentUnavailable: 'off-market',
  tenancyFinished: 'off-market',
  tenancyCancelled: 'off-market',
  sold: 'off-market',
  letByOtherAgent: 'off-market',
  letPrivately: 'off-market',
  withdrawn: 'off-market',
});

/** The text before the price; priceOnApplication hides it. */
export const SELLING_QUALIFIERS: Record<string, { text: string; isPriceHidden?: boolean }> = codeTable({
  askingPrice: { text: '' },
  priceOnApplication: { text: '', isPriceHidden: true },
  guidePrice: { text: 'Guide price' },
  offersInRegion: { text: 'Offers in the region of' },
  offersOver: { text: 'Offers over' },
  offersInExcess: { text: 'Offers in excess of' },
  fixedPrice: { text: 'Fixed price' },
  priceReducedTo: { text: 'Price reduced to' },
});

export const RENT_FREQUENCIES: Record<string, { frequency: RentFrequency; monthly: (rent: number) => number }> =
  codeTable({
    weekly: { frequency: 'pw', monthly: (rent) => (rent * 52) / 12 },
    monthly: { frequency: 'pcm', monthly: (rent) => rent },
    annually: { frequency: 'pa', monthly: (rent) => rent / 12 },
  });

export const TENURES: Record<string, { kind: TenureKind; text: string } | null> = codeTable({
  freehold: { kind: 'freehold', text: 'Freehold' },
  leasehold: { kind: 'leasehold', text: 'Leasehold' },
  shareOfFreehold: { kind: 'share-of-freehold', text: 'Share of freehold' },
  commonhold: { kind: 'commonhold', text: 'Commonhold' },
  tba: null,
});

/** Reapit's property types (the department's `type` attribute): what the site lists and the style shown. */
export const PROPERTY_TYPES: Record<string, { type: PropertyType; style: string; tag?: string }> = codeTable({
  house: { type: 'house', style: 'House' },
  bungalow: { type: 'bungalow', style: 'Bungalow' },
  flatApartment: { type: 'flat', style: 'Flat' },
  maisonette: { type: 'flat', style: 'Maisonette' },
  land: { type: 'land', style: 'Land' },
  farm: { type: 'house', style: 'Farmhouse', tag: 'agricultural' },
  cottage: { type: 'house', style: 'Cottage' },
  studio: { type: 'flat', style: 'Studio' },
  townhouse: { type: 'house', style: 'Town house' },
  developmentPlot: { type: 'land', style: 'Building plot' },
});

/** Reapit's styles: for houses and bungalows the build ('Semi-detached house'), for flats the floor. */
export const PROPERTY_STYLES: Record<string, { building?: string; floor?: string }> = codeTable({
  terraced: { building: 'Terraced' },
  endTerrace: { building: 'End of terrace' },
  detached: { building: 'Detached' },
  semiDetached: { building: 'Semi-detached' },
  linkDetached: { building: 'Link detached' },
  mews: { building: 'Mews' },
  basement: { floor: 'Basement' },
  lowerGroundFloor: { floor: 'Lower ground floor' },
  groundFloor: { floor: 'Ground floor' },
  firstFloor: { floor: 'First floor' },
  upperFloor: { floor: 'Upper floor' },
  upperFloorWithLift: { floor: 'Upper floor' },
  penthouse: { floor: 'Penthouse' },
  duplex: { floor: 'Duplex' },
});

const FURNISHINGS: Record<string, Furnishing> = codeTable({
  furnished: 'furnished',
  partFurnished: 'part-furnished',
  unfurnished: 'unfurnished',
});

const PARKING: Record<string, ParkingKind> = codeTable({
  garage: 'garage',
  doubleGarage: 'double-garage',
  tripleGarage: 'double-garage',
  offStreet: 'off-street',
  residents: 'permit',
});

const OUTSIDE_SPACE: Record<string, OutsideSpaceKind> = codeTable({
  garden: 'private-garden',
  communalGardens: 'communal-garden',
  balcony: 'balcony',
  roofTerrace: 'roof-terrace',
  patio: 'patio',
  land: 'land',
});

const IMAGE_KINDS: Record<string, ImportedMediaRef['kind'] | null> = codeTable({
  photograph: 'photo',
  floorPlan: 'floorplan',
  epc: 'epc',
  // Reapit's map images are location maps: the property page draws its own map.
  map: null,
});

const MAX_PRICE = 1_000_000_000;
const FEATURE_LIMIT = 10;
const TAG_ORDER = ['new home', 'short let', 'auction', 'commercial', 'agricultural'];
const VIDEO_HOSTS = /^https?:\/\/([a-z0-9-]+\.)*(youtube\.com|youtu\.be|vimeo\.com)\//i;
const SQUARE_FEET_PER_SQUARE_METRE = 10.7639;
const ACRES_PER_HECTARE = 2.47105;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

export function mapReapitProperty(property: ReapitProperty, images: readonly ReapitPropertyImage[]): ReapitMapping {
  const id = text(property.id);
  if (id === '') {
    return {
      records: [
        {
          ref: 'property without an id',
          listing: null,
          errors: [{ field: 'id', message: 'The property has no id: it cannot be matched to a listing' }],
          warnings: [],
        },
      ],
      offMarketRefs: [],
    };
  }
  const shared = new Issues();
  const mode = text(property.marketingMode);
  let channels: Channel[];
  let refMode: 'selling' | 'letting' | 'sellingAndLetting';
  if (mode === 'selling' || mode === 'letting' || mode === 'sellingAndLetting') {
    refMode = mode;
    channels = mode === 'selling' ? ['sales'] : mode === 'letting' ? ['lettings'] : ['sales', 'lettings'];
  } else {
    // An unknown mode: market the property the way its details say.
    channels = [];
    if (property.selling) channels.push('sales');
    if (property.letting) channels.push('lettings');
    refMode = channels.length === 2 ? 'sellingAndLetting' : channels[0] === 'lettings' ? 'letting' : 'selling';
    shared.warn(
      'marketingMode',
      channels.length === 0
        ? `marketingMode '${mode}' is not selling, letting or sellingAndLetting, and the property has neither selling nor letting details: it is not listed`
        : `marketingMode '${mode}' is not selling, letting or sellingAndLetting: listed ${channels.map((channel) => (channel === 'sales' ? 'for sale' : 'to let')).join(' and ')} from its details`,
    );
  }
  // A property's listings: its id for the channel it is marketed in; a property marketed both ways keeps its id for
  // the sale and `<id>-L` for the letting. Both refs are this property's, so any it does not list now is withdrawn.
  const refs: Record<Channel, string> = { sales: id, lettings: refMode === 'sellingAndLetting' ? `${id}-L` : id };
  const records: MappedRecord[] = [];
  const offMarketRefs = new Set<string>([id, `${id}-L`]);
  if (property.fromArchive === true) return { records, offMarketRefs: [...offMarketRefs] };
  for (const channel of channels) {
    const issues = new Issues();
    issues.warnings.push(...shared.warnings);
    const status = readStatus(issues, property, channel);
    if (status === 'off-market') continue;
    offMarketRefs.delete(refs[channel]);
    records.push(mapChannel(issues, property, images, channel, refs[channel], status));
  }
  if (channels.length === 0) {
    records.push({ ref: id, listing: null, errors: [], warnings: shared.warnings });
    records[0]!.errors.push({
      field: 'marketingMode',
      message: `The property is neither for sale nor to let (marketingMode '${mode}'): it cannot be listed`,
    });
    offMarketRefs.delete(id);
  }
  return { records, offMarketRefs: [...offMarketRefs] };
}

function readStatus(
  issues: Issues,
  property: ReapitProperty,
  channel: Channel,
): { status: PropertyStatus; isHidden: boolean } | 'off-market' {
  const field = channel === 'sales' ? 'selling.status' : 'letting.status';
  const value = text(channel === 'sales' ? property.selling?.status : property.letting?.status);
  const entry = (channel === 'sales' ? SELLING_STATUSES : LETTING_STATUSES)[value];
  if (entry === 'off-market') return entry;
  if (entry) return { status: entry.status, isHidden: entry.isHidden ?? false };
  issues.warn(
    field,
    value === ''
      ? `${field} is empty: shown as available`
      : `${field} '${value}' is not a known status: shown as available`,
  );
  return { status: 'available', isHidden: false };
}

function mapChannel(
  issues: Issues,
  property: ReapitProperty,
  images: readonly ReapitPropertyImage[],
  channel: Channel,
  ref: string,
  status: { status: PropertyStatus; isHidden: boolean },
): MappedRecord {
  const branchCode = text(property.officeIds?.[0]);
  if (branchCode === '') issues.error('officeIds', 'officeIds is empty: the listing cannot be given to a branch');
  const isPublished = property.internetAdvertising !== false && !status.isHidden;

  // Price or rent.
  const tags = new Set<string>();
  let priceValue: number | null = null;
  let priceQualifier = '';
  let rentFrequency: RentFrequency = 'pcm';
  if (channel === 'sales') {
    const qualifierValue = text(property.selling?.qualifier);
    const qualifier = SELLING_QUALIFIERS[qualifierValue === '' ? 'askingPrice' : qualifierValue];
    if (!qualifier) {
      issues.warn(
        'selling.qualifier',
        `selling.qualifier '${qualifierValue}' is not a known price qualifier: the price is shown without one`,
      );
    }
    priceQualifier = qualifier?.text ?? '';
    priceValue = readAmount(issues, 'selling.price', property.selling?.price, qualifier?.isPriceHidden === true);
    const disposal = text(property.selling?.disposal);
    if (disposal === 'auction' || disposal === 'modernMethodOfAuction') tags.add('auction');
  } else {
    const hidden = text(property.letting?.qualifier) === 'rentOnApplication';
    const rent = readAmount(issues, 'letting.rent', property.letting?.rent, hidden);
    const frequencyValue = text(property.letting?.rentFrequency);
    let frequency = RENT_FREQUENCIES[frequencyValue];
    if (!frequency) {
      frequency = RENT_FREQUENCIES.monthly!;
      issues.warn(
        'letting.rentFrequency',
        frequencyValue === ''
          ? 'letting.rentFrequency is empty: the rent is taken as monthly'
          : `letting.rentFrequency '${frequencyValue}' is not weekly, monthly or annually: the rent is taken as monthly`,
      );
    }
    rentFrequency = frequency.frequency;
    const monthly = rent === null ? null : Math.round(frequency.monthly(rent));
    if (monthly === 0)
      issues.warn('letting.rent', `letting.rent ${rent} is less than £1 a month: shown as 'Rent on application'`);
    else if (monthly !== null && monthly > MAX_PRICE) {
      issues.error(
        'letting.rent',
        `letting.rent ${rent} ${frequencyValue} is more than £1,000,000,000 a month: check the figure`,
      );
    }
    priceValue = monthly === 0 || (monthly !== null && monthly > MAX_PRICE) ? null : monthly;
  }

  // Address.
  const address = property.address ?? {};
  const street = feedText(text(address.line1), 'line');
  const line2 = feedText(text(address.line2), 'line');
  const line3 = feedText(text(address.line3), 'line');
  const line4 = feedText(text(address.line4), 'line');
  let town = line3;
  if (town === '') {
    town = line2 || line4;
    if (town) issues.warn('address.line3', `address.line3 (the town) is empty: '${town}' from the address is used`);
    else issues.error('address.line3', 'address.line3 (the town) is empty: a property without a town is not published');
  }
  const postcodeText = text(address.postcode);
  const outward = postcodeText.toUpperCase().replace(/\s+/g, '');
  let postcode = '';
  if (postcodeText === '') {
    issues.error('address.postcode', 'address.postcode is empty: a property without a postcode is not published');
  } else if (normalisePostcode(postcodeText)) {
    postcode = normalisePostcode(postcodeText)!;
  } else if (/^[A-Z]{1,2}\d[A-Z\d]?$/.test(outward)) {
    postcode = outward;
    issues.warn(
      'address.postcode',
      `address.postcode '${postcodeText}' is only the first half: the listing is placed by its postcode district`,
    );
  } else {
    issues.error('address.postcode', `address.postcode '${postcodeText}' is not a UK postcode`);
  }
  const number = feedText(text(address.buildingNumber), 'line');
  const name = feedText(text(address.buildingName), 'line');
  const numbered = [number, street].filter(Boolean).join(' ');
  const addressLine1 = [name, numbered].filter(Boolean).join(', ');
  // Like a portal's display address: the street and the town, never the house number.
  const displayAddress = [street || line2, town].filter(Boolean).join(', ');
  if (displayAddress === '' && issues.errors.length === 0) {
    issues.error('address.line1', 'address.line1 is empty: a property without an address is not published');
  }

  // Rooms and type.
  const kindValues = strings(property.type);
  const styleValues = strings(property.style);
  const kind = readKind(issues, kindValues, styleValues);
  if (kind.tag) tags.add(kind.tag);
  const bedrooms = readCount(issues, 'bedrooms', property.bedrooms, kind.type === 'land' || kind.type === 'commercial');
  const bathrooms = readCount(issues, 'bathrooms', property.bathrooms, true);
  const receptionRooms = readCount(issues, 'receptions', property.receptions, true);
  if (strings(property.age).includes('new')) tags.add('new home');
  if (property.commercial && strings(property.commercial.useClass).length > 0) tags.add('commercial');

  // Text.
  const summary = feedText(text(property.strapline) || text(property.description), 'line');
  const description = feedText(text(property.longDescription) || text(property.description), 'paragraphs');
  if (summary === '')
    issues.warn('strapline', 'strapline and description are empty: the listing has no summary on its card');
  const features = feedText(text(property.summary), 'paragraphs')
    .split(/\n+/)
    .map((line) => line.replace(/^[\s•*·-]+/, '').trim())
    .filter(Boolean)
    .slice(0, FEATURE_LIMIT);

  // Facts.
  const nation = nationOf(outward);
  const facts: PropertyFacts = { nation };
  let tenureText: string | null = null;
  if (channel === 'sales') {
    const tenureValue = text(property.selling?.tenure?.type);
    const tenure = TENURES[tenureValue];
    if (text(property.selling?.disposal) === 'sharedOwnership') {
      facts.tenure = { kind: 'shared-ownership' };
      tenureText = 'Shared ownership';
    } else if (tenure) {
      facts.tenure = { kind: tenure.kind };
      tenureText = tenure.text;
    } else if (tenureValue !== '' && tenure === undefined) {
      issues.warn(
        'selling.tenure.type',
        `selling.tenure.type '${tenureValue}' is not a known tenure: the tenure is shown as not yet known`,
      );
    }
  }
  const bandValue = text(property.councilTax);
  let councilTaxBand: string | null = null;
  if (bandValue === 'notYetAvailable') facts.councilTax = { kind: 'not-yet-banded' };
  else if (bandValue !== '') councilTaxBand = councilTaxBandIn(issues, 'councilTax', bandValue, bandValue, facts);
  const parking = [...new Set(strings(property.parking).flatMap((value) => PARKING[value] ?? []))];
  if (parking.length > 0) facts.parking = parking;
  const outside = [...new Set(strings(property.situation).flatMap((value) => OUTSIDE_SPACE[value] ?? []))];
  if (outside.length > 0) facts.outsideSpace = outside;
  let isShortLet = false;
  if (channel === 'lettings') {
    const terms = lettingTerms(issues, property, rentFrequency, priceValue);
    isShortLet = terms.letType === 'short';
    if (isShortLet) tags.add('short let');
    facts.lettings = terms;
  }
  const factsDocument = checkedFacts(issues, facts);

  // Areas and energy.
  const squareFeet = readArea(issues, property.internalArea);
  const acreage = readAcreage(issues, property.externalArea);
  const eer = text(property.epc?.eerRating).toUpperCase();
  const epcRating = /^[A-G]$/.test(eer) ? eer : null;
  if (eer !== '' && !epcRating)
    issues.warn('epc.eerRating', `epc.eerRating '${eer}' is not a rating from A to G: not shown`);

  const coordinates = readCoordinates(issues, address.geolocation);
  const { media, videos } = readMedia(issues, property, images, channel);
  const listedAt =
    readDate(channel === 'sales' ? property.selling?.instructed : property.letting?.instructed) ??
    readDate(property.created);

  if (issues.errors.length > 0) return { ref, listing: null, errors: issues.errors, warnings: issues.warnings };
  const fields: ImportedListingFields = {
    channel,
    status: status.status,
    isPublished,
    priceValue,
    priceQualifier,
    displayAddress,
    addressLine1: addressLine1 || displayAddress,
    town,
    postcode,
    bedrooms,
    bathrooms,
    receptionRooms,
    propertyType: kind.type,
    propertyStyle: kind.style,
    squareFeet,
    acreage,
    tags: TAG_ORDER.filter((tag) => tags.has(tag)),
    shortLet: isShortLet,
    petsAllowed: false,
    auctionDate: null,
    summary,
    description,
    features,
    epcRating,
    councilTaxBand,
    tenure: tenureText,
    facts: factsDocument,
    lettingsFeeText: null,
  };
  const listing: ImportedListing = { ref, branchCode, fields, coordinates, media, videos };
  if (listedAt) listing.listedAt = listedAt;
  return { ref, listing, errors: issues.errors, warnings: issues.warnings };
}

function readAmount(issues: Issues, field: string, value: unknown, isHidden: boolean): number | null {
  if (isHidden) return null;
  if (value === undefined || value === null) {
    issues.error(field, `${field} is empty: a property without a price is not published`);
    return null;
  }
  if (!isNumber(value) || value < 0) {
    issues.error(field, `${field} '${String(value)}' is not an amount in pounds`);
    return null;
  }
  if (value > MAX_PRICE) {
    issues.error(field, `${field} ${value} is more than £1,000,000,000: check the figure`);
    return null;
  }
  if (Math.round(value) === 0) {
    issues.warn(field, `${field} is 0: shown as 'Price on application'`);
    return null;
  }
  return Math.round(value);
}

function readCount(issues: Issues, field: string, value: unknown, isOptional: boolean): number {
  if (value === undefined || value === null) {
    if (!isOptional) issues.warn(field, `${field} is empty: shown as 0`);
    return 0;
  }
  if (isNumber(value) && Number.isInteger(value) && value >= 0 && value <= 99) return value;
  issues.warn(field, `${field} '${String(value)}' is not a whole number from 0 to 99: shown as 0`);
  return 0;
}

function readKind(
  issues: Issues,
  types: string[],
  styles: string[],
): { type: PropertyType; style: string; tag?: string } {
  for (const value of types.filter((entry) => !PROPERTY_TYPES[entry])) {
    issues.warn('type', `type '${value}' is not a Reapit property type Doorstep knows: ignored`);
  }
  for (const value of styles.filter((entry) => !PROPERTY_STYLES[entry])) {
    issues.warn('style', `style '${value}' is not a Reapit property style Doorstep knows: ignored`);
  }
  const known = types.map((entry) => PROPERTY_TYPES[entry]).find((entry) => entry !== undefined);
  if (!known) {
    if (types.length === 0)
      issues.warn('type', "type is empty: listed as 'Property' and found only in searches for any type");
    return { type: 'house', style: 'Property' };
  }
  const style = styles.map((entry) => PROPERTY_STYLES[entry]).find((entry) => entry !== undefined);
  if (style?.building && (known.style === 'House' || known.style === 'Bungalow')) {
    return { ...known, style: `${style.building} ${known.style.toLowerCase()}` };
  }
  if (style?.floor && known.type === 'flat') {
    if (style.floor === 'Penthouse' || style.floor === 'Duplex') return { ...known, style: style.floor };
    return { ...known, style: `${style.floor} ${known.style.toLowerCase()}` };
  }
  return known;
}

function readArea(issues: Issues, area: ReapitProperty['internalArea']): number | null {
  if (!area || !isNumber(area.min) || area.min <= 0) return null;
  const unit = text(area.type);
  if (unit === 'squareFeet') return Math.round(area.min);
  if (unit === 'squareMetres') return Math.round(area.min * SQUARE_FEET_PER_SQUARE_METRE);
  issues.warn(
    'internalArea.type',
    `internalArea.type '${unit}' is not squareFeet or squareMetres: the floor area is not shown`,
  );
  return null;
}

function readAcreage(issues: Issues, area: ReapitProperty['externalArea']): number | null {
  if (!area || !isNumber(area.min) || area.min <= 0) return null;
  const unit = text(area.type);
  if (unit === 'acres') return Math.round(area.min * 100) / 100;
  if (unit === 'hectares') return Math.round(area.min * ACRES_PER_HECTARE * 100) / 100;
  issues.warn('externalArea.type', `externalArea.type '${unit}' is not acres or hectares: the plot size is not shown`);
  return null;
}

/** A date (or date and time) from Reapit, which sends ISO 8601 in UTC; null when absent or not a date. */
function readDate(value: unknown): Date | null {
  const raw = text(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(raw)) return null;
  const date = new Date(raw.length === 10 ? `${raw}T00:00:00Z` : raw);
  return Number.isNaN(date.getTime()) ? null : date;
}

function lettingTerms(
  issues: Issues,
  property: ReapitProperty,
  rentFrequency: RentFrequency,
  monthlyRent: number | null,
): LettingTerms {
  const letting = property.letting ?? {};
  const term = text(letting.term);
  if (term !== '' && term !== 'short' && term !== 'long' && term !== 'any') {
    issues.warn('letting.term', `letting.term '${term}' is not short, long or any: taken as a long let`);
  }
  const terms: LettingTerms = {
    rentFrequency,
    billsIncluded: false,
    petsConsidered: false,
    studentsConsidered: false,
    housingBenefitConsidered: false,
    letType: term === 'short' ? 'short' : 'long',
  };
  const furnishing = strings(letting.furnishing);
  const known = furnishing.map((value) => FURNISHINGS[value]).filter((value) => value !== undefined);
  for (const value of furnishing.filter((entry) => !FURNISHINGS[entry])) {
    issues.warn(
      'letting.furnishing',
      `letting.furnishing '${value}' is not furnished, partFurnished or unfurnished: ignored`,
    );
  }
  if (known.length === 1) terms.furnishing = known[0];
  else if (known.length > 1) terms.furnishing = 'furnished-or-unfurnished';
  const available = text(letting.availableFrom);
  if (available !== '') {
    const date = readDate(available);
    if (date) terms.availableFrom = date.toISOString().slice(0, 10);
    else
      issues.warn(
        'letting.availableFrom',
        `letting.availableFrom '${available}' is not a date: shown as available now`,
      );
  }
  if (isNumber(letting.minimumTerm) && letting.minimumTerm >= 1 && letting.minimumTerm <= 60) {
    terms.minimumTermMonths = Math.round(letting.minimumTerm);
  }
  const deposit = letting.deposit;
  if (deposit && isNumber(deposit.amount) && deposit.amount > 0) {
    const kind = text(deposit.type);
    const amount =
      kind === 'fixed'
        ? deposit.amount
        : kind === 'weeks' && monthlyRent !== null
          ? (monthlyRent * 12 * deposit.amount) / 52
          : kind === 'months' && monthlyRent !== null
            ? monthlyRent * deposit.amount
            : null;
    if (amount !== null && amount <= 100_000_000) terms.deposit = Math.round(amount);
    else if (kind !== 'weeks' && kind !== 'months') {
      issues.warn('deposit.type', `deposit.type '${kind}' is not weeks, months or fixed: the deposit is not shown`);
    }
  }
  return terms;
}

/** Great Britain, Northern Ireland and the islands, generously: a point outside is a slip (0,0 or swapped values). */
function readCoordinates(
  issues: Issues,
  geolocation: { latitude?: number; longitude?: number } | undefined,
): { latitude: number; longitude: number } | null {
  if (!geolocation || (geolocation.latitude === undefined && geolocation.longitude === undefined)) return null;
  const { latitude, longitude } = geolocation;
  if (
    !isNumber(latitude) ||
    !isNumber(longitude) ||
    latitude < 49 ||
    latitude > 61 ||
    longitude < -9 ||
    longitude > 2.5
  ) {
    issues.warn(
      'address.geolocation',
      `address.geolocation ${String(latitude)}, ${String(longitude)} is not in the United Kingdom: the postcode places the listing`,
    );
    return null;
  }
  return { latitude, longitude };
}

function isWebAddress(value: string): boolean {
  return /^https?:\/\/[^\s]+$/i.test(value);
}

function readMedia(
  issues: Issues,
  property: ReapitProperty,
  images: readonly ReapitPropertyImage[],
  channel: Channel,
): { media: ImportedMediaRef[]; videos: ImportedVideo[] } {
  const media: ImportedMediaRef[] = [];
  const ordered = images
    .filter((image) => image.fromArchive !== true)
    .map((image, index) => ({ image, index }))
    .sort(
      (a, b) =>
        (isNumber(a.image.order) ? a.image.order : Number.MAX_SAFE_INTEGER) -
          (isNumber(b.image.order) ? b.image.order : Number.MAX_SAFE_INTEGER) || a.index - b.index,
    );
  const counts: Partial<Record<ImportedMediaRef['kind'], number>> = {};
  for (const { image } of ordered) {
    const type = text(image.type);
    let kind = IMAGE_KINDS[type];
    if (kind === null) continue;
    if (kind === undefined) {
      kind = 'photo';
      issues.warn(
        'propertyImages.type',
        `Image ${text(image.id) || '(no id)'} has type '${type}', not photograph, floorPlan or epc: shown as a photo`,
      );
    }
    const url = text(image.url);
    if (!isWebAddress(url)) {
      issues.warn(
        'propertyImages.url',
        `Image ${text(image.id) || '(no id)'} has no web address (http or https): ignored`,
      );
      continue;
    }
    const order = counts[kind] ?? 0;
    counts[kind] = order + 1;
    const caption = feedText(text(image.caption), 'line');
    media.push({ kind, source: url, caption: caption === '' ? null : caption, order });
  }
  if (!media.some((entry) => entry.kind === 'photo'))
    issues.warn('propertyImages', 'The property has no photographs: the listing has no main photo');
  const brochure = text(
    channel === 'sales' ? property.selling?.publicBrochureUrl : property.letting?.publicBrochureUrl,
  );
  if (brochure !== '') {
    if (isWebAddress(brochure)) media.push({ kind: 'brochure', source: brochure, caption: 'Brochure', order: 0 });
    else
      issues.warn('publicBrochureUrl', `publicBrochureUrl '${brochure}' is not a web address (http or https): ignored`);
  }
  const certificate = text(property.epc?.fullDocumentUrl);
  if (certificate !== '') {
    if (isWebAddress(certificate)) media.push({ kind: 'document', source: certificate, caption: 'EPC', order: 50 });
    else
      issues.warn(
        'epc.fullDocumentUrl',
        `epc.fullDocumentUrl '${certificate}' is not a web address (http or https): ignored`,
      );
  }
  const videos: ImportedVideo[] = [];
  for (const [urlField, captionField] of [
    ['videoUrl', 'videoCaption'],
    ['video2Url', 'video2Caption'],
  ] as const) {
    const url = text(property[urlField]);
    if (url === '') continue;
    if (!isWebAddress(url)) {
      issues.warn(urlField, `${urlField} '${url}' is not a web address (http or https): ignored`);
      continue;
    }
    const caption = feedText(text(property[captionField]), 'line');
    videos.push({ url, kind: VIDEO_HOSTS.test(url) ? 'video' : 'tour', description: caption === '' ? null : caption });
  }
  return { media, videos };
}
