/**
 * What other features may use of flash-key toasts (client-safe; server code is in index.server.ts). Everything
 * else in this folder is private to it; the lint rule in eslint.config.js holds other features to these entries.
 */
export { DEFAULT_FLASH_MESSAGES } from './flash-messages.ts';
export { FlashToasts } from './flash-toasts.tsx';
