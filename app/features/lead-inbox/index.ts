/**
 * The leads inbox's client-safe public surface: who sees which leads, and how a lead's sender is read. The diary
 * builds on the inbox through it (eslint/import-boundaries.js).
 */
export { leadScopeFor, type LeadScope } from './lead-inbox-model.ts';
export { visitorSummary } from './lead-fields.ts';
