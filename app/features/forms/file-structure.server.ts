/**
 * Structure checks for an accepted upload, run on the whole stored file after its first bytes matched
 * (file-types.ts). First bytes alone let through a "%PDF-1.4" line followed by an HTML page with a script, or a
 * zip that is not a Word document; each kind here must also have the parts its format cannot do without.
 * See docs/decisions/008-forms-and-uploads.md.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { AcceptedFileType } from './file-types.ts';

const latin1 = (bytes: Uint8Array, start = 0, end = bytes.length) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1', start, end);

/** Markup a browser would render if it ever sniffed the file as HTML. */
const MARKUP_PATTERN = /<\s*(script|html)\b/i;

/** A PDF has its header, a cross-reference pointer (`startxref`) and the `%%EOF` end marker near its end. */
export function isWellFormedPdf(bytes: Uint8Array): boolean {
  if (!latin1(bytes, 0, 8).startsWith('%PDF-')) return false;
  if (MARKUP_PATTERN.test(latin1(bytes, 0, 1024))) return false;
  // Writers may append a little after the marker (newlines, padding); 1 KB is what readers tolerate.
  const tail = latin1(bytes, Math.max(0, bytes.length - 1024));
  const endMarker = tail.lastIndexOf('%%EOF');
  if (endMarker < 0) return false;
  const startXref = tail.lastIndexOf('startxref');
  if (startXref < 0 || startXref > endMarker) return false;
  // The pointer must be a byte offset inside the file, where a table (`xref`) or an xref stream object starts.
  const offsetText = /^startxref\s+(\d+)\s/.exec(tail.slice(startXref));
  if (!offsetText) return false;
  const offset = Number(offsetText[1]);
  if (!Number.isSafeInteger(offset) || offset <= 0 || offset >= bytes.length) return false;
  const target = latin1(bytes, offset, Math.min(bytes.length, offset + 64));
  return target.startsWith('xref') || /^\d+\s+\d+\s+obj\b/.test(target);
}

const readUInt16 = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8);
const readUInt32 = (bytes: Uint8Array, at: number) =>
  (readUInt16(bytes, at) + readUInt16(bytes, at + 2) * 0x10000) >>> 0;

/** A DOCX is a zip whose central directory (found through its end record) lists `[Content_Types].xml`. */
export function isWellFormedDocx(bytes: Uint8Array): boolean {
  const END_RECORD = 0x06054b50;
  const CENTRAL_ENTRY = 0x02014b50;
  // The end record is 22 bytes plus a comment of up to 65535 bytes, at the very end of the file.
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let at = bytes.length - 22; at >= lowest; at -= 1) {
    if (readUInt32(bytes, at) === END_RECORD) {
      end = at;
      break;
    }
  }
  if (end < 0) return false;
  const entryCount = readUInt16(bytes, end + 10);
  const directorySize = readUInt32(bytes, end + 12);
  const directoryOffset = readUInt32(bytes, end + 16);
  if (entryCount === 0 || directoryOffset + directorySize > end) return false;
  let at = directoryOffset;
  for (let index = 0; index < entryCount; index += 1) {
    if (at + 46 > end || readUInt32(bytes, at) !== CENTRAL_ENTRY) return false;
    const nameLength = readUInt16(bytes, at + 28);
    const extraLength = readUInt16(bytes, at + 30);
    const commentLength = readUInt16(bytes, at + 32);
    if (latin1(bytes, at + 46, at + 46 + nameLength) === '[Content_Types].xml') return true;
    at += 46 + nameLength + extraLength + commentLength;
  }
  return false;
}

/**
 * A DOC is an OLE2 compound file: the 512-byte header has the little-endian byte-order mark, a version whose
 * sector size it fixes (3 → 512 bytes, 4 → 4096), 64-byte mini sectors, and at least one whole sector follows.
 */
export function isWellFormedDoc(bytes: Uint8Array): boolean {
  const SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  if (bytes.length < 512 || !SIGNATURE.every((byte, index) => bytes[index] === byte)) return false;
  if (readUInt16(bytes, 28) !== 0xfffe) return false;
  const majorVersion = readUInt16(bytes, 26);
  const sectorShift = readUInt16(bytes, 30);
  const isSectorSizeRight = (majorVersion === 3 && sectorShift === 9) || (majorVersion === 4 && sectorShift === 12);
  if (!isSectorSizeRight || readUInt16(bytes, 32) !== 6) return false;
  const sectorSize = 2 ** sectorShift;
  return bytes.length >= Math.max(512, sectorSize) + sectorSize;
}

const SHARP_FORMAT = { jpeg: 'jpeg', png: 'png', webp: 'webp' } as const;

/** Whether the stored upload really is the kind its first bytes claimed. Images are decoded by sharp. */
export async function hasValidStructure(filePath: string, type: AcceptedFileType): Promise<boolean> {
  if (type.kind === 'jpeg' || type.kind === 'png' || type.kind === 'webp') {
    try {
      const metadata = await sharp(filePath).metadata();
      return metadata.format === SHARP_FORMAT[type.kind] && (metadata.width ?? 0) > 0 && (metadata.height ?? 0) > 0;
    } catch {
      return false;
    }
  }
  const bytes = new Uint8Array(await readFile(filePath));
  if (type.kind === 'pdf') return isWellFormedPdf(bytes);
  if (type.kind === 'docx') return isWellFormedDocx(bytes);
  return isWellFormedDoc(bytes);
}
