/**
 * The file types a custom form accepts (quality bars V5.1.1/5.2.2), recognised by their first bytes, never by the
 * name or the browser's Content-Type alone. The extension must also match what the bytes are, so a renamed
 * executable ("cv.exe" sent as "cv.pdf") is refused. See docs/decisions/008-forms-and-uploads.md.
 */
export const UPLOAD_KINDS = ['pdf', 'doc', 'docx', 'jpeg', 'png', 'webp'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** How the kinds are named to visitors and staff. */
export const UPLOAD_KIND_LABELS: Record<UploadKind, string> = {
  pdf: 'PDF',
  doc: 'Word document (.doc)',
  docx: 'Word document (.docx)',
  jpeg: 'JPG',
  png: 'PNG',
  webp: 'WebP',
};

/** A file field's own list (unknown names dropped), or every kind when it has none. */
export function allowedKindsOf(fileTypes: readonly string[] | undefined): UploadKind[] {
  const chosen = UPLOAD_KINDS.filter((kind) => fileTypes?.includes(kind));
  return fileTypes && chosen.length > 0 ? chosen : [...UPLOAD_KINDS];
}

/** The `accept` hint for the allowed kinds. */
export function fileInputAccept(kinds: readonly UploadKind[]): string {
  return ACCEPTED_FILE_TYPES.filter((type) => kinds.includes(type.kind))
    .flatMap((type) => [...type.extensions.map((extension) => `.${extension}`), type.contentType])
    .join(',');
}

/** "PDF, JPG or PNG": the allowed kinds in a sentence (the two Word kinds read as one). */
export function describeKinds(kinds: readonly UploadKind[]): string {
  const names = [
    ...new Set(kinds.map((kind) => (kind === 'doc' || kind === 'docx' ? 'Word document' : UPLOAD_KIND_LABELS[kind]))),
  ];
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

export type AcceptedFileType = {
  kind: UploadKind;
  contentType: string;
  /** The extension the stored copy gets (the visitor's name is never used on disk). */
  extension: string;
  /** Extensions a visitor's file name may have for this kind. */
  extensions: readonly string[];
};

const ACCEPTED_FILE_TYPES: readonly AcceptedFileType[] = [
  { kind: 'pdf', contentType: 'application/pdf', extension: 'pdf', extensions: ['pdf'] },
  { kind: 'doc', contentType: 'application/msword', extension: 'doc', extensions: ['doc'] },
  {
    kind: 'docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
    extensions: ['docx'],
  },
  { kind: 'jpeg', contentType: 'image/jpeg', extension: 'jpg', extensions: ['jpg', 'jpeg'] },
  { kind: 'png', contentType: 'image/png', extension: 'png', extensions: ['png'] },
  { kind: 'webp', contentType: 'image/webp', extension: 'webp', extensions: ['webp'] },
];

/** For the file input's `accept` attribute (a hint only: the server decides). */
export const FILE_INPUT_ACCEPT = fileInputAccept(UPLOAD_KINDS);

/** How many leading bytes `detectFileKind` needs. */
export const SNIFF_BYTES = 16;

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // Word 97-2003 compound file
const ZIP = [0x50, 0x4b, 0x03, 0x04]; // PK.. (DOCX is a zip package)
const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

/** What the leading bytes say a file is, or null when they match nothing we accept. */
export function detectFileKind(head: Uint8Array): 'pdf' | 'ole2' | 'zip' | 'jpeg' | 'png' | 'webp' | null {
  if (startsWith(head, PDF)) return 'pdf';
  if (startsWith(head, OLE2)) return 'ole2';
  if (startsWith(head, ZIP)) return 'zip';
  if (startsWith(head, JPEG)) return 'jpeg';
  if (startsWith(head, PNG)) return 'png';
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) return 'webp';
  return null;
}

export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/**
 * The accepted type of an upload when its bytes and its name agree, else null. A zip is only a DOCX when named
 * .docx and an OLE2 file only a DOC when named .doc (those containers also hold other formats).
 */
export function identifyUpload(head: Uint8Array, fileName: string): AcceptedFileType | null {
  const detected = detectFileKind(head);
  if (!detected) return null;
  const extension = extensionOf(fileName);
  const kind: UploadKind | null = detected === 'ole2' ? 'doc' : detected === 'zip' ? 'docx' : detected;
  const type = ACCEPTED_FILE_TYPES.find((candidate) => candidate.kind === kind);
  if (!type || !type.extensions.includes(extension)) return null;
  return type;
}
