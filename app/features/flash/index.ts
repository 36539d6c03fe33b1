/**
 * The flash feature's client-safe public surface. Other features import only from its entries; the rest of this
 * folder is private (eslint/import-boundaries.js).
 */
export { DEFAULT_FLASH_MESSAGES } from './flash-messages.ts';
export { FlashToasts } from './flash-toasts.tsx';
