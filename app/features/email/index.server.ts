/**
 * The email feature's server-only public surface. Other features import only from its entries; the rest of this
 * folder is private (eslint/import-boundaries.js).
 */
export { enqueueEmail } from './outbox.server.ts';
export { getMailFrom } from './mail-from.server.ts';
export {
  checkMailTransport,
  countOutboxStates,
  isOutboxState,
  listOutboxEntries,
  requeueFailedEmails,
} from './outbox-admin.server.ts';
export { deleteStoredEmailFiles } from './stored-email-files.server.ts';
