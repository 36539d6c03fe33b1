import { and, asc, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import {
  branches,
  departments,
  properties,
  siteSettings,
  staffMembers,
  type Channel,
  type PropertyImage,
} from '../../../db/schema/index.ts';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { rowsOf, type Database } from '../../lib/db.server.ts';
import { onPageChange } from '../../lib/page-cache-bus.server.ts';
import type { TagsToDepartmentLabels } from './contact-routing.ts';
import { propertyUrl, toPropertyCard, type PropertyCard } from './property-card.ts';
import { getBranchNames, propertyCardColumns } from './cards.server.ts';
import type { BranchRow, DepartmentRow, StaffRow } from './property-page.ts';

/** Only what properties#show renders (house style rule 5); the modal-only columns are read by the modal loaders. */
const pageColumns = {
  id: properties.id,
  slug: properties.slug,
  reference: properties.reference,
  channel: properties.channel,
  status: properties.status,
  isPublished: properties.isPublished,
  withdrawnAt: properties.withdrawnAt,
  siteHidden: properties.siteHidden,
  priceValue: properties.priceValue,
  priceQualifier: properties.priceQualifier,
  displayAddress: properties.displayAddress,
  town: properties.town,
  county: properties.county,
  country: properties.country,
  postcode: properties.postcode,
  location: properties.location,
  bedrooms: properties.bedrooms,
  bathrooms: properties.bathrooms,
  receptionRooms: properties.receptionRooms,
  propertyType: properties.propertyType,
  propertyStyle: properties.propertyStyle,
  squareFeet: properties.squareFeet,
  acreage: properties.acreage,
  tags: properties.tags,
  petsAllowed: properties.petsAllowed,
  auctionDate: properties.auctionDate,
  branchId: properties.branchId,
  staffMemberId: properties.staffMemberId,
  parentId: properties.parentId,
  isDevelopment: properties.isDevelopment,
  summary: properties.summary,
  description: properties.description,
  features: properties.features,
  photos: properties.photos,
  firstFloorplan: sql<PropertyImage | null>`${properties.floorplans}->0`,
  floorplanCount: sql<number>`jsonb_array_length(${properties.floorplans})`.mapWith(Number),
  epcChartCount: sql<number>`jsonb_array_length(${properties.epcCharts})`.mapWith(Number),
  videos: properties.videos,
  galleries: sql<{ id: string; kind: string; title: string; cover: PropertyImage | null; count: number }[]>`coalesce((
    select jsonb_agg(jsonb_build_object('id', g->'id', 'kind', g->'kind', 'title', g->'title', 'cover', g->'images'->0,
      'count', jsonb_array_length(g->'images')))
    from jsonb_array_elements(${properties.galleries}) as g), '[]'::jsonb)`,
  hasLettingsFeeText: sql<boolean>`(${properties.lettingsFeeText} is not null and length(trim(${properties.lettingsFeeText})) > 0)`,
  epcRating: properties.epcRating,
  councilTaxBand: properties.councilTaxBand,
  tenure: properties.tenure,
  facts: properties.facts,
  priceHistory: properties.priceHistory,
  statusHistory: properties.statusHistory,
  createdAt: properties.createdAt,
};

async function findPropertyForPage(db: Database, slug: string) {
  const [row] = await db.select(pageColumns).from(properties).where(eq(properties.slug, slug)).limit(1);
  return row;
}

const branchColumns = {
  id: branches.id,
  slug: branches.slug,
  name: branches.name,
  addressLine1: branches.addressLine1,
  town: branches.town,
  postcode: branches.postcode,
  contactNumber: branches.contactNumber,
  salesContactNumber: branches.salesContactNumber,
  lettingsContactNumber: branches.lettingsContactNumber,
  email: branches.email,
  externalCommercialDepartmentId: branches.externalCommercialDepartmentId,
};

const departmentColumns = {
  id: departments.id,
  branchId: departments.branchId,
  kind: departments.kind,
  name: departments.name,
  label: departments.label,
  telephone: departments.telephone,
  email: departments.email,
  branchDepartmentUrlLabel: departments.branchDepartmentUrlLabel,
};

const staffColumns = {
  id: staffMembers.id,
  departmentId: staffMembers.departmentId,
  firstName: staffMembers.firstName,
  surname: staffMembers.surname,
  jobTitle: staffMembers.jobTitle,
  email: staffMembers.email,
  telephoneNumber: staffMembers.telephoneNumber,
  photoUrl: staffMembers.photoUrl,
  contactableForSales: staffMembers.contactableForSales,
  contactableForLettings: staffMembers.contactableForLettings,
};

let mappingCache: { value: TagsToDepartmentLabels | null; at: number } | undefined;
const MAPPING_CACHE_MS = 30_000;

/** The tag-to-department mapping is site configuration: cached briefly like the rest of the site chrome. */
export async function getTagsToDepartmentLabels(db: Database): Promise<TagsToDepartmentLabels | null> {
  if (mappingCache && Date.now() - mappingCache.at < MAPPING_CACHE_MS) return mappingCache.value;
  const [row] = await db
    .select({ mapping: siteSettings.tagsToDepartmentLabels })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .limit(1);
  mappingCache = { value: row?.mapping ?? null, at: Date.now() };
  return mappingCache.value;
}

export type NeighbourLink = { href: string; displayAddress: string };
export type ChildPropertyLink = {
  href: string;
  displayAddress: string;
  priceValue: number | null;
  bedrooms: number;
  status: string;
};

type BranchContacts = {
  branch: BranchRow;
  departments: DepartmentRow[];
  externalCommercialDepartment: DepartmentRow | null;
  staff: StaffRow[];
};

const branchContactsCache = new Map<number, { value: BranchContacts | null; at: number }>();
const BRANCH_CACHE_MS = 30_000;
// A branch or staff profile saved in the back office shows at once: its announcement, heard by every instance (the
// page-cache bus), drops these copies too.
onPageChange((tags) => {
  if (tags.some((tag) => tag === '*' || tag.startsWith('branch:'))) branchContactsCache.clear();
});

/**
 * A branch with its departments (plus its external commercial department) and staff in display order. This is
 * agency configuration, read by every property page: cached briefly like the site chrome, so a page costs two
 * queries rather than five.
 */
export async function getBranchContacts(db: Database, branchId: number): Promise<BranchContacts | null> {
  const cached = branchContactsCache.get(branchId);
  if (cached && Date.now() - cached.at < BRANCH_CACHE_MS) return cached.value;
  const [branchRows, departmentRows, staffRows] = await Promise.all([
    db.select(branchColumns).from(branches).where(eq(branches.id, branchId)).limit(1),
    db
      .select(departmentColumns)
      .from(departments)
      .where(
        or(
          eq(departments.branchId, branchId),
          sql`${departments.id} = (select ${branches.externalCommercialDepartmentId} from ${branches} where ${branches.id} = ${branchId})`,
        ),
      )
      .orderBy(asc(departments.id)),
    db
      .select(staffColumns)
      .from(staffMembers)
      .where(and(eq(staffMembers.branchId, branchId), eq(staffMembers.isShownOnSite, true)))
      .orderBy(asc(staffMembers.position), asc(staffMembers.id)),
  ]);
  const branchRow = branchRows[0];
  let value: BranchContacts | null = null;
  if (branchRow) {
    const { externalCommercialDepartmentId, ...branch } = branchRow;
    const strip = ({ branchId: _branchId, ...department }: (typeof departmentRows)[number]): DepartmentRow =>
      department;
    value = {
      branch,
      departments: departmentRows.filter((department) => department.branchId === branchId).map(strip),
      externalCommercialDepartment:
        departmentRows.filter((department) => department.id === externalCommercialDepartmentId).map(strip)[0] ?? null,
      staff: staffRows,
    };
  }
  branchContactsCache.set(branchId, { value, at: Date.now() });
  return value;
}

/**
 * Everything properties#show needs, or null for an unknown or unpublished slug. Sold and let properties are
 * returned (the page stays reachable and shows the status), and so are listings withdrawn by their feed: old links
 * and saved properties then say it is no longer on the market and offer similar properties.
 */
export async function getPropertyPage(db: Database, slug: string) {
  if (!/^[a-z0-9-]{1,200}$/.test(slug)) return null;
  const property = await findPropertyForPage(db, slug);
  // A listing staff hid from the site is gone, even once withdrawn by its feed (docs/decisions/033).
  const isOffTheMarket =
    property !== undefined && property !== null && property.withdrawnAt !== null && !property.siteHidden;
  if (!property || (!property.isPublished && !isOffTheMarket)) return null;
  const [contacts, mapping, neighbours, children, similar] = await Promise.all([
    getBranchContacts(db, property.branchId),
    getTagsToDepartmentLabels(db),
    findNeighbours(db, property),
    property.isDevelopment ? findChildren(db, property.id) : Promise.resolve([] as ChildPropertyLink[]),
    isOffTheMarket ? findSimilar(db, property) : Promise.resolve([] as PropertyCard[]),
  ]);
  if (!contacts) return null;
  return { property, ...contacts, tagsToDepartmentLabels: mapping, neighbours, children, isOffTheMarket, similar };
}

const SIMILAR_LIMIT = 4;

/** Published listings like a withdrawn one: same channel and district (else town), a bedroom either side, nearest first. */
async function findSimilar(
  db: Database,
  property: {
    id: number;
    channel: Channel;
    bedrooms: number;
    town: string;
    postcode: string;
    location: { lng: number; lat: number } | null;
  },
): Promise<PropertyCard[]> {
  const district = property.postcode.split(' ')[0] ?? '';
  const order = property.location
    ? sql`${properties.location} <-> point(${property.location.lng}, ${property.location.lat})`
    : sql`${properties.launchedAt} desc`;
  const rows = await db
    .select(propertyCardColumns)
    .from(properties)
    .where(
      and(
        eq(properties.isPublished, true),
        eq(properties.channel, property.channel),
        sql`${properties.id} <> ${property.id}`,
        sql`${properties.bedrooms} between ${property.bedrooms - 1} and ${property.bedrooms + 1}`,
        or(eq(properties.postcodeDistrict, district), eq(properties.town, property.town)),
      ),
    )
    .orderBy(order)
    .limit(SIMILAR_LIMIT);
  const branchNames = await getBranchNames(db);
  const now = new Date();
  return rows.map((row) => toPropertyCard(row, now, branchNames));
}

/**
 * Previous and next listing of the same channel in reference (id) order: stable, crawlable, and answered by two
 * ordered primary-key scans in one statement. The channel filter runs here rather than in SQL so the plan stays a
 * primary-key scan even on a PGlite database that has never been ANALYZEd (a filtered ORDER BY then chose a
 * bitmap scan and a sort, ten times slower).
 */
const NEIGHBOUR_BATCH = 16;

type NeighbourRow = {
  id: number;
  slug: string;
  display_address: string;
  channel: string;
  is_published: boolean;
  parent_id: number | null;
};

async function findNeighbours(
  db: Database,
  property: { id: number; channel: Channel },
): Promise<{ prev: NeighbourLink | null; next: NeighbourLink | null }> {
  const result = await db.execute(sql`
    (select id, slug, display_address, channel, is_published, parent_id from properties
      where id < ${property.id} order by id desc limit ${NEIGHBOUR_BATCH})
    union all
    (select id, slug, display_address, channel, is_published, parent_id from properties
      where id > ${property.id} order by id asc limit ${NEIGHBOUR_BATCH})`);
  const rows = rowsOf<NeighbourRow>(result);
  const isMatch = (row: NeighbourRow) => row.channel === property.channel && row.is_published && row.parent_id === null;
  const pick = async (direction: 'prev' | 'next'): Promise<NeighbourLink | null> => {
    const side = rows.filter((row) => (direction === 'prev' ? row.id < property.id : row.id > property.id));
    const match = side.find(isMatch);
    if (match) return { href: propertyUrl(match.slug), displayAddress: match.display_address };
    if (side.length < NEIGHBOUR_BATCH) return null;
    return findNeighbourBeyond(db, property, direction);
  };
  const [prev, next] = await Promise.all([pick('prev'), pick('next')]);
  return { prev, next };
}

/** A long run of the other channel next to this listing: let the database search the rest. */
async function findNeighbourBeyond(
  db: Database,
  property: { id: number; channel: Channel },
  direction: 'prev' | 'next',
): Promise<NeighbourLink | null> {
  const [row] = await db
    .select({ slug: properties.slug, displayAddress: properties.displayAddress })
    .from(properties)
    .where(
      and(
        direction === 'next' ? gt(properties.id, property.id) : lt(properties.id, property.id),
        eq(properties.channel, property.channel),
        eq(properties.isPublished, true),
        sql`${properties.parentId} is null`,
      ),
    )
    .orderBy(direction === 'next' ? asc(properties.id) : desc(properties.id))
    .limit(1);
  return row ? { href: propertyUrl(row.slug), displayAddress: row.displayAddress } : null;
}

async function findChildren(db: Database, parentId: number): Promise<ChildPropertyLink[]> {
  const rows = await db
    .select({
      slug: properties.slug,
      displayAddress: properties.displayAddress,
      priceValue: properties.priceValue,
      bedrooms: properties.bedrooms,
      status: properties.status,
    })
    .from(properties)
    .where(and(eq(properties.parentId, parentId), eq(properties.isPublished, true)))
    .orderBy(asc(properties.id))
    .limit(100);
  return rows.map(({ slug, ...row }) => ({ href: propertyUrl(slug), ...row }));
}

const SLUG = /^[a-z0-9-]{1,200}$/;

/** One published property by slug, reading only the given columns (the modal loaders below). */
async function findPublishedBySlug<T extends SelectedFields>(db: Database, slug: string, columns: T) {
  if (!SLUG.test(slug)) return null;
  const rows = (await db
    .select(columns)
    .from(properties)
    .where(and(eq(properties.slug, slug), eq(properties.isPublished, true)))
    .limit(1)) as SelectResultFields<T>[];
  return rows[0] ?? null;
}

/** The modal loaders read only the column their dialog shows. */
export function getPropertyMediaForModal(db: Database, slug: string) {
  return findPublishedBySlug(db, slug, {
    id: properties.id,
    slug: properties.slug,
    channel: properties.channel,
    displayAddress: properties.displayAddress,
    photos: properties.photos,
    floorplans: properties.floorplans,
    epcCharts: properties.epcCharts,
    galleries: properties.galleries,
  });
}

export function getPropertyVideos(db: Database, slug: string) {
  return findPublishedBySlug(db, slug, { displayAddress: properties.displayAddress, videos: properties.videos });
}

export function getPropertyForCalculators(db: Database, slug: string) {
  return findPublishedBySlug(db, slug, {
    displayAddress: properties.displayAddress,
    channel: properties.channel,
    priceValue: properties.priceValue,
    tags: properties.tags,
    country: properties.country,
  });
}

export function getPropertyTenantInfo(db: Database, slug: string) {
  return findPublishedBySlug(db, slug, {
    displayAddress: properties.displayAddress,
    channel: properties.channel,
    lettingsFeeText: properties.lettingsFeeText,
  });
}
