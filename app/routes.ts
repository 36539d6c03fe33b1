import { type RouteConfig, index, route } from '@react-router/dev/routes';

/** Every URL of the site in one place (house style rule 2). */
export default [
  index('routes/public/home.tsx'),
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
  route('*', 'routes/public/not-found.tsx'),
] satisfies RouteConfig;
