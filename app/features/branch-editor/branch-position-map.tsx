import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';

type BranchPositionMapProps = {
  lat: number;
  lng: number;
  tileUrl: string;
  /** The ids of the latitude and longitude inputs the pin writes to and follows. */
  latitudeId: string;
  longitudeId: string;
};

/** Enough decimals for a shop front (about 1 m), and few enough to read. */
const DECIMALS = 6;

/**
 * The editor's map (loaded only in the browser, only with the editor): drag the pin, or click the map, to set the
 * branch's position; the latitude and longitude fields follow, and the pin follows them as they are typed. The
 * fields stay the way to set it without a pointer.
 */
export default function BranchPositionMap({ lat, lng, tileUrl, latitudeId, longitudeId }: BranchPositionMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = containerRef.current;
    const latitude = document.getElementById(latitudeId) as HTMLInputElement | null;
    const longitude = document.getElementById(longitudeId) as HTMLInputElement | null;
    if (!container || !latitude || !longitude) return;
    const map = L.map(container, { scrollWheelZoom: false }).setView([lat, lng], 16);
    L.tileLayer(tileUrl, {
      maxZoom: 19,
      attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    }).addTo(map);
    const pin = L.marker([lat, lng], {
      draggable: true,
      title: 'Branch position: drag to move',
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
    pin.on('dragend', () => write(pin.getLatLng()));
    map.on('click', (event: L.LeafletMouseEvent) => {
      pin.setLatLng(event.latlng);
      write(event.latlng);
    });
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
      latitude.removeEventListener('change', follow);
      longitude.removeEventListener('change', follow);
      map.remove();
    };
  }, [lat, lng, tileUrl, latitudeId, longitudeId]);
  return <div ref={containerRef} className="branch-position__canvas" />;
}
