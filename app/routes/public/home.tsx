import { Outlet, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/home';
import { getLatestPropertyCards } from '../../features/properties/cards.server.ts';
import { SaveablePropertyCard } from '../../features/saved/saveable-property-card.tsx';
import { HOME_SECTIONS } from '../../features/content/home-sections.ts';
import { getFeaturedPropertyCards } from '../../features/content/featured-properties.server.ts';
import { getLatestArticles } from '../../features/content/article-queries.server.ts';
import { ArticleCardView } from '../../features/content/article-card-view.tsx';
import { listBranchSummaries } from '../../features/content/branch-queries.server.ts';
import { BranchCardView } from '../../features/content/branch-card-view.tsx';
import { openGraphMeta } from '../../features/content/open-graph.ts';
import { getDb } from '../../lib/db.server.ts';
import { PlaceAutocomplete } from '../../features/search/place-autocomplete.tsx';
import searchStylesHref from '../../features/search/search.css?url';

/** The search styles carry the place suggestions' list, shared with the search page. */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: searchStylesHref }];

export async function loader() {
  const db = getDb();
  const [featured, sales, lettings, articles, branches] = await Promise.all([
    getFeaturedPropertyCards(db, 3),
    getLatestPropertyCards(db, { channel: 'sales', limit: 6 }),
    getLatestPropertyCards(db, { channel: 'lettings', limit: 3 }),
    getLatestArticles(db, 3),
    listBranchSummaries(db),
  ]);
  return { featured, sales, lettings, articles, branches };
}

/** The modal routes behind the home page (valuation, contact, account) never change its data: skip reloading it. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false;
}

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData;
  const name = root?.chrome?.agencyName ?? 'Doorstep';
  const title = `${name} | Property for sale and to rent`;
  const description = `Search houses and flats for sale and to rent with ${name}. Book a viewing or a free valuation.`;
  const url = `${root?.origin ?? ''}/`;
  return [
    { title },
    ...openGraphMeta({ title, description, url }),
    { tagName: 'link', rel: 'canonical', href: url },
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name,
        url,
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${url}search?q={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      },
    },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, sales, lettings, articles, branches } = loaderData;
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container">
          <h1 id="hero-title">Find your next home</h1>
          <form className="hero-search" method="get" action="/search" role="search">
            <fieldset className="hero-search__channel">
              <legend className="visually-hidden">Buy or rent</legend>
              <label>
                <input type="radio" name="channel" value="sales" defaultChecked /> Buy
              </label>
              <label>
                <input type="radio" name="channel" value="lettings" /> Rent
              </label>
            </fieldset>
            <div className="hero-search__place">
              <PlaceAutocomplete
                id="hero-q"
                name="q"
                label="Town, area or postcode"
                placeholder="Town, area or postcode"
                defaultValue=""
                defaultPlaceId={null}
                isLabelHidden
              />
            </div>
            <button type="submit" className="button button--primary">
              Search
            </button>
          </form>
        </div>
      </section>

      <section className="container home-sections" aria-labelledby="sections-title">
        <h2 id="sections-title">How we can help</h2>
        <ul className="section-tiles">
          {HOME_SECTIONS.map((section) => (
            <li key={section.id} className="section-tile">
              <h3>
                <a href={section.href}>{section.title}</a>
              </h3>
              <p>{section.description}</p>
            </li>
          ))}
        </ul>
      </section>

      {featured.length > 0 ? (
        <section className="container home-block" aria-labelledby="featured-properties">
          <h2 id="featured-properties">Featured properties</h2>
          <div className="card-grid">
            {featured.map((card, index) => (
              <SaveablePropertyCard key={card.property_id} card={card} isPriority={index === 0} />
            ))}
          </div>
        </section>
      ) : null}

      <section className="container home-block" aria-labelledby="latest-sales">
        <h2 id="latest-sales">Latest properties for sale</h2>
        <div className="card-grid">
          {sales.map((card, index) => (
            <SaveablePropertyCard
              key={card.property_id}
              card={card}
              isPriority={featured.length === 0 && index === 0}
            />
          ))}
        </div>
        <p>
          <a className="button" href="/search?channel=sales">
            See all properties for sale
          </a>
        </p>
      </section>

      <section className="container home-block" aria-labelledby="latest-lettings">
        <h2 id="latest-lettings">Latest properties to rent</h2>
        <div className="card-grid">
          {lettings.map((card) => (
            <SaveablePropertyCard key={card.property_id} card={card} />
          ))}
        </div>
        <p>
          <a className="button" href="/search?channel=lettings">
            See all properties to rent
          </a>
        </p>
      </section>

      {articles.length > 0 ? (
        <section className="container home-block" aria-labelledby="latest-articles">
          <h2 id="latest-articles">Latest news and advice</h2>
          <ul className="article-grid">
            {articles.map((article) => (
              <li key={article.id}>
                <ArticleCardView article={article} headingLevel={3} />
              </li>
            ))}
          </ul>
          <p>
            <a className="button" href="/articles">
              More news and advice
            </a>
          </p>
        </section>
      ) : null}

      {branches.length > 0 ? (
        <section className="container home-block" aria-labelledby="our-branches">
          <h2 id="our-branches">Our branches</h2>
          <ul className="branch-grid branch-grid--compact">
            {branches.map((branch) => (
              <li key={branch.id}>
                <BranchCardView branch={branch} headingLevel={3} />
              </li>
            ))}
          </ul>
          <p>
            <a className="button" href="/branches">
              Find a branch
            </a>
          </p>
        </section>
      ) : null}
      <Outlet />
    </>
  );
}
