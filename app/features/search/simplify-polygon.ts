import type { LatLng } from './polygon.ts';

/** A freehand area is kept to this many corners: enough for its shape, short enough for a link. */
export const FREEHAND_MAX_POINTS = 60;

function distanceToSegment(point: LatLng, start: LatLng, end: LatLng): number {
  const [py, px] = point;
  const [ay, ax] = start;
  const [by, bx] = end;
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / lengthSquared));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Ramer–Douglas–Peucker on an open line of points. */
function simplifyLine(points: readonly LatLng[], tolerance: number): LatLng[] {
  if (points.length < 3) return [...points];
  const first = points[0]!;
  const last = points[points.length - 1]!;
  let farthest = 0;
  let index = 0;
  for (let i = 1; i < points.length - 1; i += 1) {
    const distance = distanceToSegment(points[i]!, first, last);
    if (distance > farthest) {
      farthest = distance;
      index = i;
    }
  }
  if (farthest <= tolerance) return [first, last];
  return [
    ...simplifyLine(points.slice(0, index + 1), tolerance).slice(0, -1),
    ...simplifyLine(points.slice(index), tolerance),
  ];
}

/**
 * A traced outline as a polygon of at most `maxPoints` corners: the tolerance grows until the shape fits, so a
 * small scribble keeps its detail and a long trace loses only what does not change its shape.
 */
export function simplifyOutline(points: readonly LatLng[], maxPoints = FREEHAND_MAX_POINTS): LatLng[] {
  let tolerance = 0.00001;
  let simplified = simplifyLine(points, tolerance);
  while (simplified.length > maxPoints) {
    tolerance *= 2;
    simplified = simplifyLine(points, tolerance);
  }
  return simplified.map(([lat, lng]) => [Math.round(lat * 1e5) / 1e5, Math.round(lng * 1e5) / 1e5]);
}
