import type { Route } from './+types/search-ljson';
import { readSearchFromRequest } from '../../features/search/search-request.server.ts';
import { searchMapMarkers, searchProperties, resolvePlace } from '../../features/search/search-query.server.ts';
import { getSiteChrome } from '../../features/site/site-chrome.server.ts';
import { getDb } from '../../lib/db.server.ts';

/** GET /search.ljson?{filters}: properties (card fields) and pagination; with hashbang=map also the map markers. */
export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  const url = new URL(request.url);
  const theme = (await getSiteChrome(db)).theme;
  const search = readSearchFromRequest(url, theme.preferences.defaultSearchStatus);
  const place = await resolvePlace(db, search.placeId);
  const wantsMap = url.searchParams.get('hashbang') === 'map';
  const [results, markers] = await Promise.all([
    searchProperties(db, search, { place }),
    wantsMap ? searchMapMarkers(db, search, { place }) : Promise.resolve(undefined),
  ]);
  return Response.json(
    {
      properties: results.properties,
      pagination: results.pagination,
      total: results.total,
      ...(markers ? { markers } : {}),
    },
    { headers: { 'Cache-Control': 'private, max-age=30' } },
  );
}
