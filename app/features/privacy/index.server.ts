/**
 * The privacy feature's server-only public surface: the daily retention job, started by the job runner. Its pages
 * are used by their routes only (app/routes/admin/privacy*.ts[x]).
 */
export { runRetentionJobIfDue } from './retention.server.ts';
