/**
 * Where imported media files are kept: the one place the import writes files, so moving media to another store
 * (S3-compatible object storage) changes this function only. Today the media route serves originals from
 * MEDIA_DIR/originals/<folder>/<file> (app/features/media/images.server.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { getEnv } from '../../lib/env.server.ts';

/**
 * Stores `bytes` as `<folder>/<file>` unless a file by that name is already there (names are content hashes, so an
 * existing file holds the same bytes), and answers the public URL. The file appears atomically (temp file, rename).
 */
export async function storeMediaOriginal(folder: string, file: string, bytes: Uint8Array): Promise<string> {
  const url = `/media/${folder}/${file}`;
  const target = path.resolve(getEnv().MEDIA_DIR, 'originals', folder, file);
  if (await stat(target).catch(() => null)) return url;
  await mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temp, bytes);
  await rename(temp, target);
  return url;
}
