import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  galleryAlt,
  galleryCounter,
  indexFromContentBlockId,
  responsiveImage,
  stepIndex,
  swipeDirection,
} from './gallery-model.ts';
import { resolveGalleryView, type GallerySource } from './gallery-views.ts';

describe('gallery (spec point 2)', () => {
  it('shows the image number as index + 1', () => {
    expect(galleryCounter(2, 12)).toBe('3 / 12');
    expect(galleryCounter(0, 1)).toBe('1 / 1');
    expect(galleryCounter(0, 0)).toBe('0 / 0');
  });

  it('wraps round at either end', () => {
    expect(stepIndex(11, 1, 12)).toBe(0);
    expect(stepIndex(0, -1, 12)).toBe(11);
    expect(stepIndex(4, 1, 12)).toBe(5);
  });

  it('always stays within the images', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -50, max: 50 }),
        fc.integer({ min: -3, max: 3 }),
        fc.integer({ min: 1, max: 40 }),
        (index, delta, count) => {
          const next = stepIndex(index, delta, count);
          return next >= 0 && next < count;
        },
      ),
    );
  });

  it('names each image by position and description', () => {
    expect(galleryAlt('Photo', 2, 12, 'Kitchen with island')).toBe('Photo 3 of 12: Kitchen with island');
    expect(galleryAlt('Floorplan', 0, 1, '  ')).toBe('Floorplan 1 of 1');
  });

  it('gives media photos a srcset of the spec widths and a 1160 px src', () => {
    const image = responsiveImage('/media/photos/house-1.jpg', '100vw');
    expect(image.src).toBe('/media/1160x/photos/house-1.jpg');
    expect(image.srcSet?.split(', ').map((entry) => entry.split(' ')[1])).toEqual([
      '320w',
      '375w',
      '414w',
      '575w',
      '768w',
      '992w',
      '1160w',
    ]);
    expect(image.sizes).toBe('100vw');
  });

  it('shows asset-host images as they are, with no sized variants (the marker rule)', () => {
    expect(responsiveImage('/assets/placeholder-house.jpg', '100vw')).toEqual({ src: '/assets/placeholder-house.jpg' });
    expect(responsiveImage('https://cdn.example.com/assets/x/photo.jpg', '100vw')).toEqual({
      src: 'https://cdn.example.com/assets/x/photo.jpg',
    });
  });

  it('leaves URLs the media endpoint does not serve alone', () => {
    expect(responsiveImage('https://elsewhere.example/photo.jpg', '100vw')).toEqual({
      src: 'https://elsewhere.example/photo.jpg',
    });
  });

  it('reads a horizontal swipe, ignoring short and mostly vertical moves', () => {
    expect(swipeDirection(-80, 5)).toBe(1);
    expect(swipeDirection(80, 5)).toBe(-1);
    expect(swipeDirection(20, 0)).toBe(0);
    expect(swipeDirection(60, 80)).toBe(0);
  });

  it('reads the expanded card number, from 1', () => {
    expect(indexFromContentBlockId('1', 4)).toBe(0);
    expect(indexFromContentBlockId('4', 4)).toBe(3);
    expect(indexFromContentBlockId('5', 4)).toBeNull();
    expect(indexFromContentBlockId('0', 4)).toBeNull();
    expect(indexFromContentBlockId('x', 4)).toBeNull();
  });
});

describe('gallery modal routes', () => {
  const image = (name: string) => ({ url: `/media/photos/${name}.jpg`, imageAlt: name });
  const source: GallerySource = {
    photos: [image('a'), image('b'), image('c')],
    floorplans: [image('plan')],
    epcCharts: [],
    galleries: [
      { id: 'auction-9', kind: 'property-auction-sales-event', title: 'Auction day', images: [image('x'), image('y')] },
    ],
  };

  it('opens the photos at the requested image', () => {
    expect(resolveGalleryView('property-images', source, { image: '2' })).toMatchObject({
      isFound: true,
      title: 'Photos',
      initialIndex: 1,
    });
    expect(resolveGalleryView('property-images', source, { image: '99' })).toMatchObject({
      isFound: true,
      initialIndex: 0,
    });
  });

  it('shows the floorplan and explains a missing EPC chart', () => {
    expect(resolveGalleryView('floorplan', source, {})).toMatchObject({
      isFound: true,
      title: 'Floorplan',
      images: [image('plan')],
    });
    expect(resolveGalleryView('epc-chart', source, {})).toEqual({
      isFound: false,
      title: 'Energy performance (EPC)',
      message: 'There is no EPC chart for this property.',
    });
  });

  it('finds a named gallery only under its own kind', () => {
    expect(resolveGalleryView('property-auction-sales-event', source, { id: 'auction-9' })).toMatchObject({
      isFound: true,
      title: 'Auction day',
    });
    expect(resolveGalleryView('history-images', source, { id: 'auction-9' })).toMatchObject({
      isFound: false,
      message: 'We could not find that gallery for this property.',
    });
  });

  it('expands a gallery at a card, and says so when the card does not exist', () => {
    expect(
      resolveGalleryView('gallery-card-slider-expand', source, { id: 'auction-9', contentBlockId: '2' }),
    ).toMatchObject({
      isFound: true,
      initialIndex: 1,
    });
    expect(
      resolveGalleryView('gallery-card-slider-expand', source, { id: 'auction-9', contentBlockId: '7' }),
    ).toMatchObject({
      isFound: false,
      message: 'We could not find that image: this gallery has images 1 to 2.',
    });
  });
});
