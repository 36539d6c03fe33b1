import { describe, expect, it } from 'vitest';
import { contrastRatio, formatRatio, normaliseHex } from './colour-contrast.ts';

describe('contrastRatio', () => {
  it('is 21 for black on white, either way round', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
  });

  it('is 1 for a colour on itself', () => {
    expect(contrastRatio('#0b4f6c', '#0B4F6C')).toBeCloseTo(1, 5);
  });

  it('puts #777 on white just under AA (about 4.48)', () => {
    const ratio = contrastRatio('#777', '#fff')!;
    expect(ratio).toBeGreaterThan(4.47);
    expect(ratio).toBeLessThan(4.5);
  });

  it('puts #767676 on white just over AA', () => {
    expect(contrastRatio('#767676', '#ffffff')!).toBeGreaterThanOrEqual(4.5);
  });

  it('answers null for anything but hex', () => {
    expect(contrastRatio('red', '#fff')).toBeNull();
    expect(contrastRatio('#fff', '#ffff')).toBeNull();
  });
});

describe('normaliseHex', () => {
  it('expands three digits and lower-cases', () => {
    expect(normaliseHex(' #AbC ')).toBe('#aabbcc');
    expect(normaliseHex('#0B4F6C')).toBe('#0b4f6c');
  });

  it('refuses what is not a hex colour', () => {
    for (const value of ['0b4f6c', '#0b4f6', 'rgb(0 0 0)', '#ggg', '#fff;}body{'])
      expect(normaliseHex(value)).toBeNull();
  });
});

describe('formatRatio', () => {
  it('never rounds a refused ratio up to the threshold', () => {
    expect(formatRatio(4.4999)).toBe('4.49');
    expect(formatRatio(21)).toBe('21.00');
  });
});
