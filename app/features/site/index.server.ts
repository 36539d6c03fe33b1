/**
 * The server-side surface of the site frame (settings, header, footer, theme, root data) for other features: everything else in this folder is private
 * to it (the lint rule in eslint.config.js holds other features to this file and index.ts).
 */
export { getSiteChrome } from './site-chrome.server.ts';
