import { data, Outlet, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/property';
import { PropertyNeighbourLinks } from '../../features/search/property-neighbour-links.tsx';
import { areCalculatorsHidden } from '../../features/calculators/calculators-visibility.ts';
import { getSiteChrome } from '../../features/site/site-chrome.server.ts';
import { PropertyPageView } from '../../features/properties/property-details.tsx';
import type { PropertyDetails } from '../../features/properties/property-details-types.ts';
import { SavePropertyToggle } from '../../features/saved/save-property-toggle.tsx';
import { SaveablePropertyCard } from '../../features/saved/saveable-property-card.tsx';
import { propertyUrl } from '../../features/properties/property-card.ts';
import { modalLoadingTitle } from '../../features/properties/modal-loading.ts';
import { PendingModalStatus } from '../../components/pending-modal-status.tsx';
import {
  buildStructuredData,
  chooseContactOffer,
  isNoLongerAvailable,
  listPropertyMedia,
  priceDisplay,
  propertyBreadcrumbs,
  propertyMarks,
  PROPERTY_TYPE_WORDS,
  shareImageUrl,
  STATUS_WORDS,
  toParagraphs,
  visibleFeatureTags,
} from '../../features/properties/property-page.ts';
import { getPropertyPage } from '../../features/properties/property-page.server.ts';
import { keyFacts, materialInformation } from '../../features/properties/material-information.ts';
import {
  latestReduction,
  priceHistoryLines,
  reductionText,
  statusHistoryLines,
} from '../../features/properties/price-history.ts';
import { VIDEO_FORMAT_NOT_SUPPORTED } from '../../features/properties/video-links.ts';
import { getDb } from '../../lib/db.server.ts';
import { getEnv } from '../../lib/env.server.ts';

/** properties#show: everything is read and shaped here so the page renders complete for crawlers. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const db = getDb();
  const [page, chrome] = await Promise.all([getPropertyPage(db, params.slug), getSiteChrome(db)]);
  if (!page) throw data('Property not found', { status: 404 });
  const { property, branch } = page;

  const media = listPropertyMedia(property.videos, (url) =>
    context.logger.warn({ propertyId: property.id, url, requestId: context.requestId }, VIDEO_FORMAT_NOT_SUPPORTED),
  );
  const contact = chooseContactOffer({
    property: {
      id: property.id,
      channel: property.channel,
      tags: property.tags,
      isDevelopment: property.isDevelopment,
      childCount: page.children.length,
      staffMemberId: property.staffMemberId,
    },
    branch,
    departments: page.departments,
    externalCommercialDepartment: page.externalCommercialDepartment,
    staff: page.staff,
    tagsToDepartmentLabels: page.tagsToDepartmentLabels,
  });
  const price = priceDisplay(property.channel, property.priceValue, property.priceQualifier);
  const factsInput = { ...property, country: property.facts?.nation ?? property.country, priceText: price.text };
  const reduction = latestReduction(property.priceHistory);
  const breadcrumbs = propertyBreadcrumbs(property);
  const canonical = `${context.origin}${propertyUrl(property.slug)}`;
  const photos = property.photos.map(({ url, imageAlt, caption, width, height }) => ({
    url,
    imageAlt,
    caption,
    width,
    height,
  }));

  const details: PropertyDetails = {
    id: property.id,
    slug: property.slug,
    channel: property.channel,
    statusText: STATUS_WORDS[property.status],
    isNoLongerAvailable: isNoLongerAvailable(property.status),
    isOffTheMarket: page.isOffTheMarket,
    displayAddress: property.displayAddress,
    location: property.location,
    bedrooms: property.bedrooms,
    bathrooms: property.bathrooms,
    receptionRooms: property.receptionRooms,
    typeText: PROPERTY_TYPE_WORDS[property.propertyType],
    propertyStyle: property.propertyStyle,
    squareFeet: property.squareFeet,
    acreage: property.acreage,
    tenure: property.tenure,
    councilTaxBand: property.councilTaxBand,
    epcRating: property.epcRating,
    auctionDate: property.auctionDate,
    summary: property.summary,
    descriptionParagraphs: toParagraphs(property.description),
    features: property.features,
    featureTags: visibleFeatureTags(property.tags),
    marks: [...propertyMarks(property.status, property.tags, property.createdAt), ...(reduction ? ['Reduced'] : [])],
    price,
    photos,
    floorplanCount: property.floorplanCount,
    firstFloorplan: property.firstFloorplan
      ? { url: property.firstFloorplan.url, imageAlt: property.firstFloorplan.imageAlt }
      : null,
    epcChartCount: property.epcChartCount,
    media: media.map(({ id, kind, description }) => ({ id, kind, description })),
    galleries: property.galleries,
    hasTenantInfo: property.hasLettingsFeeText,
    areCalculatorsHidden: areCalculatorsHidden(property),
    keyFacts: keyFacts(factsInput, price.pppw),
    materialInformation: materialInformation(factsInput),
    reductionText: reduction ? reductionText(reduction) : null,
    priceHistory: priceHistoryLines(property.priceHistory),
    statusHistory: statusHistoryLines(property.statusHistory),
    shareUrl: canonical,
    tenantFeesUrl: chrome.legal?.pages.tenantFees ?? null,
  };

  return {
    property: details,
    contact,
    branch: {
      name: branch.name,
      slug: branch.slug,
      address: `${branch.addressLine1}, ${branch.town} ${branch.postcode}`,
      telephone: branch.contactNumber,
      email: branch.email,
    },
    breadcrumbs,
    neighbours: page.neighbours,
    developmentHomes: page.children,
    similar: page.similar,
    tileUrl: getEnv().MAP_TILE_URL,
    mortgageGuideUrl: chrome.theme.mortgageGuideUrl || '/mortgages',
    seo: {
      // A listing that has left the market stays reachable for old links but is no longer offered to search engines.
      isNoIndex: page.isOffTheMarket,
      canonical,
      agencyName: chrome.agencyName,
      title: `${property.displayAddress} | ${price.text} | ${chrome.agencyName}`,
      description: property.summary || `${property.propertyStyle} in ${property.town}: ${price.text}.`,
      shareImage: shareImageUrl(context.origin, property.photos),
      shareImageAlt: property.photos[0]?.imageAlt ?? '',
      structuredData: buildStructuredData({
        ...property,
        canonicalUrl: canonical,
        origin: context.origin,
        breadcrumbs,
        agent: {
          name: `${chrome.agencyName}, ${branch.name}`,
          telephone: contact.telephone,
          email: contact.email,
          url: `/branches/${branch.slug}`,
        },
      }),
    },
  };
}

/** Opening and closing the modal routes keeps the page's data; only another property or a form post reloads it. */
export function shouldRevalidate({
  currentParams,
  nextParams,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (currentParams.slug !== nextParams.slug) return true;
  if (formMethod && formMethod.toUpperCase() !== 'GET') return defaultShouldRevalidate;
  return false;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: 'Page not found' }];
  const { seo } = loaderData;
  const tags: Route.MetaDescriptors = [
    { title: seo.title },
    { name: 'description', content: seo.description },
    { tagName: 'link', rel: 'canonical', href: seo.canonical },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: seo.agencyName },
    { property: 'og:title', content: seo.title },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: seo.canonical },
    { property: 'og:locale', content: 'en_GB' },
    { name: 'twitter:card', content: seo.shareImage ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: seo.title },
    { name: 'twitter:description', content: seo.description },
  ];
  if (seo.shareImage) {
    tags.push(
      { property: 'og:image', content: seo.shareImage },
      { property: 'og:image:alt', content: seo.shareImageAlt },
      { name: 'twitter:image', content: seo.shareImage },
      { name: 'twitter:image:alt', content: seo.shareImageAlt },
    );
  }
  if (seo.isNoIndex) tags.push({ name: 'robots', content: 'noindex' });
  for (const block of seo.structuredData) tags.push({ 'script:ld+json': block });
  return tags;
}

export default function PropertyRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PropertyPageView
        property={loaderData.property}
        contact={loaderData.contact}
        branch={loaderData.branch}
        breadcrumbs={loaderData.breadcrumbs}
        neighbourLinks={<PropertyNeighbourLinks propertyId={loaderData.property.id} fallback={loaderData.neighbours} />}
        saveToggle={
          <SavePropertyToggle propertyId={loaderData.property.id} address={loaderData.property.displayAddress} />
        }
        developmentHomes={loaderData.developmentHomes}
        similarProperties={
          loaderData.similar.length > 0 ? (
            <div className="card-grid">
              {loaderData.similar.map((card) => (
                <SaveablePropertyCard key={card.property_id} card={card} />
              ))}
            </div>
          ) : null
        }
        tileUrl={loaderData.tileUrl}
        mortgageGuideUrl={loaderData.mortgageGuideUrl}
      />
      <PendingModalStatus titleFor={(pathname) => modalLoadingTitle(propertyUrl(loaderData.property.slug), pathname)} />
      <Outlet />
    </>
  );
}
