import { useEffect } from 'react';
import { preload } from 'react-dom';
import { ModalLink } from '../../components/modal-link.tsx';
import { formatCurrency } from '../calculators/index.ts';
import type { PriceDisplay } from './property-page.ts';
import { modalPath } from './property-links.ts';
import { responsiveImage } from './gallery-model.ts';
import { plural } from './property-display.ts';
import { PropertyMap } from './property-map.tsx';
import { KeyFactsList, MaterialInformationSection, PriceHistorySection } from './material-information-view.tsx';
import { ContactPanel } from './property-contact-panel.tsx';
import type { PropertyPageViewProps } from './property-details-types.ts';
import { Galleries, HERO_SIZES, MediaHero, MediaLinks, PrintOnlyMedia } from './property-media.tsx';
import { sendPropertyView } from './tracking-client.ts';
import './property-page.css';

function PriceLine({
  price,
  channel,
  tenantFeesUrl,
}: {
  price: PriceDisplay;
  channel: 'sales' | 'lettings';
  tenantFeesUrl: string | null;
}) {
  return (
    <p className="property-price">
      {price.qualifier ? <span className="property-price__qualifier">{price.qualifier} </span> : null}
      <span className="property-price__amount">{price.amount}</span>
      {channel === 'lettings' && price.pppw !== null ? (
        <span className="property-price__pppw">{` (£${price.pppw.toLocaleString('en-GB')} pw)`}</span>
      ) : null}
      {channel === 'lettings' && tenantFeesUrl ? (
        <a className="property-price__fees" href={tenantFeesUrl}>
          Tenant fees
        </a>
      ) : null}
    </p>
  );
}

export function PropertyPageView(props: PropertyPageViewProps) {
  const { property, breadcrumbs, developmentHomes, tileUrl, mortgageGuideUrl, similarProperties } = props;
  const first = property.photos[0];
  if (first) {
    // React hoists this into <head>: the LCP image starts downloading before the stylesheet has been applied.
    const hero = responsiveImage(first.url, HERO_SIZES);
    preload(hero.src, {
      as: 'image',
      fetchPriority: 'high',
      ...(hero.srcSet ? { imageSrcSet: hero.srcSet, imageSizes: hero.sizes } : {}),
    });
  }

  useEffect(() => {
    sendPropertyView(property.id);
  }, [property.id]);

  return (
    <div className="container property-page">
      <nav aria-label="Breadcrumb" className="breadcrumbs">
        <ol>
          {breadcrumbs.map((crumb) => (
            <li key={crumb.name} aria-current={crumb.href ? undefined : 'page'}>
              {crumb.href ? <a href={crumb.href}>{crumb.name}</a> : crumb.name}
            </li>
          ))}
        </ol>
      </nav>

      <header className="property-header">
        <div className="property-header__text">
          {property.marks.length > 0 || property.isNoLongerAvailable ? (
            <ul className="property-marks" aria-label="Property status">
              {property.marks.map((mark) => (
                <li
                  key={mark}
                  className={`tag${mark === 'NEW Listing!' ? ' tag--new' : mark === 'Reduced' ? ' tag--reduced' : ''}`}
                >
                  {mark}
                </li>
              ))}
            </ul>
          ) : null}
          <h1 className="property-header__title">{property.displayAddress}</h1>
          <PriceLine price={property.price} channel={property.channel} tenantFeesUrl={property.tenantFeesUrl} />
          {property.reductionText ? <p className="property-reduced">{property.reductionText}</p> : null}
          <KeyFactsList facts={property.keyFacts} />
        </div>
        <div className="property-header__save">{props.saveToggle}</div>
      </header>

      {property.isOffTheMarket ? (
        <p className="property-notice" role="note">
          This property is no longer on the market. You can still see its details; similar properties are below.
        </p>
      ) : property.isNoLongerAvailable ? (
        <p className="property-notice" role="note">
          {`This property has been ${property.statusText.toLowerCase()}. It is no longer available, but you can still see its details.`}
        </p>
      ) : null}

      <MediaHero property={property} />
      <MediaLinks property={property} />
      <PrintOnlyMedia property={property} />

      <div className="property-layout">
        <div className="property-main">
          {property.summary ? <p className="property-summary">{property.summary}</p> : null}

          {property.featureTags.length > 0 ? (
            <ul className="property-tags" aria-label="Tags">
              {property.featureTags.map((tag) => (
                <li key={tag}>{tag}</li>
              ))}
            </ul>
          ) : null}

          {property.features.length > 0 ? (
            <section className="property-section" aria-labelledby="features-title">
              <h2 id="features-title">Key features</h2>
              <ul className="property-features">
                {property.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
            </section>
          ) : null}

          <section className="property-section" aria-labelledby="description-title">
            <h2 id="description-title">Description</h2>
            {property.descriptionParagraphs.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
            <dl className="property-details-list">
              <div>
                <dt>Type</dt>
                <dd>{property.typeText}</dd>
              </div>
              <div>
                <dt>Status</dt>
                <dd>{property.statusText}</dd>
              </div>
              {property.auctionDate ? (
                <div>
                  <dt>Auction date</dt>
                  <dd>
                    {new Date(`${property.auctionDate}T12:00:00Z`).toLocaleDateString('en-GB', {
                      day: 'numeric',
                      month: 'long',
                      year: 'numeric',
                      timeZone: 'UTC',
                    })}
                  </dd>
                </div>
              ) : null}
            </dl>
          </section>

          <MaterialInformationSection groups={property.materialInformation} />

          <PriceHistorySection priceLines={property.priceHistory} statusLines={property.statusHistory} />

          {similarProperties ? (
            <section className="property-section" aria-labelledby="similar-title">
              <h2 id="similar-title">Similar properties</h2>
              {similarProperties}
            </section>
          ) : null}

          {developmentHomes.length > 0 ? (
            <section className="property-section" aria-labelledby="plots-title">
              <h2 id="plots-title">Homes in this development</h2>
              <ul className="property-plots">
                {developmentHomes.map((child) => (
                  <li key={child.href}>
                    <a href={child.href}>{child.displayAddress}</a>
                    <span>{` ${child.bedrooms > 0 ? `${plural(child.bedrooms, 'bedroom', 'bedrooms')}, ` : ''}${child.priceValue ? formatCurrency(child.priceValue).replace(/\.00$/, '') : 'Price on application'}`}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <Galleries property={property} />

          {property.channel === 'lettings' && property.hasTenantInfo ? (
            <section className="property-section" aria-labelledby="tenant-title">
              <h2 id="tenant-title">Tenant fees</h2>
              <p>
                Holding deposit, security deposit and the other payments a tenant may be asked to make for this
                property.
              </p>
              <p>
                <ModalLink to={modalPath.tenantInfo(property.slug)} className="button">
                  Tenant information
                </ModalLink>
              </p>
            </section>
          ) : null}

          {!property.areCalculatorsHidden ? (
            <section className="property-section" aria-labelledby="calculators-title">
              <h2 id="calculators-title">Mortgage and stamp duty</h2>
              <p>{`Work out the monthly repayments on ${property.price.amount} and the stamp duty you would pay.`}</p>
              <p className="property-section__actions">
                <ModalLink to={modalPath.calculator(property.slug)} className="button">
                  Mortgage and stamp duty calculators
                </ModalLink>
                <a href={mortgageGuideUrl}>Mortgage guide</a>
              </p>
            </section>
          ) : null}

          <section className="property-section" aria-labelledby="location-title">
            <h2 id="location-title">Location</h2>
            {property.location ? (
              <PropertyMap
                lat={property.location.lat}
                lng={property.location.lng}
                tileUrl={tileUrl}
                label={`Map showing the location of ${property.displayAddress}`}
              />
            ) : (
              <p>{`${property.displayAddress}. No map is available for this property.`}</p>
            )}
          </section>
        </div>

        <ContactPanel property={property} contact={props.contact} branch={props.branch} />
      </div>

      {props.neighbourLinks}
    </div>
  );
}
