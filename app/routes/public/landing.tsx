import { data } from 'react-router';
import type { Route } from './+types/landing';
import { Pagination } from '../../components/pagination.tsx';
import { lastResultsPage } from '../../features/search/last-results-page.ts';
import { SaveablePropertyCard } from '../../features/saved/saveable-property-card.tsx';
import {
  landingPath,
  parseLandingPage,
  parseLandingScope,
  LANDING_ROOTS,
} from '../../features/search/landing-scope.ts';
import { onTheMarket, resolveLanding } from '../../features/search/landing-queries.server.ts';
import { toQueryParams } from '../../features/search/search-codec.ts';
import { createSearch, type Channel } from '../../features/search/search-model.ts';
import { channelHeading, resultCountText } from '../../features/search/search-options.ts';
import { searchProperties } from '../../features/search/search-query.server.ts';
import { openGraphMeta } from '../../features/content/open-graph.ts';
import { getDb } from '../../lib/db.server.ts';

function channelOf(request: Request, pathname: string): Channel {
  if (pathname.startsWith(`/${LANDING_ROOTS.lettings}`)) return 'lettings';
  if (pathname.startsWith('/branches/'))
    return new URL(request.url).searchParams.get('channel') === 'lettings' ? 'lettings' : 'sales';
  return 'sales';
}

/** properties#index, countries#show, counties#show, locations#show, postcodes#show and branches#properties. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const scope = parseLandingScope(params);
  const page = parseLandingPage(url.searchParams.get('page'));
  if (!scope || page === null) throw data('Not found', { status: 404 });
  const channel = channelOf(request, url.pathname);
  const db = getDb();
  const landing = await resolveLanding(db, channel, scope);
  if (!landing) throw data('Not found', { status: 404 });
  const search = createSearch({ channel, status: 'all', page });
  const results = await searchProperties(db, search, { place: null, scope: [onTheMarket(), ...landing.conditions] });
  // An empty place (or a page past the end) is not a page: 404 keeps it out of indexes (quality bars 4.2).
  if (results.properties.length === 0) throw data('Not found', { status: 404 });
  const heading = `${channelHeading(channel)}${landing.placeName ? ` in ${landing.placeName}` : ''}`;
  const searchLink = `/search?${toQueryParams(createSearch({ channel, branch_id: landing.branchId })).toString()}`;
  return {
    channel,
    heading,
    page,
    results,
    breadcrumbs: landing.breadcrumbs,
    canonical: `${context.origin}${landingPath(channel, scope, page)}`,
    pagePaths: { prev: landingPath(channel, scope, page - 1), next: landingPath(channel, scope, page + 1) },
    scope,
    searchLink,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const title = `${loaderData.heading}${loaderData.page > 1 ? ` – page ${loaderData.page}` : ''}`;
  return [
    { title },
    ...openGraphMeta({ title, url: loaderData.canonical }),
    {
      name: 'description',
      content: `${resultCountText(loaderData.results.total.count, loaderData.results.total.isCapped, loaderData.channel)}. ${loaderData.heading} with our local experts.`,
    },
    { tagName: 'link', rel: 'canonical', href: loaderData.canonical },
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: loaderData.breadcrumbs.map((crumb, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          name: crumb.name,
          item: new URL(crumb.href, loaderData.canonical).toString(),
        })),
      },
    },
  ];
}

export default function LandingPage({ loaderData }: Route.ComponentProps) {
  const { heading, results, breadcrumbs, page, channel, scope, searchLink } = loaderData;
  return (
    <div className="container search-page">
      <nav aria-label="Breadcrumb" className="breadcrumbs">
        <ol>
          {breadcrumbs.map((crumb, index) =>
            index === breadcrumbs.length - 1 ? (
              <li key={crumb.href} aria-current="page">
                {crumb.name}
              </li>
            ) : (
              <li key={crumb.href}>
                <a href={crumb.href}>{crumb.name}</a>
              </li>
            ),
          )}
        </ol>
      </nav>
      <h1>{heading}</h1>
      <p className="search-page__count">
        {resultCountText(results.total.count, results.total.isCapped, channel)}.{' '}
        <a href={searchLink}>Refine this search</a>
      </p>
      <h2 className="visually-hidden">Properties</h2>
      <div className="card-grid">
        {results.properties.map((card, index) => (
          <SaveablePropertyCard key={card.property_id} card={card} isPriority={index === 0} />
        ))}
      </div>
      <Pagination
        page={page}
        hasPrev={results.pagination.has_prev_page}
        hasNext={results.pagination.has_next_page}
        hrefFor={(target) => landingPath(channel, scope, target)}
        lastPage={lastResultsPage(results)}
        label="Result pages"
      />
    </div>
  );
}
