import { describe, expect, it } from 'vitest';
import { modalLoadingTitle } from './modal-loading.ts';

const base = '/properties/a-house';

describe('modalLoadingTitle', () => {
  it('names each modal route while it loads', () => {
    expect(modalLoadingTitle(base, `${base}/property-images`)).toBe('Loading gallery');
    expect(modalLoadingTitle(base, `${base}/floorplan`)).toBe('Loading floorplan');
    expect(modalLoadingTitle(base, `${base}/epc-chart`)).toBe('Loading EPC chart');
    expect(modalLoadingTitle(base, `${base}/history-images/h1`)).toBe('Loading gallery');
    expect(modalLoadingTitle(base, `${base}/gallery-card-slider-expand/g1/2`)).toBe('Loading gallery');
    expect(modalLoadingTitle(base, `${base}/video/v1`)).toBe('Loading video');
    expect(modalLoadingTitle(base, `${base}/calculator`)).toBe('Loading calculators');
    expect(modalLoadingTitle(base, `${base}/tenant-info`)).toBe('Loading tenant information');
  });

  it('ignores navigation elsewhere', () => {
    expect(modalLoadingTitle(base, '/search')).toBeNull();
    expect(modalLoadingTitle(base, '/properties/another/floorplan')).toBeNull();
    expect(modalLoadingTitle(base, base)).toBeNull();
  });
});
