/**
 * The staff feature's server-only public surface: the back office's one permission check. Every back-office loader
 * and action calls it itself.
 */
export { deleteExpiredStaffSessions, requireStaff } from './staff-sessions.server.ts';
export { createStaffFromCommand, staffCreateRequestSchema, type StaffCreateRequest } from './staff-command.server.ts';
export { type InvitationOutcome } from './staff-accounts.server.ts';
export { recordAudit, type AuditEntry } from './audit.server.ts';
export { checkStaffSecretKey } from './staff-secrets.server.ts';
export { findLeadAssignee, listLeadAssignees, listStaffNames } from './staff-directory.server.ts';
