import type { Channel, PropertyImage, PropertyStatus, PropertyType } from '../../../db/schema/properties.ts';
import type { PriceChange } from '../../../db/schema/property-facts.ts';
import { formatIsoDate, latestReduction } from './price-history.ts';
import { cardStatusTags, imageUrlWithSize, isNewListing, pppw } from './property-display.ts';
import { CARD_IMAGE } from '../media/index.ts';

/** The property card fields of spec point 3, as sent by /search.ljson and rendered by PropertyCard. */
export type PropertyCard = {
  property_id: number;
  price: string;
  priceValue: number | null;
  display_address: string;
  property_channel: Channel;
  property_url: string;
  photos: { url: string; imageAlt: string; card_url: string; card_url_2x: string }[];
  bedrooms: number;
  bathrooms: number;
  receptionRooms: number;
  pppw_price: number | null;
  createdAt: string;
  status: PropertyStatus;
  tags: string[];
  exchangedPrice: number | null;
  disposal: string | null;
  auctionDate: string | null;
  propertyType: PropertyType;
  propertyStyle: string;
  subdomain: string | null;
  acreage: number | null;
  squareFeet: number | null;
  statusTags: string[];
  isNewListing: boolean;
  /** Null for a listing published without a map pin. */
  location: { lat: number; lng: number } | null;
  photoCount: number;
  floorplanCount: number;
  hasVideo: boolean;
  hasTour: boolean;
  /** 'Reduced on 3 November 2026' or 'Added on 1 September 2026'. */
  dateText: string;
  isReduced: boolean;
  branchName: string;
  /** '3 bed · 2 bath · 1 reception · 1,250 sq ft'. */
  keyFactsLine: string;
};

export type PropertyCardRow = {
  id: number;
  slug: string;
  channel: Channel;
  status: PropertyStatus;
  priceValue: number | null;
  priceQualifier: string;
  exchangedPrice: number | null;
  disposal: string | null;
  displayAddress: string;
  bedrooms: number;
  bathrooms: number;
  receptionRooms: number;
  propertyType: PropertyType;
  propertyStyle: string;
  squareFeet: number | null;
  acreage: number | null;
  tags: string[];
  auctionDate: string | null;
  createdAt: Date;
  photos: PropertyImage[];
  /** Null for a listing published without a map pin. */
  location: { lat: number; lng: number } | null;
  photoCount: number;
  floorplanCount: number;
  hasVideo: boolean;
  hasTour: boolean;
  priceHistory: PriceChange[];
  branchId: number;
};

/** The short facts line of a card: rooms and area, without words that a narrow card would have to clip. */
function cardKeyFactsLine(
  row: Pick<PropertyCardRow, 'bedrooms' | 'bathrooms' | 'receptionRooms' | 'squareFeet' | 'acreage'>,
): string {
  const parts: string[] = [];
  if (row.bedrooms > 0) parts.push(`${row.bedrooms} bed`);
  if (row.bathrooms > 0) parts.push(`${row.bathrooms} bath`);
  if (row.receptionRooms > 0) parts.push(`${row.receptionRooms} reception${row.receptionRooms === 1 ? '' : 's'}`);
  if (row.squareFeet) parts.push(`${row.squareFeet.toLocaleString('en-GB')} sq ft`);
  else if (row.acreage) parts.push(`${row.acreage.toLocaleString('en-GB')} acres`);
  return parts.join(' · ');
}

const wholePounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });

/** 'Guide price £350,000', '£1,250 pcm', or 'Price on application' when there is no price. */
export function formatPropertyPrice(channel: Channel, priceValue: number | null, qualifier: string): string {
  if (priceValue === null || priceValue <= 0) return 'Price on application';
  const amount = wholePounds.format(priceValue);
  const text = channel === 'lettings' ? `${amount} pcm` : amount;
  return qualifier ? `${qualifier} ${text}` : text;
}

export function propertyUrl(slug: string): string {
  return `/properties/${slug}`;
}

export function toPropertyCard(
  row: PropertyCardRow,
  now: Date = new Date(),
  branchNames: ReadonlyMap<number, string> = new Map(),
): PropertyCard {
  return {
    property_id: row.id,
    price: formatPropertyPrice(row.channel, row.priceValue, row.priceQualifier),
    priceValue: row.priceValue,
    display_address: row.displayAddress,
    property_channel: row.channel,
    property_url: propertyUrl(row.slug),
    photos: row.photos.slice(0, 1).map((photo) => ({
      url: photo.url,
      imageAlt: photo.imageAlt,
      card_url: imageUrlWithSize(photo.url, CARD_IMAGE.width, CARD_IMAGE.height),
      card_url_2x: imageUrlWithSize(photo.url, CARD_IMAGE.width * 2, CARD_IMAGE.height * 2),
    })),
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    receptionRooms: row.receptionRooms,
    pppw_price: row.channel === 'lettings' && row.priceValue ? pppw(row.priceValue) : null,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    tags: row.tags,
    exchangedPrice: row.exchangedPrice,
    disposal: row.disposal,
    auctionDate: row.auctionDate,
    propertyType: row.propertyType,
    propertyStyle: row.propertyStyle,
    subdomain: null,
    acreage: row.acreage,
    squareFeet: row.squareFeet,
    statusTags: cardStatusTags(row.status, row.tags),
    isNewListing: isNewListing(row.createdAt, row.status, now),
    location: row.location,
    photoCount: row.photoCount,
    floorplanCount: row.floorplanCount,
    hasVideo: row.hasVideo,
    hasTour: row.hasTour,
    ...reducedOrAdded(row),
    branchName: branchNames.get(row.branchId) ?? '',
    keyFactsLine: cardKeyFactsLine(row),
  };
}

function reducedOrAdded(row: Pick<PropertyCardRow, 'priceHistory' | 'createdAt'>): {
  dateText: string;
  isReduced: boolean;
} {
  const reduction = latestReduction(row.priceHistory);
  return reduction
    ? { dateText: `Reduced on ${formatIsoDate(reduction.date)}`, isReduced: true }
    : { dateText: `Added on ${formatIsoDate(row.createdAt.toISOString().slice(0, 10))}`, isReduced: false };
}
