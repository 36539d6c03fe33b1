import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link, useLocation, useNavigate, useRouteLoaderData } from 'react-router';
import { showToast } from '../../components/toast.tsx';
import { hasSearchFragment, parseSearchUrl, toQueryParams } from './search-codec.ts';
import type { MapMarker } from './map-marker.ts';
import type { Search } from './search-model.ts';
import { describeSearch } from './search-options.ts';
import { setPolygon } from './search-rules.ts';
import { SearchMap } from './search-map.tsx';
import {
  getSearchHistorySnapshot,
  getServerSearchHistorySnapshot,
  SAVED_SEARCHES_LIMIT_MESSAGE,
  listenForSavedSearchAuth,
  recordSearch,
  saveSearchFromResultsPage,
  setSavedSearchesUser,
  subscribeSearchHistory,
} from './search-storage.ts';
import { readSearchHistory } from './search-history.ts';

const MAP_HASH = '#/map';

const subscribeNothing = () => () => undefined;

function searchHref(search: Search, hash = ''): string {
  return `/search?${toQueryParams(search).toString()}${hash}`;
}

/** The client half of /search: fragment links, the map view, history and saving the search locally. */
export function SearchPageTools({
  search,
  tileUrl,
  defaultStatus,
}: {
  search: Search;
  tileUrl: string;
  defaultStatus: string | null;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  // The server never sees the hash: render the list first and switch after hydration, so the markup matches.
  const isHydrated = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  const isMap = isHydrated && location.hash === MAP_HASH;
  const [markers, setMarkers] = useState<MapMarker[]>([]);
  const historyJson = useSyncExternalStore(
    subscribeSearchHistory,
    getSearchHistorySnapshot,
    getServerSearchHistorySnapshot,
  );
  const history = readSearchHistory(JSON.parse(historyJson));
  const [saveMessage, setSaveMessage] = useState('');

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

  // Visitors save locally; signed-in users on the server (issue 6).
  const root = useRouteLoaderData('root') as { currentUser?: { userId: number | null } } | undefined;
  const userId = root?.currentUser?.userId ?? null;
  useEffect(() => {
    listenForSavedSearchAuth();
    void setSavedSearchesUser(userId);
  }, [userId]);

  async function save() {
    const message = await saveSearchFromResultsPage(search, userId);
    setSaveMessage(message);
    if (message === SAVED_SEARCHES_LIMIT_MESSAGE) showToast(message, { kind: 'error' });
  }

  const previous = history
    .filter((entry) => JSON.stringify({ ...entry, page: 1 }) !== JSON.stringify({ ...search, page: 1 }))
    .slice(0, 5);

  return (
    <>
      <div className="search-tools">
        <Link className="button" to={isMap ? searchHref(search) : searchHref(search, MAP_HASH)} preventScrollReset>
          {isMap ? 'List view' : 'Map view'}
        </Link>
        <button type="button" className="button" onClick={() => void save()}>
          Save search
        </button>
        <span role="status" className="search-tools__message">
          {saveMessage}
        </span>
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
