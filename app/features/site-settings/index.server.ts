/** What other features may use of the site settings: the addresses the legal footer links to. */
export { legalFooterPaths } from './settings-forms.server.ts';
