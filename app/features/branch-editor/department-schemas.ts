/**
 * The departments page's forms: add a department (kind, label, telephone, email) or remove one. Both carry the
 * branch's version, since a branch's departments are part of the branch: a page opened before someone else's save
 * changes nothing. One schema each, for the browser and the action.
 */
import { z } from 'zod';
import { departmentKinds } from '../../../db/schema/agency.ts';
import { BRANCH_MESSAGES, email, line, phone, positiveId } from './branch-editor-schemas.ts';

export const DEPARTMENT_MESSAGES = {
  kind: 'Choose what the department does',
  label: 'Enter the department’s name as the site shows it, like New Homes',
  department: 'Choose a department of this branch',
  kindTaken: 'This branch already has a department of this kind: change that one instead',
  conflict: BRANCH_MESSAGES.conflict,
  version: BRANCH_MESSAGES.version,
} as const;

export const DEPARTMENT_KIND_LABELS: Record<(typeof departmentKinds)[number], string> = {
  sales: 'Sales',
  lettings: 'Lettings',
  'new-homes': 'New Homes',
  commercial: 'Commercial',
  agriculture: 'Agriculture',
  auctions: 'Auctions',
  antiques: 'Antiques',
  'professional-services': 'Professional Services',
};

export const addDepartmentSchema = z.object({
  intent: z.literal('add'),
  version: positiveId(DEPARTMENT_MESSAGES.version),
  kind: z.enum(departmentKinds, { message: DEPARTMENT_MESSAGES.kind }),
  label: line(60, DEPARTMENT_MESSAGES.label),
  telephone: phone,
  email,
});

export type AddDepartmentForm = z.output<typeof addDepartmentSchema>;

export const removeDepartmentSchema = z.object({
  intent: z.literal('remove'),
  version: positiveId(DEPARTMENT_MESSAGES.version),
  department_id: positiveId(DEPARTMENT_MESSAGES.department),
});

export const departmentActionSchema = z.discriminatedUnion('intent', [addDepartmentSchema, removeDepartmentSchema]);

const counted = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/** Why a department stays: what points at it, and what would let it go. */
export function departmentInUseMessage(
  label: string,
  references: { staffProfiles: number; leads: number; otherBranches: number },
): string {
  const parts = [
    references.staffProfiles > 0 ? counted(references.staffProfiles, 'staff profile', 'staff profiles') : null,
    references.leads > 0 ? counted(references.leads, 'lead', 'leads') : null,
    references.otherBranches > 0 ? counted(references.otherBranches, 'other branch', 'other branches') : null,
  ].filter((part): part is string => part !== null);
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
  const pointAt = parts.length === 1 && /^1 /.test(list ?? '') ? 'points' : 'point';
  return `The ${label} department was not removed: ${list} ${pointAt} at it. A department that leads were sent to is kept with them; move its staff profiles to another branch first.`;
}
