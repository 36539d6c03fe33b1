/**
 * The leads feature's server-only public surface (client-safe code: index.ts). Other features import only from its
 * entries; the rest of this folder is private (eslint/import-boundaries.js).
 */
export { acceptLead } from './lead-store.server.ts';
export { type LeadOutcome, submitDepartmentLead, submitStaffLead } from './leads.server.ts';
