/**
 * Adding and removing a branch's departments. A department is part of its branch: both check the branch's version
 * and raise it, in the transaction that writes the audit entry, and announce the branch's pages once committed.
 * A department that staff profiles, leads or another branch's commercial link point at is not removed (the
 * answer says what points at it): leads keep the department they were sent to, and profiles are moved first.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { branches, departments, leads, staffMembers, type DepartmentKind } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { announcePageChange } from '../../lib/page-cache-bus.server.ts';
import { recordAudit } from '../staff/index.server.ts';
import { branchPageTag, type AuditActor } from './branch-editor.server.ts';
import { isBranchInScope, type BranchScope } from './branch-scope.ts';
import type { AddDepartmentForm } from './department-schemas.ts';

type DepartmentRow = { id: number; kind: DepartmentKind; label: string; telephone: string; email: string };

export type BranchDepartments = {
  branch: { id: number; slug: string; name: string; version: number };
  departments: DepartmentRow[];
};

async function readDepartments(db: Database, branchId: number): Promise<BranchDepartments | null> {
  const [branch] = await db
    .select({ id: branches.id, slug: branches.slug, name: branches.name, version: branches.version })
    .from(branches)
    .where(eq(branches.id, branchId))
    .limit(1);
  if (!branch) return null;
  const rows = await db
    .select({
      id: departments.id,
      kind: departments.kind,
      label: departments.label,
      telephone: departments.telephone,
      email: departments.email,
    })
    .from(departments)
    .where(eq(departments.branchId, branchId))
    .orderBy(asc(departments.id));
  return { branch, departments: rows };
}

/** The branch's departments; null when the branch does not exist or is outside the staff member's branches. */
export async function listDepartments(
  db: Database,
  scope: BranchScope,
  branchId: number,
): Promise<BranchDepartments | null> {
  if (!isBranchInScope(scope, branchId)) return null;
  return readDepartments(db, branchId);
}

/** Takes the branch's version: the check and the raise in one statement, so a save in between wins. */
async function raiseBranchVersion(db: Database, branchId: number, version: number): Promise<boolean> {
  const updated = await db
    .update(branches)
    .set({ version: sql`${branches.version} + 1` })
    .where(and(eq(branches.id, branchId), eq(branches.version, version)))
    .returning({ id: branches.id });
  return updated.length > 0;
}

type AddOutcome = { status: 'added'; id: number } | { status: 'not-found' | 'conflict' | 'kind-taken' };

export async function addDepartment(
  db: Database,
  scope: BranchScope,
  branchId: number,
  form: AddDepartmentForm,
  actor: AuditActor,
): Promise<AddOutcome> {
  if (!isBranchInScope(scope, branchId)) return { status: 'not-found' };
  const outcome = await db.transaction(async (tx): Promise<AddOutcome & { slug?: string }> => {
    const before = await readDepartments(tx, branchId);
    if (!before) return { status: 'not-found' };
    if (before.branch.version !== form.version) return { status: 'conflict' };
    // Enquiries and the contact panel choose a branch's department by its kind: two of one kind would be a guess.
    if (before.departments.some((department) => department.kind === form.kind)) return { status: 'kind-taken' };
    if (!(await raiseBranchVersion(tx, branchId, form.version))) return { status: 'conflict' };
    const [created] = await tx
      .insert(departments)
      .values({
        branchId,
        kind: form.kind,
        name: `${before.branch.name} ${form.label}`,
        label: form.label,
        telephone: form.telephone,
        email: form.email,
        branchDepartmentUrlLabel: form.kind,
      })
      .returning({ id: departments.id });
    const id = created!.id;
    await recordAudit(tx, {
      ...actor,
      action: 'department.added',
      target: `branch:${branchId}`,
      details: {
        before: null,
        after: { id, kind: form.kind, label: form.label, telephone: form.telephone, email: form.email },
      },
    });
    return { status: 'added', id, slug: before.branch.slug };
  });
  if (outcome.status !== 'added') return outcome;
  // The branch list's department filter and the branch pages show a branch's departments.
  announcePageChange(db, [branchPageTag(outcome.slug!)]);
  return { status: 'added', id: outcome.id };
}

type DepartmentReferences = { staffProfiles: number; leads: number; otherBranches: number };

type RemoveOutcome =
  { status: 'removed' } | { status: 'not-found' | 'conflict' } | { status: 'in-use'; references: DepartmentReferences };

export async function removeDepartment(
  db: Database,
  scope: BranchScope,
  branchId: number,
  input: { departmentId: number; version: number },
  actor: AuditActor,
): Promise<RemoveOutcome> {
  if (!isBranchInScope(scope, branchId)) return { status: 'not-found' };
  const outcome = await db.transaction(async (tx): Promise<RemoveOutcome & { slug?: string }> => {
    const before = await readDepartments(tx, branchId);
    if (!before) return { status: 'not-found' };
    // Another branch's department id is "not found", whatever the staff member's scope.
    const department = before.departments.find((row) => row.id === input.departmentId);
    if (!department) return { status: 'not-found' };
    if (before.branch.version !== input.version) return { status: 'conflict' };
    const count = sql<number>`count(*)`.mapWith(Number);
    // One after another: a transaction is one connection.
    const [profiles] = await tx
      .select({ n: count })
      .from(staffMembers)
      .where(eq(staffMembers.departmentId, department.id));
    const [leadRows] = await tx.select({ n: count }).from(leads).where(eq(leads.departmentId, department.id));
    const [branchRows] = await tx
      .select({ n: count })
      .from(branches)
      .where(eq(branches.externalCommercialDepartmentId, department.id));
    const references = { staffProfiles: profiles!.n, leads: leadRows!.n, otherBranches: branchRows!.n };
    if (references.staffProfiles + references.leads + references.otherBranches > 0) {
      return { status: 'in-use', references };
    }
    if (!(await raiseBranchVersion(tx, branchId, input.version))) return { status: 'conflict' };
    await tx.delete(departments).where(and(eq(departments.id, department.id), eq(departments.branchId, branchId)));
    await recordAudit(tx, {
      ...actor,
      action: 'department.removed',
      target: `branch:${branchId}`,
      details: { before: department, after: null },
    });
    return { status: 'removed', slug: before.branch.slug };
  });
  if (outcome.status !== 'removed') return outcome;
  announcePageChange(db, [branchPageTag(outcome.slug!)]);
  return { status: 'removed' };
}
