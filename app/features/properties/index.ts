/**
 * What other features may use of properties (client-safe; server code is in index.server.ts). Everything
 * else in this folder is private to it; the lint rule in eslint.config.js holds other features to these entries.
 */
export { routeContact } from './contact-routing.ts';
export { PropertyCardView } from './property-card-view.tsx';
export { type PropertyCard, toPropertyCard } from './property-card.ts';
export { imageUrlWithSize } from './property-display.ts';
export { propertyPath } from './property-links.ts';
export { chooseContactOffer, type ContactOffer } from './property-page.ts';
