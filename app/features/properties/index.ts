/**
 * The properties feature's client-safe public surface (server-only code and the pure helpers server code needs:
 * index.server.ts). Other features import only from its entries; the rest of this folder is private
 * (eslint/import-boundaries.js).
 */
export { PropertyCardView } from './property-card-view.tsx';
export { type PropertyCard } from './property-card.ts';
export { imageUrlWithSize } from './property-display.ts';
export { branchPhoneLines } from './branch-phones.ts';
/** The tour and video providers the property page can show, for the media manager's link check. */
export { isSkippedTourLink, toEmbedUrl } from './video-links.ts';
