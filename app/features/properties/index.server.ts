/**
 * The properties feature's server-only public surface (client-safe code: index.ts). Other features import only from
 * its entries; the rest of this folder is private (eslint/import-boundaries.js).
 */
export { propertyCardColumns } from './cards.server.ts';
export { getBranchContacts, getTagsToDepartmentLabels } from './property-page.server.ts';
export { getBranchNames } from './cards.server.ts';
// The pure helpers server code needs, so that server modules (and the tsx scripts that load them) never import the
// client entry, whose components import stylesheets.
export { routeContact } from './contact-routing.ts';
export { type PropertyCard, toPropertyCard } from './property-card.ts';
export { propertyPath } from './property-links.ts';
export { chooseContactOffer, type ContactOffer } from './property-page.ts';
