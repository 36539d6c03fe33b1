/**
 * The property page's pure rules (spec points 2, 3, 6 and 9): which department, branch and staff member the page
 * offers to contact, the visible marks, the modal links, and the structured data for search engines. The loader
 * in property-page.server.ts gathers the rows; everything here is tested without a database.
 */
import type {
  Channel,
  PropertyImage,
  PropertyStatus,
  PropertyType,
  PropertyVideo,
} from '../../../db/schema/properties.ts';
import { channelPhoneLine } from './branch-phones.ts';
import type { PropertyFacts } from '../../../db/schema/property-facts.ts';
import {
  chooseStaffContact,
  routeContact,
  type ContactDepartment,
  type ContactRoute,
  type TagsToDepartmentLabels,
} from './contact-routing.ts';
import { cardStatusTags, imageUrlWithSize, isNewListing, NEW_LISTING_MARK, pppw } from './property-display.ts';
import { formatPropertyPrice, propertyUrl } from './property-card.ts';
import { buildEmbeddableMedia, type EmbeddableMedia } from './video-links.ts';

export type StaffRow = {
  id: number;
  departmentId: number | null;
  firstName: string;
  surname: string;
  jobTitle: string;
  email: string;
  telephoneNumber: string;
  photoUrl: string | null;
  contactableForSales: boolean;
  contactableForLettings: boolean;
};

export type DepartmentRow = ContactDepartment & { telephone: string; email: string; branchDepartmentUrlLabel: string };

export type BranchRow = {
  id: number;
  slug: string;
  name: string;
  addressLine1: string;
  town: string;
  postcode: string;
  contactNumber: string;
  salesContactNumber: string | null;
  lettingsContactNumber: string | null;
  email: string;
};

/** Spec point 3 'Associated profile'. */
type AssociatedProfile = {
  staffMemberId: number;
  fullName: string;
  firstName: string;
  jobTitle: string;
  email: string;
  telephoneNumber: string;
  branchSalesNumber: string;
  branchLettingsNumber: string;
  photo: string | null;
};

export type ContactOffer = {
  /** Who an enquiry about this property goes to, in words ('Bath New Homes', 'Bath branch'). */
  name: string;
  telephone: string;
  /** What the number is, as the branch page labels it: the department's label, or 'Sales' / 'Lettings'. */
  telephoneLabel: string;
  email: string;
  route: ContactRoute;
  /** /contact-office?… with the department or branch and the property (the contact form is in the leads feature). */
  contactOfficeHref: string;
  profile: AssociatedProfile | null;
  /** /contact-staff-member/:id for the chosen staff member. */
  contactStaffHref: string | null;
};

/** Branch's number for the channel (spec point 3 branchSalesContactNumber / branchLettingsContactNumber), else its main number. */
function branchNumberFor(branch: BranchRow, channel: Channel): string {
  return channelPhoneLine(branch, channel).telephone;
}

/**
 * Contact routing (spec point 9) picks a department or the branch; the staff contact choice (spec point 6) then
 * picks the first staff member contactable for the channel. Candidates in order: the property's own negotiator,
 * then the routed department's staff, then the rest of the branch's staff (each in the branch's display order).
 */
export function chooseContactOffer(input: {
  property: {
    id: number;
    channel: Channel;
    tags: readonly string[];
    isDevelopment: boolean;
    childCount: number;
    staffMemberId: number | null;
  };
  branch: BranchRow;
  departments: readonly DepartmentRow[];
  externalCommercialDepartment: DepartmentRow | null;
  staff: readonly StaffRow[];
  tagsToDepartmentLabels: TagsToDepartmentLabels | null;
}): ContactOffer {
  const { property, branch, departments, externalCommercialDepartment, staff } = input;
  const route = routeContact({
    property: {
      channel: property.channel,
      tags: property.tags,
      isDevelopmentPlot: property.isDevelopment && property.childCount > 0,
      childProperties: [],
      branch: { branchId: branch.id },
    },
    departments,
    externalCommercialDepartment,
    tagsToDepartmentLabelsConversions: input.tagsToDepartmentLabels,
  });
  const department =
    route.kind === 'department'
      ? [...departments, ...(externalCommercialDepartment ? [externalCommercialDepartment] : [])].find(
          (candidate) => candidate.id === route.department.id,
        )
      : undefined;

  const own = staff.filter((member) => member.id === property.staffMemberId);
  const inDepartment = department ? staff.filter((member) => member.departmentId === department.id) : [];
  const candidates = [...new Set([...own, ...inDepartment, ...staff])];
  const chosen = chooseStaffContact(candidates, property.channel);

  const query = new URLSearchParams();
  if (department) query.set('department_id', String(department.id));
  else query.set('branch_id', String(branch.id));
  query.set('property_id', String(property.id));

  return {
    name: department ? department.name : `${branch.name} branch`,
    ...(department?.telephone
      ? { telephone: department.telephone, telephoneLabel: department.label }
      : {
          telephone: channelPhoneLine(branch, property.channel).telephone,
          telephoneLabel: channelPhoneLine(branch, property.channel).label,
        }),
    email: department?.email || branch.email,
    route,
    contactOfficeHref: `/contact-office?${query.toString()}`,
    profile: chosen
      ? {
          staffMemberId: chosen.id,
          fullName: `${chosen.firstName} ${chosen.surname}`,
          firstName: chosen.firstName,
          jobTitle: chosen.jobTitle,
          email: chosen.email,
          telephoneNumber: chosen.telephoneNumber,
          branchSalesNumber: branchNumberFor(branch, 'sales'),
          branchLettingsNumber: branchNumberFor(branch, 'lettings'),
          photo: chosen.photoUrl,
        }
      : null,
    contactStaffHref: chosen ? `/contact-staff-member/${chosen.id}` : null,
  };
}

/** Tags that steer routing or hide calculators ('gth …') are for the agency, not for visitors. */
export function visibleFeatureTags(tags: readonly string[]): string[] {
  return tags.filter((tag) => !/^gth\s/i.test(tag.trim()));
}

/** The marks shown beside the price: 'NEW Listing!' and the status/new-home tags of spec point 4. */
export function propertyMarks(
  status: PropertyStatus,
  tags: readonly string[],
  createdAt: Date,
  now: Date = new Date(),
): string[] {
  return [...(isNewListing(createdAt, status, now) ? [NEW_LISTING_MARK] : []), ...cardStatusTags(status, tags)];
}

/** Stored text keeps paragraphs apart with blank lines. */
export function toParagraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/**
 * The videos and tours the page offers (spec point 9), with unsupported links reported to `log` (the spec's
 * 'Video format not supported' is logged only; nothing is shown).
 */
export function listPropertyMedia(videos: readonly PropertyVideo[], log: (url: string) => void): EmbeddableMedia[] {
  const { media, unsupportedUrls } = buildEmbeddableMedia(videos);
  for (const url of unsupportedUrls) log(url);
  return media;
}

export type PriceDisplay = { qualifier: string; amount: string; pppw: number | null; text: string };

/** 'Guide price' + '£350,000'; lettings add ' pcm' and the price per week (spec point 9: price × 12 / 52, rounded). */
export function priceDisplay(channel: Channel, priceValue: number | null, qualifier: string): PriceDisplay {
  const text = formatPropertyPrice(channel, priceValue, qualifier);
  const poundAt = text.indexOf('£');
  return {
    qualifier: poundAt > 0 ? text.slice(0, poundAt).trim() : '',
    amount: poundAt >= 0 ? text.slice(poundAt) : text,
    pppw: channel === 'lettings' && priceValue && priceValue > 0 ? pppw(priceValue) : null,
    text,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Structured data (schema.org) and sharing

export type StructuredDataInput = {
  canonicalUrl: string;
  origin: string;
  slug: string;
  channel: Channel;
  status: PropertyStatus;
  priceValue: number | null;
  displayAddress: string;
  town: string;
  county: string;
  postcode: string;
  location: { lat: number; lng: number } | null;
  bedrooms: number;
  bathrooms: number;
  receptionRooms: number;
  propertyType: PropertyType;
  propertyStyle: string;
  squareFeet: number | null;
  petsAllowed: boolean;
  summary: string;
  createdAt: Date;
  photos: readonly PropertyImage[];
  features: readonly string[];
  breadcrumbs: readonly Breadcrumb[];
  agent: { name: string; telephone: string; email: string; url: string };
  /** Material information, where schema.org has a property for it (pets, minimum term, availability date…). */
  facts?: PropertyFacts | null;
};

export type Breadcrumb = { name: string; href: string | null };

const DETACHED_STYLES = /^(detached|country house|cottage|barn conversion|farm|bungalow)/i;

/** House > SingleFamilyResidence, Apartment for flats (schema.org's 'flat'); land and commercial are Places. */
export function schemaAccommodationType(propertyType: PropertyType, propertyStyle: string): string {
  switch (propertyType) {
    case 'flat':
      return 'Apartment';
    case 'house':
    case 'bungalow':
      return DETACHED_STYLES.test(propertyStyle.trim()) ? 'SingleFamilyResidence' : 'House';
    default:
      return 'Place';
  }
}

const AVAILABILITY: Record<PropertyStatus, string> = {
  available: 'https://schema.org/InStock',
  'under-offer': 'https://schema.org/LimitedAvailability',
  sstc: 'https://schema.org/LimitedAvailability',
  'let-agreed': 'https://schema.org/LimitedAvailability',
  sold: 'https://schema.org/SoldOut',
  let: 'https://schema.org/SoldOut',
};

function absolute(origin: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** The share image: the first photo at the largest spec width (absolute, as Open Graph requires). */
export function shareImageUrl(origin: string, photos: readonly PropertyImage[]): string | null {
  const first = photos[0];
  return first ? absolute(origin, imageUrlWithSize(first.url, 1160)) : null;
}

/** RealEstateListing with an Offer of the home (with address and GeoCoordinates), and a BreadcrumbList. */
export function buildStructuredData(input: StructuredDataInput): Record<string, unknown>[] {
  const accommodationType = schemaAccommodationType(input.propertyType, input.propertyStyle);
  const isHome = accommodationType !== 'Place';
  const place: Record<string, unknown> = {
    '@type': accommodationType,
    name: `${input.propertyStyle}, ${input.displayAddress}`,
    address: {
      '@type': 'PostalAddress',
      streetAddress: input.displayAddress,
      addressLocality: input.town,
      addressRegion: input.county,
      postalCode: input.postcode,
      addressCountry: 'GB',
    },
  };
  if (input.location)
    place.geo = { '@type': 'GeoCoordinates', latitude: input.location.lat, longitude: input.location.lng };
  if (isHome) {
    place.numberOfBedrooms = input.bedrooms;
    place.numberOfBathroomsTotal = input.bathrooms;
    place.numberOfRooms = input.bedrooms + input.receptionRooms;
    place.petsAllowed = input.facts?.lettings?.petsConsidered ?? input.petsAllowed;
  }
  if (input.squareFeet) place.floorSize = { '@type': 'QuantitativeValue', value: input.squareFeet, unitCode: 'FTK' };
  const amenities = [...input.features.slice(0, 20)];
  const facts = input.facts;
  if (facts?.parking && !facts.parking.includes('none')) amenities.push(`Parking: ${facts.parking.join(', ')}`);
  if (facts?.outsideSpace && !facts.outsideSpace.includes('none'))
    amenities.push(`Outside space: ${facts.outsideSpace.join(', ')}`);
  if (facts?.lettings?.billsIncluded) amenities.push('Bills included');
  if (amenities.length > 0 && isHome) {
    place.amenityFeature = amenities.map((feature) => ({
      '@type': 'LocationFeatureSpecification',
      name: feature,
      value: true,
    }));
  }

  const isLetting = input.channel === 'lettings';
  const offer: Record<string, unknown> = {
    '@type': 'Offer',
    businessFunction: isLetting ? 'http://purl.org/goodrelations/v1#LeaseOut' : 'http://purl.org/goodrelations/v1#Sell',
    priceCurrency: 'GBP',
    availability: AVAILABILITY[input.status],
    url: input.canonicalUrl,
    itemOffered: place,
    offeredBy: {
      '@type': 'RealEstateAgent',
      name: input.agent.name,
      telephone: input.agent.telephone,
      email: input.agent.email,
      url: absolute(input.origin, input.agent.url),
    },
  };
  if (isLetting && facts?.lettings?.availableFrom) offer.availabilityStarts = facts.lettings.availableFrom;
  if (input.priceValue && input.priceValue > 0) {
    offer.price = input.priceValue;
    if (isLetting) {
      offer.priceSpecification = {
        '@type': 'UnitPriceSpecification',
        price: input.priceValue,
        priceCurrency: 'GBP',
        unitCode: 'MON',
        unitText: 'per calendar month',
      };
    }
  }

  const listing: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    '@id': input.canonicalUrl,
    url: input.canonicalUrl,
    name: input.displayAddress,
    description: input.summary,
    datePosted: input.createdAt.toISOString().slice(0, 10),
    offers: offer,
  };
  if (isLetting && facts?.lettings?.minimumTermMonths) {
    listing.leaseLength = {
      '@type': 'QuantitativeValue',
      minValue: facts.lettings.minimumTermMonths,
      unitCode: 'MON',
      unitText: 'months',
    };
  }
  if (input.photos.length > 0) {
    listing.image = input.photos.slice(0, 6).map((photo) => absolute(input.origin, imageUrlWithSize(photo.url, 1160)));
  }

  const breadcrumbList = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: input.breadcrumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absolute(input.origin, crumb.href ?? propertyUrl(input.slug)),
    })),
  };
  return [listing, breadcrumbList];
}

/** Home › Property for sale › Town › address: each step a real link (the last is the page itself). */
export function propertyBreadcrumbs(property: {
  channel: Channel;
  town: string;
  displayAddress: string;
}): Breadcrumb[] {
  const channelParam = `channel=${property.channel}`;
  return [
    { name: 'Home', href: '/' },
    {
      name: property.channel === 'lettings' ? 'Property to rent' : 'Property for sale',
      href: `/search?${channelParam}`,
    },
    { name: property.town, href: `/search?${channelParam}&q=${encodeURIComponent(property.town)}` },
    { name: property.displayAddress, href: null },
  ];
}

export const PROPERTY_TYPE_WORDS: Record<PropertyType, string> = {
  house: 'House',
  flat: 'Flat',
  bungalow: 'Bungalow',
  land: 'Land',
  commercial: 'Commercial',
};

export const STATUS_WORDS: Record<PropertyStatus, string> = {
  available: 'Available',
  'under-offer': 'Under offer',
  sstc: 'Sold subject to contract',
  sold: 'Sold',
  'let-agreed': 'Let agreed',
  let: 'Let',
};

export function isNoLongerAvailable(status: PropertyStatus): boolean {
  return status === 'sold' || status === 'let';
}
