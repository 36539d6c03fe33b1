import { useSyncExternalStore } from 'react';

/**
 * The browser's state-changing calls with the authenticity token (spec point 7), surviving a session renewed in
 * another tab. Signing in or out renews the session, and the token is bound to the session, so every other open
 * tab holds a stale token and its next call would be refused. fetchWithCsrf notices that refusal, fetches a fresh
 * token once (GET /csrf-token), and sends the call once more. If that is refused too, the page announces
 * STALE_SESSION_EVENT (the toast region shows its message: reload the page) and the caller gets the refusal.
 */

/** What the server answers (422) when the token does not match the session. */
export const INVALID_AUTHENTICITY_MESSAGE =
  'Your session has expired or this form was sent from another site. Please reload the page and try again.';
const CSRF_TOKEN_PATH = '/csrf-token';
/** A window event whose detail is the message for the visitor. */
export const STALE_SESSION_EVENT = 'doorstep:stale-session';

/** The token a page was given, and the fresh one fetched after the session changed. */
let renewed: { pageToken: string; freshToken: string } | null = null;
const renewalListeners = new Set<() => void>();

/** The token to send for a page's token: the fresh one once this tab has fetched it. */
function currentCsrfToken(pageToken: string): string {
  return renewed && renewed.pageToken === pageToken ? renewed.freshToken : pageToken;
}

function renew(pageToken: string, freshToken: string): void {
  renewed = { pageToken, freshToken };
  document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.setAttribute('content', freshToken);
  for (const listener of renewalListeners) listener();
}

/**
 * The token a form's hidden field should carry for the page's token: a shared page (decision 026) has none, and
 * once a call of this tab has fetched one, every form of the page sends it. The server's render and the first
 * client render agree (both give the page's token), so hydration sees no difference.
 */
export function useCurrentCsrfToken(pageToken: string): string {
  return useSyncExternalStore(
    (listener) => {
      renewalListeners.add(listener);
      return () => renewalListeners.delete(listener);
    },
    () => currentCsrfToken(pageToken),
    () => pageToken,
  );
}

async function isAuthenticityRefusal(response: Response): Promise<boolean> {
  if (response.status !== 422 && response.status !== 403) return false;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { error?: unknown; message?: unknown } | null;
  return body?.error === INVALID_AUTHENTICITY_MESSAGE || body?.message === INVALID_AUTHENTICITY_MESSAGE;
}

async function fetchFreshToken(): Promise<string | null> {
  try {
    const response = await fetch(CSRF_TOKEN_PATH, {
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      cache: 'no-store',
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { authenticity_token?: unknown };
    return typeof body.authenticity_token === 'string' && body.authenticity_token !== ''
      ? body.authenticity_token
      : null;
  } catch {
    return null;
  }
}

let pageTokenRequest: Promise<string> | null = null;

/**
 * The token for a script's call from this page: the page's own, or — a shared page has none (decision 026) — one
 * fetched once for the page (bound to an anonymous cookie while the visitor has no session).
 */
export function pageCsrfToken(): Promise<string> {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
  if (meta) return Promise.resolve(meta);
  pageTokenRequest ??= fetchFreshToken().then((fresh) => {
    if (fresh) renew('', fresh);
    else pageTokenRequest = null;
    return fresh ?? '';
  });
  return pageTokenRequest;
}

function withTokenHeader(init: RequestInit, token: string): RequestInit {
  const headers = new Headers(init.headers);
  headers.set('X-CSRF-Token', token);
  return { credentials: 'same-origin', ...init, headers };
}

/**
 * POSTs (or PUTs, DELETEs) to `url` with the token in the X-CSRF-Token header. `build` makes the request for a
 * token, so a body that carries the token as a field (a multipart form) gets the fresh one on the retry too.
 * Network errors throw, as fetch does.
 */
export async function fetchWithCsrf(
  url: string,
  pageToken: string,
  build: (token: string) => RequestInit,
): Promise<Response> {
  let first = currentCsrfToken(pageToken);
  if (first === '') {
    // A shared page carries no token: the first write of the page fetches one (and with it the visitor's session).
    const fetched = await fetchFreshToken();
    if (fetched) {
      renew(pageToken, fetched);
      first = fetched;
    }
  }
  const response = await fetch(url, withTokenHeader(build(first), first));
  if (!(await isAuthenticityRefusal(response))) return response;
  const fresh = await fetchFreshToken();
  if (!fresh) return announceStaleSession(response);
  renew(pageToken, fresh);
  const retried = await fetch(url, withTokenHeader(build(fresh), fresh));
  return (await isAuthenticityRefusal(retried)) ? announceStaleSession(retried) : retried;
}

function announceStaleSession(response: Response): Response {
  window.dispatchEvent(new CustomEvent<string>(STALE_SESSION_EVENT, { detail: INVALID_AUTHENTICITY_MESSAGE }));
  return response;
}
