import { describe, expect, it } from 'vitest';
import { readCookie } from '../../app/lib/cookies.ts';
import { readConsentStatus } from '../../app/features/consent/consent.ts';

describe('reading cookies never throws', () => {
  it('gives malformed percent-encoding back raw instead of throwing', () => {
    expect(readCookie('cookieconsent_status=%E0%A4%A', 'cookieconsent_status')).toBe('%E0%A4%A');
    expect(readCookie('a=%; b=%E0%A4%A8', 'b')).toBe('\u0928');
    expect(readCookie('junk; ;=;a="x%20y"', 'a')).toBe('x y');
    expect(readCookie(undefined, 'a')).toBeUndefined();
  });

  it('reads a malformed consent cookie as no choice', () => {
    expect(() => readConsentStatus('cookieconsent_status=%E0%A4%A')).not.toThrow();
    expect(readConsentStatus('cookieconsent_status=%E0%A4%A')).toBeNull();
    expect(readConsentStatus('x=%E0%A4%A; cookieconsent_status=allow')).toBe('allow');
  });
});
