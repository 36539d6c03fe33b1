/**
 * Browser side of the saved-items calls: one JSON helper with the authenticity token. Shared by the
 * saved-properties store and the saved-searches storage; it imports only the token-refreshing fetch.
 */
import { fetchWithCsrf } from '../../lib/http/csrf-fetch.ts';

let freshToken: string | null = null;

/** The authenticity token: the newest one a saved-items call returned (sign-in rotates it), else the page's. */
function csrfToken(): string {
  if (freshToken) return freshToken;
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
}

function rememberCsrfToken(token: unknown): void {
  if (typeof token === 'string' && token !== '') freshToken = token;
}

/** After sign-in or sign-out the session (and so the token) changes. */
export function forgetCsrfToken(): void {
  freshToken = null;
}

export type JsonAnswer = { status: number; body: Record<string, unknown> };

/** A same-origin call; POST fields go form-encoded with the X-CSRF-Token header. Network errors throw. */
export async function callJson(
  url: string,
  init: { method?: 'GET' | 'POST'; fields?: Record<string, string> } = {},
): Promise<JsonAnswer> {
  const method = init.method ?? 'GET';
  const response =
    method === 'POST'
      ? await fetchWithCsrf(url, csrfToken(), () => ({
          method,
          headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(init.fields ?? {}).toString(),
        }))
      : await fetch(url, { method, credentials: 'same-origin', headers: { Accept: 'application/json' } });
  let body: Record<string, unknown> = {};
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    rememberCsrfToken(body.authenticity_token);
  }
  return { status: response.status, body };
}
