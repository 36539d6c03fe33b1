/** Small fixtures for the saved-items and alert tests: one branch, properties on demand, users. */
import { sql } from 'drizzle-orm';
import { branches, properties, users } from '../../db/schema/index.ts';
import type { Database } from '../../app/lib/db.server.ts';

let counter = 0;

export async function insertBranch(db: Database): Promise<number> {
  const [branch] = await db
    .insert(branches)
    .values({
      slug: `branch-${++counter}`,
      name: 'Bath',
      addressLine1: '1 High Street',
      town: 'Bath',
      county: 'Somerset',
      country: 'england',
      postcode: 'BA1 1AA',
      location: { lng: -2.36, lat: 51.38 },
      contactNumber: '01225 000000',
      email: 'bath@agency.example',
    } as typeof branches.$inferInsert)
    .returning({ id: branches.id });
  return branch!.id;
}

export type PropertyOverrides = Partial<typeof properties.$inferInsert>;

export async function insertProperty(db: Database, branchId: number, overrides: PropertyOverrides = {}) {
  const n = ++counter;
  const [row] = await db
    .insert(properties)
    .values({
      slug: `property-${n}`,
      reference: `R${n}`,
      channel: 'sales',
      status: 'available',
      priceValue: 300_000,
      displayAddress: `${n} Orchard Road, Bath`,
      addressLine1: `${n} Orchard Road`,
      town: 'Bath',
      county: 'Somerset',
      countySlug: 'somerset',
      country: 'england',
      postcode: 'BA2 3AB',
      postcodeDistrict: 'BA2',
      location: { lng: -2.36, lat: 51.38 },
      bedrooms: 3,
      bathrooms: 1,
      receptionRooms: 1,
      propertyType: 'house',
      propertyStyle: 'Semi-detached house',
      branchId,
      photos: [{ url: '/images/demo/house-1.jpg', imageAlt: 'Front of the house' }],
      ...overrides,
    })
    .returning({ id: properties.id, slug: properties.slug });
  return row!;
}

/** A user whose address is verified (alerts go only to verified addresses), unless `verified` is false. */
export async function insertUser(
  db: Database,
  email = `user${++counter}@example.com`,
  options: { verified?: boolean } = {},
): Promise<number> {
  const [user] = await db
    .insert(users)
    .values({
      email,
      emailLower: email.toLowerCase(),
      passwordHash: 'x',
      firstName: 'Ann',
      lastName: 'Smith',
      emailVerifiedAt: options.verified === false ? null : new Date(),
    })
    .returning({ id: users.id });
  return user!.id;
}

/** A context whose session is signed in as `userId` (or signed out for null). */
export function contextFor(userId: number | null) {
  return {
    session: { id: 's'.repeat(43), getUserId: async () => userId },
    origin: 'http://localhost:3000',
    clientIp: '127.0.0.1',
    csrfToken: 'masked-token-for-tests',
  };
}

export async function resetSavedTables(db: Database): Promise<void> {
  await db.execute(
    sql`truncate saved_search_alerts, saved_searches, saved_properties, email_outbox restart identity cascade`,
  );
}
