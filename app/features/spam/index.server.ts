/**
 * The server-side surface of spam protection for other features: everything else in this folder is private
 * to it (the lint rule in eslint.config.js holds other features to this file and index.ts).
 */
export { getBotCheckConfig, verifyBotCheck } from './spam-protection.server.ts';
