/**
 * What each gallery modal route shows (spec point 2): photos, floorplans, EPC charts, the named event and history
 * galleries, and a gallery opened at one card. A route whose gallery or image does not exist gets a message for
 * the dialog instead (and a 404 status).
 */
import type { PropertyGallery, PropertyImage } from '../../../db/schema/properties.ts';
import { GALLERY_KINDS, type GalleryKind } from './property-links.ts';
import { indexFromContentBlockId } from './gallery-model.ts';

const GALLERY_ROUTE_KINDS = [
  'property-images',
  'floorplan',
  'epc-chart',
  ...GALLERY_KINDS,
  'gallery-card-slider-expand',
] as const;
export type GalleryRouteKind = (typeof GALLERY_ROUTE_KINDS)[number];

export type GalleryView =
  | { isFound: true; title: string; label: string; images: PropertyImage[]; initialIndex: number }
  | { isFound: false; title: string; message: string };

export type GallerySource = {
  photos: readonly PropertyImage[];
  floorplans: readonly PropertyImage[];
  epcCharts: readonly PropertyImage[];
  galleries: readonly PropertyGallery[];
};

export function isGalleryRouteKind(value: string | undefined): value is GalleryRouteKind {
  return (GALLERY_ROUTE_KINDS as readonly string[]).includes(value ?? '');
}

function startAt(requested: string | null | undefined, count: number): number {
  const index = indexFromContentBlockId(requested ?? undefined, count);
  return index ?? 0;
}

export function resolveGalleryView(
  kind: GalleryRouteKind,
  source: GallerySource,
  params: { id?: string; contentBlockId?: string; image?: string | null },
): GalleryView {
  switch (kind) {
    case 'property-images':
      return source.photos.length > 0
        ? {
            isFound: true,
            title: 'Photos',
            label: 'Photo',
            images: [...source.photos],
            initialIndex: startAt(params.image, source.photos.length),
          }
        : { isFound: false, title: 'Photos', message: 'There are no photos of this property yet.' };
    case 'floorplan':
      return source.floorplans.length > 0
        ? {
            isFound: true,
            title: source.floorplans.length > 1 ? 'Floorplans' : 'Floorplan',
            label: 'Floorplan',
            images: [...source.floorplans],
            initialIndex: startAt(params.image, source.floorplans.length),
          }
        : { isFound: false, title: 'Floorplan', message: 'There is no floorplan for this property.' };
    case 'epc-chart':
      return source.epcCharts.length > 0
        ? {
            isFound: true,
            title: 'Energy performance (EPC)',
            label: 'EPC chart',
            images: [...source.epcCharts],
            initialIndex: 0,
          }
        : { isFound: false, title: 'Energy performance (EPC)', message: 'There is no EPC chart for this property.' };
    case 'gallery-card-slider-expand': {
      const gallery = source.galleries.find((candidate) => candidate.id === params.id);
      if (!gallery || gallery.images.length === 0) {
        return { isFound: false, title: 'Gallery', message: 'We could not find that gallery for this property.' };
      }
      const index = indexFromContentBlockId(params.contentBlockId, gallery.images.length);
      if (index === null) {
        return {
          isFound: false,
          title: gallery.title,
          message: `We could not find that image: this gallery has images 1 to ${gallery.images.length}.`,
        };
      }
      return { isFound: true, title: gallery.title, label: 'Image', images: gallery.images, initialIndex: index };
    }
    default: {
      const named: GalleryKind = kind;
      const gallery = source.galleries.find((candidate) => candidate.kind === named && candidate.id === params.id);
      return gallery && gallery.images.length > 0
        ? { isFound: true, title: gallery.title, label: 'Image', images: gallery.images, initialIndex: 0 }
        : { isFound: false, title: 'Gallery', message: 'We could not find that gallery for this property.' };
    }
  }
}
