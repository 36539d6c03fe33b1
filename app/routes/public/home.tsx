import type { Route } from './+types/home';
import { getLatestPropertyCards } from '../../features/properties/cards.server.ts';
import { PropertyCardView } from '../../features/properties/property-card-view.tsx';
import { HOME_SECTIONS } from '../../features/content/home-sections.ts';
import { getDb } from '../../lib/db.server.ts';

export async function loader() {
  const db = getDb();
  const [sales, lettings] = await Promise.all([
    getLatestPropertyCards(db, { channel: 'sales', limit: 6 }),
    getLatestPropertyCards(db, { channel: 'lettings', limit: 3 }),
  ]);
  return { sales, lettings };
}

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData as { chrome?: { agencyName: string }; origin?: string } | undefined;
  const name = root?.chrome?.agencyName ?? 'Doorstep';
  return [
    { title: `${name} | Property for sale and to rent` },
    { name: 'description', content: `Search houses and flats for sale and to rent with ${name}. Book a viewing or a free valuation.` },
    { tagName: 'link', rel: 'canonical', href: `${root?.origin ?? ''}/` },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { sales, lettings } = loaderData;
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
            <label className="hero-search__place">
              <span className="visually-hidden">Town, area or postcode</span>
              <input type="search" name="q" placeholder="Town, area or postcode" autoComplete="off" />
            </label>
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

      <section className="container" aria-labelledby="latest-sales">
        <h2 id="latest-sales">Latest properties for sale</h2>
        <div className="card-grid">
          {sales.map((card, index) => (
            <PropertyCardView key={card.property_id} card={card} isPriority={index === 0} />
          ))}
        </div>
        <p>
          <a className="button" href="/search?channel=sales">
            See all properties for sale
          </a>
        </p>
      </section>

      <section className="container" aria-labelledby="latest-lettings">
        <h2 id="latest-lettings">Latest properties to rent</h2>
        <div className="card-grid">
          {lettings.map((card) => (
            <PropertyCardView key={card.property_id} card={card} />
          ))}
        </div>
        <p>
          <a className="button" href="/search?channel=lettings">
            See all properties to rent
          </a>
        </p>
      </section>
    </>
  );
}
