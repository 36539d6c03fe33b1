/**
 * Where imported media files are kept: the site's one storage (app/lib/storage: the local disk under MEDIA_DIR, or
 * the S3-compatible bucket), under the same `originals/<folder>/<file>` keys the media route serves.
 */
import { getStorage } from '../../lib/storage/storage.server.ts';
import { codeTable } from './code-table.ts';

const CONTENT_TYPES: Record<string, string> = codeTable({
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
});

/**
 * Stores `bytes` as `<folder>/<file>` unless an object by that name is already there (names are content hashes, so
 * an existing object holds the same bytes), and answers the public URL. The storage writes all or nothing.
 */
export async function storeMediaOriginal(folder: string, file: string, bytes: Uint8Array): Promise<string> {
  const url = `/media/${folder}/${file}`;
  const key = `originals/${folder}/${file}`;
  const storage = getStorage();
  if (await storage.exists(key)) return url;
  const extension = file.split('.').pop()?.toLowerCase() ?? '';
  await storage.put(key, Buffer.from(bytes), CONTENT_TYPES[extension] ?? 'application/octet-stream', {
    size: bytes.byteLength,
  });
  return url;
}
