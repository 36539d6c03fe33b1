import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  branches,
  departments,
  properties,
  staffMembers,
  type DepartmentKind,
  type OpeningHours,
} from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { propertyCardColumns, type PropertyCard, toPropertyCard } from '../properties/index.server.ts';
import { ALL_DEPARTMENTS, BRANCHES_PAGE_SIZE, type BranchListState } from './branch-list.ts';

export async function listBranchOptions(db: Database): Promise<{ id: number; name: string }[]> {
  return db.select({ id: branches.id, name: branches.name }).from(branches).orderBy(asc(branches.name));
}

/** A branch card (spec point 3 'Branch'): name, address, sales and lettings numbers, email. */
export type BranchCard = {
  id: number;
  slug: string;
  branchName: string;
  branchUrl: string;
  address: string;
  branchContactNumber: string;
  branchSalesContactNumber: string | null;
  branchLettingsContactNumber: string | null;
  branchEmail: string;
  departmentLabels: string[];
};

export type DepartmentOption = { value: DepartmentKind; label: string };

const branchCardColumns = {
  id: branches.id,
  slug: branches.slug,
  name: branches.name,
  addressLine1: branches.addressLine1,
  town: branches.town,
  county: branches.county,
  postcode: branches.postcode,
  contactNumber: branches.contactNumber,
  salesContactNumber: branches.salesContactNumber,
  lettingsContactNumber: branches.lettingsContactNumber,
  email: branches.email,
};

type BranchCardRow = {
  id: number;
  slug: string;
  name: string;
  addressLine1: string;
  town: string;
  county: string;
  postcode: string;
  contactNumber: string;
  salesContactNumber: string | null;
  lettingsContactNumber: string | null;
  email: string;
};

function branchUrl(slug: string): string {
  return `/branches/${slug}`;
}

function formatAddress(row: Pick<BranchCardRow, 'addressLine1' | 'town' | 'county' | 'postcode'>): string {
  const parts = [row.addressLine1, row.town, row.county === row.town ? null : row.county, row.postcode];
  return parts.filter(Boolean).join(', ');
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** The department kinds any branch has, for the filter (labels from the departments themselves). */
export async function listDepartmentOptions(db: Database): Promise<DepartmentOption[]> {
  const rows = await db
    .selectDistinct({ kind: departments.kind, label: departments.label })
    .from(departments)
    .orderBy(asc(departments.label));
  const seen = new Set<string>();
  return rows
    .filter((row) => (seen.has(row.kind) ? false : (seen.add(row.kind), true)))
    .map((row) => ({ value: row.kind, label: row.label }));
}

export async function listBranches(
  db: Database,
  state: BranchListState,
  pageSize = BRANCHES_PAGE_SIZE,
): Promise<{ branches: BranchCard[]; total: number }> {
  const conditions: SQL[] = [];
  if (state.q) {
    const pattern = `%${escapeLike(state.q)}%`;
    const matches = or(
      ilike(branches.name, pattern),
      ilike(branches.town, pattern),
      ilike(branches.county, pattern),
      ilike(branches.postcode, pattern),
      ilike(branches.addressLine1, pattern),
    );
    if (matches) conditions.push(matches);
  }
  if (state.department !== ALL_DEPARTMENTS) {
    conditions.push(
      sql`exists (select 1 from ${departments} where ${departments.branchId} = ${branches.id} and ${departments.kind} = ${state.department})`,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [totalRow] = await db.select({ total: count() }).from(branches).where(where);
  const rows = await db
    .select(branchCardColumns)
    .from(branches)
    .where(where)
    .orderBy(asc(branches.name), asc(branches.id))
    .limit(pageSize)
    .offset((state.page - 1) * pageSize);
  const labels = rows.length
    ? await db
        .select({ branchId: departments.branchId, label: departments.label })
        .from(departments)
        .where(
          inArray(
            departments.branchId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(departments.id))
    : [];
  return {
    total: totalRow?.total ?? 0,
    branches: rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      branchName: row.name,
      branchUrl: branchUrl(row.slug),
      address: formatAddress(row),
      branchContactNumber: row.contactNumber,
      branchSalesContactNumber: row.salesContactNumber,
      branchLettingsContactNumber: row.lettingsContactNumber,
      branchEmail: row.email,
      departmentLabels: labels.filter((label) => label.branchId === row.id).map((label) => label.label),
    })),
  };
}

type StaffMemberView = {
  staffMemberId: number;
  firstName: string;
  surname: string;
  jobTitle: string;
  photo: string | null;
  telephoneNumber: string;
  departmentId: number | null;
  contactableForSales: boolean;
  contactableForLettings: boolean;
};

type DepartmentView = {
  id: number;
  name: string;
  label: string;
  telephone: string;
  email: string;
  branchDepartmentUrlLabel: string;
  staff: StaffMemberView[];
};

export type BranchPage = BranchCard & {
  description: string;
  town: string;
  county: string;
  postcode: string;
  streetAddress: string;
  location: { lat: number; lng: number };
  departments: DepartmentView[];
  staff: StaffMemberView[];
  latestProperties: PropertyCard[];
  timeZone: string;
  openingHours: OpeningHours | null;
};

/** A branch with its departments, staff and latest properties (branches#properties links to the full list). */
export async function getBranchBySlug(db: Database, slug: string, propertyLimit = 3): Promise<BranchPage | null> {
  const [row] = await db
    .select({
      ...branchCardColumns,
      description: branches.description,
      location: branches.location,
      timeZone: branches.timeZone,
      openingHours: branches.openingHours,
    })
    .from(branches)
    .where(eq(branches.slug, slug))
    .limit(1);
  if (!row) return null;
  const publishedHere = and(
    eq(properties.branchId, row.id),
    eq(properties.isPublished, true),
    sql`${properties.parentId} is null`,
  );
  const [departmentRows, staffRows, propertyRows] = await Promise.all([
    db.select().from(departments).where(eq(departments.branchId, row.id)).orderBy(asc(departments.id)),
    db
      .select({
        staffMemberId: staffMembers.id,
        firstName: staffMembers.firstName,
        surname: staffMembers.surname,
        jobTitle: staffMembers.jobTitle,
        photo: staffMembers.photoUrl,
        telephoneNumber: staffMembers.telephoneNumber,
        departmentId: staffMembers.departmentId,
        contactableForSales: staffMembers.contactableForSales,
        contactableForLettings: staffMembers.contactableForLettings,
      })
      .from(staffMembers)
      .where(and(eq(staffMembers.branchId, row.id), eq(staffMembers.isShownOnSite, true)))
      .orderBy(asc(staffMembers.position), asc(staffMembers.id)),
    db
      .select(propertyCardColumns)
      .from(properties)
      .where(and(publishedHere, inArray(properties.status, ['available', 'under-offer'])))
      .orderBy(sql`${properties.createdAt} desc`, sql`${properties.id} desc`)
      .limit(propertyLimit),
  ]);
  const now = new Date();
  return {
    id: row.id,
    slug: row.slug,
    branchName: row.name,
    branchUrl: branchUrl(row.slug),
    address: formatAddress(row),
    streetAddress: row.addressLine1,
    town: row.town,
    county: row.county,
    postcode: row.postcode,
    branchContactNumber: row.contactNumber,
    branchSalesContactNumber: row.salesContactNumber,
    branchLettingsContactNumber: row.lettingsContactNumber,
    branchEmail: row.email,
    description: row.description,
    location: { lat: row.location.lat, lng: row.location.lng },
    timeZone: row.timeZone,
    openingHours: row.openingHours,
    departmentLabels: departmentRows.map((department) => department.label),
    departments: departmentRows.map((department) => ({
      id: department.id,
      name: department.name,
      label: department.label,
      telephone: department.telephone,
      email: department.email,
      branchDepartmentUrlLabel: department.branchDepartmentUrlLabel,
      staff: staffRows.filter((staff) => staff.departmentId === department.id),
    })),
    staff: staffRows,
    latestProperties: propertyRows.map((property) => toPropertyCard(property, now, new Map([[row.id, row.name]]))),
  };
}

/** The home page's branch strip: every branch, by name. */
export async function listBranchSummaries(db: Database): Promise<BranchCard[]> {
  return (await listBranches(db, { q: '', department: ALL_DEPARTMENTS, page: 1 }, 50)).branches;
}
