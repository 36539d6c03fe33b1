import { describe, expect, it } from 'vitest';
import { HttpError } from './http/http-error.ts';
import { assertAuthentic, isAuthentic, maskedCsrfToken, verifyCsrfToken } from './csrf.server.ts';

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

describe('isAuthentic: the one check of a write', () => {
  const context = { sessionId: 'session-a', secret, publicOrigin: 'https://agency.example' };
  const write = (headers: Record<string, string> = {}) =>
    new Request('http://10.0.0.5:3000/leads', { method: 'POST', headers });

  it('accepts a token of the session in the header or the field, from this site or a browser that does not say', () => {
    const token = maskedCsrfToken('session-a', secret);
    expect(isAuthentic(write({ 'x-csrf-token': token }), {}, context)).toBe(true);
    expect(isAuthentic(write(), { authenticity_token: token }, context)).toBe(true);
    for (const headers of [
      { 'sec-fetch-site': 'same-origin', origin: 'https://agency.example' },
      { 'sec-fetch-site': 'none' },
      { origin: 'http://10.0.0.5:3000' },
      { origin: 'null' },
    ] as Record<string, string>[]) {
      expect(isAuthentic(write(headers), { authenticity_token: token }, context)).toBe(true);
    }
  });

  it('refuses a write the browser says came from another site, even with a good token', () => {
    const token = maskedCsrfToken('session-a', secret);
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { origin: 'https://agency.example.evil.example' },
      { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' },
    ] as Record<string, string>[]) {
      expect(isAuthentic(write(headers), { authenticity_token: token }, context)).toBe(false);
    }
  });

  it('refuses a missing token, another session and a request without a session cookie', () => {
    expect(isAuthentic(write(), {}, context)).toBe(false);
    expect(isAuthentic(write(), { authenticity_token: maskedCsrfToken('session-b', secret) }, context)).toBe(false);
    const token = maskedCsrfToken('session-a', secret);
    expect(isAuthentic(write(), { authenticity_token: token }, { ...context, sessionId: null })).toBe(false);
  });

  it('accepts a write without a session only as a form post from this site, with no token', () => {
    const none = { ...context, sessionId: null };
    const formPost = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };
    expect(isAuthentic(write(formPost), { authenticity_token: '' }, none)).toBe(true);
    expect(isAuthentic(write(formPost), {}, none)).toBe(true);
    // A browser without fetch metadata: its Origin alone.
    expect(isAuthentic(write({ origin: 'https://agency.example' }), {}, none)).toBe(true);
    for (const headers of [
      {},
      { origin: 'null' },
      { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' },
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
      { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate' },
      { origin: 'https://evil.example' },
      { ...formPost, origin: 'https://evil.example' },
    ] as Record<string, string>[]) {
      expect(isAuthentic(write(headers), {}, none)).toBe(false);
    }
    expect(isAuthentic(write(formPost), { authenticity_token: 'forged' }, none)).toBe(false);
    expect(isAuthentic(write(formPost), { authenticity_token: maskedCsrfToken('session-a', secret) }, none)).toBe(
      false,
    );
  });

  it('assertAuthentic throws the 422 with the reload message', () => {
    expect(() => assertAuthentic(write(), {}, context)).toThrowError(HttpError);
    expect(() => assertAuthentic(write(), {}, context)).toThrowError(/reload the page/);
  });
});
