/**
 * The site feature's client-safe public surface (server-only code: index.server.ts). Other features import only
 * from its entries; the rest of this folder is private (eslint/import-boundaries.js).
 */
export { type RootData, useCsrfToken, useRootData } from './root-data.ts';
export { useVisitor } from './visitor.ts';
export { SiteFooter } from './site-footer.tsx';
export { SiteHeader } from './site-header.tsx';
export {
  DEFAULT_THEME_COLOURS,
  readThemeColour,
  rootStyleSheet,
  themeColours,
  themeStyle,
  type ThemeColourName,
} from './theme.ts';
export { logoSizeVariables } from './menus.ts';
export { LegalFooter } from './legal-footer.tsx';
