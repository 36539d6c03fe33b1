import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from '../../app/lib/safe-redirect.ts';
import { safeRedirectPath as formRedirectPath } from '../../app/features/forms/custom-form.ts';
import { safeReturnPath } from '../../app/features/leads/lead-request.ts';

const HOSTILE = [
  '/.//evil.example',
  '/./\\evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '//evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
  '/%00',
  '/\u0000/evil.example',
  ' /evil',
  '/../..//evil.example',
  '',
];

describe('the one redirect-target check', () => {
  it.each(HOSTILE)('refuses %j', (value) => {
    expect(safeRedirectPath(value, '/fallback')).toBe('/fallback');
    expect(formRedirectPath(value, '/fallback')).toBe('/fallback');
    expect(safeReturnPath(value, '/fallback')).toBe('/fallback');
  });

  it('keeps local paths with their query, dropping the fragment', () => {
    expect(safeRedirectPath('/properties/3-bed?x=1#top')).toBe('/properties/3-bed?x=1');
    expect(safeRedirectPath('/a/./b/../c')).toBe('/a/c');
    expect(safeReturnPath('/properties/x/book-a-viewing', '/')).toBe('/properties/x/book-a-viewing');
  });

  it('refuses non-strings and overlong values', () => {
    expect(safeRedirectPath(undefined)).toBe('/');
    expect(safeRedirectPath(['/a'])).toBe('/');
    expect(safeRedirectPath(`/${'a'.repeat(3000)}`)).toBe('/');
  });
});
