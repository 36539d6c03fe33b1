import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { AppLoadContext } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  receiveStaffUploads,
  type StaffUploadOutcome,
  type StoredStaffFile,
} from '../../app/features/media/index.server.ts';
import { maskedCsrfToken } from '../../app/lib/csrf.server.ts';
import { resetEnvForTests } from '../../app/lib/env.server.ts';
import { createLocalDiskStorage } from '../../app/lib/storage/local-disk.server.ts';
import type { FileStorage } from '../../app/lib/storage/storage.server.ts';
import { minimalPdf } from '../upload-fixtures.ts';

const secret = process.env.SESSION_SECRET!;
const SESSION_ID = 'staff-upload-session-0123456789abcdef';
const ORIGIN = 'http://localhost:3000';
let uploadDir: string;
let mediaDir: string;
let storage: FileStorage;

const context = {
  session: { id: SESSION_ID, isKept: true },
  anonymousCsrfId: null,
  origin: ORIGIN,
} as unknown as AppLoadContext;

async function photo(width: number, height: number, options: { alpha?: boolean; exifRotate?: boolean } = {}) {
  const image = sharp({
    create: { width, height, channels: options.alpha ? 4 : 3, background: { r: 200, g: 80, b: 40, alpha: 0.5 } },
  });
  if (options.alpha) return image.png().toBuffer();
  // Orientation 6 means "rotate 90° clockwise to show": the stored copy must come out upright (height × width).
  return options.exifRotate ? image.jpeg().withMetadata({ orientation: 6 }).toBuffer() : image.jpeg().toBuffer();
}

function uploadRequest(parts: { token?: string | null; files: { name: string; bytes: Uint8Array; type?: string }[] }) {
  const form = new FormData();
  if (parts.token !== null) form.append('authenticity_token', parts.token ?? maskedCsrfToken(SESSION_ID, secret));
  for (const file of parts.files) {
    form.append(
      'files',
      new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? 'application/octet-stream' }),
    );
  }
  return new Request(`${ORIGIN}/admin/uploads`, { method: 'POST', body: form, headers: { origin: ORIGIN } });
}

async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of storage.list('originals/')) keys.push(entry.key);
  return keys.sort();
}

beforeAll(async () => {
  uploadDir = await mkdtemp(path.join(tmpdir(), 'doorstep-staff-uploads-'));
  mediaDir = await mkdtemp(path.join(tmpdir(), 'doorstep-staff-media-'));
  process.env.UPLOAD_DIR = uploadDir;
  resetEnvForTests();
  storage = createLocalDiskStorage({ root: mediaDir, mounts: {} });
});

describe('receiveStaffUploads', () => {
  it('stores several images and a PDF, re-encoded, upright and under their own names', async () => {
    const before = await storedKeys();
    const outcome = await receiveStaffUploads(
      uploadRequest({
        files: [
          { name: 'front.jpg', bytes: await photo(1200, 800, { exifRotate: true }) },
          { name: 'logo.png', bytes: await photo(300, 100, { alpha: true }) },
          { name: 'brochure.pdf', bytes: minimalPdf() },
        ],
      }),
      context,
      { kinds: ['image', 'pdf'], maxFiles: 5, folder: 'listing-7' },
      storage,
    );
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.files.map((file) => [file.kind, file.originalName])).toEqual([
      ['image', 'front.jpg'],
      ['image', 'logo.png'],
      ['pdf', 'brochure.pdf'],
    ]);
    const [front, logo, brochure]: StoredStaffFile[] = outcome.files;
    expect(front!.url).toMatch(/^\/media\/listing-7\/[0-9a-f-]{36}\.jpg$/);
    expect([front!.width, front!.height]).toEqual([800, 1200]);
    expect(logo!.url).toMatch(/\.png$/);
    expect(brochure!.url).toMatch(/\.pdf$/);
    expect(await storedKeys()).toEqual([...before, ...outcome.files.map((file) => file.key)].sort());
    const stored = await storage.get(front!.key);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
    const metadata = await sharp(Buffer.concat(chunks)).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.orientation).toBeUndefined();
    expect(await readdir(uploadDir)).toEqual([]);
  });

  it('shrinks an image larger than 4096 px on its longest side', async () => {
    const outcome = await receiveStaffUploads(
      uploadRequest({ files: [{ name: 'wide.jpg', bytes: await photo(6000, 1000) }] }),
      context,
      { kinds: ['image'], maxFiles: 1, folder: 'site' },
      storage,
    );
    if (!outcome.ok) throw new Error(outcome.message);
    expect([outcome.files[0]!.width, outcome.files[0]!.height]).toEqual([4096, 683]);
  });

  it('refuses a PDF where only images are taken, judged by bytes whatever the name, and keeps nothing', async () => {
    const before = await storedKeys();
    const outcome = await receiveStaffUploads(
      uploadRequest({
        files: [
          { name: 'ok.jpg', bytes: await photo(100, 100) },
          { name: 'photo.jpg', bytes: minimalPdf(), type: 'image/jpeg' },
        ],
      }),
      context,
      { kinds: ['image'], maxFiles: 5, folder: 'articles' },
      storage,
    );
    expect(outcome).toMatchObject({
      ok: false,
      status: 422,
      message: 'Only JPEG, PNG, WebP or GIF images can be uploaded here. Nothing was uploaded.',
    });
    expect(await storedKeys()).toEqual(before);
    expect(await readdir(uploadDir)).toEqual([]);
  });

  it('refuses bytes that start like an image but do not decode, and keeps the files before it from storage', async () => {
    const before = await storedKeys();
    const broken = (await photo(400, 400)).subarray(0, 200);
    const outcome = await receiveStaffUploads(
      uploadRequest({
        files: [
          { name: 'good.jpg', bytes: await photo(100, 100) },
          { name: 'broken.jpg', bytes: broken },
        ],
      }),
      context,
      { kinds: ['image'], maxFiles: 5, folder: 'articles' },
      storage,
    );
    expect(outcome).toMatchObject({ ok: false, status: 422 });
    expect(!outcome.ok && outcome.message).toBe('“broken.jpg” could not be read as an image. Nothing was uploaded.');
    expect(await storedKeys()).toEqual(before);
  });

  it('refuses more files than allowed, and an upload without a valid token before the files', async () => {
    const image = await photo(50, 50);
    const tooMany: StaffUploadOutcome = await receiveStaffUploads(
      uploadRequest({ files: [1, 2, 3].map((n) => ({ name: `${n}.jpg`, bytes: image })) }),
      context,
      { kinds: ['image'], maxFiles: 2, folder: 'site' },
      storage,
    );
    expect(tooMany).toMatchObject({
      ok: false,
      status: 413,
      message: 'You can upload up to 2 files at once. Nothing was uploaded.',
    });
    for (const token of [null, 'forged-token']) {
      const forged = await receiveStaffUploads(
        uploadRequest({ token, files: [{ name: 'a.jpg', bytes: image }] }),
        context,
        { kinds: ['image'], maxFiles: 2, folder: 'site' },
        storage,
      );
      expect(forged).toMatchObject({ ok: false, status: 422 });
    }
    expect(await readdir(uploadDir)).toEqual([]);
  });

  it('answers a body that is not multipart with 415 and an empty file with 422', async () => {
    const plain = new Request(`${ORIGIN}/admin/uploads`, {
      method: 'POST',
      body: new URLSearchParams({ authenticity_token: maskedCsrfToken(SESSION_ID, secret) }),
      headers: { origin: ORIGIN },
    });
    expect(
      await receiveStaffUploads(plain, context, { kinds: ['image'], maxFiles: 1, folder: 'site' }, storage),
    ).toMatchObject({ ok: false, status: 415 });
    const empty = await receiveStaffUploads(
      uploadRequest({ files: [{ name: 'empty.jpg', bytes: new Uint8Array() }] }),
      context,
      { kinds: ['image'], maxFiles: 1, folder: 'site' },
      storage,
    );
    expect(empty).toMatchObject({
      ok: false,
      status: 422,
      message: 'One of the files is empty. Nothing was uploaded.',
    });
  });

  it('refuses a file over 25 MB without reading the rest of it', async () => {
    const big = new Uint8Array(25 * 1024 * 1024 + 2);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const outcome = await receiveStaffUploads(
      uploadRequest({ files: [{ name: 'huge.jpg', bytes: big }] }),
      context,
      { kinds: ['image'], maxFiles: 1, folder: 'site' },
      storage,
    );
    expect(outcome).toMatchObject({
      ok: false,
      status: 413,
      message: 'Each file can be at most 25 MB. Nothing was uploaded.',
    });
    expect(await readdir(uploadDir)).toEqual([]);
  });
});
