import { describe, expect, it } from 'vitest';
import { normalisePolygon, type LatLng } from './polygon.ts';
import { FREEHAND_MAX_POINTS, simplifyOutline } from './simplify-polygon.ts';

const circle = (count: number): LatLng[] =>
  Array.from({ length: count }, (_, i) => {
    const angle = (2 * Math.PI * i) / count;
    return [51.38 + 0.02 * Math.sin(angle), -2.36 + 0.03 * Math.cos(angle)];
  });

describe('simplifyOutline', () => {
  it('turns a dense traced loop into a valid search polygon of a bounded size', () => {
    const outline = simplifyOutline(circle(800));
    expect(outline.length).toBeLessThanOrEqual(FREEHAND_MAX_POINTS);
    expect(outline.length).toBeGreaterThanOrEqual(8);
    expect(normalisePolygon(outline)).not.toBeNull();
  });

  it('keeps a small outline as it is', () => {
    const square: LatLng[] = [
      [51.4, -2.4],
      [51.4, -2.3],
      [51.3, -2.3],
      [51.3, -2.4],
    ];
    expect(simplifyOutline(square)).toEqual(square);
  });
});
