import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetEnvForTests } from '../../lib/env.server.ts';
import {
  checkStaffSecretKey,
  decryptSecret,
  encryptSecret,
  enrolmentSecretBytes,
  newRecoveryCodes,
  normaliseRecoveryCode,
  resetStaffSecretKeyForTests,
} from './staff-secrets.server.ts';

afterEach(() => {
  vi.unstubAllEnvs();
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

describe('the key when STAFF_SECRET_KEY is not set in production', () => {
  function production(values: Record<string, string | undefined>): void {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('STAFF_SECRET_KEY', undefined);
    for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
    resetEnvForTests();
    resetStaffSecretKeyForTests();
  }

  it('stops the start on PostgreSQL, naming the setting', () => {
    production({ DATABASE_URL: 'postgres://somewhere/doorstep' });
    expect(() => checkStaffSecretKey()).toThrow(/STAFF_SECRET_KEY must be set when DATABASE_URL is used/);
  });

  it('keeps a random key of its own beside the embedded database, readable by this user only, across restarts', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'doorstep-staff-key-'));
    try {
      production({ DATABASE_URL: undefined, PGLITE_DIR: path.join(folder, 'pglite') });
      const stored = encryptSecret('JBSWY3DPEHPK3PXP');
      const keyFile = path.join(folder, 'staff-secret-key');
      expect(readFileSync(keyFile, 'utf8')).toMatch(/^[0-9a-f]{64}$/);
      expect(statSync(keyFile).mode & 0o077).toBe(0);
      resetStaffSecretKeyForTests();
      expect(decryptSecret(stored)).toBe('JBSWY3DPEHPK3PXP');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
