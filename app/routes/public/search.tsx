import { data } from 'react-router';
import type { Route } from './+types/search';
import searchStylesHref from '../../features/search/search.css?url';
import { Pagination } from '../../components/pagination.tsx';
import { lastResultsPage } from '../../features/search/last-results-page.ts';
import { listBranchOptions } from '../../features/content/branch-queries.server.ts';
import { SaveablePropertyCard } from '../../features/saved/saveable-property-card.tsx';
import { toQueryParams } from '../../features/search/search-codec.ts';
import { SearchFiltersForm } from '../../features/search/search-filters-form.tsx';
import { FilterSheet, SEARCH_RESULTS_ID } from '../../features/search/filter-sheet.tsx';
import { activeFilterCount } from '../../features/search/filter-count.ts';
import { channelHeading, resultCountText } from '../../features/search/search-options.ts';
import { resolvePlace, searchProperties } from '../../features/search/search-query.server.ts';
import { readSearchFromRequest } from '../../features/search/search-request.server.ts';
import { setPage } from '../../features/search/search-rules.ts';
import { getSiteChrome } from '../../features/site/site-chrome.server.ts';
import { openGraphMeta } from '../../features/content/open-graph.ts';
import { getDb } from '../../lib/db.server.ts';
import { getEnv } from '../../lib/env.server.ts';
import { SearchPageTools } from '../../features/search/search-page-tools.tsx';
import { saveSearchFromRequest } from '../../features/saved/saved-api.server.ts';
import { SaveSearchButton } from '../../features/saved/save-search-button.tsx';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: searchStylesHref }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = getDb();
  const url = new URL(request.url);
  const theme = (await getSiteChrome(db)).theme;
  const search = readSearchFromRequest(url, theme.preferences.defaultSearchStatus);
  const place = await resolvePlace(db, search.placeId);
  const [results, branches] = await Promise.all([searchProperties(db, search, { place }), listBranchOptions(db)]);
  return {
    search,
    results,
    branches,
    tileUrl: getEnv().MAP_TILE_URL,
    defaultStatus: theme.preferences.defaultSearchStatus,
    canonical: `${context.origin}/search?${toQueryParams(search).toString()}`,
  };
}

/** POST /search?{filters}: save the search for the signed-in user (spec point 7). */
export async function action({ request, context }: Route.ActionArgs) {
  const theme = (await getSiteChrome(getDb())).theme;
  const saved = await saveSearchFromRequest(request, context, theme.preferences.defaultSearchStatus);
  // A plain form post (no JavaScript) is answered with a redirect back to the results.
  if (saved instanceof Response) return saved;
  return data(saved.body, { status: saved.status, headers: { 'Cache-Control': 'no-store' } });
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { search } = loaderData;
  const where = search.q ? ` in ${search.q}` : '';
  const title = `${channelHeading(search.channel)}${where}${search.page > 1 ? ` (page ${search.page})` : ''}`;
  return [
    { title },
    ...openGraphMeta({ title, url: loaderData.canonical }),
    // Faceted result pages are for visitors; the landing pages are the indexable versions.
    { name: 'robots', content: 'noindex, follow' },
    { tagName: 'link', rel: 'canonical', href: loaderData.canonical },
  ];
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { search, results, branches, tileUrl, defaultStatus } = loaderData;
  const hrefFor = (page: number) => `/search?${toQueryParams(setPage(search, page)).toString()}`;
  return (
    <div className="container search-page">
      <h1>
        {channelHeading(search.channel)}
        {search.q ? ` in ${search.q}` : ''}
      </h1>
      <FilterSheet activeFilters={activeFilterCount(search)}>
        <SearchFiltersForm
          key={JSON.stringify(search)}
          search={search}
          branches={branches}
          resultCount={results.total}
        />
      </FilterSheet>
      <SearchPageTools
        search={search}
        tileUrl={tileUrl}
        defaultStatus={defaultStatus}
        saveSearch={<SaveSearchButton search={search} />}
      />
      <p className="search-page__count" role="status">
        {resultCountText(results.total.count, results.total.isCapped, search.channel)}
      </p>
      {search.tags.includes('new-home') ? (
        <p className="search-page__new-homes">
          <a href="/forms/new-homes-enquiry">Register your interest in a new home</a>
        </p>
      ) : null}
      <h2 className="visually-hidden" id={SEARCH_RESULTS_ID} tabIndex={-1}>
        Results
      </h2>
      {results.properties.length === 0 ? (
        <div className="search-page__empty">
          <h3>No properties match your search</h3>
          <p>Try widening the area, removing a filter or changing the price range.</p>
        </div>
      ) : (
        <div className="card-grid">
          {results.properties.map((card, index) => (
            <SaveablePropertyCard key={card.property_id} card={card} isPriority={index === 0} />
          ))}
        </div>
      )}
      <Pagination
        page={results.pagination.page}
        hasPrev={results.pagination.has_prev_page}
        hasNext={results.pagination.has_next_page}
        hrefFor={hrefFor}
        lastPage={lastResultsPage(results)}
        label="Search results pages"
      />
    </div>
  );
}
