/** What the property page shows (the route builds it from the database; PropertyPageView renders it). */
import type { PropertyImage } from '../../../db/schema/properties.ts';
import type { FactGroup, KeyFact } from './material-information.ts';
import type { PriceHistoryLine } from './price-history.ts';
import type { Breadcrumb, ContactOffer, PriceDisplay } from './property-page.ts';

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
