import { describe, expect, it } from 'vitest';
import { MAX_STAFF_UPLOAD_BYTES, acceptedTypesText, staffUploadAccept, type StaffUploadKind } from './index.ts';

describe('staff upload hints', () => {
  const cases: [StaffUploadKind[], string, string][] = [
    [['image'], 'JPEG, PNG, WebP or GIF images', 'image/jpeg,image/png,image/webp,image/gif'],
    [['pdf'], 'PDF documents', 'application/pdf'],
    [
      ['image', 'pdf'],
      'JPEG, PNG, WebP or GIF images or PDF documents',
      'image/jpeg,image/png,image/webp,image/gif,application/pdf',
    ],
  ];
  it.each(cases)('names and hints what %j accepts', (kinds, text, accept) => {
    expect(acceptedTypesText(kinds)).toBe(text);
    expect(staffUploadAccept(kinds)).toBe(accept);
  });

  it('allows 25 MB files', () => {
    expect(MAX_STAFF_UPLOAD_BYTES).toBe(26_214_400);
  });
});
