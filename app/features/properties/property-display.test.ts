import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ASSET_HOST_MARKER,
  CARD_IMAGE,
  IMAGE_WIDTHS,
  NEW_LISTING_MARK,
  cardStatusTags,
  imageSrcSet,
  imageUrlWithSize,
  isNewListing,
  pppw,
  splitPriceQualifier,
} from './property-display.ts';
import { parseSizeSegment } from '../media/index.ts';

describe('property display rules', () => {
  describe('price qualifier', () => {
    it.each([
      ['Offers over £350,000', 'Offers over', '£350,000'],
      ['Guide price £1,250,000', 'Guide price', '£1,250,000'],
      ['£1,200 pcm', '', '£1,200 pcm'],
      ['  OIRO  £500,000 ', 'OIRO', '£500,000'],
      ['Price on application', '', 'Price on application'],
      ['', '', ''],
    ])('splits "%s" into "%s" and "%s"', (price, qualifier, amount) => {
      expect(splitPriceQualifier(price)).toEqual({ qualifier, amount });
    });
  });

  describe('price per week', () => {
    it('is price × 12 / 52, rounded', () => {
      expect(pppw(1300)).toBe(300);
      expect(pppw(1000)).toBe(231);
      expect(pppw(950)).toBe(219);
      expect(pppw(0)).toBe(0);
    });

    it('is null without a usable price', () => {
      for (const value of [null, undefined, Number.NaN, -5, Number.POSITIVE_INFINITY]) expect(pppw(value)).toBeNull();
    });
  });

  describe('NEW Listing!', () => {
    const now = new Date('2026-03-10T12:00:00Z');

    it('has the spec text', () => {
      expect(NEW_LISTING_MARK).toBe('NEW Listing!');
    });

    it('marks listings created within the last 7 days', () => {
      expect(isNewListing(new Date('2026-03-03T12:00:00Z'), 'available', now)).toBe(true);
      expect(isNewListing('2026-03-09T00:00:00Z', 'under-offer', now)).toBe(true);
      expect(isNewListing(new Date('2026-03-03T11:59:59Z'), 'available', now)).toBe(false);
      expect(isNewListing(new Date('2025-01-01'), 'available', now)).toBe(false);
    });

    it('never marks sold or SSTC listings', () => {
      for (const status of ['sold', 'sstc', 'Sold STC', 'SOLD']) expect(isNewListing(now, status, now)).toBe(false);
    });

    it('ignores an unreadable date', () => {
      expect(isNewListing('yesterday', 'available', now)).toBe(false);
    });
  });

  describe('card status tags', () => {
    it.each([
      ['under-offer', ['Under offer']],
      ['Under Offer', ['Under offer']],
      ['let-agreed', ['Let Agreed']],
      ['sold', ['Sold']],
      ['sstc', ['SSTC']],
      ['Sold STC', ['SSTC']],
      ['let', ['Let']],
      ['available', []],
      ['', []],
    ])('status %s gives %j', (status, marks) => {
      expect(cardStatusTags(status, [])).toEqual(marks);
    });

    it('adds New Home for a new-home tag', () => {
      expect(cardStatusTags('under-offer', ['Garden', 'New Home'])).toEqual(['Under offer', 'New Home']);
      expect(cardStatusTags('available', ['new homes'])).toEqual(['New Home']);
      expect(cardStatusTags('available', ['newly decorated'])).toEqual([]);
    });
  });

  describe('image URLs', () => {
    it('has the spec widths and card size', () => {
      expect(IMAGE_WIDTHS).toEqual([320, 375, 414, 575, 768, 992, 1160]);
      expect(CARD_IMAGE).toEqual({ width: 408, height: 250 });
    });

    it('inserts a WxH size segment into a media URL', () => {
      expect(imageUrlWithSize('/media/p-12/front.jpg', 408, 250)).toBe('/media/408x250/p-12/front.jpg');
      expect(imageUrlWithSize('/media/p-12/front.jpg', 320)).toBe('/media/320x/p-12/front.jpg');
      expect(imageUrlWithSize('https://cdn.agency.example/media/p-12/front.jpg', 768)).toBe(
        'https://cdn.agency.example/media/768x/p-12/front.jpg',
      );
    });

    it('produces size segments the media route accepts', () => {
      const card = imageUrlWithSize('/media/p-1/a.jpg', CARD_IMAGE.width, CARD_IMAGE.height).split('/')[2] ?? '';
      expect(parseSizeSegment(card)).toEqual({ width: 408, height: 250 });
      for (const width of IMAGE_WIDTHS) {
        expect(parseSizeSegment(imageUrlWithSize('/media/p-1/a.jpg', width).split('/')[2] ?? '')).toEqual({
          width,
          height: null,
        });
      }
    });

    it('replaces an existing size segment rather than adding a second', () => {
      expect(imageUrlWithSize('/media/320x/p-12/front.jpg', 992)).toBe('/media/992x/p-12/front.jpg');
    });

    it('uses images with the asset-host marker as they are', () => {
      expect(ASSET_HOST_MARKER).toBe('/assets/');
      expect(imageUrlWithSize('/assets/no-image-4f2a.png', 408, 250)).toBe('/assets/no-image-4f2a.png');
      expect(imageSrcSet('/assets/logo.svg')).toBe('');
    });

    it('leaves foreign URLs and invalid sizes unchanged', () => {
      expect(imageUrlWithSize('https://images.example.com/a.jpg', 320)).toBe('https://images.example.com/a.jpg');
      expect(imageUrlWithSize('/media/p-1/a.jpg', 0)).toBe('/media/p-1/a.jpg');
      expect(imageUrlWithSize('/media/p-1/a.jpg', 320.5)).toBe('/media/p-1/a.jpg');
      expect(imageUrlWithSize('/media/p-1/a.jpg', 320, -1)).toBe('/media/p-1/a.jpg');
    });

    it('builds a srcset of the spec widths', () => {
      expect(imageSrcSet('/media/p-1/a.jpg', [320, 768])).toBe(
        '/media/320x/p-1/a.jpg 320w, /media/768x/p-1/a.jpg 768w',
      );
      expect(imageSrcSet('/media/p-1/a.jpg').split(', ')).toHaveLength(7);
    });

    it('never throws', () => {
      fc.assert(
        fc.property(fc.string(), fc.integer(), fc.option(fc.integer()), (url, width, height) => {
          expect(() => imageUrlWithSize(url, width, height)).not.toThrow();
        }),
      );
    });
  });
});
