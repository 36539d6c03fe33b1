import { describe, expect, it } from 'vitest';
import { FeedRefused } from '../feed.ts';
import { decodeText, describeEncoding, detectEncoding } from './encoding.ts';
import { bytesInPieces } from './test-helpers.ts';

async function detect(bytes: Uint8Array, size = 3) {
  return detectEncoding(bytesInPieces(bytes, size));
}

async function decode(bytes: Uint8Array, size = 3): Promise<string> {
  const { encoding } = await detect(bytes, size);
  let text = '';
  for await (const piece of decodeText(bytesInPieces(bytes, size), encoding)) text += piece;
  return text;
}

async function refusal(bytes: Uint8Array): Promise<string> {
  const error = await detect(bytes).catch((caught: unknown) => caught);
  if (error instanceof FeedRefused) return error.reason;
  throw new Error('not refused');
}

/** Windows-1252 bytes: Latin-1 for most characters, with the euro sign at 0x80 and curly quotes at 0x91–0x94. */
function windows1252(text: string): Uint8Array {
  const special: Record<string, number> = { '€': 0x80, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96 };
  return Uint8Array.from([...text].map((character) => special[character] ?? character.charCodeAt(0)));
}

describe('detectEncoding', () => {
  it('reads UTF-8, with or without a byte order mark, split anywhere', async () => {
    const text = '#HEADER#\nCafé — £450,000 “quoted” 🏡\n';
    const utf8 = new TextEncoder().encode(text);
    expect(await detect(utf8, 1)).toEqual({ encoding: 'utf-8', hasBom: false, byteLength: utf8.length });
    expect(await decode(utf8, 1)).toBe(text);
    const withBom = Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8]);
    expect((await detect(withBom)).hasBom).toBe(true);
    expect(await decode(withBom)).toBe(text);
  });

  it('recognises Windows-1252 and converts it, noting the conversion', async () => {
    const text = '#HEADER#\nCafé £450,000 – €20 ‘quoted’\n';
    const bytes = windows1252(text);
    const scan = await detect(bytes);
    expect(scan.encoding).toBe('windows-1252');
    expect(await decode(bytes)).toBe(text);
    expect(describeEncoding(scan)).toBe(
      'Text encoding: Windows-1252 (the file is not valid UTF-8), converted to UTF-8',
    );
  });

  it('finds a single Windows-1252 byte at the end of a long UTF-8-looking file', async () => {
    const bytes = windows1252(`${'#HEADER#\n'.repeat(10_000)}£`);
    expect((await detect(bytes, 4096)).encoding).toBe('windows-1252');
  });

  it('reads UTF-16 with a byte order mark', async () => {
    const text = '#HEADER#\n£1\n';
    const bytes = Uint8Array.from([0xff, 0xfe, ...Buffer.from(text, 'utf16le')]);
    expect((await detect(bytes)).encoding).toBe('utf-16le');
    expect(await decode(bytes)).toBe(text);
  });

  it('refuses an empty file, a file of blanks and binary junk', async () => {
    expect(await refusal(new Uint8Array())).toBe('The file is empty: it holds no listings.');
    expect(await refusal(new TextEncoder().encode(' \r\n\r\n '))).toBe('The file is empty: it holds no listings.');
    expect(await refusal(Uint8Array.from([0x23, 0x48, 0x00, 0x01, 0x02, 0x41]))).toBe(
      'The file is not text (it holds binary data): it is not a BLM file.',
    );
    const junk = Uint8Array.from({ length: 4000 }, (_, index) => (index * 7919 + 13) % 31 || 1);
    expect(await refusal(junk)).toBe('The file is not text (it holds binary data): it is not a BLM file.');
    expect(await refusal(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))).toBe(
      'The file is a zip archive, not a BLM file: import the .zip itself.',
    );
    expect(await refusal(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBe(
      'The file is a JPEG image, not a BLM file.',
    );
  });
});
