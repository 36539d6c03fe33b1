import { describe, expect, it } from 'vitest';
import {
  buildStructuredData,
  chooseContactOffer,
  listPropertyMedia,
  priceDisplay,
  propertyBreadcrumbs,
  propertyMarks,
  schemaAccommodationType,
  shareImageUrl,
  toParagraphs,
  visibleFeatureTags,
  type BranchRow,
  type DepartmentRow,
  type StaffRow,
  type StructuredDataInput,
} from './property-page.ts';

const branch: BranchRow = {
  id: 1,
  slug: 'bath',
  name: 'Bath',
  addressLine1: '14 Milsom Street',
  town: 'Bath',
  postcode: 'BA1 1DE',
  contactNumber: '01632 960100',
  salesContactNumber: '01632 960101',
  lettingsContactNumber: '01632 960102',
  email: 'bath@example.test',
};
const department = (id: number, kind: string, label: string): DepartmentRow => ({
  id,
  kind,
  label,
  name: `Bath ${label}`,
  telephone: `0100 ${id}`,
  email: `${kind}@example.test`,
  branchDepartmentUrlLabel: kind,
});
const sales = department(1, 'sales', 'Sales');
const lettings = department(2, 'lettings', 'Lettings');
const newHomes = department(3, 'new-homes', 'New Homes');
const commercial = department(8, 'commercial', 'Commercial');
const staffMember = (id: number, departmentId: number, forSales: boolean, forLettings: boolean): StaffRow => ({
  id,
  departmentId,
  firstName: `First${id}`,
  surname: `Last${id}`,
  jobTitle: 'Negotiator',
  email: `s${id}@example.test`,
  telephoneNumber: `07700 90000${id}`,
  photoUrl: null,
  contactableForSales: forSales,
  contactableForLettings: forLettings,
});
const staff = [
  staffMember(1, 1, true, false),
  staffMember(2, 2, false, true),
  staffMember(3, 3, true, false),
  staffMember(4, 1, false, false),
];

const offer = (property: Partial<Parameters<typeof chooseContactOffer>[0]['property']> = {}) =>
  chooseContactOffer({
    property: {
      id: 42,
      channel: 'sales',
      tags: [],
      isDevelopment: false,
      childCount: 0,
      staffMemberId: null,
      ...property,
    },
    branch,
    departments: [sales, lettings, newHomes],
    externalCommercialDepartment: commercial,
    staff,
    tagsToDepartmentLabels: { sales: { 'new home': 'New Homes' }, lettings: {} },
  });

describe('contact offer on the property page (spec points 6 and 9)', () => {
  it('offers the branch, with its sales number, when no rule applies', () => {
    const result = offer();
    expect(result.route).toEqual({ kind: 'branch', branchId: 1 });
    expect(result.name).toBe('Bath branch');
    expect(result.telephone).toBe('01632 960101');
    expect(result.contactOfficeHref).toBe('/contact-office?branch_id=1&property_id=42');
  });

  it('uses the lettings number for a lettings property and the first staff member contactable for lettings', () => {
    const result = offer({ channel: 'lettings' });
    expect(result.telephone).toBe('01632 960102');
    expect(result.profile?.staffMemberId).toBe(2);
    expect(result.contactStaffHref).toBe('/contact-staff-member/2');
  });

  it('chooses the first staff member contactable for sales for a sales property', () => {
    expect(offer().profile?.fullName).toBe('First1 Last1');
  });

  it("prefers the property's own negotiator when they are contactable for the channel", () => {
    expect(offer({ staffMemberId: 3 }).profile?.staffMemberId).toBe(3);
  });

  it('passes over an assigned negotiator who is not contactable for the channel', () => {
    expect(offer({ staffMemberId: 4 }).profile?.staffMemberId).toBe(1);
  });

  it('sends a development with child properties to the new-homes department and its staff', () => {
    const result = offer({ isDevelopment: true, childCount: 3 });
    expect(result.route).toMatchObject({ kind: 'department', reason: 'new-homes' });
    expect(result.name).toBe('Bath New Homes');
    expect(result.telephone).toBe('0100 3');
    expect(result.profile?.staffMemberId).toBe(3);
    expect(result.contactOfficeHref).toBe('/contact-office?department_id=3&property_id=42');
  });

  it('does not treat a development without children as one', () => {
    expect(offer({ isDevelopment: true, childCount: 0 }).route.kind).toBe('branch');
  });

  it("sends the 'gth commercial' tag to the external commercial department", () => {
    const result = offer({ tags: ['gth commercial'] });
    expect(result.route).toMatchObject({ kind: 'department', reason: 'external-commercial' });
    expect(result.name).toBe('Bath Commercial');
  });

  it('follows the tag-to-department mapping of the channel', () => {
    expect(offer({ tags: ['new home'] }).route).toMatchObject({ kind: 'department', reason: 'tag-mapping' });
    expect(offer({ tags: ['new home'], channel: 'lettings' }).route.kind).toBe('branch');
  });

  it('offers no profile when nobody is contactable', () => {
    const result = chooseContactOffer({
      property: { id: 1, channel: 'lettings', tags: [], isDevelopment: false, childCount: 0, staffMemberId: null },
      branch,
      departments: [],
      externalCommercialDepartment: null,
      staff: [staffMember(9, 1, true, false)],
      tagsToDepartmentLabels: null,
    });
    expect(result.profile).toBeNull();
    expect(result.contactStaffHref).toBeNull();
  });
});

describe('price, marks and text', () => {
  it('splits the qualifier from the amount', () => {
    expect(priceDisplay('sales', 350_000, 'Guide price')).toMatchObject({
      qualifier: 'Guide price',
      amount: '£350,000',
      pppw: null,
    });
  });

  it('shows lettings per calendar month with the price per week (price × 12 / 52, rounded)', () => {
    expect(priceDisplay('lettings', 1_400, '')).toMatchObject({ qualifier: '', amount: '£1,400 pcm', pppw: 323 });
    expect(priceDisplay('lettings', 1_000, '').pppw).toBe(231);
  });

  it('has no price per week without a price', () => {
    expect(priceDisplay('lettings', null, '')).toMatchObject({ amount: 'Price on application', pppw: null });
  });

  it("adds 'NEW Listing!' within 7 days unless sold, then the status marks", () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(propertyMarks('available', ['new home'], new Date('2026-03-05T12:00:00Z'), now)).toEqual([
      'NEW Listing!',
      'New Home',
    ]);
    expect(propertyMarks('sstc', [], new Date('2026-03-09T12:00:00Z'), now)).toEqual(['SSTC']);
    expect(propertyMarks('let-agreed', [], new Date('2026-01-01T12:00:00Z'), now)).toEqual(['Let Agreed']);
  });

  it("hides the agency's routing tags from visitors", () => {
    expect(visibleFeatureTags(['garden', 'gth commercial', 'GTH development', 'parking'])).toEqual([
      'garden',
      'parking',
    ]);
  });

  it('splits stored text into paragraphs at blank lines', () => {
    expect(toParagraphs('One\nline.\n\n  Two.  \n\n\n')).toEqual(['One line.', 'Two.']);
  });
});

describe('videos and tours', () => {
  it("logs unsupported links ('Video format not supported') and offers the rest with default names", () => {
    const logged: string[] = [];
    const media = listPropertyMedia(
      [
        { id: 'a', url: 'https://youtu.be/dQw4w9WgXcQ', description: null, kind: 'video' },
        { id: 'b', url: 'https://example.com/clip.mov', description: 'Walkthrough', kind: 'video' },
        { id: 'c', url: 'https://my.matterport.com/show/?m=abc', description: null, kind: 'tour' },
      ],
      (url) => logged.push(url),
    );
    expect(logged).toEqual(['https://example.com/clip.mov']);
    expect(media.map((item) => [item.id, item.description])).toEqual([
      ['a', 'Video 1'],
      ['c', 'Virtual Tour 1'],
    ]);
  });
});

describe('structured data', () => {
  const input: StructuredDataInput = {
    canonicalUrl: 'https://agency.test/properties/3-bed-house-1',
    origin: 'https://agency.test',
    slug: '3-bed-house-1',
    channel: 'sales',
    status: 'available',
    priceValue: 350_000,
    displayAddress: 'Mill Lane, Bath',
    town: 'Bath',
    county: 'Somerset',
    postcode: 'BA1 2AB',
    location: { lat: 51.38, lng: -2.36 },
    bedrooms: 3,
    bathrooms: 2,
    receptionRooms: 1,
    propertyType: 'house',
    propertyStyle: 'Semi-detached house',
    squareFeet: 1_100,
    petsAllowed: false,
    summary: 'A family home.',
    createdAt: new Date('2026-03-01T09:00:00Z'),
    photos: [{ url: '/media/photos/house-1.jpg', imageAlt: 'Front' }],
    features: ['Garden'],
    breadcrumbs: propertyBreadcrumbs({ channel: 'sales', town: 'Bath', displayAddress: 'Mill Lane, Bath' }),
    agent: { name: 'Agency, Bath', telephone: '01632 960101', email: 'bath@example.test', url: '/branches/bath' },
  };

  it('describes a RealEstateListing with a Sell offer in GBP of a House with bedrooms, address and geo', () => {
    const [listing, breadcrumbs] = buildStructuredData(input);
    expect(listing).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'RealEstateListing',
      url: input.canonicalUrl,
      datePosted: '2026-03-01',
      image: ['https://agency.test/media/1160x/photos/house-1.jpg'],
      offers: {
        '@type': 'Offer',
        price: 350_000,
        priceCurrency: 'GBP',
        businessFunction: 'http://purl.org/goodrelations/v1#Sell',
        availability: 'https://schema.org/InStock',
        itemOffered: {
          '@type': 'House',
          numberOfBedrooms: 3,
          numberOfBathroomsTotal: 2,
          floorSize: { '@type': 'QuantitativeValue', value: 1_100, unitCode: 'FTK' },
          address: { '@type': 'PostalAddress', postalCode: 'BA1 2AB', addressLocality: 'Bath' },
          geo: { '@type': 'GeoCoordinates', latitude: 51.38, longitude: -2.36 },
        },
      },
    });
    expect(breadcrumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: 'https://agency.test/' },
        { position: 2, name: 'Property for sale', item: 'https://agency.test/search?channel=sales' },
        { position: 3, name: 'Bath', item: 'https://agency.test/search?channel=sales&q=Bath' },
        { position: 4, name: 'Mill Lane, Bath', item: input.canonicalUrl },
      ],
    });
  });

  it('leases out lettings with a monthly unit price, and marks let homes as sold out', () => {
    const [listing] = buildStructuredData({ ...input, channel: 'lettings', status: 'let', priceValue: 1_250 });
    expect(listing).toMatchObject({
      offers: {
        businessFunction: 'http://purl.org/goodrelations/v1#LeaseOut',
        availability: 'https://schema.org/SoldOut',
        priceSpecification: { '@type': 'UnitPriceSpecification', price: 1_250, priceCurrency: 'GBP', unitCode: 'MON' },
      },
    });
  });

  it('leaves the price out when there is none', () => {
    const [listing] = buildStructuredData({ ...input, priceValue: null });
    expect((listing as { offers: Record<string, unknown> }).offers.price).toBeUndefined();
  });

  it('maps flats to Apartment, detached homes to SingleFamilyResidence, land to Place', () => {
    expect(schemaAccommodationType('flat', 'Apartment')).toBe('Apartment');
    expect(schemaAccommodationType('house', 'Detached house')).toBe('SingleFamilyResidence');
    expect(schemaAccommodationType('house', 'Semi-detached house')).toBe('House');
    expect(schemaAccommodationType('bungalow', 'Semi-detached bungalow')).toBe('House');
    expect(schemaAccommodationType('land', 'Paddock')).toBe('Place');
  });

  it('shares the first photo as an absolute URL, or nothing', () => {
    expect(shareImageUrl('https://agency.test', input.photos)).toBe(
      'https://agency.test/media/1160x/photos/house-1.jpg',
    );
    expect(shareImageUrl('https://agency.test', [])).toBeNull();
  });
});
