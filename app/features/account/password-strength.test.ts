import { describe, expect, it } from 'vitest';
import { isGuessablePassword } from './password-strength.server.ts';

describe('breached and guessable passwords (ASVS 6.2.12)', () => {
  it('refuses passwords the small written list let through', () => {
    for (const password of [
      'Summer2024!',
      'P@ssword2024',
      'Bristol2024',
      'zaq1@WSXcde',
      '1qaz2wsx3edc',
      'Liverpool1!',
    ]) {
      expect([password, isGuessablePassword(password)]).toEqual([password, true]);
    }
  });

  it("refuses a password built from the user's own details", () => {
    expect(isGuessablePassword('ann-smith-jones', ['ann@example.com', 'Ann', 'Smith-Jones'])).toBe(true);
  });

  it('lets unrelated-word passphrases through', () => {
    for (const password of ['Correct-Horse-7-Battery', 'Kettle-Lamp-Orchard-4', 'Teapot-Harbour-Violet-9']) {
      expect([password, isGuessablePassword(password)]).toEqual([password, false]);
    }
  });
});
