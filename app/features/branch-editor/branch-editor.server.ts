/**
 * The branch editor's reads and writes. Every write checks the staff member's scope and the version the form was
 * loaded with inside one transaction (a save from an older version changes nothing), records what changed before
 * and after in the audit log, and, once committed, announces the change so every instance drops the public pages
 * showing the branch and its in-process copies of it (docs/decisions/029).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { branches, departments, staffMembers, type OpeningHours } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { announcePageChange } from '../../lib/page-cache-bus.server.ts';
import { recordAudit } from '../staff/index.server.ts';
import { branchSlugOf, openingHoursOf, type BranchForm, type NewBranchForm } from './branch-editor-schemas.ts';
import { isBranchInScope, type BranchScope } from './branch-scope.ts';

export type AuditActor = { staffId: number; actorEmail: string; ip: string | null };

/** The tag of every public page that shows (or links to) a branch: its pages, its properties' pages, the list. */
export function branchPageTag(slug: string): string {
  return `branch:${slug}`;
}

function scopeCondition(scope: BranchScope) {
  if (scope.allBranches) return undefined;
  return scope.branchIds.length > 0 ? inArray(branches.id, [...scope.branchIds]) : sql`false`;
}

export type BranchListRow = {
  id: number;
  slug: string;
  name: string;
  town: string;
  postcode: string;
  contactNumber: string;
  staffCount: number;
};

export async function listBranchesForEditor(db: Database, scope: BranchScope): Promise<BranchListRow[]> {
  return db
    .select({
      id: branches.id,
      slug: branches.slug,
      name: branches.name,
      town: branches.town,
      postcode: branches.postcode,
      contactNumber: branches.contactNumber,
      staffCount:
        sql<number>`(select count(*) from ${staffMembers} where ${staffMembers.branchId} = ${branches.id})`.mapWith(
          Number,
        ),
    })
    .from(branches)
    .where(scopeCondition(scope))
    .orderBy(asc(branches.name), asc(branches.id));
}

const editorColumns = {
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
  description: branches.description,
  location: branches.location,
  openingHours: branches.openingHours,
  coveredPostcodeDistricts: branches.coveredPostcodeDistricts,
  version: branches.version,
};

type BranchDepartment = { id: number; label: string; telephone: string; email: string };

export type BranchForEditor = {
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
  description: string;
  location: { lat: number; lng: number };
  openingHours: OpeningHours | null;
  coveredPostcodeDistricts: string[];
  version: number;
  departments: BranchDepartment[];
};

async function readBranch(db: Database, id: number): Promise<BranchForEditor | null> {
  const [row] = await db.select(editorColumns).from(branches).where(eq(branches.id, id)).limit(1);
  if (!row) return null;
  const departmentRows = await db
    .select({
      id: departments.id,
      label: departments.label,
      telephone: departments.telephone,
      email: departments.email,
    })
    .from(departments)
    .where(eq(departments.branchId, id))
    .orderBy(asc(departments.id));
  return { ...row, location: { lat: row.location.lat, lng: row.location.lng }, departments: departmentRows };
}

/** The branch for its edit form; null when it does not exist or is outside the staff member's branches. */
export async function getBranchForEditor(
  db: Database,
  scope: BranchScope,
  id: number,
): Promise<BranchForEditor | null> {
  if (!isBranchInScope(scope, id)) return null;
  return readBranch(db, id);
}

/** What the audit log keeps of a branch: the fields the editor changes. */
function snapshotOf(branch: BranchForEditor): Record<string, unknown> {
  return {
    name: branch.name,
    addressLine1: branch.addressLine1,
    town: branch.town,
    county: branch.county,
    postcode: branch.postcode,
    contactNumber: branch.contactNumber,
    salesContactNumber: branch.salesContactNumber,
    lettingsContactNumber: branch.lettingsContactNumber,
    email: branch.email,
    description: branch.description,
    location: branch.location,
    coveredPostcodeDistricts: branch.coveredPostcodeDistricts,
    openingHours: branch.openingHours,
    departments: branch.departments.map(({ id, telephone, email }) => ({ id, telephone, email })),
  };
}

/** Only what changed, before and after (a whole value for a changed list or object). */
export function changesBetween(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const changed = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    changed.before[key] = before[key] ?? null;
    changed.after[key] = after[key] ?? null;
  }
  return changed;
}

type SaveOutcome =
  | { status: 'saved'; slug: string; version: number }
  | { status: 'unchanged'; slug: string }
  | { status: 'not-found' }
  | { status: 'conflict' };

/**
 * Saves the edit form of a branch in the scope, if it is still at the version the form was loaded with. The
 * departments posted must be the branch's own: another branch's department id is "not found", as is a branch
 * outside the scope.
 */
export async function saveBranch(
  db: Database,
  scope: BranchScope,
  id: number,
  form: BranchForm,
  actor: AuditActor,
): Promise<SaveOutcome> {
  if (!isBranchInScope(scope, id)) return { status: 'not-found' };
  const outcome = await db.transaction(async (tx): Promise<SaveOutcome & { tags?: string[] }> => {
    const before = await readBranch(tx, id);
    if (!before) return { status: 'not-found' };
    const ownDepartments = new Set(before.departments.map((department) => department.id));
    if (form.departments.some((department) => !ownDepartments.has(department.id))) return { status: 'not-found' };
    if (before.version !== form.version) return { status: 'conflict' };
    const postedDepartments = new Map(form.departments.map((department) => [department.id, department]));
    const after: BranchForEditor = {
      ...before,
      name: form.name,
      addressLine1: form.address_line_1,
      town: form.town,
      county: form.county,
      postcode: form.postcode,
      contactNumber: form.contact_number,
      salesContactNumber: form.sales_contact_number,
      lettingsContactNumber: form.lettings_contact_number,
      email: form.email,
      description: form.description,
      location: { lat: form.latitude, lng: form.longitude },
      coveredPostcodeDistricts: form.covered_postcode_districts,
      openingHours: openingHoursOf(form),
      departments: before.departments.map((department) => {
        const posted = postedDepartments.get(department.id);
        return posted ? { ...department, telephone: posted.telephone, email: posted.email } : department;
      }),
    };
    const changes = changesBetween(snapshotOf(before), snapshotOf(after));
    if (Object.keys(changes.after).length === 0) return { status: 'unchanged', slug: before.slug };
    const updated = await tx
      .update(branches)
      .set({
        name: after.name,
        addressLine1: after.addressLine1,
        town: after.town,
        county: after.county,
        postcode: after.postcode,
        contactNumber: after.contactNumber,
        salesContactNumber: after.salesContactNumber,
        lettingsContactNumber: after.lettingsContactNumber,
        email: after.email,
        description: after.description,
        location: after.location,
        coveredPostcodeDistricts: after.coveredPostcodeDistricts,
        openingHours: after.openingHours,
        version: sql`${branches.version} + 1`,
      })
      // The version in the condition makes the check and the write one step: a save that committed in between wins.
      .where(and(eq(branches.id, id), eq(branches.version, form.version)))
      .returning({ version: branches.version });
    if (updated.length === 0) return { status: 'conflict' };
    for (const department of after.departments) {
      await tx
        .update(departments)
        .set({ telephone: department.telephone, email: department.email })
        .where(and(eq(departments.id, department.id), eq(departments.branchId, id)));
    }
    await recordAudit(tx, {
      ...actor,
      action: 'branch.updated',
      target: `branch:${id}`,
      details: changes,
    });
    // A new name shows on every property card of the branch (search, home, landing pages), not only its own pages.
    const tags = [branchPageTag(before.slug), ...('name' in changes.after ? ['listings'] : [])];
    return { status: 'saved', slug: before.slug, version: updated[0]!.version, tags };
  });
  if (outcome.status === 'saved' && outcome.tags) {
    announcePageChange(db, outcome.tags);
    const { tags: _tags, ...saved } = outcome;
    return saved;
  }
  return outcome;
}

type CreateOutcome = { status: 'created'; id: number } | { status: 'slug-taken' };

/**
 * An owner adds a branch: the branch, and sales and lettings departments answering on its number and address (the
 * site routes enquiries to departments), in one transaction. Its page and its card in every list appear at once.
 */
export async function createBranch(db: Database, form: NewBranchForm, actor: AuditActor): Promise<CreateOutcome> {
  const slug = branchSlugOf(form.name);
  const outcome = await db.transaction(async (tx): Promise<CreateOutcome> => {
    const [taken] = await tx.select({ id: branches.id }).from(branches).where(eq(branches.slug, slug)).limit(1);
    if (taken) return { status: 'slug-taken' };
    const [created] = await tx
      .insert(branches)
      .values({
        slug,
        name: form.name,
        addressLine1: form.address_line_1,
        town: form.town,
        county: form.county,
        country: form.country,
        postcode: form.postcode,
        location: { lat: form.latitude, lng: form.longitude },
        contactNumber: form.contact_number,
        email: form.email,
      })
      .returning({ id: branches.id });
    const id = created!.id;
    await tx.insert(departments).values(
      (['sales', 'lettings'] as const).map((kind) => ({
        branchId: id,
        kind,
        name: `${form.name} ${kind === 'sales' ? 'Sales' : 'Lettings'}`,
        label: kind === 'sales' ? 'Sales' : 'Lettings',
        telephone: form.contact_number,
        email: form.email,
        branchDepartmentUrlLabel: kind,
      })),
    );
    await recordAudit(tx, { ...actor, action: 'branch.created', target: `branch:${id}`, details: { after: form } });
    return { status: 'created', id };
  });
  if (outcome.status === 'created') announcePageChange(db, ['listings', branchPageTag(slug)]);
  return outcome;
}
