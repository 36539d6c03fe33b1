import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const CSRF_PARAM = 'authenticity_token';
export const CSRF_HEADER = 'x-csrf-token';
const TOKEN_BYTES = 32;

/** The raw token is bound to the session id, so it changes whenever the session is renewed (sign-in, sign-out). */
function rawCsrfToken(sessionId: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(`csrf:${sessionId}`).digest();
}

/**
 * As Rails does, each rendered token is masked with a fresh one-time pad (pad || pad XOR raw), so the
 * page never carries the same bytes twice (BREACH) while any of them verifies.
 */
export function maskedCsrfToken(sessionId: string, secret: string): string {
  const raw = rawCsrfToken(sessionId, secret);
  const pad = randomBytes(TOKEN_BYTES);
  const masked = Buffer.alloc(TOKEN_BYTES);
  for (let i = 0; i < TOKEN_BYTES; i++) masked[i] = (pad[i] ?? 0) ^ (raw[i] ?? 0);
  return Buffer.concat([pad, masked]).toString('base64url');
}

export function verifyCsrfToken(token: unknown, sessionId: string, secret: string): boolean {
  if (typeof token !== 'string' || token.length === 0 || token.length > 200) return false;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== TOKEN_BYTES * 2) return false;
  const unmasked = Buffer.alloc(TOKEN_BYTES);
  for (let i = 0; i < TOKEN_BYTES; i++) unmasked[i] = (bytes[i] ?? 0) ^ (bytes[i + TOKEN_BYTES] ?? 0);
  return timingSafeEqual(unmasked, rawCsrfToken(sessionId, secret));
}
