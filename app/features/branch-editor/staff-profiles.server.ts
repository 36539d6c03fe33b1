/**
 * Staff profiles of a branch (the `staff_members` the site shows): the list in display order, one profile's form,
 * adding one, moving a profile up or down, showing or hiding it and removing it. A profile is reached through its branch: one of another
 * branch, or of a branch outside the staff member's scope, is "not found". Saves check the version, record what
 * changed and announce the branch's pages (the old and the new branch's, when a profile moves).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { branches, leads, properties, staffAccounts, staffMembers } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { announcePageChange } from '../../lib/page-cache-bus.server.ts';
import { recordAudit } from '../staff/index.server.ts';
import { branchPageTag, changesBetween, type AuditActor } from './branch-editor.server.ts';
import { isBranchInScope, type BranchScope } from './branch-scope.ts';
import type { NewStaffProfileForm, StaffProfileForm } from './staff-profile-schemas.ts';

export type StaffProfileRow = {
  id: number;
  firstName: string;
  surname: string;
  jobTitle: string;
  isShownOnSite: boolean;
  version: number;
};

type BranchRef = { id: number; slug: string; name: string };

async function branchRef(db: Database, scope: BranchScope, branchId: number): Promise<BranchRef | null> {
  if (!isBranchInScope(scope, branchId)) return null;
  const [row] = await db
    .select({ id: branches.id, slug: branches.slug, name: branches.name })
    .from(branches)
    .where(eq(branches.id, branchId))
    .limit(1);
  return row ?? null;
}

const displayOrder = [asc(staffMembers.position), asc(staffMembers.id)];

export async function listStaffProfiles(
  db: Database,
  scope: BranchScope,
  branchId: number,
): Promise<{ branch: BranchRef; profiles: StaffProfileRow[] } | null> {
  const branch = await branchRef(db, scope, branchId);
  if (!branch) return null;
  const profiles = await db
    .select({
      id: staffMembers.id,
      firstName: staffMembers.firstName,
      surname: staffMembers.surname,
      jobTitle: staffMembers.jobTitle,
      isShownOnSite: staffMembers.isShownOnSite,
      version: staffMembers.version,
    })
    .from(staffMembers)
    .where(eq(staffMembers.branchId, branchId))
    .orderBy(...displayOrder);
  return { branch, profiles };
}

const profileColumns = {
  id: staffMembers.id,
  branchId: staffMembers.branchId,
  departmentId: staffMembers.departmentId,
  firstName: staffMembers.firstName,
  surname: staffMembers.surname,
  jobTitle: staffMembers.jobTitle,
  bio: staffMembers.bio,
  telephoneNumber: staffMembers.telephoneNumber,
  email: staffMembers.email,
  photoUrl: staffMembers.photoUrl,
  isShownOnSite: staffMembers.isShownOnSite,
  version: staffMembers.version,
};

export type StaffProfile = {
  id: number;
  branchId: number | null;
  departmentId: number | null;
  firstName: string;
  surname: string;
  jobTitle: string;
  bio: string;
  telephoneNumber: string;
  email: string;
  photoUrl: string | null;
  isShownOnSite: boolean;
  version: number;
};

async function readProfile(db: Database, branchId: number, staffId: number): Promise<StaffProfile | null> {
  const [row] = await db
    .select(profileColumns)
    .from(staffMembers)
    .where(and(eq(staffMembers.id, staffId), eq(staffMembers.branchId, branchId)))
    .limit(1);
  return row ?? null;
}

/** A profile of the branch for its form, with the branches it may be moved to; null when out of reach. */
export async function getStaffProfile(
  db: Database,
  scope: BranchScope,
  branchId: number,
  staffId: number,
): Promise<{ branch: BranchRef; profile: StaffProfile; branchChoices: { id: number; name: string }[] } | null> {
  const branch = await branchRef(db, scope, branchId);
  if (!branch) return null;
  const profile = await readProfile(db, branchId, staffId);
  if (!profile) return null;
  const choices = db.select({ id: branches.id, name: branches.name }).from(branches);
  const branchChoices = await (
    scope.allBranches ? choices : choices.where(inArray(branches.id, [...scope.branchIds, branchId]))
  ).orderBy(asc(branches.name));
  return { branch, profile, branchChoices };
}

function snapshotOf(profile: StaffProfile): Record<string, unknown> {
  const { id: _id, version: _version, photoUrl: _photoUrl, ...fields } = profile;
  return fields;
}

type ProfileSaveOutcome =
  | { status: 'saved' | 'unchanged' }
  | { status: 'not-found' }
  | { status: 'conflict' }
  | { status: 'branch-not-allowed' };

export async function saveStaffProfile(
  db: Database,
  scope: BranchScope,
  branchId: number,
  staffId: number,
  form: StaffProfileForm,
  actor: AuditActor,
): Promise<ProfileSaveOutcome> {
  const branch = await branchRef(db, scope, branchId);
  if (!branch) return { status: 'not-found' };
  const target = form.branch_id === branchId ? branch : await branchRef(db, scope, form.branch_id);
  const outcome = await db.transaction(async (tx): Promise<ProfileSaveOutcome & { tags?: string[] }> => {
    const before = await readProfile(tx, branchId, staffId);
    if (!before) return { status: 'not-found' };
    if (!target) return { status: 'branch-not-allowed' };
    if (before.version !== form.version) return { status: 'conflict' };
    const isMoving = target.id !== branchId;
    const after: StaffProfile = {
      ...before,
      branchId: target.id,
      // A department belongs to one branch: a profile moved elsewhere has none until the agency gives it one.
      departmentId: isMoving ? null : before.departmentId,
      firstName: form.first_name,
      surname: form.surname,
      jobTitle: form.job_title,
      bio: form.bio,
      telephoneNumber: form.telephone_number,
      email: form.email,
      isShownOnSite: form.is_shown_on_site,
    };
    const changes = changesBetween(snapshotOf(before), snapshotOf(after));
    if (Object.keys(changes.after).length === 0) return { status: 'unchanged' };
    const updated = await tx
      .update(staffMembers)
      .set({
        branchId: after.branchId,
        departmentId: after.departmentId,
        firstName: after.firstName,
        surname: after.surname,
        jobTitle: after.jobTitle,
        bio: after.bio,
        telephoneNumber: after.telephoneNumber,
        email: after.email,
        isShownOnSite: after.isShownOnSite,
        version: sql`${staffMembers.version} + 1`,
        // Moved to another branch: last on its page.
        ...(isMoving
          ? {
              position: sql`(select coalesce(max(${staffMembers.position}), -1) + 1 from ${staffMembers} where ${staffMembers.branchId} = ${target.id})`,
            }
          : {}),
      })
      .where(
        and(eq(staffMembers.id, staffId), eq(staffMembers.branchId, branchId), eq(staffMembers.version, form.version)),
      )
      .returning({ id: staffMembers.id });
    if (updated.length === 0) return { status: 'conflict' };
    await recordAudit(tx, {
      ...actor,
      action: 'staff-profile.updated',
      target: `staff-member:${staffId}`,
      details: changes,
    });
    const tags = [branchPageTag(branch.slug), ...(isMoving ? [branchPageTag(target.slug)] : [])];
    return { status: 'saved', tags };
  });
  if (outcome.status === 'saved' && outcome.tags) announcePageChange(db, outcome.tags);
  return { status: outcome.status } as ProfileSaveOutcome;
}

/**
 * Moves a profile one place up or down the branch page. Positions are renumbered 0, 1, 2… in the current order
 * first, so equal or missing positions cannot stop a move. Not versioned: it changes the order, not the profile.
 */
export async function moveStaffProfile(
  db: Database,
  scope: BranchScope,
  branchId: number,
  staffId: number,
  direction: 'up' | 'down',
  actor: AuditActor,
): Promise<'moved' | 'unchanged' | 'not-found'> {
  const branch = await branchRef(db, scope, branchId);
  if (!branch) return 'not-found';
  const outcome = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: staffMembers.id, position: staffMembers.position })
      .from(staffMembers)
      .where(eq(staffMembers.branchId, branchId))
      .orderBy(...displayOrder)
      .for('update');
    const index = rows.findIndex((row) => row.id === staffId);
    if (index < 0) return 'not-found' as const;
    const other = direction === 'up' ? index - 1 : index + 1;
    if (other < 0 || other >= rows.length) return 'unchanged' as const;
    const order = rows.map((row) => row.id);
    [order[index], order[other]] = [order[other]!, order[index]!];
    for (const [position, id] of order.entries()) {
      if (rows.find((row) => row.id === id)?.position !== position) {
        await tx.update(staffMembers).set({ position }).where(eq(staffMembers.id, id));
      }
    }
    await recordAudit(tx, {
      ...actor,
      action: 'staff-profile.moved',
      target: `staff-member:${staffId}`,
      details: { from: index + 1, to: other + 1 },
    });
    return 'moved' as const;
  });
  if (outcome === 'moved') announcePageChange(db, [branchPageTag(branch.slug)]);
  return outcome;
}

/** Shows or hides a profile on the site from the list, if it is still at the version the list showed. */
export async function setStaffProfileShown(
  db: Database,
  scope: BranchScope,
  branchId: number,
  staffId: number,
  change: { isShownOnSite: boolean; version: number },
  actor: AuditActor,
): Promise<'saved' | 'not-found' | 'conflict'> {
  const branch = await branchRef(db, scope, branchId);
  if (!branch) return 'not-found';
  const outcome = await db.transaction(async (tx) => {
    const before = await readProfile(tx, branchId, staffId);
    if (!before) return 'not-found' as const;
    const updated = await tx
      .update(staffMembers)
      .set({ isShownOnSite: change.isShownOnSite, version: sql`${staffMembers.version} + 1` })
      .where(
        and(
          eq(staffMembers.id, staffId),
          eq(staffMembers.branchId, branchId),
          eq(staffMembers.version, change.version),
        ),
      )
      .returning({ id: staffMembers.id });
    if (updated.length === 0) return 'conflict' as const;
    await recordAudit(tx, {
      ...actor,
      action: 'staff-profile.updated',
      target: `staff-member:${staffId}`,
      details: changesBetween({ isShownOnSite: before.isShownOnSite }, { isShownOnSite: change.isShownOnSite }),
    });
    return 'saved' as const;
  });
  if (outcome === 'saved') announcePageChange(db, [branchPageTag(branch.slug)]);
  return outcome;
}

/** A new profile of the branch, last on its page. */
export async function createStaffProfile(
  db: Database,
  scope: BranchScope,
  branchId: number,
  form: NewStaffProfileForm,
  actor: AuditActor,
): Promise<{ status: 'created'; id: number } | { status: 'not-found' }> {
  const branch = await branchRef(db, scope, branchId);
  if (!branch) return { status: 'not-found' };
  const id = await db.transaction(async (tx) => {
    const fields = {
      branchId,
      firstName: form.first_name,
      surname: form.surname,
      jobTitle: form.job_title,
      bio: form.bio,
      telephoneNumber: form.telephone_number,
      email: form.email,
      isShownOnSite: form.is_shown_on_site,
    };
    const [created] = await tx
      .insert(staffMembers)
      .values({
        ...fields,
        position: sql`(select coalesce(max(${staffMembers.position}), -1) + 1 from ${staffMembers} where ${staffMembers.branchId} = ${branchId})`,
      })
      .returning({ id: staffMembers.id });
    await recordAudit(tx, {
      ...actor,
      action: 'staff-profile.created',
      target: `staff-member:${created!.id}`,
      details: { before: null, after: fields },
    });
    return created!.id;
  });
  announcePageChange(db, [branchPageTag(branch.slug)]);
  return { status: 'created', id };
}

/**
 * Removes a profile that nothing else points at. One that properties, leads or a back-office account point at is
 * kept (they would lose who looked after them): the answer is "in use", and hiding it is the way to take it off the
 * site. Checked at the version the list showed.
 */
export async function removeStaffProfile(
  db: Database,
  scope: BranchScope,
  branchId: number,
  staffId: number,
  version: number,
  actor: AuditActor,
): Promise<'removed' | 'not-found' | 'conflict' | 'in-use'> {
  const branch = await branchRef(db, scope, branchId);
  if (!branch) return 'not-found';
  const outcome = await db.transaction(async (tx) => {
    const before = await readProfile(tx, branchId, staffId);
    if (!before) return 'not-found' as const;
    if (before.version !== version) return 'conflict' as const;
    // One after another: a transaction is one connection.
    for (const [table, column] of [
      [properties, properties.staffMemberId],
      [leads, leads.staffMemberId],
      [staffAccounts, staffAccounts.staffMemberId],
    ] as const) {
      const [row] = await tx
        .select({ id: sql`1` })
        .from(table)
        .where(eq(column, staffId))
        .limit(1);
      if (row) return 'in-use' as const;
    }
    const removed = await tx
      .delete(staffMembers)
      .where(and(eq(staffMembers.id, staffId), eq(staffMembers.branchId, branchId), eq(staffMembers.version, version)))
      .returning({ id: staffMembers.id });
    if (removed.length === 0) return 'conflict' as const;
    await recordAudit(tx, {
      ...actor,
      action: 'staff-profile.removed',
      target: `staff-member:${staffId}`,
      details: { before: snapshotOf(before), after: null },
    });
    return 'removed' as const;
  });
  if (outcome === 'removed') announcePageChange(db, [branchPageTag(branch.slug)]);
  return outcome;
}

/**
 * Sets (or clears) a profile's photo, if the profile is still at the version the photo page showed. The previous
 * original stays in storage: the audit entry's "before" points at it.
 */
export async function setStaffProfilePhoto(
  db: Database,
  scope: BranchScope,
  branchId: number,
  staffId: number,
  change: { photoUrl: string | null; version: number },
  actor: AuditActor,
): Promise<'saved' | 'unchanged' | 'not-found' | 'conflict'> {
  const branch = await branchRef(db, scope, branchId);
  if (!branch) return 'not-found';
  const outcome = await db.transaction(async (tx) => {
    const before = await readProfile(tx, branchId, staffId);
    if (!before) return 'not-found' as const;
    if (before.version !== change.version) return 'conflict' as const;
    if (before.photoUrl === change.photoUrl) return 'unchanged' as const;
    const updated = await tx
      .update(staffMembers)
      .set({ photoUrl: change.photoUrl, version: sql`${staffMembers.version} + 1` })
      .where(
        and(
          eq(staffMembers.id, staffId),
          eq(staffMembers.branchId, branchId),
          eq(staffMembers.version, change.version),
        ),
      )
      .returning({ id: staffMembers.id });
    if (updated.length === 0) return 'conflict' as const;
    await recordAudit(tx, {
      ...actor,
      action: 'staff-profile.updated',
      target: `staff-member:${staffId}`,
      details: { before: { photoUrl: before.photoUrl }, after: { photoUrl: change.photoUrl } },
    });
    return 'saved' as const;
  });
  if (outcome === 'saved') announcePageChange(db, [branchPageTag(branch.slug)]);
  return outcome;
}
