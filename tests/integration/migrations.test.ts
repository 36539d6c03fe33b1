import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, rowsOf, type TestDatabase } from './test-database.ts';
import { branches, properties } from '../../db/schema/index.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ fromScratch: true });
});
afterAll(async () => {
  await database?.dispose();
});

describe(`migrations (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('creates every table of the schema', async () => {
    const result = await database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const names = rowsOf<{ table_name: string }>(result).map((row) => row.table_name);
    for (const table of [
      'addresses',
      'articles',
      'branches',
      'consent_logs',
      'departments',
      'email_outbox',
      'exposures',
      'form_definitions',
      'form_submissions',
      'form_uploads',
      'jobs',
      'leads',
      'marketing_preferences',
      'menu_items',
      'pages',
      'password_reset_tokens',
      'places',
      'properties',
      'property_views',
      'rate_limits',
      'saved_properties',
      'saved_search_alerts',
      'saved_searches',
      'sessions',
      'site_settings',
      'staff_members',
      'users',
      'valuation_bookings',
    ]) {
      expect(names).toContain(table);
    }
  });

  it('stores a point location and finds it through the GiST index operators', async () => {
    const [branch] = await database.db
      .insert(branches)
      .values({
        slug: 'bath',
        name: 'Bath',
        addressLine1: '1 Milsom Street',
        town: 'Bath',
        county: 'Somerset',
        country: 'england',
        postcode: 'BA1 1BZ',
        location: { lng: -2.3599, lat: 51.3837 },
        contactNumber: '01632 960001',
        email: 'bath@example.com',
      })
      .returning();
    expect(branch?.location).toEqual({ lng: -2.3599, lat: 51.3837 });
    await database.db.insert(properties).values({
      slug: 'a-house',
      reference: 'T-1',
      channel: 'sales',
      displayAddress: 'Widcombe, Bath',
      addressLine1: '2 Prior Park Road',
      town: 'Bath',
      county: 'Somerset',
      countySlug: 'somerset',
      country: 'england',
      postcode: 'BA2 4NF',
      postcodeDistrict: 'BA2',
      location: { lng: -2.355, lat: 51.376 },
      propertyType: 'house',
      propertyStyle: 'Terraced house',
      branchId: branch!.id,
      summary: 'A Georgian townhouse',
    });
    const inside = await database.db
      .select({ slug: properties.slug, location: properties.location })
      .from(properties)
      .where(sql`${properties.location} <@ box(point(-2.4, 51.3), point(-2.3, 51.4))`);
    expect(inside).toEqual([{ slug: 'a-house', location: { lng: -2.355, lat: 51.376 } }]);
    const text = await database.db
      .select({ slug: properties.slug })
      .from(properties)
      .where(sql`${properties.searchVector} @@ plainto_tsquery('english', 'georgian')`);
    expect(text).toHaveLength(1);
  });
});
