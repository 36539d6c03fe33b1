import { LazyBoundary, lazyWithTimeout } from '../../components/lazy-with-timeout.tsx';
import type { BranchMapProps } from './branch-map-leaflet.tsx';
import { useIsHydrated } from '../../components/use-is-hydrated.ts';

const BranchMapLeaflet = lazyWithTimeout(() => import('./branch-map-leaflet.tsx'));

/**
 * The branch map: Leaflet loads lazily in the browser after the page has rendered (the server sends the
 * loading title), and a failed or timed-out load shows a clear error instead of the map.
 */
export function BranchMap(props: BranchMapProps & { address: string }) {
  const isClient = useIsHydrated();
  const osm = `https://www.openstreetmap.org/?mlat=${props.lat}&mlon=${props.lng}#map=16/${props.lat}/${props.lng}`;
  return (
    <div className="branch-map" role="region" aria-label={`Map showing the location of ${props.name}`}>
      <div className="branch-map__frame">
        {isClient ? (
          <LazyBoundary loadingTitle="Loading map" errorTitle="Sorry, the map could not be loaded.">
            <BranchMapLeaflet lat={props.lat} lng={props.lng} name={props.name} tileUrl={props.tileUrl} />
          </LazyBoundary>
        ) : (
          <div className="lazy-status" role="status">
            <p className="lazy-status__title">Loading map</p>
          </div>
        )}
      </div>
      <p className="branch-map__link">
        <a href={osm} target="_blank" rel="noopener noreferrer">
          View {props.address} on OpenStreetMap<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
    </div>
  );
}
