import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { geoPoint } from './columns.ts';
import { branches, staffMembers } from './agency.ts';
import type { PriceChange, PropertyFacts, StatusChange } from './property-facts.ts';

export const channels = ['sales', 'lettings'] as const;
export type Channel = (typeof channels)[number];

export const propertyStatuses = ['available', 'under-offer', 'sstc', 'sold', 'let-agreed', 'let'] as const;
export type PropertyStatus = (typeof propertyStatuses)[number];

export const propertyTypes = ['house', 'flat', 'bungalow', 'land', 'commercial'] as const;
export type PropertyType = (typeof propertyTypes)[number];

export type PropertyImage = { url: string; imageAlt: string; caption?: string; width?: number; height?: number };
export type PropertyVideo = { id: string; url: string; description: string | null; kind: 'video' | 'tour' };
/** A brochure or other document (PDF) that came with an imported listing. */
export type PropertyDocument = { url: string; title: string; kind: 'brochure' | 'document' };
/** Extra galleries keyed by the spec's modal names (agricultural-sales-event, history-images, …), each with an id. */
export type PropertyGallery = { id: string; kind: string; title: string; images: PropertyImage[] };

const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

export const properties = pgTable(
  'properties',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    reference: text('reference').notNull(),
    channel: text('channel').$type<Channel>().notNull(),
    status: text('status').$type<PropertyStatus>().notNull().default('available'),
    isPublished: boolean('is_published').notNull().default(true),
    priceValue: integer('price_value'),
    priceQualifier: text('price_qualifier').notNull().default(''),
    exchangedPrice: integer('exchanged_price'),
    disposal: text('disposal'),
    displayAddress: text('display_address').notNull(),
    addressLine1: text('address_line_1').notNull(),
    town: text('town').notNull(),
    county: text('county').notNull(),
    countySlug: text('county_slug').notNull(),
    country: text('country').$type<'england' | 'scotland' | 'wales'>().notNull(),
    postcode: text('postcode').notNull(),
    postcodeDistrict: text('postcode_district').notNull(),
    placeId: integer('place_id'),
    /** Null for an imported listing whose place could not be found: published without a map pin (docs/import.md). */
    location: geoPoint('location'),
    bedrooms: smallint('bedrooms').notNull().default(0),
    bathrooms: smallint('bathrooms').notNull().default(0),
    receptionRooms: smallint('reception_rooms').notNull().default(0),
    propertyType: text('property_type').$type<PropertyType>().notNull(),
    propertyStyle: text('property_style').notNull(),
    squareFeet: integer('square_feet'),
    acreage: doublePrecision('acreage'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    shortLet: boolean('short_let').notNull().default(false),
    petsAllowed: boolean('pets_allowed').notNull().default(false),
    auctionDate: date('auction_date'),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    staffMemberId: integer('staff_member_id').references(() => staffMembers.id, { onDelete: 'set null' }),
    parentId: integer('parent_id'),
    isDevelopment: boolean('is_development').notNull().default(false),
    summary: text('summary').notNull().default(''),
    description: text('description').notNull().default(''),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    photos: jsonb('photos').$type<PropertyImage[]>().notNull().default([]),
    floorplans: jsonb('floorplans').$type<PropertyImage[]>().notNull().default([]),
    epcCharts: jsonb('epc_charts').$type<PropertyImage[]>().notNull().default([]),
    videos: jsonb('videos').$type<PropertyVideo[]>().notNull().default([]),
    galleries: jsonb('galleries').$type<PropertyGallery[]>().notNull().default([]),
    documents: jsonb('documents').$type<PropertyDocument[]>().notNull().default([]),
    /**
     * Imported listings are keyed by their feed and the feed's own reference (docs/import.md); both are null for
     * listings entered otherwise (the demo seed). content_hash is the hash of everything the feed said, so a record
     * that did not change is recognised without comparing columns.
     */
    source: text('source'),
    sourceRef: text('source_ref'),
    contentHash: text('content_hash'),
    /** When the listing left its feed: unpublished, its page says it is no longer on the market. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    lettingsFeeText: text('lettings_fee_text'),
    epcRating: text('epc_rating'),
    councilTaxBand: text('council_tax_band'),
    tenure: text('tenure'),
    /** Material information and lettings terms, validated by propertyFactsSchema (db/schema/property-facts.ts). */
    facts: jsonb('facts').$type<PropertyFacts>(),
    // The facts search filters on, copied out of the document by PostgreSQL itself so every write keeps them in
    // step and the sort indexes can cover them (migration 0007; docs/decisions/013-property-facts.md). Dates stay
    // text: a text-to-date cast is not immutable, and yyyy-mm-dd text compares in date order anyway.
    isLeasehold: boolean('is_leasehold')
      .notNull()
      .generatedAlwaysAs(sql`coalesce((facts -> 'tenure' ->> 'kind') in ('leasehold', 'shared-ownership'), false)`),
    isSharedOwnership: boolean('is_shared_ownership')
      .notNull()
      .generatedAlwaysAs(sql`coalesce((facts -> 'tenure' ->> 'kind') = 'shared-ownership', false)`),
    isRetirement: boolean('is_retirement')
      .notNull()
      .generatedAlwaysAs(sql`coalesce((facts -> 'isRetirement') = 'true'::jsonb, false)`),
    hasParking: boolean('has_parking')
      .notNull()
      .generatedAlwaysAs(
        sql`coalesce((facts -> 'parking') ?| array['garage', 'double-garage', 'driveway', 'allocated', 'off-street', 'gated'], false)`,
      ),
    hasGarden: boolean('has_garden')
      .notNull()
      .generatedAlwaysAs(sql`coalesce((facts -> 'outsideSpace') ?| array['private-garden', 'communal-garden'], false)`),
    hasOutsideSpace: boolean('has_outside_space')
      .notNull()
      .generatedAlwaysAs(
        sql`coalesce((facts -> 'outsideSpace') ?| array['private-garden', 'communal-garden', 'balcony', 'terrace', 'roof-terrace', 'patio', 'courtyard', 'land'], false)`,
      ),
    furnishing: text('furnishing').generatedAlwaysAs(sql`facts -> 'lettings' ->> 'furnishing'`),
    billsIncluded: boolean('bills_included')
      .notNull()
      .generatedAlwaysAs(sql`coalesce((facts -> 'lettings' -> 'billsIncluded') = 'true'::jsonb, false)`),
    availableFrom: text('available_from').generatedAlwaysAs(sql`facts -> 'lettings' ->> 'availableFrom'`),
    /** Every asking-price change, oldest first; 'Reduced' is derived from it. */
    priceHistory: jsonb('price_history').$type<PriceChange[]>().notNull().default([]),
    /** Added, under offer, SSTC, sold or let agreed, with dates, oldest first. */
    statusHistory: jsonb('status_history').$type<StatusChange[]>().notNull().default([]),
    /**
     * Raised by every back-office save: an edit made from an older version is refused instead of overwriting a
     * colleague's (docs/decisions/028-listing-editor.md).
     */
    version: integer('version').notNull().default(1),
    /**
     * Site-only choices the import never overwrites (docs/decisions/033-media-manager.md): a hidden listing is kept
     * unpublished whatever its feed says (feed_published keeps what the feed said, for when it is shown again); a
     * featured one leads the featured strips; photo_order is the order staff gave an imported listing's photos (by
     * URL), applied again to the photos of every import.
     */
    siteHidden: boolean('site_hidden').notNull().default(false),
    siteFeatured: boolean('site_featured').notNull().default(false),
    feedPublished: boolean('feed_published'),
    photoOrder: jsonb('photo_order').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    launchedAt: timestamp('launched_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('english', coalesce(display_address, '') || ' ' || coalesce(town, '') || ' ' || coalesce(county, '') || ' ' || coalesce(postcode, '') || ' ' || coalesce(summary, '') || ' ' || coalesce(property_style, ''))`,
    ),
  },
  (t) => [
    uniqueIndex('properties_slug_idx').on(t.slug),
    uniqueIndex('properties_source_ref_idx').on(t.source, t.sourceRef),
    // One ordered index per sort option (spec point 3) so a page is read in order instead of sorting every match.
    index('properties_channel_status_price_idx').on(t.channel, t.status, t.priceValue, t.id),
    index('properties_sort_price_desc_idx').on(t.channel, t.status, t.priceValue.desc().nullsLast(), t.id.desc()),
    index('properties_sort_created_idx').on(t.channel, t.status, t.createdAt.desc(), t.id.desc()),
    index('properties_sort_launched_idx').on(t.channel, t.status, t.launchedAt.desc(), t.id.desc()),
    index('properties_sort_updated_idx').on(t.channel, t.status, t.updatedAt.desc(), t.id.desc()),
    index('properties_sort_sqft_desc_idx').on(t.channel, t.status, t.squareFeet.desc().nullsLast(), t.id.desc()),
    index('properties_sort_sqft_asc_idx').on(t.channel, t.status, t.squareFeet.asc().nullsLast(), t.id),
    index('properties_channel_created_idx').on(t.channel, t.createdAt),
    index('properties_place_idx').on(t.placeId),
    index('properties_branch_idx').on(t.branchId),
    index('properties_parent_idx').on(t.parentId),
    index('properties_county_idx').on(t.countySlug),
    index('properties_district_idx').on(t.postcodeDistrict),
    index('properties_location_gist').using('gist', t.location),
    index('properties_search_vector_gin').using('gin', t.searchVector),
    index('properties_tags_gin').using('gin', t.tags),
  ],
);
