/**
 * The server-side surface of properties for other features: everything else in this folder is private
 * to it (the lint rule in eslint.config.js holds other features to this file and index.ts).
 */
export { propertyCardColumns } from './cards.server.ts';
export { getBranchContacts, getTagsToDepartmentLabels } from './property-page.server.ts';
