/**
 * The server-side surface of property search for other features: everything else in this folder is private
 * to it (the lint rule in eslint.config.js holds other features to this file and index.ts).
 */
export { listLandingPages } from './landing-queries.server.ts';
export { searchConditions } from './search-query.server.ts';
