/**
 * Who edits custom forms: the owner and editors (forms are site content, like pages and articles). Managers do not:
 * their role is scoped to branches, and a form belongs to no branch (docs/decisions/035).
 */
import type { StaffRole } from '../staff/index.ts';

export const FORM_BUILDER_ROLES = ['owner', 'editor'] as const satisfies readonly StaffRole[];

/** The roles whose back office has the leads inbox, where a form's submissions are read. */
export const LEAD_INBOX_ROLES = ['owner', 'manager', 'negotiator'] as const satisfies readonly StaffRole[];
