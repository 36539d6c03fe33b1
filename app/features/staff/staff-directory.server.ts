/**
 * Staff as other features see them: names to show beside their work, and who may be given a branch's lead. Only
 * active accounts who can see the lead are candidates: owners (every branch), and managers and negotiators of its
 * branch. Editors never work leads.
 */
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../lib/db.server.ts';
import { staffAccountBranches, staffAccounts } from '../../../db/schema/index.ts';

export type StaffCandidate = { staffId: number; email: string; name: string };

/** Every staff account's name (deactivated ones too: their past notes and changes still need a name). */
export async function listStaffNames(db: Database): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: staffAccounts.id, name: staffAccounts.name })
    .from(staffAccounts)
    .orderBy(asc(staffAccounts.name), asc(staffAccounts.id));
}

function coversBranch(branchId: number | null) {
  const owner = eq(staffAccounts.role, 'owner');
  if (branchId === null) return owner;
  const ofBranch = sql`exists (select 1 from ${staffAccountBranches} where ${staffAccountBranches.staffId} = ${staffAccounts.id} and ${staffAccountBranches.branchId} = ${branchId})`;
  return or(owner, and(inArray(staffAccounts.role, ['manager', 'negotiator']), ofBranch));
}

/** The active staff a lead of this branch (null: agency-wide) may be assigned to. */
export async function listLeadAssignees(db: Database, branchId: number | null): Promise<StaffCandidate[]> {
  return db
    .select({ staffId: staffAccounts.id, email: staffAccounts.email, name: staffAccounts.name })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.isActive, true), coversBranch(branchId)))
    .orderBy(asc(staffAccounts.name), asc(staffAccounts.id));
}

/** One candidate, or null when the account is unknown, deactivated or does not cover the branch. */
export async function findLeadAssignee(
  db: Database,
  staffId: number,
  branchId: number | null,
): Promise<StaffCandidate | null> {
  const [row] = await db
    .select({ staffId: staffAccounts.id, email: staffAccounts.email, name: staffAccounts.name })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.id, staffId), eq(staffAccounts.isActive, true), coversBranch(branchId)))
    .limit(1);
  return row ?? null;
}
