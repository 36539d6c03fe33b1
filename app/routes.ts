import { type RouteConfig, index, route } from '@react-router/dev/routes';

/** Every URL of the site in one place (house style rule 2). */
export default [
  // Home is also the page behind the site-wide modal routes (valuation, contact, account sidebar...), its children,
  // so closing a modal opened from anywhere lands on a real page.
  route('', 'routes/public/home.tsx', { id: 'home' }, [
    // HOME-MODALS (keep this marker: feature routes are added below it)
    route('valuation', 'routes/modals/instant-valuation.tsx', { id: 'instant-valuation' }),
    route('book-a-valuation', 'routes/modals/book-a-valuation.tsx', { id: 'home-book-a-valuation' }),
    route('book-a-viewing', 'routes/modals/book-a-viewing.tsx', { id: 'home-book-a-viewing' }),
    route('contact-staff-member/:id', 'routes/modals/contact-staff-member.tsx', { id: 'home-contact-staff-member' }),
    route('contact-office', 'routes/modals/contact-office.tsx', { id: 'home-contact-office' }),
    // Account sidebar: open whenever the path starts with /user (spec point 2).
    route('user', 'routes/account/user-layout.tsx', { id: 'account' }, [
      index('routes/account/profile.tsx'),
      route('sign-in', 'routes/account/sign-in.tsx'),
      route('register', 'routes/account/register.tsx'),
      route('edit', 'routes/account/edit.tsx'),
      route('marketing-preferences', 'routes/account/marketing-preferences.tsx'),
      route('saved-properties', 'routes/account/saved-properties.tsx'),
      route('saved-searches', 'routes/account/saved-searches.tsx'),
      route('forgotten_password', 'routes/account/forgotten-password.tsx'),
      route('verify-email', 'routes/account/verify-email.tsx'),
    ]),
  ]),
  route('terms-of-use', 'routes/public/static-page.tsx', { id: 'terms-of-use' }),
  route('privacy-policy', 'routes/public/static-page.tsx', { id: 'privacy-policy' }),
  route('mortgages', 'routes/public/static-page.tsx', { id: 'mortgages' }),
  route('tenant-information', 'routes/public/static-page.tsx', { id: 'tenant-information' }),
  route('landlords', 'routes/public/static-page.tsx', { id: 'landlords' }),
  route('careers', 'routes/public/static-page.tsx', { id: 'careers' }),
  // Pages the legal footer links to (Consumer Rights Act fees lists, complaints, client money protection).
  ...['complaints-procedure', 'landlord-fees', 'tenant-fees', 'cookie-policy', 'client-money-protection'].map((slug) =>
    route(slug, 'routes/public/static-page.tsx', { id: slug }),
  ),
  route('search', 'routes/public/search.tsx'),
  route('search.ljson', 'routes/api/search-ljson.ts'),
  route('places.ljson', 'routes/api/places-ljson.ts'),
  route('outbox', 'routes/public/outbox.tsx'),
  // SEO landing pages: searches scoped to a place or branch (app/features/search/landing.ts has the scheme).
  ...(['property-for-sale', 'property-to-rent'] as const).flatMap((root) => [
    route(root, 'routes/public/landing.tsx', { id: `${root}-index` }),
    route(`${root}/postcode/:district`, 'routes/public/landing.tsx', { id: `${root}-postcode` }),
    route(`${root}/:country`, 'routes/public/landing.tsx', { id: `${root}-country` }),
    route(`${root}/:country/:county`, 'routes/public/landing.tsx', { id: `${root}-county` }),
    route(`${root}/:country/:county/:town`, 'routes/public/landing.tsx', { id: `${root}-town` }),
  ]),
  route('branches/:branch/properties', 'routes/public/landing.tsx', { id: 'branch-properties' }),
  // properties#show and its modal routes (spec point 2), each deep-linkable and server-rendered.
  route('properties/:slug', 'routes/public/property.tsx', [
    route('property-images', 'routes/modals/property-gallery.tsx', { id: 'property-images' }),
    route('floorplan', 'routes/modals/property-gallery.tsx', { id: 'property-floorplan' }),
    route('epc-chart', 'routes/modals/property-gallery.tsx', { id: 'property-epc-chart' }),
    route('agricultural-sales-event/:id', 'routes/modals/property-gallery.tsx', {
      id: 'property-agricultural-sales-event',
    }),
    route('antiques-sales-event/:id', 'routes/modals/property-gallery.tsx', { id: 'property-antiques-sales-event' }),
    route('property-auction-sales-event/:id', 'routes/modals/property-gallery.tsx', {
      id: 'property-auction-sales-event',
    }),
    route('history-images/:id', 'routes/modals/property-gallery.tsx', { id: 'property-history-images' }),
    route('gallery-card-slider-expand/:id/:contentBlockId', 'routes/modals/property-gallery.tsx', {
      id: 'property-gallery-card-slider-expand',
    }),
    route('video/:id', 'routes/modals/property-video.tsx'),
    route('calculator', 'routes/modals/property-calculator.tsx'),
    route('tenant-info', 'routes/modals/property-tenant-info.tsx'),
    route('new-homes-enquiry', 'routes/modals/new-homes-enquiry.tsx'),
    route('book-a-valuation', 'routes/modals/book-a-valuation.tsx', { id: 'property-book-a-valuation' }),
    route('book-a-viewing', 'routes/modals/book-a-viewing.tsx', { id: 'property-book-a-viewing' }),
    route('contact-staff-member/:id', 'routes/modals/contact-staff-member.tsx', {
      id: 'property-contact-staff-member',
    }),
    route('contact-office', 'routes/modals/contact-office.tsx', { id: 'property-contact-office' }),
    route('send-to-friend', 'routes/modals/send-to-friend.tsx'),
  ]),
  route('property_views', 'routes/api/property-views.ts'),
  route('exposures/create_many', 'routes/api/exposures.ts'),
  // Content: articles, branches, consent and analytics, files for search engines and sharing.
  route('articles', 'routes/public/articles.tsx'),
  route('articles/:slug', 'routes/public/article.tsx'),
  route('branches', 'routes/public/branches.tsx'),
  route('branches/:slug', 'routes/public/branch.tsx'),
  route('analytics_code', 'routes/api/analytics-code.ts'),
  route('ajax-events/logs', 'routes/api/consent-logs.ts'),
  route('sitemap.xml', 'routes/seo/sitemap-index.ts'),
  route('sitemaps/:file', 'routes/seo/sitemap.ts'),
  route('robots.txt', 'routes/seo/robots.ts'),
  route('articles.rss', 'routes/seo/articles-rss.ts'),
  route('manifest.webmanifest', 'routes/seo/manifest.ts'),
  route('altcha/challenge', 'routes/api/altcha-challenge.ts'),
  route('csrf-token', 'routes/api/csrf-token.ts'),
  // Saved properties and searches: JSON calls of spec point 7, and the one-click alert unsubscribe.
  route('saved_properties.ljson', 'routes/api/saved-properties.ts'),
  route('saved_properties/:id', 'routes/api/saved-property.ts'),
  route('saved_searches.ljson', 'routes/api/saved-searches.ts', { id: 'saved-searches-ljson' }),
  route('saved_searches', 'routes/api/saved-searches.ts', { id: 'saved-searches-update' }),
  route('searches/:searchId', 'routes/api/search-delete.ts'),
  route('unsubscribe/:token', 'routes/public/unsubscribe.tsx'),
  route('forms/new-homes-enquiry', 'routes/public/new-homes-enquiry-page.tsx'),
  route('forms/:slug', 'routes/public/form-page.tsx'),
  route('form_submissions', 'routes/api/form-submissions.ts'),
  // Accounts: user, session, password reset and marketing-preference calls of spec point 7.
  route('user.ljson', 'routes/api/user-ljson.ts'),
  route('session', 'routes/api/session.ts'),
  route('reset_passwords', 'routes/api/reset-passwords.ts'),
  route('marketing_preferences/:id', 'routes/api/marketing-preferences.ts'),
  route('custom_marketing_preferences/:userId', 'routes/api/custom-marketing-preferences.ts'),
  // Valuation: nearest branch, address lookup, the legacy calendar script.
  route('postcode_branch_lookup', 'routes/api/postcode-branch-lookup.ts'),
  route('address_lookup', 'routes/api/address-lookup.ts'),
  route('legacy_asset_bundles/legacy_calendar.js', 'routes/api/legacy-calendar.ts'),
  // Leads: book a viewing, staff/department/valuation leads, send to a friend.
  route('properties/:propertyId/:channel/leads', 'routes/api/property-leads.ts'),
  route('leads', 'routes/api/leads.ts'),
  route('user/send_to_friend', 'routes/api/send-to-friend.ts'),
  // The staff back office (docs/decisions/019): its own layout and sign-in; every loader and action checks access.
  route('admin', 'routes/admin/admin-layout.tsx', [
    index('routes/admin/home.tsx'),
    route('sign-in', 'routes/admin/sign-in.tsx'),
    route('sign-out', 'routes/admin/sign-out.tsx'),
    route('setup/:token', 'routes/admin/setup.tsx'),
    route('forgot-password', 'routes/admin/forgot-password.tsx'),
    route('reset/:token', 'routes/admin/reset.tsx'),
    route('account', 'routes/admin/account.tsx'),
    route('staff', 'routes/admin/staff.tsx'),
    route('leads', 'routes/admin/leads.tsx'),
    route('leads/export.csv', 'routes/admin/leads-export.ts'),
    route('leads/:id', 'routes/admin/lead.tsx'),
    route('leads/:id/files/:uploadId', 'routes/admin/lead-file.ts'),
    route('privacy', 'routes/admin/privacy.tsx'),
    route('privacy/export', 'routes/admin/privacy-export.ts'),
    route('audit', 'routes/admin/audit.tsx'),
  ]),
  route('*', 'routes/public/not-found.tsx'),
] satisfies RouteConfig;
