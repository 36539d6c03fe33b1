import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalPdf } from '../../../tests/upload-fixtures.ts';
import { hasValidStructure, isWellFormedDoc, isWellFormedDocx, isWellFormedPdf } from './file-structure.server.ts';
import { identifyUpload } from './file-types.ts';

const text = (value: string) => new TextEncoder().encode(value);

/** A stored zip (no compression) holding the named empty entries, with its central directory and end record. */
function zipOf(names: string[]): Uint8Array {
  const locals: number[] = [];
  const central: number[] = [];
  const u16 = (value: number) => [value & 0xff, (value >> 8) & 0xff];
  const u32 = (value: number) => [...u16(value & 0xffff), ...u16(value >>> 16)];
  for (const name of names) {
    const nameBytes = [...text(name)];
    const offset = locals.length;
    locals.push(...u32(0x04034b50), ...u16(20), ...u16(0), ...u16(0), ...u32(0), ...u32(0), ...u32(0), ...u32(0));
    locals.push(...u16(nameBytes.length), ...u16(0), ...nameBytes);
    central.push(...u32(0x02014b50), ...u16(20), ...u16(20), ...u16(0), ...u16(0), ...u32(0), ...u32(0));
    central.push(...u32(0), ...u32(0), ...u16(nameBytes.length), ...u16(0), ...u16(0), ...u16(0), ...u16(0));
    central.push(...u32(0), ...u32(offset), ...nameBytes);
  }
  const end = [...u32(0x06054b50), ...u16(0), ...u16(0), ...u16(names.length), ...u16(names.length)];
  end.push(...u32(central.length), ...u32(locals.length), ...u16(0));
  return new Uint8Array([...locals, ...central, ...end]);
}

/** An OLE2 header (version 3, 512-byte sectors) followed by `sectors` sectors. */
function oleOf(options: { sectorShift?: number; sectors?: number } = {}): Uint8Array {
  const bytes = new Uint8Array(512 + 512 * (options.sectors ?? 2));
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  bytes.set([0x3e, 0x00, 0x03, 0x00, 0xfe, 0xff, options.sectorShift ?? 9, 0x00, 0x06, 0x00], 24);
  return bytes;
}

describe('upload structure: PDF', () => {
  it('accepts a minimal well-formed PDF', () => {
    expect(isWellFormedPdf(minimalPdf())).toBe(true);
    expect(isWellFormedPdf(minimalPdf(50_000))).toBe(true);
  });

  it('refuses a %PDF-1.4 prefix followed by HTML and a script', () => {
    const forged = text('%PDF-1.4\n<html><body><script>alert(document.cookie)</script></body></html>\n');
    expect(identifyUpload(forged, 'cv.pdf')?.kind).toBe('pdf'); // the first bytes alone would let it in
    expect(isWellFormedPdf(forged)).toBe(false);
  });

  it('refuses markup in the first KB even with a valid ending, and a PDF without startxref or %%EOF', () => {
    const valid = new TextDecoder().decode(minimalPdf());
    expect(isWellFormedPdf(text(valid.replace('endobj\n', 'endobj\n%<script>alert(1)</script>\n')))).toBe(false);
    expect(isWellFormedPdf(text(valid.replace('%<SCRIPT', '').replace('endobj\n', 'endobj\n% <HTML>\n')))).toBe(false);
    expect(isWellFormedPdf(text(valid.replace('%%EOF', '')))).toBe(false);
    expect(isWellFormedPdf(text(valid.replace('startxref', 'nothing')))).toBe(false);
    expect(isWellFormedPdf(text('%PDF-1.4\ntrailer << >>\nstartxref\n999999\n%%EOF\n'))).toBe(false);
  });
});

describe('upload structure: DOCX', () => {
  it('accepts a zip whose central directory lists [Content_Types].xml', () => {
    expect(isWellFormedDocx(zipOf(['[Content_Types].xml', 'word/document.xml']))).toBe(true);
  });

  it('refuses a zip without [Content_Types].xml, and a zip header with no central directory', () => {
    expect(isWellFormedDocx(zipOf(['evil.html']))).toBe(false);
    const forged = text('PK\u0003\u0004<html><script>alert(1)</script></html>');
    expect(identifyUpload(forged, 'cv.docx')?.kind).toBe('docx');
    expect(isWellFormedDocx(forged)).toBe(false);
  });
});

describe('upload structure: DOC', () => {
  it('accepts an OLE2 header with a consistent sector size', () => {
    expect(isWellFormedDoc(oleOf())).toBe(true);
  });

  it('refuses the signature followed by anything else', () => {
    const forged = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...text('<html><script>')]);
    expect(identifyUpload(forged, 'cv.doc')?.kind).toBe('doc');
    expect(isWellFormedDoc(forged)).toBe(false);
    expect(isWellFormedDoc(oleOf({ sectorShift: 7 }))).toBe(false);
    expect(isWellFormedDoc(oleOf({ sectors: 0 }))).toBe(false);
  });
});

describe('upload structure: images are decoded', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'doorstep-structure-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const stored = async (name: string, bytes: Uint8Array) => {
    const file = path.join(dir, name);
    await writeFile(file, bytes);
    return file;
  };

  it('accepts real images and refuses image signatures followed by HTML', async () => {
    const image = sharp({ create: { width: 4, height: 3, channels: 3, background: '#336699' } });
    const png = new Uint8Array(await image.clone().png().toBuffer());
    const jpeg = new Uint8Array(await image.clone().jpeg().toBuffer());
    const webp = new Uint8Array(await image.clone().webp().toBuffer());
    for (const [name, bytes] of [
      ['a.png', png],
      ['a.jpg', jpeg],
      ['a.webp', webp],
    ] as const) {
      const type = identifyUpload(bytes, name)!;
      expect([name, await hasValidStructure(await stored(name, bytes), type)]).toEqual([name, true]);
    }
    const html = text('<html><script>alert(1)</script></html>');
    for (const [name, signature] of [
      ['f.png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
      ['f.jpg', [0xff, 0xd8, 0xff, 0xe0]],
      ['f.webp', [...text('RIFF\u0010\u0000\u0000\u0000WEBPVP8 ')]],
    ] as const) {
      const forged = new Uint8Array([...signature, ...html]);
      const type = identifyUpload(forged, name)!;
      expect(type).not.toBeNull();
      expect([name, await hasValidStructure(await stored(name, forged), type)]).toEqual([name, false]);
    }
  });
});
