import { useEffect, useRef, useState } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import { readThemeColour } from '../site/index.ts';
import { normalisePolygon, type LatLng } from './polygon.ts';
import { startFreehandDrawing } from './freehand-draw.ts';
import { simplifyOutline } from './simplify-polygon.ts';
import type { MapMarker } from './map-marker.ts';

export type SearchMapProps = {
  tileUrl: string;
  markers: MapMarker[];
  poly: LatLng[] | null;
  onPolygonChange: (poly: LatLng[] | null) => void;
};

const UK_BOUNDS = L.latLngBounds([49.8, -8.6], [60.9, 1.8]);

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * The map view: clustered markers for the current results, a marker opens its card; an area can be drawn by
 * clicking points (no dragging) or, from the keyboard, by panning with the arrow keys and adding the point under
 * the centre cross (WCAG 2.5.7).
 */
export default function SearchMapLeaflet({ tileUrl, markers, poly, onPolygonChange }: SearchMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const clusterRef = useRef<L.LayerGroup | null>(null);
  const areaRef = useRef<L.Polygon | null>(null);
  const draftRef = useRef<L.Polyline | null>(null);
  const [isDrawing, setIsDrawing] = useState(false);
  const [isFreehand, setIsFreehand] = useState(false);
  const stopFreehandRef = useRef<(() => void) | null>(null);
  // The page passes a new callback on every render; freehand drawing must not restart for that.
  const onPolygonChangeRef = useRef(onPolygonChange);
  useEffect(() => {
    onPolygonChangeRef.current = onPolygonChange;
  });
  const [draft, setDraft] = useState<LatLng[]>([]);
  const [message, setMessage] = useState('');
  const drawingRef = useRef(false);
  useEffect(() => {
    drawingRef.current = isDrawing;
  }, [isDrawing]);

  useEffect(() => {
    if (!container.current) return;
    const map = L.map(container.current, {
      keyboard: true,
      keyboardPanDelta: 80,
      zoomControl: true,
      maxBounds: UK_BOUNDS.pad(0.5),
    });
    L.tileLayer(tileUrl, { maxZoom: 19, attribution: '&copy; OpenStreetMap contributors' }).addTo(map);
    map.fitBounds(UK_BOUNDS);
    map.on('click', (event: L.LeafletMouseEvent) => {
      if (!drawingRef.current) return;
      setDraft((points) => [...points, [round(event.latlng.lat), round(event.latlng.lng)]]);
    });
    // Keyboard drawing happens on the map itself: arrows move it a clear step, Enter or Space adds the point
    // under the centre cross, Backspace removes the last one, so focus never has to leave the map.
    const onMapKeyDown = (event: KeyboardEvent) => {
      if (!drawingRef.current) return;
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        const centre = map.getCenter();
        setDraft((points) => [...points, [round(centre.lat), round(centre.lng)]]);
      } else if (event.key === 'Backspace') {
        event.preventDefault();
        setDraft((points) => points.slice(0, -1));
      }
    };
    const element = container.current;
    element.addEventListener('keydown', onMapKeyDown);
    mapRef.current = map;
    container.current.setAttribute(
      'aria-label',
      'Map of the search results. Use the arrow keys to move the map; while drawing, Enter adds the point under the centre cross and Backspace removes the last one.',
    );
    return () => {
      element.removeEventListener('keydown', onMapKeyDown);
      map.remove();
      mapRef.current = null;
    };
  }, [tileUrl]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    let cancelled = false;
    void (async () => {
      // The cluster plugin expects a global L.
      (window as unknown as { L: typeof L }).L = L;
      await import('leaflet.markercluster');
      if (cancelled) return;
      clusterRef.current?.remove();
      const group = (L as unknown as { markerClusterGroup: () => L.LayerGroup }).markerClusterGroup();
      for (const marker of markers) {
        const icon = L.divIcon({
          className: 'map-price-marker',
          html: `<span>${escapeHtml(marker.price.replace(/^[^£]*/, ''))}</span>`,
          iconSize: [72, 28],
        });
        L.marker([marker.lat, marker.lng], { icon, title: marker.price, keyboard: true })
          .bindPopup(
            `<div class="map-card">${marker.badges.length > 0 ? `<p class="map-card__badges">${marker.badges.map((badge) => `<span class="tag">${escapeHtml(badge)}</span>`).join(' ')}</p>` : ''}<p class="map-card__price">${escapeHtml(marker.price)}</p><p><a href="${escapeHtml(marker.url)}">${escapeHtml(marker.address)}</a></p>${marker.facts ? `<p class="map-card__facts">${escapeHtml(marker.facts)}</p>` : ''}<p class="map-card__detail">${escapeHtml(marker.detail)}</p></div>`,
          )
          .addTo(group);
      }
      group.addTo(map);
      clusterRef.current = group;
      if (!poly && markers.length > 0)
        map.fitBounds(L.latLngBounds(markers.map((marker) => [marker.lat, marker.lng])), {
          padding: [30, 30],
          maxZoom: 14,
        });
    })();
    return () => {
      cancelled = true;
    };
  }, [markers, poly]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    areaRef.current?.remove();
    areaRef.current = null;
    if (poly) {
      areaRef.current = L.polygon(poly, { color: readThemeColour('brand'), weight: 3, fillOpacity: 0.08 }).addTo(map);
      map.fitBounds(areaRef.current.getBounds(), { padding: [20, 20] });
    }
  }, [poly]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    draftRef.current?.remove();
    draftRef.current =
      draft.length > 0 ? L.polyline(draft, { color: readThemeColour('accent'), dashArray: '6 6' }).addTo(map) : null;
  }, [draft]);

  // Freehand (the seed's Zoopla-style freedraw): the traced outline is simplified to a polygon and searched.
  useEffect(() => {
    const map = mapRef.current;
    if (!isFreehand || !map) return;
    let isCancelled = false;
    void startFreehandDrawing(L, map, (outline) => {
      const polygon = normalisePolygon(simplifyOutline(outline));
      setIsFreehand(false);
      if (!polygon) {
        setMessage('That area could not be used: its edges must not cross. Please draw it again.');
        return;
      }
      setMessage('Area drawn: showing properties inside it.');
      onPolygonChangeRef.current(polygon);
    }).then((stop) => {
      if (isCancelled) stop();
      else stopFreehandRef.current = stop;
    });
    return () => {
      isCancelled = true;
      stopFreehandRef.current?.();
      stopFreehandRef.current = null;
    };
  }, [isFreehand]);

  function addCentrePoint() {
    const centre = mapRef.current?.getCenter();
    if (centre) setDraft((points) => [...points, [round(centre.lat), round(centre.lng)]]);
  }

  function finish() {
    const polygon = normalisePolygon(draft);
    if (!polygon) {
      setMessage('An area needs at least three points and its edges must not cross. Please draw it again.');
      setDraft([]);
      return;
    }
    setIsDrawing(false);
    setDraft([]);
    setMessage('Area drawn: showing properties inside it.');
    onPolygonChange(polygon);
  }

  return (
    <div className="search-map">
      <div className="search-map__toolbar" role="toolbar" aria-label="Draw an area">
        {isDrawing ? (
          <>
            <button type="button" className="button" onClick={addCentrePoint}>
              Add point at map centre
            </button>
            <button
              type="button"
              className="button"
              onClick={() => setDraft((points) => points.slice(0, -1))}
              disabled={draft.length === 0}
            >
              Undo last point
            </button>
            <button type="button" className="button button--primary" onClick={finish} disabled={draft.length < 3}>
              Finish area
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                setIsDrawing(false);
                setDraft([]);
              }}
            >
              Cancel drawing
            </button>
          </>
        ) : isFreehand ? (
          <button type="button" className="button" onClick={() => setIsFreehand(false)}>
            Cancel drawing
          </button>
        ) : (
          <>
            <button
              type="button"
              className="button"
              onClick={() => {
                setIsFreehand(true);
                setMessage(
                  'Press and drag on the map to draw round the area, then let go. To draw with the keyboard, use "Draw an area".',
                );
              }}
            >
              Draw freehand
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                setIsDrawing(true);
                setMessage(
                  'Click the map to add points, or move the map and use "Add point at map centre". Finish with three or more points.',
                );
              }}
            >
              Draw an area
            </button>
          </>
        )}
        {poly && !isDrawing && !isFreehand ? (
          <button type="button" className="button" onClick={() => onPolygonChange(null)}>
            Clear area
          </button>
        ) : null}
        <span className="search-map__points" aria-live="polite">
          {isDrawing ? `${draft.length} point${draft.length === 1 ? '' : 's'} added` : ''}
        </span>
      </div>
      <p className="search-map__message" role="status">
        {message}
      </p>
      <div className="search-map__frame">
        <div ref={container} className="search-map__canvas" data-testid="search-map" />
        {isDrawing ? <div className="search-map__crosshair" aria-hidden="true" /> : null}
      </div>
    </div>
  );
}

function round(value: number): number {
  return Math.round(value * 1e5) / 1e5;
}
