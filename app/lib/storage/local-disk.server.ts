import { randomUUID } from 'node:crypto';
import { createWriteStream, type Dirent } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStorage, StorageListing, StoredObjectInfo } from './storage.server.ts';
import { assertStorageKey, assertStoragePrefix, InvalidStorageKeyError, isValidStorageSegment } from './storage-key.ts';

/**
 * The local disk keeps no metadata beside a file, so the content type comes from the key's extension; every type
 * Doorstep stores (images, the upload types, import documents) is listed.
 */
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
};

function contentTypeOf(key: string): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(key)?.[1]?.toLowerCase() ?? '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

type Mount = { dir: string; fileMode?: number };

export type LocalDiskOptions = {
  /** Folder holding every key not under a mount (`originals/…` lands in `<root>/originals/…`). */
  root: string;
  /** Keys whose first segment is named here live in that folder instead: `uploads/x.pdf` → `<UPLOAD_DIR>/x.pdf`. */
  mounts?: Record<string, Mount>;
  /** Permission bits of new files outside mounts (default: the process umask decides). */
  fileMode?: number;
};

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

/** Files on the local disk, under today's MEDIA_DIR / UPLOAD_DIR layout, so existing data keeps working. */
export function createLocalDiskStorage(options: LocalDiskOptions): FileStorage {
  const root = path.resolve(options.root);
  const mounts = new Map(
    Object.entries(options.mounts ?? {}).map(([name, mount]) => [name, { ...mount, dir: path.resolve(mount.dir) }]),
  );

  /** The file behind a key; a key that would resolve outside its folder is refused (belt and braces). */
  function locate(key: string): { file: string; fileMode: number | undefined } {
    assertStorageKey(key);
    const [first, ...rest] = key.split('/');
    const mount = first === undefined ? undefined : mounts.get(first);
    if (mount && rest.length === 0) throw new InvalidStorageKeyError(key);
    const base = mount ? mount.dir : root;
    const file = path.resolve(base, ...(mount ? rest : key.split('/')));
    if (!file.startsWith(base + path.sep)) throw new InvalidStorageKeyError(key);
    return { file, fileMode: mount ? mount.fileMode : options.fileMode };
  }

  async function head(key: string): Promise<StoredObjectInfo | null> {
    const { file } = locate(key);
    const info = await stat(file).catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    return info?.isFile() ? { size: info.size, contentType: contentTypeOf(key) } : null;
  }

  /** Files below `dir`, named as keys under `keyPrefix`; temporary files (names starting with ".") are skipped. */
  async function* walk(
    dir: string,
    keyPrefix: string,
    skipTopLevel: ReadonlySet<string>,
  ): AsyncGenerator<StorageListing> {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (!isValidStorageSegment(entry.name) || skipTopLevel.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(full, `${keyPrefix}${entry.name}/`, new Set());
      else if (entry.isFile()) {
        const info = await stat(full).catch(() => null);
        if (info?.isFile()) yield { key: `${keyPrefix}${entry.name}`, size: info.size };
      }
    }
  }

  return {
    description: `local disk (${root}${[...mounts].map(([name, mount]) => `; ${name}/ in ${mount.dir}`).join('')})`,

    async put(key, body, _contentType) {
      const { file, fileMode } = locate(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside the target under a name no key can have, then renamed: a reader sees all or nothing.
      const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.part`);
      try {
        if (body instanceof Readable) await pipeline(body, createWriteStream(temporary, { mode: fileMode }));
        else await writeFile(temporary, body, { mode: fileMode });
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async get(key) {
      const { file } = locate(key);
      const handle = await open(file, 'r').catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      if (!handle) return null;
      const info = await handle.stat().catch(async (error: unknown) => {
        await handle.close();
        throw error;
      });
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      return { size: info.size, contentType: contentTypeOf(key), body: handle.createReadStream() };
    },

    head,

    async exists(key) {
      return (await head(key)) !== null;
    },

    async delete(key) {
      const { file } = locate(key);
      await unlink(file).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
    },

    async *list(prefix) {
      assertStoragePrefix(prefix);
      const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
      const sources: Array<{ dir: string; keyPrefix: string; skip: ReadonlySet<string> }> = [];
      if (folder === '') {
        // Everything: the root (less any folder a mount shadows) and each mount under its name.
        sources.push({ dir: root, keyPrefix: '', skip: new Set(mounts.keys()) });
        for (const [name, mount] of mounts) sources.push({ dir: mount.dir, keyPrefix: `${name}/`, skip: new Set() });
      } else {
        const [first, ...rest] = folder.slice(0, -1).split('/');
        const mount = first === undefined ? undefined : mounts.get(first);
        const dir = mount ? path.join(mount.dir, ...rest) : path.join(root, ...folder.slice(0, -1).split('/'));
        sources.push({ dir, keyPrefix: folder, skip: new Set() });
      }
      for (const source of sources) {
        for await (const listing of walk(source.dir, source.keyPrefix, source.skip)) {
          if (listing.key.startsWith(prefix)) yield listing;
        }
      }
    },
  };
}
