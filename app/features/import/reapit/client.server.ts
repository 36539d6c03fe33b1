/**
 * A small client for the Reapit Foundations REST API (docs/import.md, "Reapit Foundations"): a client-credentials
 * token from Reapit Connect, kept until shortly before it expires and fetched again when the API says it has
 * expired; paged GETs (pageSize/pageNumber, `_embedded`, `totalPageCount`); and patience with a busy platform —
 * 429 and 5xx answers are retried with a growing wait, or the wait the answer asks for in Retry-After.
 */

/** The API version every request names (Reapit's versioning is by date, in the api-version header). */
const REAPIT_API_VERSION = '2020-01-31';
/** Reapit's largest page. */
const REAPIT_PAGE_SIZE = 100;

export type ReapitClientOptions = {
  /** https://platform.reapit.cloud in production. */
  baseUrl: string;
  /** Reapit Connect's OAuth token endpoint, https://connect.reapit.cloud/token in production. */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** The agency's customer id (SBOX for the sandbox), sent as the reapit-customer header. */
  customerId: string;
  /** Further attempts after a 429, a 5xx or a network error. */
  retries?: number;
  /** The first wait when the answer gives no Retry-After; doubled on each further attempt. */
  retryDelayMs?: number;
  /** The longest wait, whatever Retry-After asks: a scheduled pull must not hang for an hour. */
  maxRetryDelayMs?: number;
  /** One request's time limit. */
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
};

/** The token endpoint refused the credentials: nothing can be read until they are corrected. */
export class ReapitAuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReapitAuthError';
  }
}

/** Reapit could not be read (after the retries): the pull is abandoned and nothing changes. */
export class ReapitApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'ReapitApiError';
  }
}

type PagedResult<T> = { _embedded?: T[]; pageNumber?: number; totalPageCount?: number; totalCount?: number };

export type ReapitQuery = Record<string, string | number | boolean | readonly string[] | undefined>;

export type ReapitClient = {
  /** Every item of a paged collection, page by page, in the API's order. */
  pages<T>(path: string, query?: ReapitQuery): AsyncGenerator<T[]>;
  /** How many requests were sent and retried, for the run's notes. */
  stats: { requests: number; retries: number; tokens: number };
};

const TOKEN_MARGIN_MS = 60_000;

function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

export function createReapitClient(options: ReapitClientOptions): ReapitClient {
  const retries = options.retries ?? 4;
  const retryDelayMs = options.retryDelayMs ?? 1000;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 60_000;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const stats = { requests: 0, retries: 0, tokens: 0 };
  let token: { value: string; expiresAt: number } | null = null;

  /** Sends a request, retrying 429, 5xx and network errors with backoff; other answers are returned as they are. */
  async function send(what: string, request: () => Promise<Response>): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      let response: Response | null = null;
      let failure: unknown = null;
      stats.requests++;
      try {
        response = await request();
      } catch (error) {
        failure = error;
      }
      const isRetryable = response === null || response.status === 429 || response.status >= 500;
      if (!isRetryable) return response!;
      if (attempt >= retries) {
        if (response) {
          await response.body?.cancel();
          throw new ReapitApiError(
            response.status === 429
              ? `Reapit kept answering ${what} with 429 Too Many Requests after ${retries + 1} attempts`
              : `Reapit answered ${what} with HTTP ${response.status} after ${retries + 1} attempts`,
            response.status,
          );
        }
        const reason = failure instanceof Error ? failure.message : String(failure);
        throw new ReapitApiError(`Reapit could not be reached for ${what} (${reason})`, null);
      }
      const asked = response ? retryAfterMs(response.headers.get('retry-after')) : null;
      await response?.body?.cancel();
      stats.retries++;
      await sleep(Math.min(maxRetryDelayMs, asked ?? retryDelayMs * 2 ** attempt));
    }
  }

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt - TOKEN_MARGIN_MS > Date.now()) return token.value;
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const response = await send('the token request', () =>
      fetch(options.tokenUrl, {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: options.clientId }).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      }),
    );
    const body = (await response.json().catch(() => null)) as {
      access_token?: unknown;
      expires_in?: unknown;
      error?: unknown;
      error_description?: unknown;
    } | null;
    if (!response.ok || typeof body?.access_token !== 'string') {
      const detail = [body?.error, body?.error_description].filter((part) => typeof part === 'string').join(': ');
      throw new ReapitAuthError(
        `Reapit Connect refused the client credentials (HTTP ${response.status}${detail ? `, ${detail}` : ''}): check REAPIT_CLIENT_ID and REAPIT_CLIENT_SECRET`,
      );
    }
    stats.tokens++;
    const lifetime = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
    token = { value: body.access_token, expiresAt: Date.now() + lifetime * 1000 };
    return token.value;
  }

  async function getJson<T>(path: string, query: ReapitQuery): Promise<T> {
    const url = new URL(
      path.replace(/^\//, ''),
      options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`,
    );
    for (const [name, value] of Object.entries(query)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const entry of value) url.searchParams.append(name, entry);
      else url.searchParams.set(name, String(value));
    }
    const what = `GET ${url.pathname}`;
    // A token can expire (or be revoked) between two pages: fetch a new one once, then believe the answer.
    for (let attempt = 0; ; attempt++) {
      const bearer = await accessToken();
      const response = await send(what, () =>
        fetch(url, {
          headers: {
            authorization: `Bearer ${bearer}`,
            'api-version': REAPIT_API_VERSION,
            'reapit-customer': options.customerId,
            accept: 'application/json',
          },
          signal: AbortSignal.timeout(timeoutMs),
        }),
      );
      if (response.status === 401 && attempt === 0) {
        await response.body?.cancel();
        token = null;
        continue;
      }
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { description?: unknown } | null;
        const description = typeof body?.description === 'string' ? `: ${body.description.slice(0, 300)}` : '';
        const hint =
          response.status === 401 || response.status === 403
            ? ' (check REAPIT_CUSTOMER_ID and that the agency has installed the app with permission to read properties)'
            : '';
        throw new ReapitApiError(
          `Reapit answered ${what} with HTTP ${response.status}${description}${hint}`,
          response.status,
        );
      }
      return (await response.json()) as T;
    }
  }

  return {
    stats,
    async *pages<T>(path: string, query: ReapitQuery = {}) {
      for (let pageNumber = 1; ; pageNumber++) {
        const page = await getJson<PagedResult<T>>(path, { ...query, pageSize: REAPIT_PAGE_SIZE, pageNumber });
        const items = Array.isArray(page._embedded) ? page._embedded : [];
        if (items.length > 0) yield items;
        const total = typeof page.totalPageCount === 'number' ? page.totalPageCount : 0;
        if (pageNumber >= total || items.length === 0) return;
      }
    },
  };
}
