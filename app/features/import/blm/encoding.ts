import { FeedRefused } from '../feed.ts';

/**
 * The text encoding of a BLM file. The format does not state one: CRMs write UTF-8 or Windows-1252 (the Windows
 * default, a superset of ISO-8859-1). Strict UTF-8 decoding is decisive — Windows-1252 text with any accented
 * letter or £ sign is almost never valid UTF-8 — so the whole file is checked once before any record is read,
 * rather than guessing from the first bytes and finding a stray byte half-way through.
 */
export type BlmEncoding = 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';

export type EncodingScan = { encoding: BlmEncoding; hasBom: boolean; byteLength: number };

const SNIFF_BYTES = 8192;

/** Reads every byte once (streaming, nothing kept) and decides the encoding; refuses empty and binary files. */
export async function detectEncoding(bytes: AsyncIterable<Uint8Array>): Promise<EncodingScan> {
  let byteLength = 0;
  let head = new Uint8Array(0);
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let isUtf8 = true;
  let hasText = false;
  for await (const chunk of bytes) {
    if (head.length < SNIFF_BYTES) {
      const joined = new Uint8Array(Math.min(SNIFF_BYTES, head.length + chunk.length));
      joined.set(head);
      joined.set(chunk.subarray(0, joined.length - head.length), head.length);
      head = joined;
    }
    byteLength += chunk.length;
    if (!hasText) hasText = chunk.some((byte) => byte > 0x20);
    if (isUtf8) {
      try {
        utf8.decode(chunk, { stream: true });
      } catch {
        isUtf8 = false;
      }
    }
  }
  if (isUtf8) {
    try {
      utf8.decode();
    } catch {
      isUtf8 = false;
    }
  }
  const empty = new FeedRefused('The file is empty: it holds no listings.');
  if (byteLength === 0) throw empty;
  const bom = byteOrderMark(head);
  if (bom && bom.encoding !== 'utf-8') return { encoding: bom.encoding, hasBom: true, byteLength };
  refuseBinary(head);
  if (!hasText) throw empty;
  return { encoding: isUtf8 ? 'utf-8' : 'windows-1252', hasBom: bom !== null, byteLength };
}

function byteOrderMark(head: Uint8Array): { encoding: BlmEncoding } | null {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8' };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le' };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be' };
  return null;
}

const MAGIC: Array<[number[], string]> = [
  [[0x50, 0x4b, 0x03, 0x04], 'The file is a zip archive, not a BLM file: import the .zip itself.'],
  [[0x25, 0x50, 0x44, 0x46], 'The file is a PDF document, not a BLM file.'],
  [[0xff, 0xd8, 0xff], 'The file is a JPEG image, not a BLM file.'],
  [[0x89, 0x50, 0x4e, 0x47], 'The file is a PNG image, not a BLM file.'],
  [[0x1f, 0x8b], 'The file is gzip-compressed, not a BLM file: unpack it first.'],
];

/** Text never holds NUL bytes and holds few control characters; a file that does is binary junk. */
function refuseBinary(head: Uint8Array): void {
  for (const [magic, reason] of MAGIC) {
    if (magic.every((byte, index) => head[index] === byte)) throw new FeedRefused(reason);
  }
  let controls = 0;
  for (const byte of head) {
    if (byte === 0) throw new FeedRefused('The file is not text (it holds binary data): it is not a BLM file.');
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) controls += 1;
  }
  if (controls > head.length / 20) {
    throw new FeedRefused('The file is not text (it holds binary data): it is not a BLM file.');
  }
}

/** Decodes a byte stream into text chunks; the byte order mark, if any, is dropped. */
export async function* decodeText(bytes: AsyncIterable<Uint8Array>, encoding: BlmEncoding): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding, { ignoreBOM: false });
  for await (const chunk of bytes) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

export function describeEncoding(scan: EncodingScan): string {
  switch (scan.encoding) {
    case 'utf-8':
      return 'Text encoding: UTF-8';
    case 'windows-1252':
      return 'Text encoding: Windows-1252 (the file is not valid UTF-8), converted to UTF-8';
    default:
      return `Text encoding: ${scan.encoding.toUpperCase()} (byte order mark), converted to UTF-8`;
  }
}
