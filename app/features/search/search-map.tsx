import { LazyBoundary, lazyWithTimeout } from '../../components/lazy-with-timeout.tsx';
import type { SearchMapProps } from './search-map-leaflet.tsx';

/** Leaflet and the cluster plugin load only when the map view is opened. */
const SearchMapLeaflet = lazyWithTimeout(() => import('./search-map-leaflet.tsx'));

export function SearchMap(props: SearchMapProps) {
  return (
    <LazyBoundary loadingTitle="Loading map" errorTitle="Sorry, the map could not be loaded.">
      <SearchMapLeaflet {...props} />
    </LazyBoundary>
  );
}
