import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { readThemeColour } from '../site/index.ts';
import type { PropertyMapProps } from './property-map.tsx';

/**
 * The property's location on a Leaflet map (loaded lazily by PropertyMap). Keyboard users can focus the map
 * and pan with the arrow keys; scroll-wheel zoom is off so the page scrolls past it. The marker is drawn as a
 * vector (no marker images to fetch).
 */
export default function PropertyLeafletMap({ lat, lng, tileUrl, label }: PropertyMapProps) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const map = L.map(element, { scrollWheelZoom: false, zoomControl: true }).setView([lat, lng], 15);
    L.tileLayer(tileUrl, {
      maxZoom: 19,
      attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    }).addTo(map);
    L.circleMarker([lat, lng], {
      radius: 10,
      color: readThemeColour('brand'),
      weight: 3,
      fillColor: readThemeColour('marker'),
      fillOpacity: 0.9,
    })
      .addTo(map)
      .bindTooltip(label);
    return () => {
      map.remove();
    };
  }, [lat, lng, tileUrl, label]);

  return <div ref={ref} className="property-map__canvas" role="region" aria-label={label} />;
}
