import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { HttpError } from './http/http-error.ts';
import { INVALID_AUTHENTICITY_MESSAGE } from './http/csrf-fetch.ts';

export const CSRF_PARAM = 'authenticity_token';
const CSRF_HEADER = 'x-csrf-token';
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

// The browser's fetch helper recognises this exact text and fetches a fresh token once before giving up.
const CSRF_FAILED_MESSAGE = INVALID_AUTHENTICITY_MESSAGE;

/**
 * What a write is checked against: the visitor's session (null when the request carried no session cookie) or,
 * without one, the id of the visitor's `doorstep_csrf` cookie (decision 026).
 */
export type AuthenticityContext = {
  sessionId: string | null;
  secret: string;
  publicOrigin: string;
  anonymousId?: string | null;
};

/**
 * Tokens for visitors without a session (decision 026) are bound to a random id in a cookie of their own, so the
 * scripts of a shared page can write without the visitor being given a session. The prefix keeps them apart from
 * session tokens (session ids never contain a colon).
 */
export const ANONYMOUS_CSRF_COOKIE = 'doorstep_csrf';
const ANONYMOUS_BINDING = 'anonymous:';

export function anonymousCsrfToken(anonymousId: string, secret: string): string {
  return maskedCsrfToken(`${ANONYMOUS_BINDING}${anonymousId}`, secret);
}

/**
 * The browser's own word that the request came from another site: `Sec-Fetch-Site` other than same-origin (or
 * `none`, a request the visitor made directly), or an `Origin` that is neither the public origin nor the address
 * the request was sent to. `Origin: null` (a page with no referrer) says nothing, so the token alone decides.
 */
function isCrossOrigin(request: Request, publicOrigin: string): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.get('origin');
  if (origin === null || origin === 'null') return false;
  return origin !== publicOrigin && origin !== new URL(request.url).origin;
}

/**
 * The one decision whether a state-changing request is authentic: sent from this site (when the browser says
 * where from) and carrying a token made for the visitor's session, in the X-CSRF-Token header or the
 * `authenticity_token` field. The server applies it to every form and JSON body before any route runs; multipart
 * routes apply it to the fields read so far before a file is written, and to all fields at the end.
 */
export function isAuthentic(
  request: Request,
  fields: Readonly<Record<string, unknown>>,
  context: AuthenticityContext,
): boolean {
  if (isCrossOrigin(request, context.publicOrigin)) return false;
  const token = request.headers.get(CSRF_HEADER) ?? fields[CSRF_PARAM];
  if (context.sessionId === null) {
    if (token !== undefined && token !== null && token !== '' && context.anonymousId) {
      return verifyCsrfToken(token, `${ANONYMOUS_BINDING}${context.anonymousId}`, context.secret);
    }
    return isSessionlessWriteAllowed(request, token, context.publicOrigin);
  }
  return verifyCsrfToken(token, context.sessionId, context.secret);
}

/**
 * A write from a visitor who has no session yet: the shared, cached pages carry no token (decision 026), so a form
 * sent before any script ran has none. Such a write carries no authority of the visitor's to abuse, and is accepted
 * only as a plain form post the browser vouches for: a top-level navigation (`Sec-Fetch-Mode: navigate`) from this
 * site (`Sec-Fetch-Site: same-origin`), or, from a browser that sends no fetch metadata, an `Origin` that is this
 * site. A script's call without a token (the page's own scripts always fetch one first), silence, `Origin: null`
 * and a token not made for the visitor's anonymous cookie are refused.
 */
function isSessionlessWriteAllowed(request: Request, token: unknown, publicOrigin: string): boolean {
  if (token !== undefined && token !== null && token !== '') return false;
  const site = request.headers.get('sec-fetch-site');
  if (site !== null) return site === 'same-origin' && request.headers.get('sec-fetch-mode') === 'navigate';
  const origin = request.headers.get('origin');
  return origin !== null && (origin === publicOrigin || origin === new URL(request.url).origin);
}

/** `isAuthentic` as a guard: a forged or expired write is a 422 with the reload message. */
export function assertAuthentic(
  request: Request,
  fields: Readonly<Record<string, unknown>>,
  context: AuthenticityContext,
): void {
  if (!isAuthentic(request, fields, context)) throw new HttpError(422, CSRF_FAILED_MESSAGE);
}
