import { describe, expect, it } from 'vitest';
import { commonPasswordCount, isCommonPassword } from './common-passwords.ts';

describe('common passwords (ASVS 6.2.4)', () => {
  it('holds at least the top 3000 and matches case-insensitively', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(3000);
    for (const password of [
      'password',
      'Password123',
      'QWERTY123',
      'letmein!',
      'Liverpool2024',
      'aaaaaaaaaa',
      '1234567890',
    ]) {
      expect([password, isCommonPassword(password)]).toEqual([password, true]);
    }
  });

  it('lets uncommon passphrases through', () => {
    expect(isCommonPassword('Correct-Horse-7-Battery')).toBe(false);
    expect(isCommonPassword('kettle lamp orchard')).toBe(false);
  });
});
