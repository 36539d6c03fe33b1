/**
 * What other features may use of the site frame (settings, header, footer, theme, root data) (client-safe; server code is in index.server.ts). Everything
 * else in this folder is private to it; the lint rule in eslint.config.js holds other features to these entries.
 */
export { type RootData, useCsrfToken, useCurrentUserId, useRootData } from './root-data.ts';
export { SiteFooter } from './site-footer.tsx';
export { SiteHeader } from './site-header.tsx';
export { DEFAULT_THEME_COLOURS, readThemeColour, themeColours, themeStyle } from './theme.ts';
