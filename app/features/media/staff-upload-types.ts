/** What the back office's uploads accept, shared by the file inputs (hints) and the server (the rule). */
export type StaffUploadKind = 'image' | 'pdf';

/** The largest file a staff member may send; phone and camera photos of 20+ MB are common. */
export const MAX_STAFF_UPLOAD_BYTES = 25 * 1024 * 1024;

/** The words for what `kinds` accepts, for refusals and hints beside a file input. */
export function acceptedTypesText(kinds: readonly StaffUploadKind[]): string {
  const images = 'JPEG, PNG, WebP or GIF images';
  if (kinds.includes('image') && kinds.includes('pdf')) return `${images} or PDF documents`;
  return kinds.includes('pdf') ? 'PDF documents' : images;
}

/** The `accept` attribute for a file input taking `kinds` (a hint only: the server judges the bytes). */
export function staffUploadAccept(kinds: readonly StaffUploadKind[]): string {
  const parts: string[] = [];
  if (kinds.includes('image')) parts.push('image/jpeg', 'image/png', 'image/webp', 'image/gif');
  if (kinds.includes('pdf')) parts.push('application/pdf');
  return parts.join(',');
}
