import type L from 'leaflet';
import type { LatLng } from './polygon.ts';

/**
 * Freehand drawing with terra-draw's freehand mode on the Leaflet map: press and drag to trace an area, release
 * to finish. Loaded only when the visitor asks for it. Returns a stop function.
 */
export async function startFreehandDrawing(
  leaflet: typeof L,
  map: L.Map,
  onOutline: (outline: LatLng[]) => void,
): Promise<() => void> {
  const [{ TerraDraw, TerraDrawFreehandMode }, { TerraDrawLeafletAdapter }] = await Promise.all([
    import('terra-draw'),
    import('terra-draw-leaflet-adapter'),
  ]);
  const draw = new TerraDraw({
    adapter: new TerraDrawLeafletAdapter({ lib: leaflet, map, coordinatePrecision: 6 }),
    modes: [
      new TerraDrawFreehandMode({
        drawInteraction: 'click-drag',
        minDistance: 8,
        styles: { fillColor: '#0b4f6c', fillOpacity: 0.08, outlineColor: '#a8412c', outlineWidth: 3 },
      }),
    ],
  });
  draw.start();
  draw.setMode('freehand');
  draw.on('finish', (id) => {
    const feature = draw.getSnapshotFeature(id);
    if (feature?.geometry.type !== 'Polygon') return;
    const ring = (feature.geometry.coordinates[0] ?? []) as number[][];
    onOutline(ring.map(([lng, lat]) => [lat ?? 0, lng ?? 0] as LatLng));
  });
  return () => {
    draw.clear();
    draw.stop();
  };
}
