import { lazy, Suspense, useEffect, useRef, useState } from 'react';

/** Leaflet (≈ 40 KB gzip) is fetched only when the map is about to scroll into view, never with the page. */
const LeafletMap = lazy(() => import('./property-map-leaflet.tsx'));

export type PropertyMapProps = { lat: number; lng: number; tileUrl: string; label: string };

function MapPlaceholder({ label }: { label: string }) {
  return (
    <div className="property-map__placeholder">
      <p>{label}</p>
    </div>
  );
}

export function PropertyMap(props: PropertyMapProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [isNear, setIsNear] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setIsNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div className="property-map" ref={ref}>
      {isNear ? (
        <Suspense fallback={<MapPlaceholder label="Loading the map…" />}>
          <LeafletMap {...props} />
        </Suspense>
      ) : (
        <MapPlaceholder label={props.label} />
      )}
    </div>
  );
}
