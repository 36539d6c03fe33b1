/**
 * Who edits custom forms: the owner and editors (forms are site content, like pages and articles). Managers do not:
 * their role is scoped to branches, and a form belongs to no branch (docs/decisions/034).
 */
import type { StaffRole } from '../staff/index.ts';

export const FORM_BUILDER_ROLES = ['owner', 'editor'] as const satisfies readonly StaffRole[];
