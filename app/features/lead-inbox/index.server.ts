/**
 * The leads inbox's server-only public surface: moving a lead along the workflow, so the diary keeps a booked
 * appointment's lead at "Booked".
 */
export { setLeadStage } from './lead-inbox.server.ts';
