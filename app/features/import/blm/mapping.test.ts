import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyFactsSchema } from '../../../../db/schema/property-facts.ts';
import type { MappedRecord } from '../feed.ts';
import {
  FURNISHINGS,
  LET_TYPES,
  PRICE_QUALIFIERS,
  PROPERTY_SUB_TYPES,
  RENT_FREQUENCIES,
  STATUSES,
  TENURE_TYPES,
} from './codes.ts';
import { createBlmMapper, parseFeedDate, unsafeMediaName } from './mapping.ts';
import type { BlmRow } from './reader.ts';
import { COLUMNS, saleRecord, type Record_ } from './test-helpers.ts';

const EXTRA_COLUMNS = [
  'LET_TYPE_ID',
  'LET_DATE_AVAILABLE',
  'LET_BOND',
  'LET_CONTRACT_IN_MONTHS',
  'LET_BILL_INC_WATER',
  'LET_BILL_INC_GAS',
  'LET_BILL_INC_ELECTRICITY',
  'ADMINISTRATION_FEE',
  'EXACT_LATITUDE',
  'EXACT_LONGDITUDE',
  'COUNCIL_TAX_BAND',
  'BATHROOMS',
  'MEDIA_IMAGE_01',
  'MEDIA_IMAGE_TEXT_01',
  'MEDIA_IMAGE_60',
  'MEDIA_IMAGE_TEXT_60',
  'MEDIA_DOCUMENT_00',
  'MEDIA_DOCUMENT_TEXT_00',
  'MEDIA_DOCUMENT_50',
  'MEDIA_DOCUMENT_TEXT_50',
  'MEDIA_VIRTUAL_TOUR_00',
  'MEDIA_VIRTUAL_TOUR_TEXT_00',
  'MEDIA_VIRTUAL_TOUR_01',
  'SOMETHING_ELSE',
];
const ALL_COLUMNS = [...COLUMNS, ...EXTRA_COLUMNS];

function toRow(record: Record_, number = 1, oversized: Array<[string, number]> = []): BlmRow {
  return {
    number,
    values: new Map(ALL_COLUMNS.map((column) => [column, record[column] ?? ''])),
    oversized: new Map(oversized),
  };
}

function mapOne(overrides: Record_ = {}): MappedRecord {
  return createBlmMapper(ALL_COLUMNS, { maxFieldChars: 1_000_000 }).map(toRow(saleRecord(overrides)));
}

function letting(overrides: Record_ = {}): MappedRecord {
  return mapOne({
    TRANS_TYPE_ID: '2',
    PRICE: '1200',
    PRICE_QUALIFIER: '0',
    LET_RENT_FREQUENCY: '1',
    TENURE_TYPE_ID: '',
    ...overrides,
  });
}

function fields(record: MappedRecord) {
  if (!record.listing) throw new Error(`rejected: ${JSON.stringify(record.errors)}`);
  return record.listing.fields;
}

describe('mapping a BLM record', () => {
  it('maps a sale to the listing columns and a valid facts document', () => {
    const record = mapOne();
    expect(record.errors).toEqual([]);
    expect(record.warnings).toEqual([]);
    expect(record.ref).toBe('1_HV00042');
    expect(record.listing?.branchCode).toBe('1');
    expect(fields(record)).toMatchObject({
      channel: 'sales',
      status: 'available',
      isPublished: true,
      priceValue: 450_000,
      priceQualifier: 'Guide price',
      displayAddress: 'Milsom Street, Bath',
      addressLine1: '12 Milsom Street',
      town: 'Bath',
      postcode: 'BA1 1DE',
      bedrooms: 3,
      propertyType: 'house',
      propertyStyle: 'Town house',
      tags: [],
      summary: 'A Georgian town house in the heart of Bath.',
      description: 'A fine house.\n\nWith a garden.',
      features: ['Three bedrooms', 'Garden', 'Parking'],
      tenure: 'Freehold',
      facts: { nation: 'england', tenure: { kind: 'freehold' } },
    });
    expect(propertyFactsSchema.safeParse(fields(record).facts).success).toBe(true);
  });

  it('maps every STATUS_ID per channel', () => {
    for (const [code, entry] of Object.entries(STATUSES)) {
      expect(fields(mapOne({ STATUS_ID: code })).status).toBe(entry.sales);
      expect(fields(letting({ STATUS_ID: code })).status).toBe(entry.lettings);
    }
    expect(fields(mapOne({ STATUS_ID: '3' })).status).toBe('under-offer');
    expect(fields(mapOne({ STATUS_ID: '1' })).status).toBe('sstc');
    expect(fields(letting({ STATUS_ID: '5' })).status).toBe('let-agreed');
    const unknown = mapOne({ STATUS_ID: '9' });
    expect(fields(unknown).status).toBe('available');
    expect(unknown.warnings).toContainEqual({
      field: 'STATUS_ID',
      message: "STATUS_ID '9' is not a known status: shown as available",
    });
    expect(mapOne({ STATUS_ID: '5' }).warnings[0]?.message).toBe(
      "STATUS_ID '5' (Let agreed) does not apply to a sale: shown as sstc",
    );
  });

  it('maps TRANS_TYPE_ID to the channel, defaulting to sales with a warning', () => {
    expect(fields(mapOne({ TRANS_TYPE_ID: '1' })).channel).toBe('sales');
    expect(fields(letting()).channel).toBe('lettings');
    const unknown = mapOne({ TRANS_TYPE_ID: '7' });
    expect(fields(unknown).channel).toBe('sales');
    expect(unknown.warnings).toContainEqual({
      field: 'TRANS_TYPE_ID',
      message: "TRANS_TYPE_ID '7' is not 1 (sale) or 2 (letting): listed for sale",
    });
  });

  it('maps every PRICE_QUALIFIER; POA hides the price', () => {
    for (const [code, entry] of Object.entries(PRICE_QUALIFIERS)) {
      const mapped = fields(mapOne({ PRICE_QUALIFIER: code }));
      expect(mapped.priceQualifier).toBe(entry.text);
      expect(mapped.priceValue).toBe(entry.isPriceHidden ? null : 450_000);
    }
    expect(fields(mapOne({ PRICE_QUALIFIER: '5' })).priceQualifier).toBe('Offers in the region of');
    const unknown = mapOne({ PRICE_QUALIFIER: '13' });
    expect(fields(unknown).priceQualifier).toBe('');
    expect(unknown.warnings[0]?.field).toBe('PRICE_QUALIFIER');
  });

  it.each(['toString', 'constructor', '__proto__'])(
    'treats a code named like an Object member (%s) as unknown',
    (code) => {
      const record = letting({
        TRANS_TYPE_ID: code,
        STATUS_ID: code,
        PRICE_QUALIFIER: code,
        LET_RENT_FREQUENCY: code,
        LET_TYPE_ID: code,
        LET_FURN_ID: code,
        TENURE_TYPE_ID: code,
        PROP_SUB_ID: code,
      });
      expect(fields(record)).toMatchObject({
        channel: 'sales',
        status: 'available',
        priceQualifier: '',
        propertyType: 'house',
        propertyStyle: 'Property',
        tenure: null,
      });
      expect(record.warnings.map((warning) => warning.field)).toEqual([
        'TRANS_TYPE_ID',
        'STATUS_ID',
        'PRICE_QUALIFIER',
        'PROP_SUB_ID',
        'TENURE_TYPE_ID',
      ]);
    },
  );

  it('maps every PROP_SUB_ID to a type and style, with a default for unknown codes', () => {
    for (const [code, kind] of Object.entries(PROPERTY_SUB_TYPES)) {
      const mapped = mapOne({ PROP_SUB_ID: code });
      expect(mapped.warnings).toEqual([]);
      expect(fields(mapped).propertyType).toBe(kind.type);
      expect(fields(mapped).propertyStyle).toBe(kind.style);
    }
    expect(fields(mapOne({ PROP_SUB_ID: '8' })).propertyType).toBe('flat');
    expect(fields(mapOne({ PROP_SUB_ID: '14' })).propertyStyle).toBe('Semi-detached bungalow');
    expect(fields(mapOne({ PROP_SUB_ID: '178' })).tags).toEqual(['commercial']);
    expect(fields(mapOne({ PROP_SUB_ID: '107' }))).toMatchObject({ propertyType: 'land', tags: ['agricultural'] });
    expect(fields(mapOne({ PROP_SUB_ID: '47' })).facts).toMatchObject({ isRetirement: true });
    const unknown = mapOne({ PROP_SUB_ID: '999' });
    expect(fields(unknown)).toMatchObject({ propertyType: 'house', propertyStyle: 'Property' });
    expect(unknown.warnings).toContainEqual({
      field: 'PROP_SUB_ID',
      message: "PROP_SUB_ID '999' is not a Rightmove property type: listed as 'Property'",
    });
  });

  it('maps every TENURE_TYPE_ID, and shared ownership from the price qualifier', () => {
    for (const [code, entry] of Object.entries(TENURE_TYPES)) {
      const mapped = fields(mapOne({ TENURE_TYPE_ID: code }));
      expect(mapped.tenure).toBe(entry.text);
      expect(mapped.facts?.tenure).toEqual({ kind: entry.kind });
    }
    expect(fields(mapOne({ TENURE_TYPE_ID: '3' })).tenure).toBe('Freehold');
    const shared = fields(mapOne({ PRICE_QUALIFIER: '9', TENURE_TYPE_ID: '2' }));
    expect(shared.tenure).toBe('Shared ownership');
    expect(shared.facts?.tenure).toEqual({ kind: 'shared-ownership' });
    const unknown = mapOne({ TENURE_TYPE_ID: '8' });
    expect(fields(unknown).tenure).toBeNull();
    expect(unknown.warnings[0]?.field).toBe('TENURE_TYPE_ID');
  });

  it('turns every LET_RENT_FREQUENCY into a monthly rent, keeping how it was quoted', () => {
    for (const [code, entry] of Object.entries(RENT_FREQUENCIES)) {
      const mapped = fields(letting({ LET_RENT_FREQUENCY: code, PRICE: '1200' }));
      expect(mapped.priceValue).toBe(Math.round(entry.monthly(1200)));
      expect(mapped.facts?.lettings?.rentFrequency).toBe(entry.frequency);
    }
    expect(fields(letting({ LET_RENT_FREQUENCY: '0', PRICE: '300' })).priceValue).toBe(1300);
    expect(fields(letting({ LET_RENT_FREQUENCY: '3', PRICE: '24000' })).priceValue).toBe(2000);
    expect(fields(letting({ LET_RENT_FREQUENCY: '', PRICE: '950' })).priceValue).toBe(950);
    const unknown = letting({ LET_RENT_FREQUENCY: '4' });
    expect(fields(unknown).priceValue).toBe(1200);
    expect(unknown.warnings[0]?.field).toBe('LET_RENT_FREQUENCY');
  });

  it('maps LET_FURN_ID, LET_TYPE_ID and the lettings terms into the facts', () => {
    for (const [code, entry] of Object.entries(FURNISHINGS)) {
      expect(fields(letting({ LET_FURN_ID: code })).facts?.lettings?.furnishing).toBe(entry.furnishing ?? undefined);
    }
    for (const [code, entry] of Object.entries(LET_TYPES)) {
      const mapped = fields(letting({ LET_TYPE_ID: code }));
      expect(mapped.facts?.lettings?.letType).toBe(entry.letType);
      expect(mapped.shortLet).toBe(entry.isShortLet);
      expect(mapped.facts?.lettings?.studentsConsidered).toBe(entry.isStudent);
    }
    const mapped = fields(
      letting({
        LET_TYPE_ID: '2',
        LET_DATE_AVAILABLE: '2026-12-01 00:00:00',
        LET_BOND: '1384',
        LET_CONTRACT_IN_MONTHS: '6',
        LET_BILL_INC_WATER: 'Y',
        LET_BILL_INC_GAS: 'Y',
        LET_BILL_INC_ELECTRICITY: 'Y',
        ADMINISTRATION_FEE: '<p>Holding deposit: one week&#39;s rent.</p>',
      }),
    );
    expect(mapped.tags).toEqual(['short let']);
    expect(mapped.lettingsFeeText).toBe("Holding deposit: one week's rent.");
    expect(mapped.facts?.lettings).toEqual({
      rentFrequency: 'pcm',
      deposit: 1384,
      availableFrom: '2026-12-01',
      minimumTermMonths: 6,
      billsIncluded: true,
      petsConsidered: false,
      studentsConsidered: false,
      housingBenefitConsidered: false,
      letType: 'short',
    });
    expect(propertyFactsSchema.safeParse(mapped.facts).success).toBe(true);
    const bad = letting({ LET_FURN_ID: '7', LET_DATE_AVAILABLE: 'soon', LET_BOND: 'five weeks' });
    expect(bad.warnings.map((warning) => warning.field)).toEqual(['LET_FURN_ID', 'LET_DATE_AVAILABLE', 'LET_BOND']);
    expect(bad.warnings[1]?.message).toBe(
      "LET_DATE_AVAILABLE 'soon' is not a date in the form YYYY-MM-DD HH:MM:SS: shown as available now",
    );
  });

  it('maps NEW_HOME_FLAG and PUBLISHED_FLAG', () => {
    expect(fields(mapOne({ NEW_HOME_FLAG: 'Y' })).tags).toEqual(['new home']);
    expect(fields(mapOne({ NEW_HOME_FLAG: '' })).tags).toEqual([]);
    expect(mapOne({ NEW_HOME_FLAG: 'maybe' }).warnings[0]?.field).toBe('NEW_HOME_FLAG');
    expect(fields(mapOne({ PUBLISHED_FLAG: '0' })).isPublished).toBe(false);
    expect(fields(mapOne({ PUBLISHED_FLAG: '1' })).isPublished).toBe(true);
    expect(mapOne({ PUBLISHED_FLAG: 'yes' }).warnings[0]?.message).toBe(
      "PUBLISHED_FLAG 'yes' is not 0 (hidden) or 1 (visible): the listing is published",
    );
  });

  it('rejects a record without a usable price, postcode, bedrooms or reference', () => {
    const empty = mapOne({ PRICE: '' });
    expect(empty.listing).toBeNull();
    expect(empty.errors).toEqual([
      { field: 'PRICE', message: 'PRICE is empty: a property without a price is not published' },
    ]);
    expect(mapOne({ PRICE: 'abc' }).errors).toEqual([{ field: 'PRICE', message: "PRICE 'abc' is not a number" }]);
    expect(mapOne({ PRICE: '-5' }).errors[0]?.message).toBe("PRICE '-5' is not a number");
    expect(fields(mapOne({ PRICE: '£450,000.00' })).priceValue).toBe(450_000);
    expect(mapOne({ POSTCODE1: '' }).errors[0]?.message).toBe(
      'POSTCODE1 is empty: a property without a postcode is not published',
    );
    expect(mapOne({ POSTCODE1: '12X' }).errors[0]?.message).toBe(
      "POSTCODE1 '12X' is not the first half of a UK postcode",
    );
    expect(mapOne({ BEDROOMS: 'three' }).errors[0]?.message).toBe("BEDROOMS 'three' is not a whole number of bedrooms");
    const noRef = mapOne({ AGENT_REF: '' });
    expect(noRef.ref).toBe('record 1');
    expect(noRef.errors[0]?.field).toBe('AGENT_REF');
    expect(mapOne({ BRANCH_ID: '' }).errors[0]?.field).toBe('BRANCH_ID');
  });

  it('places a listing by its outward code when POSTCODE2 is missing, with a warning', () => {
    const record = mapOne({ POSTCODE2: '' });
    expect(fields(record).postcode).toBe('BA1');
    expect(record.warnings[0]?.message).toBe(
      'POSTCODE2 is empty: the listing is placed by its postcode district BA1 only',
    );
  });

  it('rejects the later of two records with the same AGENT_REF', () => {
    const mapper = createBlmMapper(ALL_COLUMNS, { maxFieldChars: 1_000_000 });
    expect(mapper.map(toRow(saleRecord(), 1)).listing).not.toBeNull();
    const second = mapper.map(toRow(saleRecord({ PRICE: '1' }), 2));
    expect(second.listing).toBeNull();
    expect(second.errors).toEqual([
      {
        field: 'AGENT_REF',
        message: "AGENT_REF '1_HV00042' appears earlier in this file: this later record is ignored",
      },
    ]);
    expect(mapper.unusedColumns).toEqual(['SOMETHING_ELSE']);
  });

  it('rejects a record with an oversized value, naming the field and its length', () => {
    const mapper = createBlmMapper(ALL_COLUMNS, { maxFieldChars: 1_000_000 });
    const record = mapper.map(toRow(saleRecord(), 1, [['DESCRIPTION', 104_857_600]]));
    expect(record.listing).toBeNull();
    expect(record.errors).toEqual([
      {
        field: 'DESCRIPTION',
        message:
          'DESCRIPTION is 104,857,600 characters long: the most Doorstep accepts is 1,000,000, so the record is ignored',
      },
    ]);
  });

  it('warns about bad dates without rejecting the listing', () => {
    const record = mapOne({ CREATE_DATE: '31/02/2026', UPDATE_DATE: '2026-02-30 10:00:00' });
    expect(record.listing).not.toBeNull();
    expect(record.warnings).toEqual([
      {
        field: 'CREATE_DATE',
        message: "CREATE_DATE '31/02/2026' is not a date in the form YYYY-MM-DD HH:MM:SS: ignored",
      },
      {
        field: 'UPDATE_DATE',
        message: "UPDATE_DATE '2026-02-30 10:00:00' is not a date in the form YYYY-MM-DD HH:MM:SS: ignored",
      },
    ]);
    expect(record.listing?.listedAt).toBeUndefined();
    expect(mapOne({ CREATE_DATE: '2026-07-01 09:30:00' }).listing?.listedAt).toEqual(new Date('2026-07-01T08:30:00Z'));
    expect(mapOne({ CREATE_DATE: '2026-01-15 09:30:00' }).listing?.listedAt).toEqual(new Date('2026-01-15T09:30:00Z'));
    expect(parseFeedDate('2024-02-29 23:59:59')).toBe('2024-02-29');
    expect(parseFeedDate('2024-02-29 24:00:00')).toBeNull();
  });

  it('sanitises HTML and script in the text fields', () => {
    const mapped = fields(
      mapOne({
        SUMMARY: '<b>Bright</b> flat<script>document.cookie</script>',
        DESCRIPTION: '<p>Para one.</p><p>Para <i>two</i>.</p><img src=x onerror="alert(1)">',
        FEATURE1: '<u>Garden</u>',
        DISPLAY_ADDRESS: 'Milsom Street, <span>Bath</span>',
        ADDRESS_2: 'Milsom <script>x()</script>Street',
        TOWN: '<b>Bath</b>',
      }),
    );
    expect(mapped.addressLine1).toBe('12 Milsom Street');
    expect(mapped.town).toBe('Bath');
    expect(mapped.summary).toBe('Bright flat');
    expect(mapped.description).toBe('Para one.\n\nPara two.');
    expect(mapped.features?.[0]).toBe('Garden');
    expect(mapped.displayAddress).toBe('Milsom Street, Bath');
  });

  it('takes coordinates when present and in the UK, else warns', () => {
    expect(mapOne({ EXACT_LATITUDE: '51.3839', EXACT_LONGDITUDE: '-2.3612' }).listing?.coordinates).toEqual({
      latitude: 51.3839,
      longitude: -2.3612,
    });
    expect(mapOne().listing?.coordinates).toBeNull();
    const swapped = mapOne({ EXACT_LATITUDE: '-2.3612', EXACT_LONGDITUDE: '51.3839' });
    expect(swapped.listing?.coordinates).toBeNull();
    expect(swapped.warnings[0]?.message).toMatch(/is not in the United Kingdom: the postcode places the listing/);
    expect(mapOne({ EXACT_LATITUDE: 'north', EXACT_LONGDITUDE: '' }).warnings[0]?.field).toBe('EXACT_LATITUDE');
  });

  it('maps council tax bands by nation', () => {
    expect(fields(mapOne({ COUNCIL_TAX_BAND: 'Band D' }))).toMatchObject({
      councilTaxBand: 'D',
      facts: { councilTax: { kind: 'band', band: 'D' } },
    });
    expect(fields(mapOne({ POSTCODE1: 'CF10', POSTCODE2: '1AA', COUNCIL_TAX_BAND: 'I' })).facts).toMatchObject({
      nation: 'wales',
      councilTax: { band: 'I' },
    });
    const englishI = mapOne({ COUNCIL_TAX_BAND: 'I' });
    expect(fields(englishI).councilTaxBand).toBeNull();
    expect(englishI.warnings[0]?.message).toBe("COUNCIL_TAX_BAND 'I' is not a band in England: not shown");
    expect(fields(mapOne({ POSTCODE1: 'EH1', POSTCODE2: '1AA' })).facts?.nation).toBe('scotland');
    expect(fields(mapOne({ POSTCODE1: 'BT1', POSTCODE2: '1AA' })).facts?.nation).toBe('northern-ireland');
  });

  it('maps photos, floorplans, EPC graphs, brochures, certificates and tours with captions and order', () => {
    const record = mapOne({
      MEDIA_IMAGE_01: '1_HV00042_IMG_01.JPG',
      MEDIA_IMAGE_TEXT_01: 'Kitchen',
      MEDIA_IMAGE_60: '1_HV00042_IMG_60.png',
      MEDIA_IMAGE_TEXT_60: 'EPC',
      MEDIA_DOCUMENT_00: 'https://cdn.example/brochure.pdf',
      MEDIA_DOCUMENT_TEXT_00: 'Brochure',
      MEDIA_DOCUMENT_50: '1_HV00042_DOC_50.pdf',
      MEDIA_DOCUMENT_TEXT_50: 'EPC',
      MEDIA_VIRTUAL_TOUR_00: 'https://my.matterport.com/show/?m=abc',
      MEDIA_VIRTUAL_TOUR_TEXT_00: '3D tour',
      MEDIA_VIRTUAL_TOUR_01: 'https://www.youtube.com/watch?v=xyz',
    });
    expect(record.warnings).toEqual([]);
    expect(record.listing?.media).toEqual([
      { kind: 'photo', source: '1_HV00042_IMG_00.jpg', caption: 'Front', order: 0 },
      { kind: 'floorplan', source: '1_HV00042_FLP_00.jpg', caption: 'Floorplan', order: 0 },
      { kind: 'photo', source: '1_HV00042_IMG_01.JPG', caption: 'Kitchen', order: 1 },
      { kind: 'epc', source: '1_HV00042_IMG_60.png', caption: 'EPC', order: 60 },
      { kind: 'brochure', source: 'https://cdn.example/brochure.pdf', caption: 'Brochure', order: 0 },
      { kind: 'document', source: '1_HV00042_DOC_50.pdf', caption: 'EPC', order: 50 },
    ]);
    expect(record.listing?.videos).toEqual([
      { url: 'https://my.matterport.com/show/?m=abc', kind: 'tour', description: '3D tour' },
      { url: 'https://www.youtube.com/watch?v=xyz', kind: 'video', description: null },
    ]);
  });

  it('drops media names that climb out of the feed, with a warning', () => {
    const record = mapOne({
      MEDIA_IMAGE_00: '../../etc/passwd',
      MEDIA_IMAGE_01: '/var/www/photo.jpg',
      MEDIA_DOCUMENT_00: 'C:\\brochures\\a.pdf',
      MEDIA_VIRTUAL_TOUR_00: 'javascript:alert(1)',
      MEDIA_IMAGE_TEXT_60: 'EPC',
    });
    expect(record.listing?.media.map((media) => media.source)).toEqual(['1_HV00042_FLP_00.jpg']);
    expect(record.warnings).toEqual([
      {
        field: 'MEDIA_IMAGE_00',
        message: "MEDIA_IMAGE_00 '../../etc/passwd' points outside the feed: the file is ignored",
      },
      {
        field: 'MEDIA_IMAGE_01',
        message: "MEDIA_IMAGE_01 '/var/www/photo.jpg' is an absolute path outside the feed: the file is ignored",
      },
      {
        field: 'MEDIA_IMAGE_TEXT_60',
        message: "MEDIA_IMAGE_TEXT_60 'EPC' has no MEDIA_IMAGE_60 to go with it: ignored",
      },
      {
        field: 'MEDIA_DOCUMENT_00',
        message: "MEDIA_DOCUMENT_00 'C:\\brochures\\a.pdf' is an absolute path outside the feed: the file is ignored",
      },
      {
        field: 'MEDIA_VIRTUAL_TOUR_00',
        message: "MEDIA_VIRTUAL_TOUR_00 'javascript:alert(1)' is not a web address (http or https): ignored",
      },
    ]);
    expect(unsafeMediaName('photos/ok.jpg')).toBeNull();
    expect(unsafeMediaName('photos\\..\\..\\x.jpg')).toBe('points outside the feed');
  });
});

describe('mapping any record', () => {
  it('never throws, and a published listing always carries valid facts and named issues', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom(
        '',
        '0',
        '1',
        '2',
        '3',
        '5',
        '9',
        '99',
        '-1',
        'Y',
        'N',
        '1.5',
        '£1,000',
        'BA1',
        '1DE',
        '2026-13-40',
      ),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...ALL_COLUMNS), text), (overrides) => {
        const record = mapOne(overrides);
        for (const issue of [...record.errors, ...record.warnings]) {
          expect(issue.field).not.toBe('');
          expect(issue.message.length).toBeGreaterThan(10);
        }
        if (record.listing) {
          expect(record.errors).toEqual([]);
          expect(propertyFactsSchema.safeParse(record.listing.fields.facts).success).toBe(true);
        } else expect(record.errors.length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });
});
