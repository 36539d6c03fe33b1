import { describe, expect, it } from 'vitest';
import { maskedCsrfToken, verifyCsrfToken } from './csrf.server.ts';

const secret = 'a-secret-that-is-long-enough-for-tests-000000';

describe('CSRF tokens', () => {
  it('verifies a token made for the same session', () => {
    expect(verifyCsrfToken(maskedCsrfToken('session-a', secret), 'session-a', secret)).toBe(true);
  });

  it('masks each rendering differently', () => {
    expect(maskedCsrfToken('session-a', secret)).not.toBe(maskedCsrfToken('session-a', secret));
  });

  it('rejects a token of another session, a wrong secret and junk', () => {
    const token = maskedCsrfToken('session-a', secret);
    expect(verifyCsrfToken(token, 'session-b', secret)).toBe(false);
    expect(verifyCsrfToken(token, 'session-a', `${secret}x`)).toBe(false);
    for (const junk of ['', 'abc', 'x'.repeat(500), undefined, null, 42, ['a'], token.slice(1)]) {
      expect(verifyCsrfToken(junk, 'session-a', secret)).toBe(false);
    }
  });
});
