import { describe, expect, it } from 'vitest';
import { detectFileKind, extensionOf, FILE_INPUT_ACCEPT, identifyUpload } from './file-types.ts';

const bytes = (...values: number[]) => new Uint8Array([...values, ...new Array(16).fill(0)]);
const ascii = (text: string) => new Uint8Array([...new TextEncoder().encode(text), ...new Array(16).fill(0)]);

describe('upload types by magic bytes', () => {
  it('recognises each accepted type when the name matches', () => {
    expect(identifyUpload(ascii('%PDF-1.7'), 'CV.PDF')?.contentType).toBe('application/pdf');
    expect(identifyUpload(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1), 'cv.doc')?.kind).toBe('doc');
    expect(identifyUpload(bytes(0x50, 0x4b, 0x03, 0x04), 'cv.docx')?.kind).toBe('docx');
    expect(identifyUpload(bytes(0xff, 0xd8, 0xff, 0xe0), 'photo.jpeg')?.extension).toBe('jpg');
    expect(identifyUpload(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), 'plan.png')?.kind).toBe('png');
    expect(identifyUpload(ascii('RIFF\u0010\u0000\u0000\u0000WEBPVP8 '), 'room.webp')?.kind).toBe('webp');
  });

  it('refuses bytes that match nothing accepted, whatever the name says', () => {
    expect(identifyUpload(bytes(0x4d, 0x5a, 0x90, 0x00), 'cv.pdf')).toBeNull(); // a Windows executable
    expect(identifyUpload(ascii('<html><script>'), 'cv.pdf')).toBeNull();
    expect(identifyUpload(ascii('RIFF\u0010\u0000\u0000\u0000WAVEfmt '), 'a.webp')).toBeNull();
    expect(identifyUpload(new Uint8Array(), 'empty.pdf')).toBeNull();
  });

  it('refuses a real file whose extension claims another type', () => {
    expect(identifyUpload(ascii('%PDF-1.7'), 'cv.png')).toBeNull();
    expect(identifyUpload(bytes(0x50, 0x4b, 0x03, 0x04), 'archive.zip')).toBeNull();
    expect(identifyUpload(bytes(0x50, 0x4b, 0x03, 0x04), 'cv.pdf')).toBeNull();
    expect(identifyUpload(ascii('%PDF-1.7'), 'cv')).toBeNull();
  });

  it('reads extensions and detects kinds', () => {
    expect(extensionOf('C:\\Users\\ann\\My CV.Docx')).toBe('docx');
    expect(extensionOf('.pdf')).toBe('');
    expect(detectFileKind(ascii('%PDF-'))).toBe('pdf');
    expect(FILE_INPUT_ACCEPT).toContain('.pdf');
    expect(FILE_INPUT_ACCEPT).toContain('image/webp');
  });
});
