import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';

export type BranchPositionMapProps = {
  lat: number;
  lng: number;
  tileUrl: string;
  /** The ids of the latitude and longitude inputs the pin writes to and follows. */
  latitudeId: string;
  longitudeId: string;
};

/** Enough decimals for a shop front (about 1 m), and few enough to read. */
const DECIMALS = 6;
/** How far an arrow key moves the pin, in screen pixels (Shift: a finer step). */
const NUDGE_PX = 10;
const FINE_NUDGE_PX = 1;
const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

/**
 * The editor's map (loaded only in the browser, only with the editor): drag the pin to set the branch's position,
 * or focus it and use the arrow keys; the latitude and longitude fields follow, and the pin follows them as they
 * are typed. The fields are what is posted and checked, and stay the way without a pointer or a script.
 */
export default function BranchPositionMap({ lat, lng, tileUrl, latitudeId, longitudeId }: BranchPositionMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = containerRef.current;
    const latitude = document.getElementById(latitudeId);
    const longitude = document.getElementById(longitudeId);
    if (!container || !(latitude instanceof HTMLInputElement) || !(longitude instanceof HTMLInputElement)) return;
    const map = L.map(container, { scrollWheelZoom: false }).setView([lat, lng], 16);
    L.tileLayer(tileUrl, {
      maxZoom: 19,
      attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    }).addTo(map);
    const pin = L.marker([lat, lng], {
      draggable: true,
      keyboard: true,
      title: 'Branch position: drag the pin, or use the arrow keys, to move it',
      icon: L.divIcon({ className: 'branch-position__pin', iconSize: [28, 28], iconAnchor: [14, 14] }),
    }).addTo(map);
    const write = (point: L.LatLng) => {
      for (const [input, value] of [
        [latitude, point.lat],
        [longitude, point.lng],
      ] as const) {
        input.value = value.toFixed(DECIMALS);
        // The form's live check listens for input events.
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }
    };
    pin.on('drag dragend', () => write(pin.getLatLng()));
    const nudge = (event: KeyboardEvent) => {
      const direction = ARROWS[event.key];
      if (!direction) return;
      // The page would scroll, and the map pan, under the pin.
      event.preventDefault();
      event.stopPropagation();
      const step = event.shiftKey ? FINE_NUDGE_PX : NUDGE_PX;
      const moved = map.containerPointToLatLng(
        map.latLngToContainerPoint(pin.getLatLng()).add(L.point(direction[0] * step, direction[1] * step)),
      );
      pin.setLatLng(moved);
      if (!map.getBounds().pad(-0.1).contains(moved)) map.panTo(moved);
      write(moved);
    };
    const icon = pin.getElement();
    icon?.addEventListener('keydown', nudge);
    const follow = () => {
      const point = L.latLng(Number(latitude.value), Number(longitude.value));
      if (Number.isFinite(point.lat) && Number.isFinite(point.lng) && Math.abs(point.lat) <= 90) {
        pin.setLatLng(point);
        map.panTo(point);
      }
    };
    latitude.addEventListener('change', follow);
    longitude.addEventListener('change', follow);
    return () => {
      icon?.removeEventListener('keydown', nudge);
      latitude.removeEventListener('change', follow);
      longitude.removeEventListener('change', follow);
      map.remove();
    };
  }, [lat, lng, tileUrl, latitudeId, longitudeId]);
  return <div ref={containerRef} className="branch-position__canvas" />;
}
