import path from 'node:path';
import type { Readable } from 'node:stream';
import { getEnv, type Env } from '../env.server.ts';
import { createLocalDiskStorage } from './local-disk.server.ts';
import { createS3Storage } from './s3.server.ts';

export { StorageUnavailableError } from './s3.server.ts';

/**
 * One place for media originals and uploaded files (docs/decisions/018-storage.md). Keys are relative names
 * (storage-key.ts): `originals/<folder>/<file>` for images, `uploads/<file>` for custom-form uploads.
 */
export type StoredObjectInfo = { size: number; contentType: string };

/** The caller must read `body` to the end or destroy it: with S3 it holds an HTTP connection. */
type StoredObject = StoredObjectInfo & { body: Readable };

type StorageBody = Buffer | Uint8Array | Readable;

export type StorageListing = { key: string; size: number };

export type FileStorage = {
  /** Where the files are, for logs and scripts: "local disk (/srv/doorstep/data/media)", "s3://bucket/prefix/". */
  readonly description: string;
  /**
   * Writes the whole object or nothing: readers never see half a file. `size`, when a stream's length is known,
   * lets S3 take it in one request; without it the stream is sent in parts.
   */
  put(key: string, body: StorageBody, contentType: string, options?: { size?: number }): Promise<void>;
  /** The object as a stream, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  head(key: string): Promise<StoredObjectInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, in no particular order. */
  list(prefix: string): AsyncIterable<StorageListing>;
};

/**
 * The storage the configuration names: S3 when S3_BUCKET is set (env.server.ts refuses a partial set), otherwise
 * the local disk laid out as before: `originals/…` under MEDIA_DIR, `uploads/…` in UPLOAD_DIR (owner-only files).
 */
export function createStorage(env: Env): FileStorage {
  if (env.S3_BUCKET && env.S3_REGION) {
    return createS3Storage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      prefix: env.S3_PREFIX,
      forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : env.S3_ENDPOINT !== undefined,
      credentials:
        env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
  }
  return createLocalDiskStorageFor(env);
}

/** The local disk as MEDIA_DIR and UPLOAD_DIR lay it out (also the source of `npm run storage:sync`). */
export function createLocalDiskStorageFor(env: Env): FileStorage {
  return createLocalDiskStorage({
    root: path.resolve(env.MEDIA_DIR),
    mounts: { uploads: { dir: path.resolve(env.UPLOAD_DIR), fileMode: 0o600 } },
  });
}

let current: { env: Env; storage: FileStorage } | undefined;

/** The process's storage, made once from the environment (again after a test resets the environment). */
export function getStorage(): FileStorage {
  const env = getEnv();
  if (current?.env !== env) current = { env, storage: createStorage(env) };
  return current.storage;
}
