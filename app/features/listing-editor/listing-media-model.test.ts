import { describe, expect, it } from 'vitest';
import {
  MAX_MEDIA_ITEMS,
  addFiles,
  addVideo,
  deleteItem,
  makeMainPhoto,
  mediaActionSchema,
  moveItem,
  reorderImages,
  setCaption,
  setImageKind,
  type ListingMedia,
  type MediaChange,
} from './listing-media-model.ts';

const ADDRESS = 'Widcombe Hill, Bath';
const image = (url: string) => ({ url, imageAlt: `alt ${url}` });

function media(): ListingMedia {
  return {
    photos: [image('/media/l/a.jpg'), image('/media/l/b.jpg'), image('/media/l/c.jpg')],
    floorplans: [image('/media/l/plan.png')],
    epcCharts: [],
    documents: [{ url: '/media/l/brochure.pdf', title: 'Brochure', kind: 'brochure' }],
    videos: [{ id: 'v1', url: 'https://youtu.be/dQw4w9WgXcQ', description: null, kind: 'video' }],
  };
}

function ok(change: MediaChange): ListingMedia {
  if (!change.ok) throw new Error(change.message);
  return change.media;
}

const photoUrls = (value: ListingMedia) => value.photos.map((photo) => photo.url.slice(9));

describe('moving by keyboard (Move up / Move down)', () => {
  it('swaps an item with its neighbour', () => {
    expect(photoUrls(ok(moveItem(media(), '/media/l/b.jpg', 'up')))).toEqual(['b.jpg', 'a.jpg', 'c.jpg']);
    expect(photoUrls(ok(moveItem(media(), '/media/l/b.jpg', 'down')))).toEqual(['a.jpg', 'c.jpg', 'b.jpg']);
  });

  it('leaves the order alone at either end', () => {
    expect(photoUrls(ok(moveItem(media(), '/media/l/a.jpg', 'up')))).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
    expect(photoUrls(ok(moveItem(media(), '/media/l/c.jpg', 'down')))).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
  });

  it('moves brochures and links within their own lists', () => {
    const two = {
      ...media(),
      documents: [...media().documents, { url: '/media/l/2.pdf', title: '2', kind: 'brochure' as const }],
    };
    expect(ok(moveItem(two, '/media/l/2.pdf', 'up')).documents.map((d) => d.title)).toEqual(['2', 'Brochure']);
    expect(ok(moveItem(media(), 'v1', 'down')).videos).toHaveLength(1);
  });

  it('answers not found for an item of another listing', () => {
    expect(moveItem(media(), '/media/other/a.jpg', 'up')).toMatchObject({ ok: false, status: 404 });
  });
});

describe('reordering by drag and drop', () => {
  it('takes a whole new order of the same photos', () => {
    const order = ['/media/l/c.jpg', '/media/l/a.jpg', '/media/l/b.jpg'];
    expect(photoUrls(ok(reorderImages(media(), 'photo', order)))).toEqual(['c.jpg', 'a.jpg', 'b.jpg']);
  });

  it('refuses an order that drops, repeats or adds a photo', () => {
    expect(reorderImages(media(), 'photo', ['/media/l/a.jpg', '/media/l/b.jpg']).ok).toBe(false);
    expect(reorderImages(media(), 'photo', ['/media/l/a.jpg', '/media/l/a.jpg', '/media/l/b.jpg']).ok).toBe(false);
    expect(reorderImages(media(), 'photo', ['/media/l/a.jpg', '/media/l/b.jpg', '/media/x/z.jpg']).ok).toBe(false);
  });
});

describe('main photo, captions, kinds, delete', () => {
  it('makes a photo the first one', () => {
    expect(photoUrls(ok(makeMainPhoto(media(), '/media/l/c.jpg')))).toEqual(['c.jpg', 'a.jpg', 'b.jpg']);
    expect(makeMainPhoto(media(), '/media/l/plan.png').ok).toBe(false);
  });

  it('captions a photo and names it by the caption for screen readers', () => {
    const photo = ok(setCaption(media(), '/media/l/b.jpg', 'The kitchen', ADDRESS)).photos[1]!;
    expect(photo).toMatchObject({ caption: 'The kitchen', imageAlt: 'The kitchen, Widcombe Hill, Bath' });
    const cleared = ok(setCaption({ ...media(), photos: [photo] }, photo.url, '', ADDRESS)).photos[0]!;
    expect(cleared.caption).toBeUndefined();
    expect(cleared.imageAlt).toBe('Photo 1 of Widcombe Hill, Bath');
  });

  it('marks a photo as a floor plan or EPC chart and back', () => {
    const marked = ok(setImageKind(media(), '/media/l/a.jpg', 'floorplan'));
    expect(photoUrls(marked)).toEqual(['b.jpg', 'c.jpg']);
    expect(marked.floorplans.map((plan) => plan.url)).toEqual(['/media/l/plan.png', '/media/l/a.jpg']);
    const epc = ok(setImageKind(marked, '/media/l/plan.png', 'epc'));
    expect(epc.epcCharts.map((chart) => chart.url)).toEqual(['/media/l/plan.png']);
  });

  it('deletes photos, brochures and links, and nothing of another listing', () => {
    expect(photoUrls(ok(deleteItem(media(), '/media/l/b.jpg')))).toEqual(['a.jpg', 'c.jpg']);
    expect(ok(deleteItem(media(), '/media/l/brochure.pdf')).documents).toEqual([]);
    expect(ok(deleteItem(media(), 'v1')).videos).toEqual([]);
    expect(deleteItem(media(), '/media/l/nope.jpg')).toMatchObject({ ok: false, status: 404 });
  });
});

describe('adding files and links', () => {
  it('adds images to the chosen group and PDFs as brochures', () => {
    const added = ok(
      addFiles(
        media(),
        [
          { url: '/media/l/d.jpg', kind: 'image', originalName: 'd.jpg', width: 4000, height: 3000 },
          { url: '/media/l/fees.pdf', kind: 'pdf', originalName: 'Fees <b>.pdf', width: null, height: null },
        ],
        'photo',
        ADDRESS,
      ),
    );
    expect(added.photos[3]).toEqual({
      url: '/media/l/d.jpg',
      imageAlt: 'Photo 4 of Widcombe Hill, Bath',
      width: 4000,
      height: 3000,
    });
    expect(added.documents[1]).toEqual({ url: '/media/l/fees.pdf', title: 'Fees <b>', kind: 'brochure' });
  });

  it('refuses files beyond the listing limit', () => {
    const files = Array.from({ length: MAX_MEDIA_ITEMS }, (_, n) => ({
      url: `/media/l/${n}.jpg`,
      kind: 'image' as const,
      originalName: `${n}.jpg`,
      width: null,
      height: null,
    }));
    expect(addFiles(media(), files, 'photo', ADDRESS)).toMatchObject({ ok: false, status: 422, field: 'files' });
  });

  it('adds a link once', () => {
    const link = { url: 'https://my.matterport.com/show/?m=abc', kind: 'tour' as const, description: '' };
    const added = ok(addVideo(media(), link, 'v2'));
    expect(added.videos[1]).toEqual({ id: 'v2', url: link.url, description: null, kind: 'tour' });
    expect(addVideo(added, link, 'v3').ok).toBe(false);
  });
});

describe('the forms’ schema', () => {
  const base = { version: '3', authenticity_token: 'x' };

  it('accepts the providers the property page shows and refuses others', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://vimeo.com/76979871',
      'https://my.matterport.com/show/?m=abc',
    ]) {
      expect(
        mediaActionSchema.safeParse({ ...base, intent: 'video', video_url: url, video_kind: 'tour' }).success,
      ).toBe(true);
    }
    for (const url of ['https://example.com/tour', 'javascript:alert(1)', 'https://vebra.tours/x', '']) {
      expect(
        mediaActionSchema.safeParse({ ...base, intent: 'video', video_url: url, video_kind: 'tour' }).success,
      ).toBe(false);
    }
  });

  it('reads a reorder as a list and the version as a number', () => {
    const parsed = mediaActionSchema.parse({ ...base, intent: 'reorder', kind: 'photo', order: ['/media/l/a.jpg'] });
    expect(parsed).toMatchObject({ version: 3, order: ['/media/l/a.jpg'] });
    expect(mediaActionSchema.safeParse({ ...base, version: 'x', intent: 'main', item: 'a' }).success).toBe(false);
  });

  it('cleans captions of control characters and refuses long ones', () => {
    const parsed = mediaActionSchema.parse({ ...base, intent: 'caption', item: 'a', caption: 'Kitchen\u202e\n' });
    expect(parsed).toMatchObject({ caption: 'Kitchen' });
    expect(
      mediaActionSchema.safeParse({ ...base, intent: 'caption', item: 'a', caption: 'x'.repeat(121) }).success,
    ).toBe(false);
  });
});
