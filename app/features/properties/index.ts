/**
 * The properties feature's client-safe public surface (server-only code: index.server.ts). Other features import
 * only from its entries; the rest of this folder is private (eslint/import-boundaries.js).
 */
export { routeContact } from './contact-routing.ts';
export { PropertyCardView } from './property-card-view.tsx';
export { type PropertyCard, toPropertyCard } from './property-card.ts';
export { imageUrlWithSize } from './property-display.ts';
export { propertyPath } from './property-links.ts';
export { chooseContactOffer, type ContactOffer } from './property-page.ts';
