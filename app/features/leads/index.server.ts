/**
 * The server-side surface of leads for other features: everything else in this folder is private
 * to it (the lint rule in eslint.config.js holds other features to this file and index.ts).
 */
export { acceptLead } from './lead-store.server.ts';
export { type LeadOutcome, submitDepartmentLead, submitStaffLead } from './leads.server.ts';
