import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, mkdtemp, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalS3, type LocalS3 } from '../../../tests/local-s3.ts';
import { getEnv, resetEnvForTests } from '../env.server.ts';
import { createLocalDiskStorage } from './local-disk.server.ts';
import { createS3Storage, StorageUnavailableError } from './s3.server.ts';
import { InvalidStorageKeyError } from './storage-key.ts';
import { createStorage, getStorage, type FileStorage } from './storage.server.ts';
import { syncStorage } from './sync.server.ts';

let s3: LocalS3;
let folder: string;

beforeAll(async () => {
  s3 = await startLocalS3();
  folder = await mkdtemp(path.join(tmpdir(), 'doorstep-storage-'));
});

afterAll(async () => {
  await s3?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

function localStorage(): FileStorage {
  return createLocalDiskStorage({
    root: path.join(folder, 'media'),
    mounts: { uploads: { dir: path.join(folder, 'uploads'), fileMode: 0o600 } },
  });
}

function s3Storage(prefix = 'site-a/'): FileStorage {
  return createS3Storage({
    bucket: s3.bucket,
    region: 'eu-west-2',
    endpoint: s3.endpoint,
    prefix,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID!, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY! },
  });
}

async function readAll(storage: FileStorage, key: string): Promise<Buffer | null> {
  const object = await storage.get(key);
  return object ? buffer(object.body) : null;
}

async function listAll(storage: FileStorage, prefix: string) {
  const listings = [];
  for await (const listing of storage.list(prefix)) listings.push(listing);
  return listings.sort((a, b) => a.key.localeCompare(b.key));
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A stream that hands out `bytes` in chunks of `chunkSize`, like a file or an HTTP body would. */
function chunked(bytes: Buffer, chunkSize = 64 * 1024): Readable {
  return Readable.from(
    (function* () {
      for (let offset = 0; offset < bytes.length; offset += chunkSize) yield bytes.subarray(offset, offset + chunkSize);
    })(),
  );
}

const HOSTILE_KEYS = [
  '',
  '../secret.txt',
  'originals/../../secret.txt',
  'originals/photos/../../../etc/passwd',
  '/etc/passwd',
  'originals//house.jpg',
  'originals/photos/',
  'originals\\..\\secret.txt',
  '.hidden',
  'originals/.env',
  'originals/photos/house one.jpg',
  'originals/%2e%2e/secret.txt',
  `originals/${'a'.repeat(600)}.jpg`,
];

describe.each([
  ['the local disk', localStorage],
  ['S3 (s3rver)', () => s3Storage()],
])('storage contract: %s', (_name, makeStorage) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = makeStorage();
  });

  it('returns what was put from a buffer, with its size and content type', async () => {
    const bytes = randomBytes(2048);
    await storage.put('originals/photos/contract-1.jpg', bytes, 'image/jpeg');
    const object = await storage.get('originals/photos/contract-1.jpg');
    expect(object).not.toBeNull();
    expect({ size: object!.size, contentType: object!.contentType }).toEqual({ size: 2048, contentType: 'image/jpeg' });
    expect((await buffer(object!.body)).equals(bytes)).toBe(true);
    expect(await storage.head('originals/photos/contract-1.jpg')).toEqual({ size: 2048, contentType: 'image/jpeg' });
    expect(await storage.exists('originals/photos/contract-1.jpg')).toBe(true);
  });

  it('stores a stream of known length and one of unknown length (sent in parts) intact', async () => {
    const small = randomBytes(300 * 1024);
    await storage.put('uploads/contract-2.pdf', chunked(small), 'application/pdf', { size: small.length });
    expect(sha256((await readAll(storage, 'uploads/contract-2.pdf'))!)).toBe(sha256(small));
    expect((await storage.head('uploads/contract-2.pdf'))?.contentType).toBe('application/pdf');

    // Larger than one 8 MiB part, so S3 gets a multipart upload.
    const large = randomBytes(9 * 1024 * 1024 + 123);
    await storage.put('originals/docs/contract-3.pdf', chunked(large), 'application/pdf');
    const head = await storage.head('originals/docs/contract-3.pdf');
    expect(head?.size).toBe(large.length);
    expect(sha256((await readAll(storage, 'originals/docs/contract-3.pdf'))!)).toBe(sha256(large));
  }, 60_000);

  it('replaces an object put again under the same key', async () => {
    await storage.put('originals/photos/contract-4.png', Buffer.from('first version'), 'image/png');
    await storage.put('originals/photos/contract-4.png', Buffer.from('second'), 'image/png');
    expect((await readAll(storage, 'originals/photos/contract-4.png'))?.toString()).toBe('second');
  });

  it('answers null, false or nothing for a key that is not there', async () => {
    expect(await storage.get('originals/photos/missing.jpg')).toBeNull();
    expect(await storage.head('originals/photos/missing.jpg')).toBeNull();
    expect(await storage.exists('originals/photos/missing.jpg')).toBe(false);
    expect(await storage.get('originals/nowhere/at/all.jpg')).toBeNull();
    await expect(storage.delete('originals/photos/missing.jpg')).resolves.toBeUndefined();
  });

  it('does not take a folder for an object', async () => {
    await storage.put('originals/folder-test/inside.jpg', Buffer.from('x'), 'image/jpeg');
    expect(await storage.get('originals/folder-test')).toBeNull();
    expect(await storage.exists('originals/folder-test')).toBe(false);
  });

  it('deletes an object', async () => {
    await storage.put('uploads/contract-5.pdf', Buffer.from('%PDF-'), 'application/pdf');
    await storage.delete('uploads/contract-5.pdf');
    expect(await storage.get('uploads/contract-5.pdf')).toBeNull();
  });

  it('lists the objects under a prefix with their sizes, and nothing else', async () => {
    await storage.put('originals/list-a/one.jpg', Buffer.alloc(10), 'image/jpeg');
    await storage.put('originals/list-a/two.jpg', Buffer.alloc(20), 'image/jpeg');
    await storage.put('originals/list-a/deeper/three.jpg', Buffer.alloc(30), 'image/jpeg');
    await storage.put('originals/list-ab/other.jpg', Buffer.alloc(40), 'image/jpeg');
    expect(await listAll(storage, 'originals/list-a/')).toEqual([
      { key: 'originals/list-a/deeper/three.jpg', size: 30 },
      { key: 'originals/list-a/one.jpg', size: 10 },
      { key: 'originals/list-a/two.jpg', size: 20 },
    ]);
    expect((await listAll(storage, 'originals/list-a/t')).map((listing) => listing.key)).toEqual([
      'originals/list-a/two.jpg',
    ]);
    expect(await listAll(storage, 'originals/no-such-folder/')).toEqual([]);
    const everything = (await listAll(storage, '')).map((listing) => listing.key);
    expect(everything).toContain('uploads/contract-2.pdf');
    expect(everything).toContain('originals/list-ab/other.jpg');
  });

  it('refuses keys that could reach outside the storage, and writes nothing for them', async () => {
    for (const key of HOSTILE_KEYS) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toBeInstanceOf(
        InvalidStorageKeyError,
      );
      await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.head(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    for (const prefix of ['../', '/', 'originals/../', '..']) {
      await expect(listAll(storage, prefix), prefix).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    await expect(readdir(folder)).resolves.not.toContain('secret.txt');
  });

  it('keeps nothing when the stream being stored fails', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(storage.put('uploads/contract-6.pdf', failing, 'application/pdf')).rejects.toThrow();
    expect(await storage.get('uploads/contract-6.pdf')).toBeNull();
    expect((await listAll(storage, 'uploads/contract-6')).length).toBe(0);
  });
});

describe('the local disk storage', () => {
  it("keeps today's layout: originals under MEDIA_DIR, uploads in UPLOAD_DIR readable by the owner only", async () => {
    const storage = localStorage();
    await storage.put('originals/layout/house.jpg', Buffer.from('jpeg'), 'image/jpeg');
    await storage.put('uploads/layout-cv.pdf', Buffer.from('%PDF-'), 'application/pdf');
    expect(await readFile(path.join(folder, 'media', 'originals', 'layout', 'house.jpg'), 'utf8')).toBe('jpeg');
    const upload = await stat(path.join(folder, 'uploads', 'layout-cv.pdf'));
    expect(upload.mode & 0o077).toBe(0);
    await expect(storage.get('uploads')).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });

  it('reads files that were there before, and lists no half-written or hidden files', async () => {
    const storage = localStorage();
    await mkdir(path.join(folder, 'media', 'originals', 'existing'), { recursive: true });
    await writeFile(path.join(folder, 'media', 'originals', 'existing', 'old.png'), 'png');
    await writeFile(path.join(folder, 'media', 'originals', 'existing', '.old.png.1234.part'), 'half');
    expect(await storage.head('originals/existing/old.png')).toEqual({ size: 3, contentType: 'image/png' });
    expect(await listAll(storage, 'originals/existing/')).toEqual([{ key: 'originals/existing/old.png', size: 3 }]);
  });
});

describe('the S3 storage', () => {
  it('keeps every key under its prefix, so sites can share a bucket', async () => {
    const siteA = s3Storage('site-a/');
    const siteB = s3Storage('site-b/');
    await siteA.put('originals/shared/house.jpg', Buffer.from('a'), 'image/jpeg');
    expect(await siteB.get('originals/shared/house.jpg')).toBeNull();
    const whole = s3Storage('');
    expect(await whole.exists('site-a/originals/shared/house.jpg')).toBe(true);
    expect((await listAll(siteA, 'originals/shared/')).map((listing) => listing.key)).toEqual([
      'originals/shared/house.jpg',
    ]);
  });

  it('reports an unreachable endpoint as unavailable, not as a missing object', async () => {
    const closed = await startLocalS3('closed-bucket');
    await closed.close();
    const storage = createS3Storage({
      bucket: 'closed-bucket',
      region: 'eu-west-2',
      endpoint: closed.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await expect(storage.get('originals/photos/house.jpg')).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(storage.exists('originals/photos/house.jpg')).rejects.toBeInstanceOf(StorageUnavailableError);
  });

  it('reports a bucket that does not exist as unavailable', async () => {
    const storage = createS3Storage({
      bucket: 'no-such-bucket',
      region: 'eu-west-2',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await expect(storage.put('originals/photos/house.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toBeInstanceOf(
      StorageUnavailableError,
    );
  });
});

describe('copying the local disk into a bucket (npm run storage:sync)', () => {
  it('copies originals and uploads once, keeps their keys, skips spooled files, and picks up changes', async () => {
    const root = await mkdtemp(path.join(folder, 'sync-'));
    const source = createLocalDiskStorage({
      root: path.join(root, 'media'),
      mounts: { uploads: { dir: path.join(root, 'uploads'), fileMode: 0o600 } },
    });
    const photo = randomBytes(5000);
    await source.put('originals/photos/sync-house.jpg', photo, 'image/jpeg');
    await source.put('originals/brand/logo.png', randomBytes(300), 'image/png');
    await source.put('uploads/4c1d-cv.pdf', Buffer.from('%PDF-1.4'), 'application/pdf');
    await writeFile(path.join(root, 'uploads', '9e2a.partial'), 'still arriving');
    await mkdir(path.join(root, 'media', 'other'), { recursive: true });
    await writeFile(path.join(root, 'media', 'other', 'not-media.txt'), 'left alone');
    const target = s3Storage('sync-target/');

    expect(await syncStorage(source, target, { dryRun: true })).toEqual({ copied: 3, skipped: 0, failed: [] });
    expect(await listAll(target, '')).toEqual([]);

    expect(await syncStorage(source, target)).toEqual({ copied: 3, skipped: 0, failed: [] });
    expect((await listAll(target, '')).map((listing) => listing.key)).toEqual([
      'originals/brand/logo.png',
      'originals/photos/sync-house.jpg',
      'uploads/4c1d-cv.pdf',
    ]);
    expect((await readAll(target, 'originals/photos/sync-house.jpg'))?.equals(photo)).toBe(true);
    expect((await target.head('uploads/4c1d-cv.pdf'))?.contentType).toBe('application/pdf');

    expect(await syncStorage(source, target)).toEqual({ copied: 0, skipped: 3, failed: [] });
    await source.put('originals/brand/logo.png', randomBytes(400), 'image/png');
    expect(await syncStorage(source, target)).toEqual({ copied: 1, skipped: 2, failed: [] });
    expect((await target.head('originals/brand/logo.png'))?.size).toBe(400);
  });
});

describe('choosing the storage from the environment', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvForTests();
  });

  function stub(values: Record<string, string | undefined>) {
    for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
    resetEnvForTests();
  }

  it('uses the local disk at MEDIA_DIR and UPLOAD_DIR when S3_BUCKET is unset', () => {
    stub({ S3_BUCKET: undefined, MEDIA_DIR: path.join(folder, 'm'), UPLOAD_DIR: path.join(folder, 'u') });
    expect(getStorage().description).toBe(
      `local disk (${path.join(folder, 'm')}; uploads/ in ${path.join(folder, 'u')})`,
    );
  });

  it('uses the bucket when S3 is configured, path-style by default with an endpoint', () => {
    stub({ ...s3.env, S3_FORCE_PATH_STYLE: undefined, S3_PREFIX: 'doorstep' });
    expect(createStorage(getEnv()).description).toBe(`s3://${s3.bucket}/doorstep/ at ${s3.endpoint} (eu-west-2)`);
  });

  it('makes the storage again after the environment is read again', () => {
    stub({ S3_BUCKET: undefined });
    const first = getStorage();
    expect(getStorage()).toBe(first);
    stub(s3.env);
    expect(getStorage().description).toMatch(/^s3:\/\//);
  });
});
