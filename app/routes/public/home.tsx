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
import { getHomeLayout } from '../../features/navigation-editor/home-layout.server.ts';
import type { HomeSection, HomeSectionKind } from '../../features/navigation-editor/home-layout.ts';
import { PlaceAutocomplete } from '../../features/search/place-autocomplete.tsx';
import searchStylesHref from '../../features/search/search.css?url';

/** The search styles carry the place suggestions' list, shared with the search page. */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: searchStylesHref }];

export async function loader() {
  const db = getDb();
  const { sections } = await getHomeLayout(db);
  // Only what the shown sections need is read, as many cards as each is set to show.
  const shown = (kind: HomeSectionKind) => sections.find((section) => section.kind === kind && section.isVisible);
  const countOf = (kind: HomeSectionKind) => {
    const section = shown(kind);
    return section && 'count' in section ? section.count : 0;
  };
  const [featured, sales, lettings, articles, branches] = await Promise.all([
    countOf('featured') > 0 ? getFeaturedPropertyCards(db, countOf('featured')) : [],
    countOf('latest-sales') > 0 ? getLatestPropertyCards(db, { channel: 'sales', limit: countOf('latest-sales') }) : [],
    countOf('latest-lettings') > 0
      ? getLatestPropertyCards(db, { channel: 'lettings', limit: countOf('latest-lettings') })
      : [],
    countOf('articles') > 0 ? getLatestArticles(db, countOf('articles')) : [],
    shown('branches') ? listBranchSummaries(db) : [],
  ]);
  return { sections: sections.filter((section) => section.isVisible), featured, sales, lettings, articles, branches };
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

type HomeData = Route.ComponentProps['loaderData'];

function HeroSearch() {
  return (
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
  );
}

/**
 * One section of the home page as the back office set it up. The search box sits in the hero's band when it comes
 * straight after the hero (the usual layout), otherwise in a band of its own.
 */
function HomeSectionView({
  section,
  data,
  hasSearchInHero,
}: {
  section: HomeSection;
  data: HomeData;
  hasSearchInHero: boolean;
}) {
  const { featured, sales, lettings, articles, branches } = data;
  switch (section.kind) {
    case 'hero':
      return (
        <section className="hero" aria-labelledby="hero-title">
          <div className="container">
            <h1 id="hero-title">{section.heading}</h1>
            {section.text ? <p className="hero__text">{section.text}</p> : null}
            {hasSearchInHero ? <HeroSearch /> : null}
          </div>
        </section>
      );
    case 'search':
      if (hasSearchInHero) return null;
      return (
        <section className="hero hero--search" aria-label="Property search">
          <div className="container">
            <HeroSearch />
          </div>
        </section>
      );
    case 'services':
      return (
        <section className="container home-sections" aria-labelledby="sections-title">
          <h2 id="sections-title">{section.heading}</h2>
          <ul className="section-tiles">
            {HOME_SECTIONS.map((tile) => (
              <li key={tile.id} className="section-tile">
                <h3>
                  <a href={tile.href}>{tile.title}</a>
                </h3>
                <p>{tile.description}</p>
              </li>
            ))}
          </ul>
        </section>
      );
    case 'featured':
      if (featured.length === 0) return null;
      return (
        <section className="container home-block" aria-labelledby="featured-properties">
          <h2 id="featured-properties">{section.heading}</h2>
          <div className="card-grid">
            {featured.map((card, index) => (
              <SaveablePropertyCard key={card.property_id} card={card} isPriority={index === 0} />
            ))}
          </div>
        </section>
      );
    case 'latest-sales':
      return (
        <section className="container home-block" aria-labelledby="latest-sales">
          <h2 id="latest-sales">{section.heading}</h2>
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
      );
    case 'latest-lettings':
      return (
        <section className="container home-block" aria-labelledby="latest-lettings">
          <h2 id="latest-lettings">{section.heading}</h2>
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
      );
    case 'articles':
      if (articles.length === 0) return null;
      return (
        <section className="container home-block" aria-labelledby="latest-articles">
          <h2 id="latest-articles">{section.heading}</h2>
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
      );
    case 'valuation':
      return (
        <section className="container home-block home-valuation" aria-labelledby="home-valuation">
          <h2 id="home-valuation">{section.heading}</h2>
          {section.text ? <p>{section.text}</p> : null}
          <p>
            <a className="button button--primary" href="/book-a-valuation">
              {section.buttonLabel}
            </a>
          </p>
        </section>
      );
    case 'branches':
      if (branches.length === 0) return null;
      return (
        <section className="container home-block" aria-labelledby="our-branches">
          <h2 id="our-branches">{section.heading}</h2>
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
      );
  }
}

export default function Home({ loaderData, matches }: Route.ComponentProps) {
  const { sections } = loaderData;
  const heroAt = sections.findIndex((section) => section.kind === 'hero');
  const hasSearchInHero = heroAt >= 0 && sections[heroAt + 1]?.kind === 'search';
  const agencyName = matches[0]?.loaderData?.chrome?.agencyName ?? 'Doorstep';
  return (
    <>
      {/* A page keeps one main heading even when the hero is hidden. */}
      {heroAt < 0 ? <h1 className="visually-hidden">{agencyName}</h1> : null}
      {sections.map((section) => (
        <HomeSectionView key={section.kind} section={section} data={loaderData} hasSearchInHero={hasSearchInHero} />
      ))}
      <Outlet />
    </>
  );
}
