/**
 * The media feature's client-safe public surface. Other features import only from its entries; the rest of this
 * folder is private (eslint/import-boundaries.js).
 */
export { CARD_IMAGE, IMAGE_WIDTHS, parseSizeSegment } from './image-sizes.ts';
export {
  MAX_STAFF_UPLOAD_BYTES,
  acceptedTypesText,
  staffUploadAccept,
  type StaffUploadKind,
} from './staff-upload-types.ts';
