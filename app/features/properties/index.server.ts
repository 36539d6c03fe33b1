/**
 * The properties feature's server-only public surface (client-safe code: index.ts). Other features import only from
 * its entries; the rest of this folder is private (eslint/import-boundaries.js).
 */
export { propertyCardColumns } from './cards.server.ts';
export { getBranchContacts, getTagsToDepartmentLabels } from './property-page.server.ts';
export { getBranchNames } from './cards.server.ts';
