import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { StorageUnavailableError, type FileStorage } from '../../lib/storage/storage.server.ts';
import { chooseImageFormat, parseSizeSegment, type ImageFormat } from './image-sizes.ts';

const FOLDER = /^[a-z0-9-]{1,40}$/;
const FILE = /^[a-z0-9][a-z0-9-]{0,80}\.(jpg|jpeg|png)$/;
/** Originals may also be PDF documents (imported brochures); only images are resized. */
const ORIGINAL_FILE = /^[a-z0-9][a-z0-9-]{0,80}\.(jpg|jpeg|png|pdf)$/;
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  pdf: 'application/pdf',
};

/**
 * Originals come from the storage (local disk or S3); resized variants are cached on this instance's disk
 * (docs/decisions/018-storage.md: they are derived, cheap to remake, and served with a year's cache lifetime).
 */
export type MediaSources = { storage: FileStorage; cacheDir: string };

const inFlight = new Map<string, Promise<boolean>>();

function streamResponse(body: Readable, contentType: string, size: number): Response {
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': contentType,
      'Content-Length': String(size),
      'Cache-Control': 'public, max-age=31536000, immutable',
      Vary: 'Accept',
    },
  });
}

/**
 * Serves `/media/{folder}/{file}` (original) and `/media/{W}x{H}/{folder}/{file}` (resized with sharp to a spec
 * size, WebP/AVIF by Accept, cached on disk). Anything else is a 404.
 */
export async function serveMedia(
  pathname: string,
  accept: string | null,
  sources: MediaSources,
): Promise<Response | null> {
  const parts = pathname.replace(/^\/media\//, '').split('/');
  if (parts.length === 2) {
    const [folder, file] = parts as [string, string];
    if (!FOLDER.test(folder) || !ORIGINAL_FILE.test(file)) return null;
    const original = await sources.storage.get(`originals/${folder}/${file}`);
    if (!original) return null;
    const ext = file.split('.').pop() ?? 'jpg';
    return streamResponse(original.body, CONTENT_TYPES[ext] ?? 'application/octet-stream', original.size);
  }
  if (parts.length !== 3) return null;
  const [sizeSegment, folder, file] = parts as [string, string, string];
  const size = parseSizeSegment(sizeSegment);
  if (!size || !FOLDER.test(folder) || !FILE.test(file)) return null;
  const key = `originals/${folder}/${file}`;
  // A variant is served only while its original exists, so removing an original takes its sizes down too.
  if (!(await sources.storage.exists(key))) return null;
  const format = chooseImageFormat(accept);
  const cached = path.join(sources.cacheDir, sizeSegment, folder, `${file}.${format}`);
  let info = await stat(cached).catch(() => null);
  if (!info) {
    if (!(await resizeOnce(sources.storage, key, cached, size.width, size.height, format))) return null;
    info = await stat(cached);
  }
  return streamResponse(createReadStream(cached), CONTENT_TYPES[format] ?? 'image/jpeg', info.size);
}

/**
 * Concurrent requests for the same variant share one sharp job; the file appears atomically. False when the
 * original went away in the meantime.
 */
function resizeOnce(
  storage: FileStorage,
  key: string,
  target: string,
  width: number,
  height: number | null,
  format: ImageFormat,
): Promise<boolean> {
  let job = inFlight.get(target);
  if (!job) {
    job = (async () => {
      const original = await storage.get(key);
      if (!original) return false;
      // sharp needs the whole image to decode it; originals are photos of a few MB.
      const bytes = await buffer(original.body).catch((error: unknown) => {
        throw new StorageUnavailableError(`reading ${key} from the storage failed`, { cause: error });
      });
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
      let pipeline = sharp(bytes, { limitInputPixels: 50_000_000 })
        .rotate()
        .resize({
          width,
          height: height ?? undefined,
          fit: height ? 'cover' : 'inside',
          withoutEnlargement: !height,
        });
      if (format === 'webp') pipeline = pipeline.webp({ quality: 74 });
      else if (format === 'avif') pipeline = pipeline.avif({ quality: 50, effort: 2 });
      else pipeline = pipeline.jpeg({ quality: 78, mozjpeg: true });
      try {
        await pipeline.toFile(temp);
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return true;
    })().finally(() => inFlight.delete(target));
    inFlight.set(target, job);
  }
  return job;
}
