/**
 * The site feature's server-only public surface (client-safe code: index.ts). Other features import only from its
 * entries; the rest of this folder is private (eslint/import-boundaries.js).
 */
export { DEFAULT_THEME, getSiteChrome } from './site-chrome.server.ts';
// For server modules (alert emails) that must not load the client entry's components and stylesheets.
export { DEFAULT_THEME_COLOURS } from './theme.ts';
