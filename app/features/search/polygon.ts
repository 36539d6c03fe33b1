/**
 * The drawn search area. Coordinates are rounded to 5 decimals (about 1 m), which makes the URL encoding
 * lossless and lets the geometry checks run on exact integers (degrees × 100,000).
 */
export type LatLng = [lat: number, lng: number];

const MIN_POLYGON_POINTS = 3;
const MAX_POLYGON_POINTS = 200;
const SCALE = 100_000;

/**
 * A valid simple polygon or null. Drops (never repairs) anything that is not: fewer than 3 or more than 200
 * distinct points, a coordinate out of range, or edges that cross or touch. A closing point equal to the first
 * and repeated consecutive points are removed first.
 */
export function normalisePolygon(value: unknown): LatLng[] | null {
  if (!Array.isArray(value) || value.length > MAX_POLYGON_POINTS * 2) return null;
  const points: LatLng[] = [];
  for (const entry of value) {
    const point = toLatLng(entry);
    if (point === null) return null;
    const previous = points.at(-1);
    if (!previous || previous[0] !== point[0] || previous[1] !== point[1]) points.push(point);
  }
  const first = points[0];
  const last = points.at(-1);
  if (points.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]) points.pop();
  if (points.length < MIN_POLYGON_POINTS || points.length > MAX_POLYGON_POINTS) return null;
  return isSimplePolygon(points.map(([lat, lng]) => [Math.round(lat * SCALE), Math.round(lng * SCALE)]))
    ? points
    : null;
}

/** '51.38_-2.36~51.39_-2.35~…': every character is URL-safe in a fragment and survives URLSearchParams. */
export function encodePolygon(points: readonly LatLng[]): string {
  return points.map(([lat, lng]) => `${lat}_${lng}`).join('~');
}

const COORDINATE = /^-?\d{1,3}(\.\d+)?$/;

/** The inverse of encodePolygon, then normalisePolygon; null for anything malformed. */
export function decodePolygon(encoded: string): LatLng[] | null {
  if (encoded.length > MAX_POLYGON_POINTS * 2 * 40) return null;
  const points: [number, number][] = [];
  for (const pair of encoded.split('~')) {
    const [lat, lng, extra] = pair.split('_');
    if (lat === undefined || lng === undefined || extra !== undefined) return null;
    if (!COORDINATE.test(lat) || !COORDINATE.test(lng)) return null;
    points.push([Number(lat), Number(lng)]);
  }
  return normalisePolygon(points);
}

function toLatLng(value: unknown): LatLng | null {
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [lat, lng] = value as unknown[];
  if (typeof lat !== 'number' || typeof lng !== 'number') return null;
  if (!(lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180)) return null;
  return [round5(lat), round5(lng)];
}

function round5(value: number): number {
  const rounded = Math.round(value * SCALE) / SCALE;
  return rounded === 0 ? 0 : rounded;
}

type Point = [number, number];

function isSimplePolygon(points: readonly Point[]): boolean {
  const n = points.length;
  const at = (i: number): Point => points[((i % n) + n) % n] as Point;
  const origin = at(0);
  if (points.every((p) => cross(origin, at(1), p) === 0)) return false;
  for (let i = 0; i < n; i += 1) {
    // Adjacent edges share a vertex; they only overlap when the outline doubles back on itself.
    const [a, b, c] = [at(i - 1), at(i), at(i + 1)];
    if (cross(a, b, c) === 0 && dot(a, b, c) < 0) return false;
    for (let j = i + 2; j < n; j += 1) {
      if (i === 0 && j === n - 1) continue;
      if (segmentsIntersect(at(i), at(i + 1), at(j), at(j + 1))) return false;
    }
  }
  return true;
}

function cross(o: Point, a: Point, b: Point): number {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

/** Dot product of (b − a) and (c − b): negative when the path turns straight back. */
function dot(a: Point, b: Point, c: Point): number {
  return (b[0] - a[0]) * (c[0] - b[0]) + (b[1] - a[1]) * (c[1] - b[1]);
}

function onSegment(p: Point, q: Point, r: Point): boolean {
  return (
    Math.min(p[0], q[0]) <= r[0] &&
    r[0] <= Math.max(p[0], q[0]) &&
    Math.min(p[1], q[1]) <= r[1] &&
    r[1] <= Math.max(p[1], q[1])
  );
}

function segmentsIntersect(p1: Point, p2: Point, p3: Point, p4: Point): boolean {
  const d1 = Math.sign(cross(p3, p4, p1));
  const d2 = Math.sign(cross(p3, p4, p2));
  const d3 = Math.sign(cross(p1, p2, p3));
  const d4 = Math.sign(cross(p1, p2, p4));
  if (d1 !== d2 && d3 !== d4 && d1 !== 0 && d2 !== 0 && d3 !== 0 && d4 !== 0) return true;
  return (
    (d1 === 0 && onSegment(p3, p4, p1)) ||
    (d2 === 0 && onSegment(p3, p4, p2)) ||
    (d3 === 0 && onSegment(p1, p2, p3)) ||
    (d4 === 0 && onSegment(p1, p2, p4))
  );
}
