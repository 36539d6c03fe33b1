import { describe, expect, it } from 'vitest';
import { photosInSiteOrder } from './site-order.ts';

const photo = (url: string) => ({ url, imageAlt: url });

describe('photosInSiteOrder', () => {
  it('keeps the feed order when staff set none', () => {
    expect(photosInSiteOrder([photo('a'), photo('b')], []).map((p) => p.url)).toEqual(['a', 'b']);
  });

  it('puts known photos in the site order, new ones after in feed order, and drops gone ones', () => {
    const feed = [photo('a'), photo('new1'), photo('b'), photo('c'), photo('new2')];
    expect(photosInSiteOrder(feed, ['c', 'gone', 'a', 'b']).map((p) => p.url)).toEqual(['c', 'a', 'b', 'new1', 'new2']);
  });
});
