/**
 * The leads inbox's client-safe public surface: who sees which leads and the names of kinds and stages, for the
 * back office's dashboard. The rest of this folder is private (eslint/import-boundaries.js).
 */
export { inboxKinds, kindLabels, leadScopeFor, leadStages, stageLabels, type LeadScope } from './lead-inbox-model.ts';
