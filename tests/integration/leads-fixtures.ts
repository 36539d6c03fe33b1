import { sql } from 'drizzle-orm';
import { branches, departments, properties, siteSettings, staffMembers } from '../../db/schema/index.ts';
import { DEFAULT_THEME } from '../../app/features/site/site-chrome.server.ts';
import type { Database } from '../../app/lib/db.server.ts';

/** A small agency for the lead tests: one branch with a sales and a lettings department, two staff, three homes. */
export const AGENCY_EMAIL = 'hello@agency.test';
export const BRANCH_EMAIL = 'bath@agency.test';
export const SALES_EMAIL = 'bath-sales@agency.test';
export const LETTINGS_EMAIL = 'bath-lettings@agency.test';
export const ANN_EMAIL = 'ann.smith@agency.test';

export async function insertLeadFixtures(db: Database): Promise<void> {
  await db.insert(siteSettings).values({
    id: 1,
    agencyName: 'Test Agency',
    agencyEmail: AGENCY_EMAIL,
    agencyContactTelephone: '01225 000000',
    logoUrl: '/logo.png',
    theme: { ...DEFAULT_THEME, spamProtectionVersion: 'none' },
  });
  await db.insert(branches).values({
    id: 1,
    slug: 'bath',
    name: 'Bath',
    addressLine1: '1 High Street',
    town: 'Bath',
    county: 'Somerset',
    country: 'england',
    postcode: 'BA1 1AA',
    location: { lat: 51.38, lng: -2.36 },
    contactNumber: '01632 960100',
    email: BRANCH_EMAIL,
  });
  await db.insert(departments).values([
    {
      id: 1,
      branchId: 1,
      kind: 'sales',
      name: 'Bath Sales',
      label: 'sales',
      telephone: '01632 960101',
      email: SALES_EMAIL,
      branchDepartmentUrlLabel: 'sales',
    },
    {
      id: 2,
      branchId: 1,
      kind: 'lettings',
      name: 'Bath Lettings',
      label: 'lettings',
      telephone: '01632 960102',
      email: LETTINGS_EMAIL,
      branchDepartmentUrlLabel: 'lettings',
    },
  ]);
  await db.insert(staffMembers).values([
    {
      id: 1,
      branchId: 1,
      departmentId: 1,
      firstName: 'Ann',
      surname: 'Smith',
      jobTitle: 'Sales negotiator',
      email: ANN_EMAIL,
      telephoneNumber: '01632 960103',
      contactableForSales: true,
      position: 1,
    },
    {
      id: 2,
      branchId: 1,
      departmentId: 2,
      firstName: 'Bo',
      surname: 'Jones',
      jobTitle: 'Lettings manager',
      email: 'bo.jones@agency.test',
      telephoneNumber: '01632 960104',
      contactableForLettings: true,
      position: 2,
    },
  ]);
  await db
    .insert(properties)
    .values([
      millLaneHome(1, 'sales', { staffMemberId: 1 }),
      millLaneHome(2, 'lettings'),
      millLaneHome(3, 'sales', { isPublished: false }),
    ]);
}

/**
 * Back-office accounts 1…count (negotiators without a password), so leads can be assigned, noted and changed by
 * staff ids that the foreign keys accept.
 */
export async function insertStaffAccounts(db: Database, count: number): Promise<void> {
  await db.execute(sql`insert into staff_accounts (id, email, email_lower, name, role)
    select g, 'staff' || g || '@agency.test', 'staff' || g || '@agency.test', 'Staff ' || g, 'negotiator'
    from generate_series(1, ${count}) g`);
  await db.execute(sql`select setval(pg_get_serial_sequence('staff_accounts', 'id'), ${count})`);
}

/** A listing of branch 1 on Mill Lane, Bath: the minimum a property row needs, with what a test varies. */
export const millLaneHome = (
  id: number,
  channel: 'sales' | 'lettings',
  extra: Partial<typeof properties.$inferInsert> = {},
) => ({
  id,
  slug: `home-${id}`,
  reference: `R${id}`,
  channel,
  displayAddress: `${id} Mill Lane, Bath`,
  addressLine1: `${id} Mill Lane`,
  town: 'Bath',
  county: 'Somerset',
  countySlug: 'somerset',
  country: 'england' as const,
  postcode: 'BA1 2AB',
  postcodeDistrict: 'BA1',
  location: { lat: 51.38, lng: -2.36 },
  propertyType: 'house' as const,
  propertyStyle: 'Terraced house',
  branchId: 1,
  ...extra,
});
