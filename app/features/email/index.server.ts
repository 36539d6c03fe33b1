/**
 * The server-side surface of the email outbox for other features: everything else in this folder is private
 * to it (the lint rule in eslint.config.js holds other features to this file and index.ts).
 */
export { enqueueEmail } from './outbox.server.ts';
