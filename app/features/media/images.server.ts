import { createReadStream, existsSync } from 'node:fs';
import { mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
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

export type MediaDirs = { mediaDir: string; cacheDir: string };

const inFlight = new Map<string, Promise<void>>();

function fileResponse(file: string, contentType: string, size: number): Response {
  const stream = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
  return new Response(stream, {
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
export async function serveMedia(pathname: string, accept: string | null, dirs: MediaDirs): Promise<Response | null> {
  const parts = pathname.replace(/^\/media\//, '').split('/');
  if (parts.length === 2) {
    const [folder, file] = parts as [string, string];
    if (!FOLDER.test(folder) || !ORIGINAL_FILE.test(file)) return null;
    const original = path.join(dirs.mediaDir, 'originals', folder, file);
    const info = await stat(original).catch(() => null);
    if (!info?.isFile()) return null;
    const ext = file.split('.').pop() ?? 'jpg';
    return fileResponse(original, CONTENT_TYPES[ext] ?? 'application/octet-stream', info.size);
  }
  if (parts.length !== 3) return null;
  const [sizeSegment, folder, file] = parts as [string, string, string];
  const size = parseSizeSegment(sizeSegment);
  if (!size || !FOLDER.test(folder) || !FILE.test(file)) return null;
  const original = path.join(dirs.mediaDir, 'originals', folder, file);
  if (!existsSync(original)) return null;
  const format = chooseImageFormat(accept);
  const cached = path.join(dirs.cacheDir, sizeSegment, folder, `${file}.${format}`);
  let info = await stat(cached).catch(() => null);
  if (!info) {
    await resizeOnce(original, cached, size.width, size.height, format);
    info = await stat(cached);
  }
  return fileResponse(cached, CONTENT_TYPES[format] ?? 'image/jpeg', info.size);
}

/** Concurrent requests for the same variant share one sharp job; the file appears atomically. */
function resizeOnce(original: string, target: string, width: number, height: number | null, format: ImageFormat) {
  let job = inFlight.get(target);
  if (!job) {
    job = (async () => {
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
      let pipeline = sharp(original, { limitInputPixels: 50_000_000 })
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
      await pipeline.toFile(temp);
      await rename(temp, target);
    })().finally(() => inFlight.delete(target));
    inFlight.set(target, job);
  }
  return job;
}
