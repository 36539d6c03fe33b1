import { describe, expect, it } from 'vitest';
import { modalPathForHash } from './modal-hash.ts';

describe('modalPathForHash', () => {
  it('maps every property modal hash on a property page to the nested route', () => {
    const page = '/properties/flat-bath-12';
    for (const route of [
      'calculator',
      'book-a-viewing',
      'book-a-valuation',
      'floorplan',
      'epc-chart',
      'property-images',
      'video/2',
      'contact-office',
      'contact-staff-member/7',
      'new-homes-enquiry',
      'tenant-info',
    ]) {
      expect(modalPathForHash(page, `#/${route}`)).toBe(`${page}/${route}`);
    }
  });

  it('maps the site-wide modals over the home page from other pages', () => {
    expect(modalPathForHash('/', '#/valuation')).toBe('/valuation');
    expect(modalPathForHash('/search', '#/contact-staff-member/3')).toBe('/contact-staff-member/3');
    expect(modalPathForHash('/', '#/contact-office?branch_id=2')).toBe('/contact-office?branch_id=2');
  });

  it('ignores hashes that name no modal of the page', () => {
    expect(modalPathForHash('/', '#/calculator')).toBeNull();
    expect(modalPathForHash('/search', '#/from-2-bed/up-to-400000')).toBeNull();
    expect(modalPathForHash('/search', '#/map')).toBeNull();
    expect(modalPathForHash('/properties/a-b', '#flash/saved')).toBeNull();
    expect(modalPathForHash('/properties/a-b', '#/video/%2e%2e')).toBeNull();
    expect(modalPathForHash('/properties/a-b', '#/contact-staff-member/x')).toBeNull();
  });
});
