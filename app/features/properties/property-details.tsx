import { useEffect } from 'react';
import { preload } from 'react-dom';
import { ModalLink } from '../../components/modal-link.tsx';
import { formatCurrency } from '../calculators/index.ts';
import type { ContactOffer, PriceDisplay, Breadcrumb } from './property-page.ts';
import { modalPath, propertyPath, type GalleryKind } from './property-links.ts';
import { responsiveImage } from './gallery-model.ts';
import { imageUrlWithSize } from './property-display.ts';
import { PropertyMap } from './property-map.tsx';
import {
  KeyFactsList,
  MaterialInformationSection,
  PriceHistorySection,
  ShareControl,
} from './material-information-view.tsx';
import type { FactGroup, KeyFact } from './material-information.ts';
import type { PriceHistoryLine } from './price-history.ts';
import { sendPropertyView } from './tracking-client.ts';
import type { PropertyImage } from '../../../db/schema/properties.ts';
import './property-page.css';

/** The hero photo spans the main column (≈ 800 px on desktop, the full width on phones). */
const HERO_SIZES = '(min-width: 1232px) 790px, (min-width: 900px) 66vw, 100vw';
const SIDE_SIZES = '(min-width: 1232px) 390px, (min-width: 900px) 33vw, 1px';

export type PropertyDetails = {
  id: number;
  slug: string;
  channel: 'sales' | 'lettings';
  statusText: string;
  isNoLongerAvailable: boolean;
  /** Withdrawn by the agency's feed: unpublished, reachable by old links and saved lists. */
  isOffTheMarket: boolean;
  displayAddress: string;
  location: { lat: number; lng: number } | null;
  bedrooms: number;
  bathrooms: number;
  receptionRooms: number;
  typeText: string;
  propertyStyle: string;
  squareFeet: number | null;
  acreage: number | null;
  tenure: string | null;
  councilTaxBand: string | null;
  epcRating: string | null;
  auctionDate: string | null;
  summary: string;
  descriptionParagraphs: string[];
  features: string[];
  featureTags: string[];
  marks: string[];
  price: PriceDisplay;
  photos: PropertyImage[];
  floorplanCount: number;
  /** Printed in the brochure; the screen reaches floorplans through the modal. */
  firstFloorplan: { url: string; imageAlt: string } | null;
  epcChartCount: number;
  media: { id: string; kind: 'video' | 'tour'; description: string }[];
  galleries: { id: string; kind: string; title: string; cover: PropertyImage | null; count: number }[];
  hasTenantInfo: boolean;
  areCalculatorsHidden: boolean;
  keyFacts: KeyFact[];
  materialInformation: FactGroup[];
  /** 'Reduced on 3 November 2026 from £450,000', when the last change lowered the price. */
  reductionText: string | null;
  priceHistory: PriceHistoryLine[];
  statusHistory: PriceHistoryLine[];
  shareUrl: string;
  /** The agency's tenant fees page (lettings), shown beside the rent. */
  tenantFeesUrl: string | null;
};

export type PropertyPageViewProps = {
  property: PropertyDetails;
  contact: ContactOffer;
  branch: { name: string; slug: string; address: string; telephone: string; email: string };
  breadcrumbs: Breadcrumb[];
  developmentHomes: {
    href: string;
    displayAddress: string;
    priceValue: number | null;
    bedrooms: number;
    status: string;
  }[];
  tileUrl: string;
  mortgageGuideUrl: string;
  /** Similar listings shown when this one is no longer on the market (cards rendered by the route). */
  similarProperties?: React.ReactNode;
  /** Previous/next links from the visitor's search (the search feature renders them; see the property route). */
  neighbourLinks: React.ReactNode;
  /** The save toggle (the saved feature renders it; it builds on properties, not the other way round). */
  saveToggle: React.ReactNode;
};

function plural(count: number, singular: string, pluralWord: string): string {
  return `${count} ${count === 1 ? singular : pluralWord}`;
}

const GALLERY_KIND_SET = new Set<string>([
  'agricultural-sales-event',
  'antiques-sales-event',
  'property-auction-sales-event',
  'history-images',
]);

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

function MediaHero({ property }: { property: PropertyDetails }) {
  const [first, second, third] = property.photos;
  const photosHref = modalPath.photos(property.slug);
  if (!first) {
    return (
      <div className="property-hero property-hero--empty">
        <p>Photos coming soon</p>
      </div>
    );
  }
  const hero = responsiveImage(first.url, HERO_SIZES);
  return (
    <div className={`property-hero${second ? '' : ' property-hero--single'}`}>
      <ModalLink to={photosHref} className="property-hero__main">
        <img
          {...hero}
          alt={first.imageAlt}
          width={first.width ?? 1600}
          height={first.height ?? 1067}
          fetchPriority="high"
          loading="eager"
          decoding="async"
        />
      </ModalLink>
      {[second, third].map((photo, offset) =>
        photo ? (
          <ModalLink key={photo.url + offset} to={`${photosHref}?image=${offset + 2}`} className="property-hero__side">
            <img
              {...responsiveImage(photo.url, SIDE_SIZES)}
              alt={photo.imageAlt}
              width={photo.width ?? 1600}
              height={photo.height ?? 1067}
              loading="lazy"
              decoding="async"
            />
          </ModalLink>
        ) : null,
      )}
    </div>
  );
}

function MediaLinks({ property }: { property: PropertyDetails }) {
  const links: { key: string; href: string; text: string }[] = [];
  if (property.photos.length > 0)
    links.push({
      key: 'photos',
      href: modalPath.photos(property.slug),
      text: `View all ${plural(property.photos.length, 'photo', 'photos')}`,
    });
  if (property.floorplanCount > 0)
    links.push({
      key: 'floorplan',
      href: modalPath.floorplan(property.slug),
      text: property.floorplanCount > 1 ? 'Floorplans' : 'Floorplan',
    });
  if (property.epcChartCount > 0)
    links.push({ key: 'epc', href: modalPath.epcChart(property.slug), text: 'EPC chart' });
  for (const item of property.media)
    links.push({ key: `media-${item.id}`, href: modalPath.video(property.slug, item.id), text: item.description });
  if (links.length === 0) return null;
  return (
    <nav className="property-media-links" aria-label="Photos, plans and tours">
      <ul>
        {links.map((link) => (
          <li key={link.key}>
            <ModalLink to={link.href} className="chip-link">
              {link.text}
            </ModalLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A 1-pixel placeholder for the screen: the brochure's images load only when the page is printed. */
const BLANK_GIF = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** More photos and the floorplan for the printed brochure, fetched only for print media (picture sources). */
function PrintOnlyMedia({ property }: { property: PropertyDetails }) {
  const photos = property.photos.slice(3, 7);
  const floorplan = property.firstFloorplan;
  if (photos.length === 0 && !floorplan) return null;
  return (
    <div className="print-only print-brochure-media">
      {photos.map((photo, index) => (
        <picture key={photo.url + index}>
          <source media="print" srcSet={imageUrlWithSize(photo.url, 414)} />
          <img src={BLANK_GIF} alt={photo.imageAlt} width={414} height={276} />
        </picture>
      ))}
      {floorplan ? (
        <picture className="print-brochure-media__floorplan">
          <source media="print" srcSet={imageUrlWithSize(floorplan.url, 768)} />
          <img src={BLANK_GIF} alt={floorplan.imageAlt || 'Floorplan'} width={768} height={512} />
        </picture>
      ) : null}
    </div>
  );
}

function Galleries({ property }: { property: PropertyDetails }) {
  if (property.galleries.length === 0) return null;
  return (
    <section className="property-section" aria-labelledby="galleries-title">
      <h2 id="galleries-title">More galleries</h2>
      <ul className="gallery-cards">
        {property.galleries.map((gallery) => {
          const href = GALLERY_KIND_SET.has(gallery.kind)
            ? modalPath.gallery(property.slug, gallery.kind as GalleryKind, gallery.id)
            : modalPath.galleryCard(property.slug, gallery.id, 1);
          return (
            <li key={gallery.id} className="gallery-card">
              {gallery.cover ? (
                <img
                  src={imageUrlWithSize(gallery.cover.url, 414)}
                  alt=""
                  width={414}
                  height={276}
                  loading="lazy"
                  decoding="async"
                />
              ) : null}
              <ModalLink to={href} className="gallery-card__link">
                {gallery.title}
              </ModalLink>
              <p className="gallery-card__count">{plural(gallery.count, 'image', 'images')}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function ContactPanel({ property, contact, branch }: Pick<PropertyPageViewProps, 'property' | 'contact' | 'branch'>) {
  const profile = contact.profile;
  return (
    <aside className="contact-panel" aria-labelledby="contact-title">
      <h2 id="contact-title">Contact us about this property</h2>
      {profile ? (
        <div className="contact-panel__profile">
          {profile.photo ? (
            <img
              src={imageUrlWithSize(profile.photo, 320)}
              alt=""
              width={72}
              height={72}
              loading="lazy"
              decoding="async"
              className="contact-panel__photo"
            />
          ) : null}
          <div>
            <p className="contact-panel__name">{profile.fullName}</p>
            <p className="contact-panel__job">{profile.jobTitle}</p>
            <p>
              <a href={`tel:${profile.telephoneNumber.replace(/\s+/g, '')}`}>{profile.telephoneNumber}</a>
            </p>
          </div>
        </div>
      ) : null}
      <ul className="contact-panel__actions">
        {!property.isNoLongerAvailable ? (
          <li>
            <ModalLink className="button button--primary" to={modalPath.bookViewing(property.slug)}>
              Book a viewing
            </ModalLink>
          </li>
        ) : null}
        {profile && contact.contactStaffHref ? (
          <li>
            <ModalLink
              className="button"
              to={`${propertyPath(property.slug)}/contact-staff-member/${profile.staffMemberId}`}
            >
              {`Contact ${profile.firstName}`}
            </ModalLink>
          </li>
        ) : null}
        <li>
          <ModalLink className="button" to={`${propertyPath(property.slug)}${contact.contactOfficeHref}`}>
            Contact office
          </ModalLink>
        </li>
        {property.featureTags.some((tag) => tag.toLowerCase() === 'new home') && !property.isNoLongerAvailable ? (
          <li>
            <ModalLink className="button" to={`/properties/${property.slug}/new-homes-enquiry`}>
              Register your interest
            </ModalLink>
          </li>
        ) : null}
      </ul>
      <p className="contact-panel__share">
        <ModalLink to={`${propertyPath(property.slug)}/send-to-friend`}>Send to a friend</ModalLink>
      </p>
      <ShareControl url={property.shareUrl} title={property.displayAddress} />
      <p className="contact-panel__share">
        <ModalLink to={`${propertyPath(property.slug)}/book-a-valuation`}>
          {property.channel === 'lettings'
            ? 'Thinking of letting? Book a valuation'
            : 'Thinking of selling? Book a valuation'}
        </ModalLink>
      </p>
      <div className="contact-panel__office">
        <p className="contact-panel__office-name">{contact.name}</p>
        <p>
          <span className="contact-panel__phone-label">{contact.telephoneLabel}: </span>
          <a href={`tel:${contact.telephone.replace(/\s+/g, '')}`}>{contact.telephone}</a>
        </p>
        <p>
          <a href={`mailto:${contact.email}`}>{contact.email}</a>
        </p>
        {contact.name !== `${branch.name} branch` ? (
          <p className="contact-panel__branch">{`${branch.name} branch, ${branch.address}`}</p>
        ) : (
          <p className="contact-panel__branch">{branch.address}</p>
        )}
        <p>
          <a href={`/branches/${branch.slug}`}>{`About the ${branch.name} branch`}</a>
        </p>
      </div>
    </aside>
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
