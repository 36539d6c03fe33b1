/**
 * A listing's media as the media manager changes them (docs/decisions/033-media-manager.md): the photos (the first
 * is the main one), floor plans, EPC charts, brochures and tour/video links, stored in the listing's own columns
 * exactly as the import stores them, so the property page and the search cards show them unchanged. Every change is
 * a pure function of the stored media and the form's answers; an item is named by its URL (a video by its id), and
 * an item the listing does not have is "not found", so another listing's photo cannot be touched from this one.
 */
import { z } from 'zod';
// Types only: the table module would bring Drizzle into the browser's bundle.
import type { PropertyDocument, PropertyImage, PropertyVideo } from '../../../db/schema/properties.ts';
import { isSkippedTourLink, toEmbedUrl } from '../properties/index.ts';
import { plainText } from './listing-editor-model.ts';

export type ListingMedia = {
  photos: PropertyImage[];
  floorplans: PropertyImage[];
  epcCharts: PropertyImage[];
  documents: PropertyDocument[];
  videos: PropertyVideo[];
};

export const IMAGE_KINDS = ['photo', 'floorplan', 'epc'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];
export const imageKindLabels: Record<ImageKind, string> = {
  photo: 'Photo',
  floorplan: 'Floor plan',
  epc: 'EPC chart',
};
const groupOf = { photo: 'photos', floorplan: 'floorplans', epc: 'epcCharts' } as const;
type ImageGroup = (typeof groupOf)[ImageKind];

/** Enough for any listing, and a bound on what one page lists and one row stores. */
export const MAX_MEDIA_ITEMS = 100;
/** Files in one upload: the staff uploads reader refuses more with a clear message. */
export const MAX_FILES_PER_UPLOAD = 30;

export type MediaChange =
  { ok: true; media: ListingMedia; summary: string } | { ok: false; status: 404 | 422; field: string; message: string };

const NOT_FOUND: MediaChange = {
  ok: false,
  status: 404,
  field: 'form',
  message: 'This photo or file is not on this listing.',
};

function findImage(media: ListingMedia, url: string): { group: ImageGroup; index: number } | null {
  for (const group of ['photos', 'floorplans', 'epcCharts'] as const) {
    const index = media[group].findIndex((image) => image.url === url);
    if (index >= 0) return { group, index };
  }
  return null;
}

function itemCount(media: ListingMedia): number {
  return (
    media.photos.length +
    media.floorplans.length +
    media.epcCharts.length +
    media.documents.length +
    media.videos.length
  );
}

/** Moves one item a place up or down within its own group (the keyboard's way, and the no-JavaScript way). */
export function moveItem(media: ListingMedia, url: string, direction: 'up' | 'down'): MediaChange {
  const found = findImage(media, url);
  if (found) {
    const list = moved(media[found.group], found.index, direction);
    return { ok: true, media: { ...media, [found.group]: list }, summary: `moved ${direction}` };
  }
  const documentIndex = media.documents.findIndex((item) => item.url === url);
  if (documentIndex >= 0) {
    return {
      ok: true,
      media: { ...media, documents: moved(media.documents, documentIndex, direction) },
      summary: `moved ${direction}`,
    };
  }
  const videoIndex = media.videos.findIndex((item) => item.id === url);
  if (videoIndex >= 0) {
    return {
      ok: true,
      media: { ...media, videos: moved(media.videos, videoIndex, direction) },
      summary: `moved ${direction}`,
    };
  }
  return NOT_FOUND;
}

function moved<T>(list: readonly T[], index: number, direction: 'up' | 'down'): T[] {
  const target = direction === 'up' ? index - 1 : index + 1;
  const copy = [...list];
  if (target < 0 || target >= copy.length) return copy;
  [copy[index], copy[target]] = [copy[target]!, copy[index]!];
  return copy;
}

/** A whole new order of one image group (a drag and drop): the same images, each once, else nothing changes. */
export function reorderImages(media: ListingMedia, kind: ImageKind, order: readonly string[]): MediaChange {
  const group = groupOf[kind];
  const byUrl = new Map(media[group].map((image) => [image.url, image]));
  if (order.length !== byUrl.size || new Set(order).size !== order.length || order.some((url) => !byUrl.has(url))) {
    return NOT_FOUND;
  }
  return { ok: true, media: { ...media, [group]: order.map((url) => byUrl.get(url)!) }, summary: 'reordered' };
}

/** The main photo leads the gallery and is the search card's picture: it is simply the first photo. */
export function makeMainPhoto(media: ListingMedia, url: string): MediaChange {
  const index = media.photos.findIndex((image) => image.url === url);
  if (index < 0) return NOT_FOUND;
  const photo = media.photos[index]!;
  return {
    ok: true,
    media: { ...media, photos: [photo, ...media.photos.filter((_, at) => at !== index)] },
    summary: 'main photo chosen',
  };
}

/** The caption is shown under the picture and names it for screen readers (with the address). */
export function setCaption(media: ListingMedia, url: string, caption: string, displayAddress: string): MediaChange {
  const found = findImage(media, url);
  if (!found) return NOT_FOUND;
  const list = media[found.group].map((image, index) =>
    index === found.index ? captioned(image, caption, displayAddress, found.group, index) : image,
  );
  return { ok: true, media: { ...media, [found.group]: list }, summary: 'caption changed' };
}

function captioned(
  image: PropertyImage,
  caption: string,
  displayAddress: string,
  group: ImageGroup,
  index: number,
): PropertyImage {
  const { caption: _old, ...rest } = image;
  return caption
    ? { ...rest, caption, imageAlt: `${caption}, ${displayAddress}` }
    : { ...rest, imageAlt: defaultAlt(group, index + 1, displayAddress) };
}

function defaultAlt(group: ImageGroup, n: number, displayAddress: string): string {
  const what = group === 'photos' ? 'Photo' : group === 'floorplans' ? 'Floor plan' : 'Energy performance chart';
  return `${what} ${n} of ${displayAddress}`;
}

/** Marks an image as a photo, a floor plan or an EPC chart: it moves to the end of that group. */
export function setImageKind(media: ListingMedia, url: string, kind: ImageKind): MediaChange {
  const found = findImage(media, url);
  if (!found) return NOT_FOUND;
  const target = groupOf[kind];
  if (target === found.group) return { ok: true, media, summary: 'unchanged' };
  const image = media[found.group][found.index]!;
  return {
    ok: true,
    media: {
      ...media,
      [found.group]: media[found.group].filter((_, index) => index !== found.index),
      [target]: [...media[target], image],
    },
    summary: `marked as ${imageKindLabels[kind].toLowerCase()}`,
  };
}

export function deleteItem(media: ListingMedia, url: string): MediaChange {
  const found = findImage(media, url);
  if (found) {
    return {
      ok: true,
      media: { ...media, [found.group]: media[found.group].filter((_, index) => index !== found.index) },
      summary: 'deleted',
    };
  }
  if (media.documents.some((item) => item.url === url)) {
    return {
      ok: true,
      media: { ...media, documents: media.documents.filter((item) => item.url !== url) },
      summary: 'deleted',
    };
  }
  if (media.videos.some((item) => item.id === url)) {
    return {
      ok: true,
      media: { ...media, videos: media.videos.filter((item) => item.id !== url) },
      summary: 'deleted',
    };
  }
  return NOT_FOUND;
}

/** A stored file the staff uploads reader accepted. */
export type UploadedFile = {
  url: string;
  kind: 'image' | 'pdf';
  originalName: string;
  width: number | null;
  height: number | null;
};

/** New files join the end of their group: images as the chosen kind, PDFs as brochures named after the file. */
export function addFiles(
  media: ListingMedia,
  files: readonly UploadedFile[],
  kind: ImageKind,
  displayAddress: string,
): MediaChange {
  if (itemCount(media) + files.length > MAX_MEDIA_ITEMS) {
    return {
      ok: false,
      status: 422,
      field: 'files',
      message: `A listing can have at most ${MAX_MEDIA_ITEMS} photos, plans, documents and links: delete some first.`,
    };
  }
  const group = groupOf[kind];
  const images = [...media[group]];
  const documents = [...media.documents];
  for (const file of files) {
    if (file.kind === 'pdf') {
      const title = plainText(file.originalName.replace(/\.pdf$/i, '')).slice(0, 120) || 'Brochure';
      documents.push({ url: file.url, title, kind: 'brochure' });
      continue;
    }
    images.push({
      url: file.url,
      imageAlt: defaultAlt(group, images.length + 1, displayAddress),
      ...(file.width && file.height ? { width: file.width, height: file.height } : {}),
    });
  }
  return { ok: true, media: { ...media, [group]: images, documents }, summary: `${files.length} added` };
}

/** A tour or video link the property page can show (its providers: YouTube, Vimeo, Google Drive, tour hosts). */
export function addVideo(
  media: ListingMedia,
  link: { url: string; kind: 'video' | 'tour'; description: string },
  id: string,
): MediaChange {
  if (itemCount(media) + 1 > MAX_MEDIA_ITEMS) {
    return {
      ok: false,
      status: 422,
      field: 'video_url',
      message: `A listing can have at most ${MAX_MEDIA_ITEMS} items.`,
    };
  }
  if (media.videos.some((video) => video.url === link.url)) {
    return { ok: false, status: 422, field: 'video_url', message: 'This link is already on the listing.' };
  }
  return {
    ok: true,
    media: {
      ...media,
      videos: [...media.videos, { id, url: link.url, description: link.description || null, kind: link.kind }],
    },
    summary: 'link added',
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The forms: one schema each, used by the page and the action

const versionField = z
  .string('This page is out of date: reload it and try again')
  .regex(/^\d{1,9}$/, 'This page is out of date: reload it and try again')
  .transform(Number);

/** An item's name on the form: a stored media URL or a video id. Anything else cannot be on the listing. */
const itemField = z
  .string('Choose a photo or file')
  .min(1, 'Choose a photo or file')
  .max(500, 'Choose a photo or file');

const videoUrlField = z.preprocess(
  (value) => (typeof value === 'string' ? plainText(value).trim() : ''),
  z
    .string()
    .min(1, 'Enter the link to the tour or video')
    .max(500, 'Enter a link of at most 500 characters')
    .refine((value) => !isSkippedTourLink(value) && toEmbedUrl(value) !== null, {
      message:
        'Enter a YouTube, Vimeo or Google Drive video link, or a tour from a supported provider such as Matterport or Kuula',
    }),
);

export const mediaActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('move'),
    version: versionField,
    item: itemField,
    direction: z.enum(['up', 'down'], 'Choose up or down'),
  }),
  z.object({
    intent: z.literal('reorder'),
    version: versionField,
    kind: z.enum(IMAGE_KINDS, 'Choose photos, floor plans or EPC charts'),
    order: z.array(itemField).max(MAX_MEDIA_ITEMS, 'Too many items'),
  }),
  z.object({ intent: z.literal('main'), version: versionField, item: itemField }),
  z.object({
    intent: z.literal('caption'),
    version: versionField,
    item: itemField,
    caption: z.preprocess(
      (value) => (typeof value === 'string' ? plainText(value).trim() : ''),
      z.string().max(120, 'Enter a caption of at most 120 characters'),
    ),
  }),
  z.object({
    intent: z.literal('kind'),
    version: versionField,
    item: itemField,
    kind: z.enum(IMAGE_KINDS, 'Choose photo, floor plan or EPC chart'),
  }),
  z.object({ intent: z.literal('delete'), version: versionField, item: itemField }),
  z.object({
    intent: z.literal('video'),
    version: versionField,
    video_url: videoUrlField,
    video_kind: z.enum(['video', 'tour'], 'Choose a video or a virtual tour'),
    description: z.preprocess(
      (value) => (typeof value === 'string' ? plainText(value).trim() : ''),
      z.string().max(120, 'Enter a description of at most 120 characters'),
    ),
  }),
  z.object({
    intent: z.literal('featured'),
    version: versionField,
    featured: z.enum(['yes', 'no'], 'Choose featured or not'),
  }),
  z.object({
    intent: z.literal('hidden'),
    version: versionField,
    hidden: z.enum(['yes', 'no'], 'Choose hidden or not'),
  }),
]);
export type MediaAction = z.infer<typeof mediaActionSchema>;

/** The upload form's own fields (the files themselves are checked by the staff uploads reader). */
export const mediaUploadSchema = z.object({
  version: versionField,
  kind: z.enum(IMAGE_KINDS, 'Choose what the images are').default('photo'),
});

/** What an imported listing allows: its feed owns the rest, so only the site's own choices and the photo order. */
export const IMPORTED_LISTING_INTENTS: readonly MediaAction['intent'][] = [
  'move',
  'reorder',
  'main',
  'featured',
  'hidden',
];
