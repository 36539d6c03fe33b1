import { type RouteConfig, route } from '@react-router/dev/routes';

/** Every URL of the site in one place (house style rule 2). */
export default [
  // Home is also the page behind the site-wide modal routes (valuation, contact, account sidebar...), added as
  // its children by issues 5 and 6.
  route('', 'routes/public/home.tsx', { id: 'home' }, [
    // HOME-MODALS (keep this marker: feature routes are added below it)
  ]),
  route('terms-of-use', 'routes/public/static-page.tsx', { id: 'terms-of-use' }),
  route('privacy-policy', 'routes/public/static-page.tsx', { id: 'privacy-policy' }),
  route('mortgages', 'routes/public/static-page.tsx', { id: 'mortgages' }),
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
  ]),
  route('property_views', 'routes/api/property-views.ts'),
  route('exposures/create_many', 'routes/api/exposures.ts'),
  // Content (issue 7): articles, branches, consent and analytics, files for search engines and sharing.
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
  route('*', 'routes/public/not-found.tsx'),
] satisfies RouteConfig;
