/**
 * What other features may use of image sizes (client-safe; server code is in index.server.ts). Everything
 * else in this folder is private to it; the lint rule in eslint.config.js holds other features to these entries.
 */
export { CARD_IMAGE, IMAGE_WIDTHS, parseSizeSegment } from './image-sizes.ts';
