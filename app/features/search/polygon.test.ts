import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePolygon, encodePolygon, normalisePolygon, type LatLng } from './polygon.ts';
import { polygonArbitrary } from './search-arbitraries.ts';

const square: LatLng[] = [
  [51.5, -0.2],
  [51.5, -0.1],
  [51.4, -0.1],
  [51.4, -0.2],
];

describe('the drawn search area', () => {
  it('keeps a simple polygon, rounded to 5 decimals', () => {
    expect(normalisePolygon(square)).toEqual(square);
    expect(
      normalisePolygon([
        [51.123456789, -0.000001],
        [51.2, 0.1],
        [51.3, -0.1],
      ]),
    ).toEqual([
      [51.12346, 0],
      [51.2, 0.1],
      [51.3, -0.1],
    ]);
  });

  it('removes a closing point equal to the first and repeated points', () => {
    expect(normalisePolygon([...square, square[0]])).toEqual(square);
    expect(normalisePolygon([square[0], square[0], square[1], square[2], square[3]])).toEqual(square);
  });

  it('drops fewer than 3 points, out-of-range coordinates and non-numbers', () => {
    expect(normalisePolygon(square.slice(0, 2))).toBeNull();
    expect(
      normalisePolygon([
        [91, 0],
        [0, 1],
        [1, 1],
      ]),
    ).toBeNull();
    expect(
      normalisePolygon([
        [0, 181],
        [0, 1],
        [1, 1],
      ]),
    ).toBeNull();
    expect(
      normalisePolygon([
        [0, Number.NaN],
        [0, 1],
        [1, 1],
      ]),
    ).toBeNull();
    expect(
      normalisePolygon([
        ['51', '0'],
        [0, 1],
        [1, 1],
      ]),
    ).toBeNull();
    expect(
      normalisePolygon([
        [0, 0, 0],
        [0, 1],
        [1, 1],
      ]),
    ).toBeNull();
    expect(normalisePolygon('51,0;0,1')).toBeNull();
  });

  it('drops more than 200 points', () => {
    const circle = (n: number): LatLng[] =>
      Array.from({ length: n }, (_, i) => [50 + Math.sin((2 * Math.PI * i) / n), Math.cos((2 * Math.PI * i) / n)]);
    expect(normalisePolygon(circle(200))).toHaveLength(200);
    expect(normalisePolygon(circle(201))).toBeNull();
  });

  it('drops a self-crossing outline (a bow tie), a figure of eight touching at a vertex and a flat one', () => {
    expect(
      normalisePolygon([
        [0, 0],
        [1, 1],
        [1, 0],
        [0, 1],
      ]),
    ).toBeNull();
    expect(
      normalisePolygon([
        [0, 0],
        [1, 1],
        [2, 0],
        [2, 2],
        [1, 1],
        [0, 2],
      ]),
    ).toBeNull();
    expect(
      normalisePolygon([
        [0, 0],
        [1, 1],
        [2, 2],
      ]),
    ).toBeNull();
    expect(
      normalisePolygon([
        [0, 0],
        [2, 0],
        [1, 0],
        [1, 1],
      ]),
    ).toBeNull();
  });

  it('encodes as lat_lng~lat_lng and decodes back exactly', () => {
    expect(encodePolygon(square)).toBe('51.5_-0.2~51.5_-0.1~51.4_-0.1~51.4_-0.2');
    expect(decodePolygon('51.5_-0.2~51.5_-0.1~51.4_-0.1~51.4_-0.2')).toEqual(square);
    fc.assert(
      fc.property(polygonArbitrary, (points) => {
        const polygon = normalisePolygon(points);
        if (polygon) expect(decodePolygon(encodePolygon(polygon))).toEqual(polygon);
      }),
    );
  });

  it('decodes malformed text to null without throwing', () => {
    for (const junk of [
      '',
      '~',
      '51.5',
      '51.5_-0.2_3~1_1~2_2',
      'a_b~c_d~e_f',
      '1e3_1~2_2~3_1',
      '51.5_-0.2~~51.4_-0.1',
    ]) {
      expect(decodePolygon(junk)).toBeNull();
    }
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(() => decodePolygon(text)).not.toThrow();
      }),
    );
  });
});
