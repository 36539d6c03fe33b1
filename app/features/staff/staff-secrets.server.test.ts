import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '../../lib/env.server.ts';
import {
  decryptSecret,
  encryptSecret,
  enrolmentSecretBytes,
  newRecoveryCodes,
  normaliseRecoveryCode,
  resetStaffSecretKeyForTests,
} from './staff-secrets.server.ts';

afterEach(() => {
  delete process.env.STAFF_SECRET_KEY;
  resetEnvForTests();
  resetStaffSecretKeyForTests();
});

describe('recovery codes', () => {
  it('are ten distinct codes of 60 bits, grouped for reading', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
  });

  it('are compared without case, spaces or dashes', () => {
    expect(normaliseRecoveryCode('K7PQ 2MZT-x9ca')).toBe('k7pq2mztx9ca');
  });
});

describe('TOTP secrets at rest', () => {
  it('are encrypted (a fresh IV each time) and decrypt with the same key', () => {
    process.env.STAFF_SECRET_KEY = 'ab'.repeat(32);
    resetEnvForTests();
    resetStaffSecretKeyForTests();
    const first = encryptSecret('JBSWY3DPEHPK3PXP');
    const second = encryptSecret('JBSWY3DPEHPK3PXP');
    expect(first).not.toBe(second);
    expect(first).not.toContain('JBSWY3DPEHPK3PXP');
    expect(decryptSecret(first)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('cannot be read with another key, and a changed byte is refused', () => {
    process.env.STAFF_SECRET_KEY = 'ab'.repeat(32);
    resetEnvForTests();
    resetStaffSecretKeyForTests();
    const stored = encryptSecret('JBSWY3DPEHPK3PXP');
    const tampered = `${stored.slice(0, -2)}${stored.endsWith('A') ? 'B' : 'A'}${stored.slice(-1)}`;
    expect(() => decryptSecret(tampered)).toThrow();
    process.env.STAFF_SECRET_KEY = 'cd'.repeat(32);
    resetEnvForTests();
    resetStaffSecretKeyForTests();
    expect(() => decryptSecret(stored)).toThrow();
  });

  it('derives the set-up page secret from its token: stable for one link, different for another', () => {
    const token = 'a'.repeat(43);
    expect(enrolmentSecretBytes(token).equals(enrolmentSecretBytes(token))).toBe(true);
    expect(enrolmentSecretBytes(token).equals(enrolmentSecretBytes('b'.repeat(43)))).toBe(false);
    expect(enrolmentSecretBytes(token)).toHaveLength(20);
  });
});
