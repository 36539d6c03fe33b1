/**
 * The back office's one way to receive files (photos, floorplans, brochures, logos, article images). A route that
 * takes files calls `receiveStaffUploads` after `requireStaff`; it streams the multipart body through the request
 * layer's reader, checks the authenticity token before a byte of a file is kept, judges each file by its bytes,
 * normalises images with sharp and stores everything through `app/lib/storage`. The caller decides what the files
 * mean (a listing's photos, a logo). The address must be listed in server/multipart-paths.ts.
 *
 * Images are re-encoded rather than stored as sent: the re-encode drops metadata (a phone photo's GPS position must
 * not reach the public site), applies the EXIF rotation once, bounds the size the resizer later reads, and leaves
 * only the JPEG and PNG originals the media route serves. sharp does the work on libuv's thread pool, so a 25 MB
 * photo does not hold up other requests.
 */
import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { AppLoadContext } from 'react-router';
import { isAuthentic } from '../../lib/csrf.server.ts';
import { getEnv } from '../../lib/env.server.ts';
import { readMultipartBody, type MultipartFailure, type ReceivedUpload } from '../../lib/http/multipart.server.ts';
import { getSessionSecret } from '../../lib/secret.server.ts';
import { StorageUnavailableError, getStorage, type FileStorage } from '../../lib/storage/storage.server.ts';
import { INVALID_AUTHENTICITY_MESSAGE } from '../../lib/http/csrf-fetch.ts';
import { MAX_STAFF_UPLOAD_BYTES, acceptedTypesText, type StaffUploadKind } from './staff-upload-types.ts';
import { bodyKindOf } from '../../lib/http/request-body.ts';

export type StoredStaffFile = {
  key: string;
  /** Where the public site reads it: `/media/<folder>/<file>`; images also resize at `/media/<W>x<H>/<folder>/<file>`. */
  url: string;
  kind: StaffUploadKind;
  originalName: string;
  sizeBytes: number;
  width: number | null;
  height: number | null;
};

export type StaffUploadOutcome =
  | { ok: true; fields: Record<string, string>; files: StoredStaffFile[] }
  | { ok: false; status: 400 | 403 | 413 | 415 | 422 | 503; message: string; fields: Record<string, string> };

export type StaffUploadOptions = {
  kinds: readonly StaffUploadKind[];
  maxFiles: number;
  /** The storage folder under `originals/`: lower-case letters, digits and hyphens. */
  folder: string;
};

/** Longest side of a stored original: more than any size the site shows, a fraction of a camera's. */
const MAX_IMAGE_SIDE = 4096;
/** A decompression bomb stops here (about 16k × 16k), before sharp allocates its pixels. */
const MAX_INPUT_PIXELS = 268_402_689;
const SNIFF_BYTES = 12;
const FOLDER = /^[a-z0-9-]{1,40}$/;

type SniffedType = 'jpeg' | 'png' | 'webp' | 'gif' | 'pdf';

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
}

/** What a file's first bytes say it is, among the types staff may upload; null for anything else. */
function sniffStaffUpload(head: Uint8Array): SniffedType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38])) return 'gif';
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  return null;
}

function kindOf(type: SniffedType): StaffUploadKind {
  return type === 'pdf' ? 'pdf' : 'image';
}

function failureMessage(
  reason: MultipartFailure,
  options: StaffUploadOptions,
): { status: 400 | 413 | 422; message: string } {
  switch (reason) {
    case 'too-large':
      return { status: 413, message: 'Each file can be at most 25 MB. Nothing was uploaded.' };
    case 'too-many-files':
      return {
        status: 413,
        message: `You can upload up to ${options.maxFiles} ${options.maxFiles === 1 ? 'file' : 'files'} at once. Nothing was uploaded.`,
      };
    case 'file-type':
      return {
        status: 422,
        message: `Only ${acceptedTypesText(options.kinds)} can be uploaded here. Nothing was uploaded.`,
      };
    case 'file-empty':
      return { status: 422, message: 'One of the files is empty. Nothing was uploaded.' };
    case 'rejected':
      return { status: 422, message: INVALID_AUTHENTICITY_MESSAGE };
    case 'too-many-parts':
    case 'malformed':
      return { status: 400, message: 'The upload could not be read. Please try again.' };
  }
}

type Prepared = {
  body: Buffer;
  extension: 'jpg' | 'png' | 'pdf';
  contentType: string;
  width: number | null;
  height: number | null;
};

async function prepare(upload: ReceivedUpload<SniffedType>): Promise<Prepared | null> {
  if (upload.type === 'pdf') {
    return {
      body: await readFile(upload.tempPath),
      extension: 'pdf',
      contentType: 'application/pdf',
      width: null,
      height: null,
    };
  }
  try {
    const image = sharp(upload.tempPath, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
    const { hasAlpha } = await sharp(upload.tempPath, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    const { data, info } = hasAlpha
      ? await image.png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true })
      : await image
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 85, mozjpeg: true })
          .toBuffer({ resolveWithObject: true });
    return {
      body: data,
      extension: hasAlpha ? 'png' : 'jpg',
      contentType: hasAlpha ? 'image/png' : 'image/jpeg',
      width: info.width,
      height: info.height,
    };
  } catch {
    // Bytes that start like an image but do not decode (truncated, corrupt, too many pixels).
    return null;
  }
}

/**
 * Reads, checks and stores the files of a staff upload. All or nothing: a refused file (wrong type, too large,
 * unreadable) or a storage failure leaves nothing stored.
 */
export async function receiveStaffUploads(
  request: Request,
  context: AppLoadContext,
  options: StaffUploadOptions,
  storage: FileStorage = getStorage(),
): Promise<StaffUploadOutcome> {
  if (!FOLDER.test(options.folder)) throw new Error(`Invalid upload folder ${JSON.stringify(options.folder)}`);
  const contentType = request.headers.get('content-type') ?? '';
  if (bodyKindOf(contentType) !== 'multipart') {
    return { ok: false, status: 415, message: 'Choose the files to upload, then press the upload button.', fields: {} };
  }
  const authenticity = {
    sessionId: context.session.isKept === false ? null : context.session.id,
    anonymousId: context.anonymousCsrfId ?? null,
    secret: getSessionSecret(),
    publicOrigin: context.origin,
  };
  const received = await readMultipartBody<SniffedType>(request, {
    uploadDir: path.resolve(getEnv().UPLOAD_DIR),
    sniffBytes: SNIFF_BYTES,
    identify: (head) => {
      const type = sniffStaffUpload(head);
      return type && options.kinds.includes(kindOf(type)) ? type : null;
    },
    maxFileBytes: MAX_STAFF_UPLOAD_BYTES,
    maxFiles: options.maxFiles,
    // The token must come before the files: a forged request never gets a byte written to disk.
    onFileStart: (_name, fieldsSoFar) => (isAuthentic(request, fieldsSoFar, authenticity) ? 'store' : 'reject'),
  });
  if (!received.ok) return { ok: false, ...failureMessage(received.reason, options), fields: received.fields };
  const discardTemp = () => Promise.all(received.uploads.map((upload) => rm(upload.tempPath, { force: true })));
  if (!isAuthentic(request, received.fields, authenticity)) {
    await discardTemp();
    return { ok: false, status: 422, message: INVALID_AUTHENTICITY_MESSAGE, fields: received.fields };
  }

  const stored: StoredStaffFile[] = [];
  try {
    for (const upload of received.uploads) {
      const prepared = await prepare(upload);
      if (!prepared) {
        await Promise.all(stored.map((file) => storage.delete(file.key)));
        return {
          ok: false,
          status: 422,
          message: `“${upload.originalName}” could not be read as an image. Nothing was uploaded.`,
          fields: received.fields,
        };
      }
      const file = `${randomUUID()}.${prepared.extension}`;
      const key = `originals/${options.folder}/${file}`;
      await storage.put(key, prepared.body, prepared.contentType, { size: prepared.body.length });
      stored.push({
        key,
        url: `/media/${options.folder}/${file}`,
        kind: kindOf(upload.type),
        originalName: upload.originalName,
        sizeBytes: prepared.body.length,
        width: prepared.width,
        height: prepared.height,
      });
    }
  } catch (error) {
    await Promise.allSettled(stored.map((file) => storage.delete(file.key)));
    if (error instanceof StorageUnavailableError) {
      return {
        ok: false,
        status: 503,
        message: 'The files could not be stored just now. Nothing was uploaded: please try again in a few minutes.',
        fields: received.fields,
      };
    }
    throw error;
  } finally {
    await discardTemp();
  }
  return { ok: true, fields: received.fields, files: stored };
}
