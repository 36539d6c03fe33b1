/** A result on the map view (sent by /search.ljson with hashbang=map). */
export type MapMarker = { id: number; lat: number; lng: number; price: string; url: string; address: string };
