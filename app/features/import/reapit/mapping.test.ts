import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyStatuses, propertyTypes } from '../../../../db/schema/index.ts';
import { propertyFactsSchema } from '../../../../db/schema/property-facts.ts';
import {
  LETTING_STATUSES,
  mapReapitProperty,
  PROPERTY_STYLES,
  PROPERTY_TYPES,
  RENT_FREQUENCIES,
  SELLING_QUALIFIERS,
  SELLING_STATUSES,
  TENURES,
  type ReapitProperty,
  type ReapitPropertyImage,
} from './mapping.ts';

function sale(overrides: Partial<ReapitProperty> = {}, selling: ReapitProperty['selling'] = {}): ReapitProperty {
  return {
    id: 'OXF190347',
    marketingMode: 'selling',
    created: '2026-09-01T09:00:00Z',
    address: {
      buildingNumber: '4',
      line1: 'Walton Street',
      line2: 'Jericho',
      line3: 'Oxford',
      line4: 'Oxfordshire',
      postcode: 'ox2 6aa',
      geolocation: { latitude: 51.76, longitude: -1.266 },
    },
    strapline: 'A Victorian terrace in Jericho',
    longDescription: 'Two bedrooms and a courtyard garden.',
    summary: '• Two bedrooms\n• Courtyard garden',
    bedrooms: 2,
    bathrooms: 1,
    receptions: 1,
    type: ['house'],
    style: ['terraced'],
    officeIds: ['OXF'],
    internetAdvertising: true,
    selling: { price: 650_000, qualifier: 'askingPrice', status: 'forSale', tenure: { type: 'freehold' }, ...selling },
    ...overrides,
  };
}

function letting(letting: ReapitProperty['letting'] = {}, overrides: Partial<ReapitProperty> = {}): ReapitProperty {
  return sale({
    marketingMode: 'letting',
    selling: undefined,
    letting: { rent: 1500, rentFrequency: 'monthly', status: 'toLet', furnishing: ['unfurnished'], ...letting },
    ...overrides,
  });
}

function image(id: string, overrides: Partial<ReapitPropertyImage> = {}): ReapitPropertyImage {
  return {
    id,
    propertyId: 'OXF190347',
    url: `https://reapit.example/images/${id}.jpg`,
    type: 'photograph',
    order: 0,
    ...overrides,
  };
}

const only = (property: ReapitProperty, images: ReapitPropertyImage[] = [image('a')]) => {
  const mapped = mapReapitProperty(property, images);
  expect(mapped.records).toHaveLength(1);
  return mapped.records[0]!;
};

describe('mapReapitProperty', () => {
  it('maps a sale to one listing keyed by the property id', () => {
    const record = only(sale(), [
      image('front', { order: 2, caption: 'Front' }),
      image('hall', { order: 1, caption: 'Hall' }),
      image('plan', { type: 'floorPlan', order: 3 }),
      image('chart', { type: 'epc', order: 4 }),
      image('map', { type: 'map', order: 5 }),
      image('old', { fromArchive: true }),
    ]);
    expect(record.errors).toEqual([]);
    expect(record.warnings).toEqual([]);
    expect(record.ref).toBe('OXF190347');
    expect(record.listing).toMatchObject({
      ref: 'OXF190347',
      branchCode: 'OXF',
      coordinates: { latitude: 51.76, longitude: -1.266 },
      listedAt: new Date('2026-09-01T09:00:00Z'),
      fields: {
        channel: 'sales',
        status: 'available',
        isPublished: true,
        priceValue: 650_000,
        priceQualifier: '',
        displayAddress: 'Walton Street, Oxford',
        addressLine1: '4 Walton Street',
        town: 'Oxford',
        postcode: 'OX2 6AA',
        propertyType: 'house',
        propertyStyle: 'Terraced house',
        tenure: 'Freehold',
        summary: 'A Victorian terrace in Jericho',
        features: ['Two bedrooms', 'Courtyard garden'],
        facts: { nation: 'england', tenure: { kind: 'freehold' } },
      },
    });
    expect(record.listing!.media).toEqual([
      { kind: 'photo', source: 'https://reapit.example/images/hall.jpg', caption: 'Hall', order: 0 },
      { kind: 'photo', source: 'https://reapit.example/images/front.jpg', caption: 'Front', order: 1 },
      { kind: 'floorplan', source: 'https://reapit.example/images/plan.jpg', caption: null, order: 0 },
      { kind: 'epc', source: 'https://reapit.example/images/chart.jpg', caption: null, order: 0 },
    ]);
  });

  it.each(Object.entries(SELLING_STATUSES))('selling status %s', (status, entry) => {
    const mapped = mapReapitProperty(sale({}, { status }), [image('a')]);
    if (entry === 'off-market') {
      expect(mapped.records).toEqual([]);
      expect(mapped.offMarketRefs).toContain('OXF190347');
    } else {
      expect(mapped.records[0]!.listing!.fields).toMatchObject({ status: entry.status, isPublished: !entry.isHidden });
      expect(mapped.records[0]!.warnings).toEqual([]);
      expect(mapped.offMarketRefs).not.toContain('OXF190347');
    }
  });

  it.each(Object.entries(LETTING_STATUSES))('letting status %s', (status, entry) => {
    const mapped = mapReapitProperty(letting({ status }), [image('a')]);
    if (entry === 'off-market') {
      expect(mapped.records).toEqual([]);
      expect(mapped.offMarketRefs).toContain('OXF190347');
    } else {
      expect(mapped.records[0]!.listing!.fields).toMatchObject({
        channel: 'lettings',
        status: entry.status,
        isPublished: !entry.isHidden,
      });
    }
  });

  it('an unknown or empty status is a warning, and the listing is shown as available', () => {
    expect(only(sale({}, { status: 'comingSoon' })).warnings).toEqual([
      { field: 'selling.status', message: "selling.status 'comingSoon' is not a known status: shown as available" },
    ]);
    expect(only(letting({ status: undefined })).warnings).toEqual([
      { field: 'letting.status', message: 'letting.status is empty: shown as available' },
    ]);
  });

  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty'])(
    'a code named like an Object member (%s) is unknown like any other',
    (code) => {
      const rent = only(letting({ rent: 900, rentFrequency: code, status: code }));
      expect(rent.listing!.fields.priceValue).toBe(900);
      expect(rent.warnings.map((warning) => warning.field).sort()).toEqual(['letting.rentFrequency', 'letting.status']);
      const saleRecord = only(sale({}, { status: code }));
      expect(saleRecord.warnings.map((warning) => warning.field)).toEqual(['selling.status']);
    },
  );

  it('a property marketed both ways is two listings; the channel not on the market is withdrawn', () => {
    const both = mapReapitProperty(
      sale({ marketingMode: 'sellingAndLetting', letting: { rent: 2000, rentFrequency: 'monthly', status: 'toLet' } }),
      [image('a')],
    );
    expect(both.records.map((record) => [record.ref, record.listing?.fields.channel])).toEqual([
      ['OXF190347', 'sales'],
      ['OXF190347-L', 'lettings'],
    ]);
    expect(both.offMarketRefs).toEqual([]);
    const letOnly = mapReapitProperty(
      sale(
        { marketingMode: 'sellingAndLetting', letting: { rent: 2000, rentFrequency: 'monthly', status: 'toLet' } },
        { status: 'withdrawn' },
      ),
      [],
    );
    expect(letOnly.records.map((record) => record.ref)).toEqual(['OXF190347-L']);
    expect(letOnly.offMarketRefs).toEqual(['OXF190347']);
  });

  it('an archived property is off the market, and hidden when not to be advertised', () => {
    expect(mapReapitProperty(sale({ fromArchive: true }), [])).toEqual({
      records: [],
      offMarketRefs: ['OXF190347', 'OXF190347-L'],
    });
    expect(only(sale({ internetAdvertising: false })).listing!.fields.isPublished).toBe(false);
  });

  it('an unknown marketing mode is a warning, and the details decide the channel', () => {
    const record = only(sale({ marketingMode: 'auctioning' }));
    expect(record.listing!.fields.channel).toBe('sales');
    expect(record.warnings[0]).toMatchObject({ field: 'marketingMode' });
    const neither = mapReapitProperty(sale({ marketingMode: '', selling: undefined }), []);
    expect(neither.records[0]).toMatchObject({ listing: null, errors: [{ field: 'marketingMode' }] });
  });

  it.each(Object.entries(SELLING_QUALIFIERS))('price qualifier %s', (qualifier, entry) => {
    const fields = only(sale({}, { qualifier })).listing!.fields;
    expect(fields.priceQualifier).toBe(entry.text);
    expect(fields.priceValue).toBe(entry.isPriceHidden ? null : 650_000);
  });

  it.each(Object.entries(RENT_FREQUENCIES))('rent frequency %s is stored per calendar month', (frequency, entry) => {
    const fields = only(letting({ rent: 1200, rentFrequency: frequency })).listing!.fields;
    expect(fields.priceValue).toBe(Math.round(entry.monthly(1200)));
    expect(fields.facts?.lettings?.rentFrequency).toBe(entry.frequency);
  });

  it('lettings terms: furnishing, term, deposit, availability and rent on application', () => {
    const fields = only(
      letting({
        rent: 1300,
        rentFrequency: 'monthly',
        furnishing: ['furnished', 'unfurnished'],
        term: 'short',
        availableFrom: '2026-12-01',
        minimumTerm: 6,
        deposit: { type: 'months', amount: 1 },
      }),
    ).listing!.fields;
    expect(fields.facts?.lettings).toEqual({
      rentFrequency: 'pcm',
      billsIncluded: false,
      petsConsidered: false,
      studentsConsidered: false,
      housingBenefitConsidered: false,
      letType: 'short',
      furnishing: 'furnished-or-unfurnished',
      availableFrom: '2026-12-01',
      minimumTermMonths: 6,
      deposit: 1300,
    });
    expect(fields).toMatchObject({ shortLet: true, tags: ['short let'] });
    expect(only(letting({ qualifier: 'rentOnApplication', rent: undefined })).listing!.fields.priceValue).toBeNull();
  });

  it.each(Object.entries(TENURES))('tenure %s', (tenure, entry) => {
    const fields = only(sale({}, { tenure: { type: tenure } })).listing!.fields;
    expect(fields.tenure).toBe(entry?.text ?? null);
    expect(fields.facts?.tenure?.kind).toBe(entry?.kind);
  });

  it.each(Object.keys(PROPERTY_TYPES))('property type %s', (type) => {
    const record = only(sale({ type: [type], style: [] }));
    expect(record.listing!.fields).toMatchObject({
      propertyType: PROPERTY_TYPES[type]!.type,
      propertyStyle: PROPERTY_TYPES[type]!.style,
    });
  });

  it('styles describe the building of a house or bungalow and the floor of a flat', () => {
    const style = (type: string, value: string) =>
      only(sale({ type: [type], style: [value] })).listing!.fields.propertyStyle;
    expect(style('bungalow', 'detached')).toBe('Detached bungalow');
    expect(style('house', 'endTerrace')).toBe('End of terrace house');
    expect(style('flatApartment', 'groundFloor')).toBe('Ground floor flat');
    expect(style('maisonette', 'firstFloor')).toBe('First floor maisonette');
    expect(style('flatApartment', 'penthouse')).toBe('Penthouse');
    // A floor says nothing about a house; a build says nothing about a flat.
    expect(style('house', 'penthouse')).toBe('House');
    expect(style('flatApartment', 'detached')).toBe('Flat');
    expect(Object.keys(PROPERTY_STYLES)).toHaveLength(14);
  });

  it('unknown types, styles and image types are warnings; the listing keeps a default', () => {
    const record = only(sale({ type: ['castle'], style: ['gothic'] }), [image('a', { type: 'panorama' })]);
    expect(record.listing!.fields).toMatchObject({ propertyType: 'house', propertyStyle: 'Property' });
    expect(record.warnings).toEqual([
      { field: 'type', message: "type 'castle' is not a Reapit property type Doorstep knows: ignored" },
      { field: 'style', message: "style 'gothic' is not a Reapit property style Doorstep knows: ignored" },
      {
        field: 'propertyImages.type',
        message: "Image a has type 'panorama', not photograph, floorPlan or epc: shown as a photo",
      },
    ]);
    expect(record.listing!.media[0]!.kind).toBe('photo');
  });

  it('a listing without a price, postcode, town or office is rejected with the field named', () => {
    const record = only(
      sale(
        { officeIds: [], address: { line1: 'Walton Street', postcode: 'nowhere' } },
        { price: undefined, qualifier: 'guidePrice' },
      ),
    );
    expect(record.listing).toBeNull();
    expect(record.errors.map((error) => error.field)).toEqual([
      'officeIds',
      'selling.price',
      'address.line3',
      'address.postcode',
    ]);
    expect(record.errors[1]!.message).toBe('selling.price is empty: a property without a price is not published');
  });

  it('the town falls back to the address with a warning; a price of 0 is price on application', () => {
    const record = only(
      sale({ address: { line1: 'High Street', line2: 'Witney', postcode: 'OX28 6AA' } }, { price: 0 }),
    );
    expect(record.listing!.fields).toMatchObject({
      town: 'Witney',
      displayAddress: 'High Street, Witney',
      priceValue: null,
    });
    expect(record.warnings.map((warning) => warning.field)).toEqual(['selling.price', 'address.line3']);
  });

  it('areas, EPC, council tax, parking, outside space, new homes, auctions, videos and brochures', () => {
    const fields = (overrides: Partial<ReapitProperty>, selling: ReapitProperty['selling'] = {}) =>
      only(sale(overrides, selling)).listing!;
    const listing = fields(
      {
        internalArea: { type: 'squareMetres', min: 100 },
        externalArea: { type: 'hectares', min: 1 },
        epc: { eerRating: 'c', fullDocumentUrl: 'https://reapit.example/epc.pdf' },
        councilTax: 'E',
        parking: ['garage', 'carport'],
        situation: ['garden', 'balcony'],
        age: ['new'],
        videoUrl: 'https://www.youtube.com/watch?v=abc',
        videoCaption: 'Video tour',
        video2Url: 'https://tours.example/123',
      },
      { disposal: 'auction', publicBrochureUrl: 'https://reapit.example/brochure.pdf' },
    );
    expect(listing.fields).toMatchObject({
      squareFeet: 1076,
      acreage: 2.47,
      epcRating: 'C',
      councilTaxBand: 'E',
      tags: ['new home', 'auction'],
      facts: {
        parking: ['garage'],
        outsideSpace: ['private-garden', 'balcony'],
        councilTax: { kind: 'band', band: 'E' },
      },
    });
    expect(listing.videos).toEqual([
      { url: 'https://www.youtube.com/watch?v=abc', kind: 'video', description: 'Video tour' },
      { url: 'https://tours.example/123', kind: 'tour', description: null },
    ]);
    expect(listing.media.filter((entry) => entry.kind !== 'photo')).toEqual([
      { kind: 'brochure', source: 'https://reapit.example/brochure.pdf', caption: 'Brochure', order: 0 },
      { kind: 'document', source: 'https://reapit.example/epc.pdf', caption: 'EPC', order: 50 },
    ]);
    expect(fields({ councilTax: 'notYetAvailable' }).fields.facts?.councilTax).toEqual({ kind: 'not-yet-banded' });
  });

  it('HTML in the text is made plain; a script never survives', () => {
    const fields = only(
      sale({
        longDescription: '<p>Light rooms.</p><script>alert(1)</script><p>A garden.</p>',
        strapline: '<b>Bold</b> claim',
      }),
    ).listing!.fields;
    expect(fields.description).toBe('Light rooms.\n\nA garden.');
    expect(fields.summary).toBe('Bold claim');
  });
});

describe('mapReapitProperty with any input', () => {
  const knownOr = (values: string[]) => fc.option(fc.oneof(fc.constantFrom(...values), fc.string({ maxLength: 12 })));
  const amount = fc.option(fc.oneof(fc.integer({ min: -10, max: 2_000_000_000 }), fc.double({ noNaN: false })));
  const property = fc.record(
    {
      id: fc.option(fc.string({ minLength: 0, maxLength: 12 })),
      marketingMode: knownOr(['selling', 'letting', 'sellingAndLetting']),
      fromArchive: fc.option(fc.boolean()),
      internetAdvertising: fc.option(fc.boolean()),
      bedrooms: amount,
      bathrooms: amount,
      councilTax: knownOr(['A', 'D', 'I', 'notYetAvailable']),
      officeIds: fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 }),
      type: fc.array(
        knownOr(Object.keys(PROPERTY_TYPES)).map((value) => value ?? ''),
        { maxLength: 2 },
      ),
      style: fc.array(
        knownOr(Object.keys(PROPERTY_STYLES)).map((value) => value ?? ''),
        { maxLength: 2 },
      ),
      address: fc.record(
        {
          line1: fc.string({ maxLength: 20 }),
          line3: fc.string({ maxLength: 12 }),
          postcode: fc.oneof(
            fc.constantFrom('OX2 6AA', 'CF10 1AA', 'BT1 1AA', 'EH1 1AA', 'OX2'),
            fc.string({ maxLength: 8 }),
          ),
          geolocation: fc.record({ latitude: fc.double(), longitude: fc.double() }),
        },
        { requiredKeys: [] },
      ),
      selling: fc.record(
        {
          price: amount,
          qualifier: knownOr(Object.keys(SELLING_QUALIFIERS)),
          status: knownOr(Object.keys(SELLING_STATUSES)),
          tenure: fc.record({ type: knownOr(Object.keys(TENURES)) }, { requiredKeys: [] }),
        },
        { requiredKeys: [] },
      ),
      letting: fc.record(
        {
          rent: amount,
          rentFrequency: knownOr(Object.keys(RENT_FREQUENCIES)),
          status: knownOr(Object.keys(LETTING_STATUSES)),
          furnishing: fc.array(fc.string({ maxLength: 14 }), { maxLength: 3 }),
          availableFrom: fc.option(fc.string({ maxLength: 12 })),
          deposit: fc.record({ type: fc.option(fc.string({ maxLength: 6 })), amount }, { requiredKeys: [] }),
        },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: [] },
  );
  const images = fc.array(
    fc.record(
      {
        id: fc.option(fc.string({ maxLength: 6 })),
        url: fc.oneof(fc.constant('https://reapit.example/a.jpg'), fc.string({ maxLength: 20 })),
        type: knownOr(['photograph', 'floorPlan', 'epc', 'map']),
        order: amount,
        caption: fc.option(fc.string({ maxLength: 20 })),
      },
      { requiredKeys: [] },
    ),
    { maxLength: 4 },
  );

  it('never throws, and every listing it gives is one the site can store', () => {
    fc.assert(
      fc.property(property, images, (input, pictures) => {
        // fast-check's nulls stand for values Reapit leaves out (or sends as null).
        const mapped = mapReapitProperty(
          input as unknown as ReapitProperty,
          pictures as unknown as ReapitPropertyImage[],
        );
        const refs = mapped.records.map((record) => record.ref);
        expect(new Set(refs).size).toBe(refs.length);
        for (const ref of mapped.offMarketRefs) expect(refs).not.toContain(ref);
        for (const record of mapped.records) {
          if (!record.listing) {
            expect(record.errors.length).toBeGreaterThan(0);
            continue;
          }
          expect(record.errors).toEqual([]);
          const fields = record.listing.fields;
          expect(propertyTypes).toContain(fields.propertyType);
          expect(propertyStatuses).toContain(fields.status);
          expect(propertyFactsSchema.safeParse(fields.facts).success).toBe(true);
          const price = fields.priceValue ?? null;
          if (price !== null) expect(Number.isInteger(price) && price > 0 && price <= 1_000_000_000).toBe(true);
          expect(Number.isInteger(fields.bedrooms) && fields.bedrooms! >= 0).toBe(true);
          for (const entry of record.listing.media) expect(entry.source).toMatch(/^https?:\/\//);
        }
      }),
      { numRuns: 400 },
    );
  });
});
