/**
 * The leads inbox's client-safe public surface: who sees which leads, the names of kinds and stages, and how a
 * lead's sender is read. The diary and the back office's dashboard build on the inbox through it; the rest of this
 * folder is private (eslint/import-boundaries.js).
 */
export { inboxKinds, kindLabels, leadScopeFor, leadStages, stageLabels, type LeadScope } from './lead-inbox-model.ts';
export { visitorSummary } from './lead-fields.ts';
