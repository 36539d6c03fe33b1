/**
 * The shared page cache's part of `npm run bench:pages` (decision 026): anonymous property and search pages served
 * from the cache (requests per second, latency percentiles, hit ratio from the X-Cache header), beside the
 * uncached render that a visitor with a session gets.
 */
import { randomBytes } from 'node:crypto';
import { percentile } from './bench-helpers.ts';

export const CACHED_PROPERTY_RPS = 1_000;
export const CACHED_SEARCH_RPS = 500;

type Get = (
  url: string,
  headers?: Record<string, string>,
) => Promise<{ status: number; ms: number; headers: Record<string, string | string[] | undefined> }>;

export type CachedLoad = {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  hitRatio: number;
  errors: number;
  /** Turned away with 503 and Retry-After because the server's queue was full (load shedding: SERVER_QUEUE_TIMEOUT_MS, docs/operations.md). */
  shed: number;
  requests: number;
};

/**
 * A staff session cookie no row matches: the shared page cache never answers a request that carries one (a visitor's
 * session cookie no longer stops sharing, decision 026), so the server renders the page for this request, as for
 * anyone the cache cannot serve, and shares nothing.
 */
export function uncachedHeaders(): Record<string, string> {
  const id = randomBytes(32).toString('base64url');
  return { cookie: `doorstep_staff=${id}; __Host-doorstep_staff=${id}` };
}

/** The search pages a visitor opens most: both channels, the first pages, a few sorts. */
export function searchUrls(): string[] {
  const urls: string[] = [];
  for (const channel of ['sales', 'lettings']) {
    urls.push(`/search?channel=${channel}`);
    for (let page = 2; page <= 4; page += 1) urls.push(`/search?channel=${channel}&page=${page}`);
  }
  return urls;
}

/** `concurrency` keep-alive connections for `seconds`, anonymous, the URLs in turn (after one warming pass). */
export async function measureCachedLoad(
  get: Get,
  base: string,
  urls: string[],
  options: { concurrency: number; seconds: number; headers?: Record<string, string> },
): Promise<CachedLoad> {
  for (const url of urls) await get(`${base}${url}`, { 'accept-encoding': 'br, gzip', ...options.headers });
  const times: number[] = [];
  let errors = 0;
  let shed = 0;
  let hits = 0;
  let next = 0;
  const deadline = performance.now() + options.seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < deadline) {
        const url = urls[next++ % urls.length];
        try {
          const response = await get(`${base}${url}`, { 'accept-encoding': 'br, gzip', ...options.headers });
          if (response.status === 503) {
            shed += 1;
            continue;
          }
          if (response.status !== 200) {
            errors += 1;
            continue;
          }
          times.push(response.ms);
          if (response.headers['x-cache'] === 'HIT') hits += 1;
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    requestsPerSecond: times.length / elapsed,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    hitRatio: times.length === 0 ? 0 : hits / times.length,
    errors,
    shed,
    requests: times.length,
  };
}
