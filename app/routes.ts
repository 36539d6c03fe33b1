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
  route('*', 'routes/public/not-found.tsx'),
] satisfies RouteConfig;
