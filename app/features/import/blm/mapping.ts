import type { PropertyFacts } from '../../../../db/schema/property-facts.ts';
import { normalisePostcode } from '../../../lib/postcode.ts';
import type { ImportedListing, ImportedListingFields, ImportedMediaRef, ImportedVideo, MappedRecord } from '../feed.ts';
import {
  FURNISHINGS,
  LET_TYPES,
  LETTINGS_ONLY_STATUSES,
  PRICE_QUALIFIERS,
  PROPERTY_SUB_TYPES,
  RENT_FREQUENCIES,
  SALES_ONLY_STATUSES,
  STATUSES,
  TENURE_TYPES,
  TRANS_TYPES,
  UNKNOWN_PROPERTY_KIND,
} from './codes.ts';
import type { BlmLimits, BlmRow } from './reader.ts';
import { feedText } from './text.ts';
import { checkedFacts, councilTaxBandIn, Issues, nationOf } from '../mapping-shared.ts';

/**
 * Turns one BLM record (column → raw text) into the listing the pipeline stores, with every problem said in words
 * a negotiator understands. A record with an error is not published (listing null); a warning keeps the listing
 * with a sensible default. Nothing in a record can make this throw.
 */

/** Columns without which no record can be published: a file lacking one is refused. */
export const ESSENTIAL_COLUMNS = [
  'AGENT_REF',
  'BRANCH_ID',
  'STATUS_ID',
  'TRANS_TYPE_ID',
  'PUBLISHED_FLAG',
  'PRICE',
  'BEDROOMS',
  'DISPLAY_ADDRESS',
  'TOWN',
  'POSTCODE1',
] as const;

/** The rest of the format's mandatory columns: a file lacking them is read, and the report says so. */
export const OTHER_MANDATORY_COLUMNS = [
  'CREATE_DATE',
  'UPDATE_DATE',
  'PRICE_QUALIFIER',
  'PROP_SUB_ID',
  'ADDRESS_1',
  'ADDRESS_2',
  'POSTCODE2',
  'FEATURE1',
  'FEATURE2',
  'FEATURE3',
  'SUMMARY',
  'DESCRIPTION',
  'NEW_HOME_FLAG',
  'LET_FURN_ID',
  'LET_RENT_FREQUENCY',
  'MEDIA_IMAGE_00',
] as const;

const MAX_PRICE = 1_000_000_000;
const SUMMARY_LIMIT = 1024;
const DESCRIPTION_LIMIT = 32_768;
const FEATURE_COUNT = 10;
const BILL_COLUMNS = ['LET_BILL_INC_WATER', 'LET_BILL_INC_GAS', 'LET_BILL_INC_ELECTRICITY'] as const;
const TAG_ORDER = ['new home', 'short let', 'commercial', 'agricultural'];
const VIDEO_HOSTS = /^https?:\/\/([a-z0-9-]+\.)*(youtube\.com|youtu\.be|vimeo\.com)\//i;

type MediaColumn = {
  column: string;
  captionColumn: string;
  type: 'IMAGE' | 'FLOOR_PLAN' | 'DOCUMENT' | 'VIRTUAL_TOUR';
  index: number;
};

/** Columns the mapping reads; any other column is named once in the feed's notes. */
const READ_COLUMNS = new Set<string>([
  ...ESSENTIAL_COLUMNS,
  ...OTHER_MANDATORY_COLUMNS,
  'ADDRESS_3',
  'ADDRESS_4',
  'BATHROOMS',
  'LIVING_ROOMS',
  'RECEPTIONS',
  'TENURE_TYPE_ID',
  'COUNCIL_TAX_BAND',
  'LET_TYPE_ID',
  'LET_DATE_AVAILABLE',
  'LET_BOND',
  'LET_CONTRACT_IN_MONTHS',
  'ADMINISTRATION_FEE',
  'EXACT_LATITUDE',
  'EXACT_LONGDITUDE',
  'EXACT_LONGITUDE',
  ...BILL_COLUMNS,
  ...Array.from({ length: FEATURE_COUNT }, (_, index) => `FEATURE${index + 1}`),
]);

export type BlmMapper = {
  map(row: BlmRow): MappedRecord;
  /** Columns of the file that Doorstep does not read. */
  unusedColumns: string[];
};

export function createBlmMapper(columns: readonly string[], limits: Pick<BlmLimits, 'maxFieldChars'>): BlmMapper {
  const mediaColumns = planMediaColumns(columns);
  const mediaNames = new Set(mediaColumns.flatMap((media) => [media.column, media.captionColumn]));
  const seenRefs = new Set<string>();
  return {
    unusedColumns: columns.filter((column) => !READ_COLUMNS.has(column) && !mediaNames.has(column)),
    map: (row) => mapRow(row, mediaColumns, seenRefs, limits.maxFieldChars),
  };
}

function planMediaColumns(columns: readonly string[]): MediaColumn[] {
  const present = new Set(columns);
  const plan: MediaColumn[] = [];
  for (const column of columns) {
    const match = /^MEDIA_(IMAGE|FLOOR_PLAN|DOCUMENT|VIRTUAL_TOUR)_(\d{2})$/.exec(column);
    if (!match) continue;
    const type = match[1] as MediaColumn['type'];
    const captionColumn = `MEDIA_${type}_TEXT_${match[2]}`;
    plan.push({
      column,
      captionColumn: present.has(captionColumn) ? captionColumn : '',
      type,
      index: Number(match[2]),
    });
  }
  // Captions whose media column is missing are reported per record, as the format's validators do.
  for (const column of columns) {
    const match = /^MEDIA_(IMAGE|FLOOR_PLAN|DOCUMENT|VIRTUAL_TOUR)_TEXT_(\d{2})$/.exec(column);
    if (match && !present.has(`MEDIA_${match[1]}_${match[2]}`)) {
      plan.push({ column: '', captionColumn: column, type: match[1] as MediaColumn['type'], index: Number(match[2]) });
    }
  }
  return plan;
}

function mapRow(row: BlmRow, mediaColumns: MediaColumn[], seenRefs: Set<string>, maxFieldChars: number): MappedRecord {
  const issues = new Issues();
  const raw = (column: string): string => row.values.get(column) ?? '';
  const value = (column: string): string => raw(column).trim();

  const refText = value('AGENT_REF');
  const ref = refText === '' ? `record ${row.number}` : refText;
  if (refText === '') issues.error('AGENT_REF', 'AGENT_REF is empty: the record cannot be matched to a listing');
  else if (seenRefs.has(refText)) {
    issues.error('AGENT_REF', `AGENT_REF '${refText}' appears earlier in this file: this later record is ignored`);
  } else seenRefs.add(refText);
  if (refText.length > 20) issues.warn('AGENT_REF', `AGENT_REF '${refText}' is longer than the format's 20 characters`);

  for (const [column, length] of row.oversized) {
    issues.error(
      column,
      `${column} is ${length.toLocaleString('en-GB')} characters long: the most Doorstep accepts is ${maxFieldChars.toLocaleString('en-GB')}, so the record is ignored`,
    );
  }

  const branchCode = value('BRANCH_ID');
  if (branchCode === '') issues.error('BRANCH_ID', 'BRANCH_ID is empty: the listing cannot be given to a branch');

  // Channel and status.
  const transType = value('TRANS_TYPE_ID');
  let channel = TRANS_TYPES[transType]?.channel;
  if (!channel) {
    channel = 'sales';
    issues.warn(
      'TRANS_TYPE_ID',
      transType === ''
        ? 'TRANS_TYPE_ID is empty: listed for sale'
        : `TRANS_TYPE_ID '${transType}' is not 1 (sale) or 2 (letting): listed for sale`,
    );
  }
  const statusCode = value('STATUS_ID');
  const statusEntry = STATUSES[statusCode];
  const status = statusEntry ? statusEntry[channel] : 'available';
  if (!statusEntry) {
    issues.warn(
      'STATUS_ID',
      statusCode === ''
        ? 'STATUS_ID is empty: shown as available'
        : `STATUS_ID '${statusCode}' is not a known status: shown as available`,
    );
  } else if (
    (channel === 'lettings' && SALES_ONLY_STATUSES.has(statusCode)) ||
    (channel === 'sales' && LETTINGS_ONLY_STATUSES.has(statusCode))
  ) {
    issues.warn(
      'STATUS_ID',
      `STATUS_ID '${statusCode}' (${statusEntry.label}) does not apply to a ${channel === 'sales' ? 'sale' : 'letting'}: shown as ${status}`,
    );
  }

  const published = value('PUBLISHED_FLAG');
  let isPublished = published !== '0';
  if (published !== '0' && published !== '1') {
    isPublished = true;
    issues.warn(
      'PUBLISHED_FLAG',
      published === ''
        ? 'PUBLISHED_FLAG is empty: the listing is published'
        : `PUBLISHED_FLAG '${published}' is not 0 (hidden) or 1 (visible): the listing is published`,
    );
  }

  // Price.
  const qualifierCode = value('PRICE_QUALIFIER');
  const qualifier = PRICE_QUALIFIERS[qualifierCode === '' ? '0' : qualifierCode];
  if (!qualifier) {
    issues.warn(
      'PRICE_QUALIFIER',
      `PRICE_QUALIFIER '${qualifierCode}' is not a known qualifier: the price is shown without one`,
    );
  }
  const priceText = value('PRICE');
  let priceValue: number | null = null;
  if (priceText === '') {
    issues.error('PRICE', 'PRICE is empty: a property without a price is not published');
  } else {
    const amount = parseAmount(priceText);
    if (amount === null) issues.error('PRICE', `PRICE '${priceText}' is not a number`);
    else if (amount > MAX_PRICE)
      issues.error('PRICE', `PRICE '${priceText}' is more than £1,000,000,000: check the figure`);
    else priceValue = amount;
  }
  const frequencyCode = value('LET_RENT_FREQUENCY');
  let frequency = RENT_FREQUENCIES[frequencyCode === '' ? '1' : frequencyCode];
  if (channel === 'lettings') {
    if (!frequency) {
      frequency = RENT_FREQUENCIES['1'];
      issues.warn(
        'LET_RENT_FREQUENCY',
        `LET_RENT_FREQUENCY '${frequencyCode}' is not a known frequency: the rent is taken as monthly`,
      );
    }
    if (priceValue !== null && frequency) {
      const monthly = Math.round(frequency.monthly(priceValue));
      if (frequency.isPerPerson) {
        issues.warn(
          'LET_RENT_FREQUENCY',
          `The rent is per person per week (£${priceValue}): shown as £${monthly} pcm per person`,
        );
      }
      priceValue = monthly;
    }
  }
  if (qualifier?.isPriceHidden) priceValue = null;
  else if (priceValue === 0 && priceText !== '') {
    issues.warn('PRICE', "PRICE is 0: shown as 'Price on application'");
    priceValue = null;
  }

  // Address.
  const line = (column: string): string => feedText(raw(column), 'line');
  const town = line('TOWN') || line('ADDRESS_4') || line('ADDRESS_3');
  if (line('TOWN') === '') {
    if (town) issues.warn('TOWN', `TOWN is empty: '${town}' from the address is used`);
    else issues.error('TOWN', 'TOWN is empty: a property without a town is not published');
  }
  const outward = value('POSTCODE1').toUpperCase().replace(/\s+/g, '');
  const inward = value('POSTCODE2').toUpperCase().replace(/\s+/g, '');
  let postcode = '';
  if (outward === '') issues.error('POSTCODE1', 'POSTCODE1 is empty: a property without a postcode is not published');
  else if (!/^[A-Z]{1,2}\d[A-Z\d]?$/.test(outward)) {
    issues.error('POSTCODE1', `POSTCODE1 '${value('POSTCODE1')}' is not the first half of a UK postcode`);
  } else if (inward === '') {
    postcode = outward;
    issues.warn('POSTCODE2', `POSTCODE2 is empty: the listing is placed by its postcode district ${outward} only`);
  } else {
    const full = normalisePostcode(`${outward} ${inward}`);
    if (full) postcode = full;
    else {
      postcode = outward;
      issues.warn(
        'POSTCODE2',
        `POSTCODE2 '${value('POSTCODE2')}' is not the second half of a UK postcode: ${outward} is used`,
      );
    }
  }
  const street = [line('ADDRESS_1'), line('ADDRESS_2')].filter(Boolean);
  const addressLine1 =
    street.length === 2 && /^\d+[A-Z]?$/i.test(street[0] as string) ? street.join(' ') : street.join(', ');
  let displayAddress = feedText(raw('DISPLAY_ADDRESS'), 'line');
  if (displayAddress === '') {
    displayAddress = [line('ADDRESS_2'), town].filter(Boolean).join(', ');
    if (displayAddress) issues.warn('DISPLAY_ADDRESS', `DISPLAY_ADDRESS is empty: shown as '${displayAddress}'`);
    else issues.error('DISPLAY_ADDRESS', 'DISPLAY_ADDRESS is empty: a property without an address is not published');
  } else if (displayAddress.length > 120) {
    issues.warn(
      'DISPLAY_ADDRESS',
      `DISPLAY_ADDRESS is ${displayAddress.length} characters long; the format allows 120`,
    );
  }

  // Rooms.
  const bedroomsText = value('BEDROOMS');
  let bedrooms = 0;
  if (bedroomsText === '') {
    issues.error('BEDROOMS', 'BEDROOMS is empty: a property without a bedroom count is not published (use 0 for none)');
  } else if (!/^\d{1,2}$/.test(bedroomsText)) {
    issues.error('BEDROOMS', `BEDROOMS '${bedroomsText}' is not a whole number of bedrooms`);
  } else bedrooms = Number(bedroomsText);
  const bathrooms = optionalCount(issues, 'BATHROOMS', value('BATHROOMS'));
  const receptionColumn = value('LIVING_ROOMS') !== '' ? 'LIVING_ROOMS' : 'RECEPTIONS';
  const receptionRooms = optionalCount(issues, receptionColumn, value(receptionColumn));

  // Property type.
  const subType = value('PROP_SUB_ID');
  let kind = PROPERTY_SUB_TYPES[subType];
  if (!kind) {
    kind = UNKNOWN_PROPERTY_KIND;
    issues.warn(
      'PROP_SUB_ID',
      subType === ''
        ? "PROP_SUB_ID is empty: listed as 'Property' and found only in searches for any type"
        : `PROP_SUB_ID '${subType}' is not a Rightmove property type: listed as 'Property'`,
    );
  }

  // Text.
  const summary = feedText(raw('SUMMARY'), 'line');
  const description = feedText(raw('DESCRIPTION'), 'paragraphs');
  if (summary === '') issues.warn('SUMMARY', 'SUMMARY is empty: the listing has no summary on its card');
  else if (summary.length > SUMMARY_LIMIT) {
    issues.warn('SUMMARY', `SUMMARY is ${summary.length} characters long; the format allows ${SUMMARY_LIMIT}`);
  }
  if (description.length > DESCRIPTION_LIMIT) {
    issues.warn(
      'DESCRIPTION',
      `DESCRIPTION is ${description.length.toLocaleString('en-GB')} characters long; the format allows ${DESCRIPTION_LIMIT.toLocaleString('en-GB')}`,
    );
  }
  const features: string[] = [];
  for (let index = 1; index <= FEATURE_COUNT; index += 1) {
    const feature = feedText(raw(`FEATURE${index}`), 'line');
    if (feature) features.push(feature);
  }

  // Dates the format requires; a bad one is only reported (the listing is then dated by the import).
  for (const column of ['CREATE_DATE', 'UPDATE_DATE']) {
    const text = value(column);
    if (text !== '' && parseFeedDate(text) === null) {
      issues.warn(column, `${column} '${text}' is not a date in the form YYYY-MM-DD HH:MM:SS: ignored`);
    }
  }
  const listedAt = parseFeedDateTime(value('CREATE_DATE'));

  // Tags and flags.
  const tags = new Set<string>();
  const newHome = value('NEW_HOME_FLAG').toUpperCase();
  if (newHome === 'Y') tags.add('new home');
  else if (newHome !== '' && newHome !== 'N') {
    issues.warn('NEW_HOME_FLAG', `NEW_HOME_FLAG '${value('NEW_HOME_FLAG')}' is not Y or N: not marked as a new home`);
  }
  if (kind.tag) tags.add(kind.tag);
  const letTypeCode = value('LET_TYPE_ID');
  let letType = LET_TYPES[letTypeCode === '' ? '0' : letTypeCode];
  if (!letType) {
    letType = LET_TYPES['0'];
    if (channel === 'lettings')
      issues.warn('LET_TYPE_ID', `LET_TYPE_ID '${letTypeCode}' is not a known let type: taken as a long let`);
  }
  const isShortLet = channel === 'lettings' && (letType?.isShortLet ?? false);
  if (isShortLet) tags.add('short let');

  // Facts.
  const nation = nationOf(outward);
  const facts: PropertyFacts = { nation };
  if (kind.isRetirement) facts.isRetirement = true;
  let tenureText: string | null = null;
  const tenureCode = value('TENURE_TYPE_ID');
  const tenure = TENURE_TYPES[tenureCode];
  if (qualifierCode === '9' || qualifierCode === '11') {
    facts.tenure = { kind: 'shared-ownership' };
    tenureText = 'Shared ownership';
  } else if (tenure) {
    facts.tenure = { kind: tenure.kind };
    tenureText = tenure.text;
  } else if (tenureCode !== '') {
    issues.warn(
      'TENURE_TYPE_ID',
      `TENURE_TYPE_ID '${tenureCode}' is not a known tenure: the tenure is shown as not yet known`,
    );
  }
  const bandText = value('COUNCIL_TAX_BAND')
    .toUpperCase()
    .replace(/^BAND\s*/, '');
  const councilTaxBand =
    bandText === '' ? null : councilTaxBandIn(issues, 'COUNCIL_TAX_BAND', value('COUNCIL_TAX_BAND'), bandText, facts);
  if (channel === 'lettings') {
    facts.lettings = lettingTerms(issues, value, frequency?.frequency ?? 'pcm', letType);
  }
  const factsDocument = checkedFacts(issues, facts);

  const lettingsFeeText = channel === 'lettings' ? feedText(raw('ADMINISTRATION_FEE'), 'paragraphs') || null : null;

  const coordinates = readCoordinates(
    issues,
    value('EXACT_LATITUDE'),
    value('EXACT_LONGDITUDE') || value('EXACT_LONGITUDE'),
  );
  const { media, videos } = readMedia(issues, mediaColumns, value);

  if (issues.errors.length > 0) return { ref, listing: null, errors: issues.errors, warnings: issues.warnings };
  const fields: ImportedListingFields = {
    channel,
    status,
    isPublished,
    priceValue,
    priceQualifier: qualifier?.text ?? '',
    displayAddress,
    addressLine1: addressLine1 || displayAddress,
    town,
    postcode,
    bedrooms,
    bathrooms,
    receptionRooms,
    propertyType: kind.type,
    propertyStyle: kind.style,
    squareFeet: null,
    acreage: null,
    tags: TAG_ORDER.filter((tag) => tags.has(tag)),
    shortLet: isShortLet,
    petsAllowed: false,
    auctionDate: null,
    summary,
    description,
    features,
    epcRating: null,
    councilTaxBand,
    tenure: tenureText,
    facts: factsDocument,
    lettingsFeeText,
  };
  const listing: ImportedListing = { ref, branchCode, fields, coordinates, media, videos };
  if (listedAt) listing.listedAt = listedAt;
  return {
    ref,
    listing,
    errors: issues.errors,
    warnings: issues.warnings,
  };
}

/** '£450,000', '450000' and '450000.00' are all 450000; anything else is not a price. */
function parseAmount(text: string): number | null {
  const plain = text.replace(/^£\s*/, '');
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(plain)) return null;
  return Math.round(Number(plain.replace(/,/g, '')));
}

function optionalCount(issues: Issues, column: string, text: string): number {
  if (text === '') return 0;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  issues.warn(column, `${column} '${text}' is not a whole number: taken as 0`);
  return 0;
}

/** 'YYYY-MM-DD HH:MM:SS' (the time may be missing): the calendar date, or null when it is not a real date. */
export function parseFeedDate(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (!match) return null;
  const [, year, month, day, hour = '0', minute = '0', second = '0'] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const isRealDay =
    date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day);
  if (!isRealDay || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
  return `${year}-${month}-${day}`;
}

/** The instant of a feed date; the format gives no time zone, so it is read as UK time (GMT or BST). */
function parseFeedDateTime(text: string): Date | null {
  const day = parseFeedDate(text);
  if (!day) return null;
  const time = /[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  const [hour, minute, second] = [time?.[1] ?? '00', time?.[2] ?? '00', time?.[3] ?? '00'];
  const asUtc = new Date(`${day}T${hour}:${minute}:${second}Z`);
  return new Date(asUtc.getTime() - londonOffsetMinutes(asUtc) * 60_000);
}

function londonOffsetMinutes(instant: Date): number {
  const name = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', timeZoneName: 'shortOffset' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-]\d+)?/.exec(name ?? '');
  return match?.[1] ? Number(match[1]) * 60 : 0;
}

function lettingTerms(
  issues: Issues,
  value: (column: string) => string,
  rentFrequency: NonNullable<PropertyFacts['lettings']>['rentFrequency'],
  letType: (typeof LET_TYPES)[string] | undefined,
): NonNullable<PropertyFacts['lettings']> {
  const terms: NonNullable<PropertyFacts['lettings']> = {
    rentFrequency,
    billsIncluded: BILL_COLUMNS.every((column) => value(column).toUpperCase() === 'Y'),
    petsConsidered: false,
    studentsConsidered: letType?.isStudent ?? false,
    housingBenefitConsidered: false,
    letType: letType?.letType ?? 'long',
  };
  const furnishingCode = value('LET_FURN_ID');
  const furnishing = FURNISHINGS[furnishingCode];
  if (furnishing?.furnishing) terms.furnishing = furnishing.furnishing;
  else if (!furnishing && furnishingCode !== '') {
    issues.warn('LET_FURN_ID', `LET_FURN_ID '${furnishingCode}' is not a known furnishing: shown as not specified`);
  }
  const available = value('LET_DATE_AVAILABLE');
  if (available !== '') {
    const date = parseFeedDate(available);
    if (date) terms.availableFrom = date;
    else
      issues.warn(
        'LET_DATE_AVAILABLE',
        `LET_DATE_AVAILABLE '${available}' is not a date in the form YYYY-MM-DD HH:MM:SS: shown as available now`,
      );
  }
  const bond = value('LET_BOND');
  if (bond !== '') {
    const amount = parseAmount(bond);
    if (amount !== null && amount <= 100_000_000) terms.deposit = amount;
    else issues.warn('LET_BOND', `LET_BOND '${bond}' is not an amount in pounds: the deposit is not shown`);
  }
  const term = value('LET_CONTRACT_IN_MONTHS');
  if (term !== '') {
    if (/^\d+$/.test(term) && Number(term) >= 1 && Number(term) <= 60) terms.minimumTermMonths = Number(term);
    else
      issues.warn(
        'LET_CONTRACT_IN_MONTHS',
        `LET_CONTRACT_IN_MONTHS '${term}' is not a number of months from 1 to 60: not shown`,
      );
  }
  return terms;
}

/** Great Britain, Northern Ireland and the islands, generously: a point outside is a slip (0,0 or swapped values). */
function readCoordinates(
  issues: Issues,
  latitudeText: string,
  longitudeText: string,
): { latitude: number; longitude: number } | null {
  if (latitudeText === '' && longitudeText === '') return null;
  const latitude = Number(latitudeText);
  const longitude = Number(longitudeText);
  const isNumber = (text: string) => /^-?\d{1,3}(\.\d+)?$/.test(text);
  if (!isNumber(latitudeText) || !isNumber(longitudeText)) {
    issues.warn(
      'EXACT_LATITUDE',
      `EXACT_LATITUDE '${latitudeText}' and EXACT_LONGDITUDE '${longitudeText}' are not a pair of coordinates: the postcode places the listing`,
    );
    return null;
  }
  if (latitude < 49 || latitude > 61 || longitude < -9 || longitude > 2.5) {
    issues.warn(
      'EXACT_LATITUDE',
      `EXACT_LATITUDE ${latitudeText}, EXACT_LONGDITUDE ${longitudeText} is not in the United Kingdom: the postcode places the listing`,
    );
    return null;
  }
  return { latitude, longitude };
}

function readMedia(
  issues: Issues,
  mediaColumns: MediaColumn[],
  value: (column: string) => string,
): { media: ImportedMediaRef[]; videos: ImportedVideo[] } {
  const media: ImportedMediaRef[] = [];
  const videos: ImportedVideo[] = [];
  for (const entry of mediaColumns) {
    const captionText = entry.captionColumn ? feedText(value(entry.captionColumn), 'line') : '';
    const caption = captionText === '' ? null : captionText;
    const source = entry.column ? value(entry.column) : '';
    if (source === '') {
      if (caption !== null) {
        issues.warn(
          entry.captionColumn,
          `${entry.captionColumn} '${caption}' has no ${entry.column || entry.captionColumn.replace('_TEXT', '')} to go with it: ignored`,
        );
      } else if (entry.column === 'MEDIA_IMAGE_00') {
        issues.warn('MEDIA_IMAGE_00', 'MEDIA_IMAGE_00 is empty: the listing has no main photo');
      }
      continue;
    }
    const isUrl = /^https?:\/\//i.test(source);
    if (entry.type === 'VIRTUAL_TOUR') {
      if (!isUrl) {
        issues.warn(entry.column, `${entry.column} '${source}' is not a web address (http or https): ignored`);
        continue;
      }
      videos.push({ url: source, kind: VIDEO_HOSTS.test(source) ? 'video' : 'tour', description: caption });
      continue;
    }
    if (!isUrl) {
      const problem = unsafeMediaName(source);
      if (problem) {
        issues.warn(entry.column, `${entry.column} '${source}' ${problem}: the file is ignored`);
        continue;
      }
    }
    media.push({ kind: mediaKind(entry), source, caption, order: entry.index });
  }
  return { media, videos };
}

function mediaKind(entry: MediaColumn): ImportedMediaRef['kind'] {
  if (entry.type === 'FLOOR_PLAN') return 'floorplan';
  // Images 60–99 are EPC (or HIP) graphs; documents from 50 are the full EPC or HIP certificates.
  if (entry.type === 'IMAGE') return entry.index >= 60 ? 'epc' : 'photo';
  return entry.index >= 50 ? 'document' : 'brochure';
}

/** A media name must stay inside the feed: no folder climbing, no absolute path, no other scheme. */
export function unsafeMediaName(name: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(name) && !/^[a-z]:[\\/]/i.test(name))
    return 'is neither a file name nor a web address';
  if (/^([\\/]|[a-z]:)/i.test(name)) return 'is an absolute path outside the feed';
  if (name.split(/[\\/]/).some((part) => part === '..')) return 'points outside the feed';
  if (name.includes('\u0000')) return 'is not a file name';
  return null;
}
