/**
 * The media of imported listings: each file is read from the feed (zip or folder) or downloaded, checked by its
 * bytes (an image must decode as one, a document must be a PDF), named by its content hash (so an unchanged file is
 * never stored twice) and stored through storeMediaOriginal.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { PropertyDocument, PropertyImage, PropertyVideo } from '../../../db/schema/index.ts';
import { getEnv } from '../../lib/env.server.ts';
import type { Feed, ImportIssue, ImportedMediaRef, ImportedVideo } from './feed.ts';
import { downloadMedia, MediaProblem, readCapped } from './media-download.server.ts';
import { storeMediaOriginal } from './media-store.server.ts';

export type MediaOptions = {
  /** One download's time limit, connection to last byte. */
  timeoutMs: number;
  maxImageBytes: number;
  maxDocumentBytes: number;
  maxRedirects: number;
  /** Downloads (and file reads) at the same time. */
  concurrency: number;
  /** Further attempts after a network error, a 5xx or a 429, waiting retryDelayMs, then twice that, … */
  retries: number;
  retryDelayMs: number;
  /** Stores the checked bytes and answers their public URL; a dry run passes one that stores nothing. */
  store: (folder: string, file: string, bytes: Uint8Array) => Promise<string>;
};

export const defaultMediaOptions: MediaOptions = {
  timeoutMs: 20_000,
  maxImageBytes: 25 * 1024 * 1024,
  maxDocumentBytes: 50 * 1024 * 1024,
  maxRedirects: 3,
  concurrency: 4,
  retries: 2,
  retryDelayMs: 500,
  store: storeMediaOriginal,
};

const MEDIA_FOLDER = 'imports';

export type ListingMedia = {
  photos: PropertyImage[];
  floorplans: PropertyImage[];
  epcCharts: PropertyImage[];
  documents: PropertyDocument[];
  videos: PropertyVideo[];
  warnings: ImportIssue[];
};

/** A simple counting semaphore: at most `limit` tasks run at once. */
function createLimiter(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

const FIELD_NAMES: Record<ImportedMediaRef['kind'], string> = {
  photo: 'MEDIA_IMAGE',
  floorplan: 'MEDIA_FLOOR_PLAN',
  epc: 'EPC',
  brochure: 'MEDIA_DOCUMENT',
  document: 'MEDIA_DOCUMENT',
};

/** The feed field a media file came from, for the report (MEDIA_IMAGE_03); EPC graphs and documents vary by feed. */
function fieldOf(ref: ImportedMediaRef): string {
  if (ref.kind === 'epc') return 'EPC';
  return `${FIELD_NAMES[ref.kind]}_${String(ref.order).padStart(2, '0')}`;
}

type CheckedFile = { kind: 'image'; url: string; width?: number; height?: number } | { kind: 'pdf'; url: string };

const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'avif', 'heif']);

/** Checks the bytes, converts images the media route cannot serve to JPEG, stores the file. */
async function checkAndStore(bytes: Buffer, wantsImage: boolean, options: MediaOptions): Promise<CheckedFile> {
  const isPdf = bytes.subarray(0, 5).toString('latin1') === '%PDF-';
  if (isPdf) {
    if (wantsImage) throw new MediaProblem('is a PDF, not an image');
    const hash = createHash('sha256').update(bytes).digest('hex');
    return { kind: 'pdf', url: await options.store(MEDIA_FOLDER, `${hash}.pdf`, bytes) };
  }
  const metadata = await sharp(bytes, { limitInputPixels: 50_000_000 })
    .metadata()
    .catch(() => null);
  if (!metadata?.format || !IMAGE_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
    throw new MediaProblem(wantsImage ? 'is not an image' : 'is neither a PDF nor an image');
  }
  let stored = bytes;
  let extension = metadata.format === 'png' ? 'png' : 'jpg';
  if (metadata.format !== 'jpeg' && metadata.format !== 'png') {
    stored = await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .jpeg({ quality: 88 })
      .toBuffer()
      .catch(() => {
        throw new MediaProblem('is an image that could not be converted');
      });
    extension = 'jpg';
  }
  const hash = createHash('sha256').update(stored).digest('hex');
  const url = await options.store(MEDIA_FOLDER, `${hash}.${extension}`, stored);
  // EXIF orientations 5–8 swap the displayed width and height.
  const isRotated = (metadata.orientation ?? 1) >= 5;
  return {
    kind: 'image',
    url,
    width: isRotated ? metadata.height : metadata.width,
    height: isRotated ? metadata.width : metadata.height,
  };
}

/** How many downloaded URLs a run remembers (a few hundred bytes each), so a repeated URL is fetched once. */
const REMEMBERED_DOWNLOADS = 10_000;

const SAFE_NAME = /^[^/\\]+(\/[^/\\]+)*$/;

/** The media of one run: files already checked (by source) are not read again. */
export function createMediaProcessor(feed: Feed, options: MediaOptions) {
  const limit = createLimiter(options.concurrency);
  const downloadOptions = { ...options, allowPrivateHosts: getEnv().IMPORT_ALLOW_PRIVATE_MEDIA_HOSTS === 'true' };
  const seen = new Map<string, Promise<CheckedFile>>();

  const fetchFile = (ref: ImportedMediaRef, wantsImage: boolean): Promise<CheckedFile> => {
    const key = `${wantsImage ? 'i' : 'd'}:${ref.source}`;
    const isUrl = /^https?:\/\//i.test(ref.source);
    let job = seen.get(key);
    if (!job) {
      job = limit(async () => {
        const cap = wantsImage ? options.maxImageBytes : options.maxDocumentBytes;
        let bytes: Buffer;
        if (isUrl) {
          bytes = await downloadMedia(ref.source, cap, downloadOptions);
        } else {
          if (!SAFE_NAME.test(ref.source) || ref.source.split('/').some((part) => part === '..' || part === '.')) {
            throw new MediaProblem('is not a file name inside the feed');
          }
          const stream = await feed.openMedia(ref.source);
          if (!stream) throw new MediaProblem('is not in the feed');
          bytes = await readCapped(stream as AsyncIterable<unknown>, cap);
        }
        if (bytes.length === 0) throw new MediaProblem('is empty');
        return checkAndStore(bytes, wantsImage, options);
      });
      // The latest downloads are remembered (listings often share a URL, such as an agency logo or an EPC chart);
      // files in the feed are read again if named twice. Both keep memory bounded whatever the number of files.
      if (isUrl) {
        seen.set(key, job);
        if (seen.size > REMEMBERED_DOWNLOADS) seen.delete(seen.keys().next().value as string);
      }
    }
    return job;
  };

  return async function processListingMedia(
    refs: readonly ImportedMediaRef[],
    videos: readonly ImportedVideo[],
    displayAddress: string,
  ): Promise<ListingMedia> {
    const media: ListingMedia = { photos: [], floorplans: [], epcCharts: [], documents: [], videos: [], warnings: [] };
    const ordered = [...refs].sort((a, b) => a.order - b.order);
    const results = await Promise.all(
      ordered.map(async (ref) => {
        const wantsImage = ref.kind === 'photo' || ref.kind === 'floorplan';
        try {
          return { ref, file: await fetchFile(ref, wantsImage) };
        } catch (error) {
          const problem = error instanceof MediaProblem ? error.message : 'could not be read';
          return { ref, problem };
        }
      }),
    );
    // Warnings in the feed's order, whichever download finished first.
    for (const result of results) {
      if (!('problem' in result)) continue;
      const field = fieldOf(result.ref);
      media.warnings.push({
        field,
        message: `${field} "${result.ref.source.slice(0, 200)}" ${result.problem}: the file is skipped`,
      });
    }
    const counters = { photo: 0, floorplan: 0, epc: 0 };
    for (const result of results) {
      if ('problem' in result) continue;
      const { ref, file } = result;
      if (file.kind === 'pdf' || ref.kind === 'brochure' || ref.kind === 'document') {
        media.documents.push({
          url: file.url,
          title: ref.caption ?? (ref.kind === 'epc' ? 'Energy performance certificate' : 'Brochure'),
          kind: ref.kind === 'brochure' ? 'brochure' : 'document',
        });
        continue;
      }
      const imageKind = ref.kind === 'floorplan' ? 'floorplan' : ref.kind === 'photo' ? 'photo' : 'epc';
      if (file.kind !== 'image') continue;
      const n = ++counters[imageKind];
      const what =
        imageKind === 'photo' ? 'Photo' : imageKind === 'floorplan' ? 'Floor plan' : 'Energy performance chart';
      const image: PropertyImage = {
        url: file.url,
        imageAlt: ref.caption ? `${ref.caption}, ${displayAddress}` : `${what} ${n} of ${displayAddress}`,
        ...(ref.caption ? { caption: ref.caption } : {}),
        ...(file.width ? { width: file.width, height: file.height } : {}),
      };
      if (imageKind === 'photo') media.photos.push(image);
      else if (imageKind === 'floorplan') media.floorplans.push(image);
      else media.epcCharts.push(image);
    }
    for (const video of videos) {
      media.videos.push({
        id: createHash('sha256').update(video.url).digest('hex').slice(0, 12),
        url: video.url,
        description: video.description,
        kind: video.kind,
      });
    }
    return media;
  };
}
