/**
 * Which branches a staff member may edit: owners every branch (and may add one), managers the branches they are
 * given, negotiators and editors none. A branch outside the scope answers as one that does not exist.
 */
import type { StaffPrincipal } from '../staff/index.ts';

export const BRANCH_EDITOR_ROLES = ['owner', 'manager'] as const;

export type BranchScope = { allBranches: true } | { allBranches: false; branchIds: readonly number[] };

export function branchScopeFor(principal: Pick<StaffPrincipal, 'role' | 'branchIds'>): BranchScope | null {
  if (principal.role === 'owner') return { allBranches: true };
  if (principal.role === 'manager') return { allBranches: false, branchIds: principal.branchIds };
  return null;
}

export function isBranchInScope(scope: BranchScope, branchId: number): boolean {
  return scope.allBranches || scope.branchIds.includes(branchId);
}
