import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useIsHydrated } from '../../components/use-is-hydrated.ts';
import { hasSearchFragment, parseSearchUrl, toQueryParams } from './search-codec.ts';
import type { MapMarker } from './map-marker.ts';
import type { Search } from './search-model.ts';
import { describeSearch } from './search-options.ts';
import { setPolygon } from './search-rules.ts';
import { SearchMap } from './search-map.tsx';
import {
  getSearchHistorySnapshot,
  getServerSearchHistorySnapshot,
  recordSearch,
  subscribeSearchHistory,
} from './search-history-store.ts';
import { readSearchHistory } from './search-history.ts';

const MAP_HASH = '#/map';

function searchHref(search: Search, hash = ''): string {
  return `/search?${toQueryParams(search).toString()}${hash}`;
}

/**
 * The client half of /search: fragment links, the map view and history. `saveSearch` is the 'Save search' control,
 * given by the page (it belongs to saved items, which build on search).
 */
export function SearchPageTools({
  search,
  tileUrl,
  defaultStatus,
  saveSearch,
}: {
  search: Search;
  tileUrl: string;
  defaultStatus: string | null;
  saveSearch: ReactNode;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  // The server never sees the hash: render the list first and switch after hydration, so the markup matches.
  const isHydrated = useIsHydrated();
  const isMap = isHydrated && location.hash === MAP_HASH;
  const [markers, setMarkers] = useState<MapMarker[]>([]);
  const historyJson = useSyncExternalStore(
    subscribeSearchHistory,
    getSearchHistorySnapshot,
    getServerSearchHistorySnapshot,
  );
  const history = readSearchHistory(JSON.parse(historyJson));

  // Path-style fragments (spec point 9) arrive in links; the page keeps its state in the query so the server sees it.
  useEffect(() => {
    if (hasSearchFragment(location.hash)) {
      const parsed = parseSearchUrl(
        { search: location.search, hash: location.hash },
        { defaultStatus: defaultStatus as Search['status'] },
      );
      void navigate(searchHref(parsed), { replace: true });
    }
  }, [location.hash, location.search, navigate, defaultStatus]);

  const searchKey = JSON.stringify(search);
  useEffect(() => {
    recordSearch(JSON.parse(searchKey) as Search);
  }, [searchKey]);

  useEffect(() => {
    if (!isMap) return;
    const controller = new AbortController();
    fetch(`/search.ljson?${toQueryParams(JSON.parse(searchKey) as Search).toString()}&hashbang=map`, {
      signal: controller.signal,
    })
      .then((response) => (response.ok ? response.json() : { markers: [] }))
      .then((body: { markers?: MapMarker[] }) => setMarkers(body.markers ?? []))
      .catch(() => undefined);
    return () => controller.abort();
  }, [isMap, searchKey]);

  const previous = history
    .filter((entry) => JSON.stringify({ ...entry, page: 1 }) !== JSON.stringify({ ...search, page: 1 }))
    .slice(0, 5);

  return (
    <>
      <div className="search-tools">
        <Link className="button" to={isMap ? searchHref(search) : searchHref(search, MAP_HASH)} preventScrollReset>
          {isMap ? 'List view' : 'Map view'}
        </Link>
        {saveSearch}
      </div>
      {isMap ? (
        <SearchMap
          tileUrl={tileUrl}
          markers={markers}
          poly={search.poly}
          onPolygonChange={(poly) => void navigate(searchHref(setPolygon(search, poly), MAP_HASH))}
        />
      ) : null}
      {previous.length > 0 ? (
        <details className="search-history">
          <summary>Recent searches</summary>
          <ul>
            {previous.map((entry) => (
              <li key={JSON.stringify(entry)}>
                <a href={searchHref(entry)}>{describeSearch(entry)}</a>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}
