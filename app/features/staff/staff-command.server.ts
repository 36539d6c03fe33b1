/**
 * `npm run staff:create`'s work, shared by the command (PostgreSQL, or no server running) and the control channel
 * (the server holding the embedded database runs it).
 */
import { z } from 'zod';
import type { Database } from '../../lib/db.server.ts';
import { createStaffInvitation, type InvitationOutcome } from './staff-accounts.server.ts';
import { STAFF_ROLES } from './staff-roles.ts';

export const staffCreateRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'expected an email address'),
  name: z.string().trim().min(1, 'expected a name').max(120),
  role: z.enum(STAFF_ROLES, { error: `expected one of ${STAFF_ROLES.join(', ')}` }),
  branches: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
});

export type StaffCreateRequest = z.infer<typeof staffCreateRequestSchema>;

export function createStaffFromCommand(
  db: Database,
  request: StaffCreateRequest,
  origin: string,
): Promise<InvitationOutcome> {
  return createStaffInvitation(
    db,
    { email: request.email, name: request.name, role: request.role, branchSlugs: request.branches },
    { origin, ip: null, actor: null },
  );
}
