import { createReadStream } from 'node:fs';
import { lstat, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Feed, OpenFeed } from '../feed.ts';
import { FeedRefused } from '../feed.ts';
import { createBlmFeed, type ByteSource, type MediaStore } from '../blm/blm-feed.ts';
import { isBlmName, mediaKey } from './names.ts';
import { openZip } from './zip.server.ts';

/**
 * Opens what an agency's CRM delivers: a .blm/.blt file (its media beside it), a folder holding one with its
 * media, or a .zip of them. A path that is none of these is refused with a reason.
 */
export const openFeed: OpenFeed = async (feedPath) => {
  const info = await stat(feedPath).catch(() => null);
  if (!info) throw new FeedRefused(`There is no file or folder at ${feedPath}.`);
  if (info.isDirectory()) return openFolder(feedPath);
  if (/\.zip$/i.test(feedPath)) {
    const { source, media } = await openZip(feedPath);
    return withMedia(source, media);
  }
  if (isBlmName(feedPath)) {
    const media = await folderMedia(path.dirname(feedPath), 0);
    return withMedia(fileSource(feedPath), media);
  }
  throw new FeedRefused(`${path.basename(feedPath)} is not a .blm, .blt or .zip file.`);
};

async function withMedia(source: ByteSource, media: MediaStore): Promise<Feed> {
  try {
    return await createBlmFeed(source, media);
  } catch (error) {
    await media.close();
    throw error;
  }
}

async function openFolder(folder: string): Promise<Feed> {
  const names = await readdir(folder);
  const blmNames = names.filter(isBlmName);
  if (blmNames.length === 0)
    throw new FeedRefused(`The folder ${folder} holds no .blm file: there is nothing to import.`);
  if (blmNames.length > 1) {
    throw new FeedRefused(
      `The folder ${folder} holds ${blmNames.length} BLM files (${blmNames.join(', ')}): import one at a time.`,
    );
  }
  const media = await folderMedia(folder, 2);
  return withMedia(fileSource(path.join(folder, blmNames[0] as string)), media);
}

function fileSource(filePath: string): ByteSource {
  return { name: path.basename(filePath), open: async () => createReadStream(filePath, { highWaterMark: 256 * 1024 }) };
}

/** Indexes a folder's files by base name (down to `depth` subfolders); symbolic links are never followed. */
async function folderMedia(root: string, depth: number): Promise<MediaStore> {
  const files = new Map<string, string>();
  let links = 0;
  async function walk(folder: string, level: number): Promise<void> {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isSymbolicLink()) links += 1;
      else if (entry.isDirectory()) {
        if (level < depth) await walk(full, level + 1);
      } else if (entry.isFile() && !isBlmName(entry.name) && !entry.name.startsWith('.')) {
        const key = mediaKey(entry.name);
        if (key && !files.has(key)) files.set(key, full);
      }
    }
  }
  await walk(root, 0);
  const notes = [`Folder: ${files.size.toLocaleString('en-GB')} media files`];
  if (links > 0) notes.push(`${links} symbolic links in the folder were not followed`);
  return {
    notes,
    async open(name) {
      const file = files.get(mediaKey(name) ?? '');
      if (!file) return null;
      // The index was made earlier: a file swapped for a link since then is still not followed.
      const current = await lstat(file).catch(() => null);
      if (!current?.isFile()) return null;
      return createReadStream(file);
    },
    async close() {},
  };
}
