import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { readThemeColour } from '../site/index.ts';

export type BranchMapProps = { lat: number; lng: number; name: string; tileUrl: string };

/** The Leaflet part of the branch map, loaded only in the browser and only with the branch page. */
export default function BranchMapLeaflet({ lat, lng, name, tileUrl }: BranchMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, { scrollWheelZoom: false }).setView([lat, lng], 15);
    L.tileLayer(tileUrl, {
      maxZoom: 19,
      attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    }).addTo(map);
    // A vector marker: no marker image to resolve through the bundler.
    L.circleMarker([lat, lng], {
      radius: 10,
      color: readThemeColour('brandDark'),
      weight: 3,
      fillColor: readThemeColour('marker'),
      fillOpacity: 0.9,
    })
      .addTo(map)
      .bindTooltip(name, { permanent: false });
    return () => {
      map.remove();
    };
  }, [lat, lng, name, tileUrl]);
  return <div ref={containerRef} className="branch-map__canvas" />;
}
