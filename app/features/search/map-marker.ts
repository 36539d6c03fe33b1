/** A result on the map view (sent by /search.ljson with hashbang=map). */
export type MapMarker = {
  id: number;
  lat: number;
  lng: number;
  price: string;
  url: string;
  address: string;
  /** '3 bed · 2 bath · 1,250 sq ft'. */
  facts: string;
  /** Status and 'Reduced'/'New' badges. */
  badges: string[];
  /** 'Added on …' or 'Reduced on …', and the branch. */
  detail: string;
};
