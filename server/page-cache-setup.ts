import pg from 'pg';
import type { Logger } from 'pino';
import { getAnalyticsCode } from '../app/features/consent/consent.server.ts';
import type { Database } from '../app/lib/db.server.ts';
import type { Env } from '../app/lib/env.server.ts';
import { isWellFormedSessionId, readNamedCookie } from '../app/lib/session.server.ts';
import { sessionNeedsOwnPage } from '../app/lib/shared-page-visitor.server.ts';
import { dropAllSharedPagesHere, listenForPageChanges, onPageChange } from '../app/lib/page-cache-bus.server.ts';
import { snippetScriptSources } from './inline-hashes.ts';
import { PageCache } from './page-cache.ts';

const STALE_WHILE_REVALIDATE_SECONDS = 60;
const RECONNECT_MS = 2_000;
export const VISITOR_COOKIES = ['__Host-doorstep_session', 'doorstep_session'];

/**
 * A visitor holding a session gets the shared page once their browser has shown it runs the page's script, unless a
 * one-time notice waits for their next page (app/lib/shared-page-visitor.server.ts).
 */
export function visitorNeedsOwnPage(getDb: () => Database): (cookieHeader: string) => Promise<boolean> {
  return async (cookieHeader) => {
    const ids = VISITOR_COOKIES.map((name) => readNamedCookie(cookieHeader, name)).filter(isWellFormedSessionId);
    for (const id of ids) if (await sessionNeedsOwnPage(getDb(), id)) return true;
    return false;
  };
}

/** The production page cache, or none when PAGE_CACHE_MB is 0. */
export function createPageCache(env: Env, getDb: () => Database): PageCache | undefined {
  if (env.PAGE_CACHE_MB <= 0) return undefined;
  // The analytics snippets are site settings: read once, again after a settings change.
  let analyticsSources: Promise<string[]> | null = null;
  onPageChange((tags) => {
    if (tags.includes('site') || tags.includes('*')) analyticsSources = null;
  });
  return new PageCache({
    maxBytes: Math.round(env.PAGE_CACHE_MB * 1024 * 1024),
    maxAgeSeconds: env.PAGE_CACHE_MAX_AGE_SECONDS,
    staleSeconds: STALE_WHILE_REVALIDATE_SECONDS,
    sessionCookieNames: ['doorstep_staff', '__Host-doorstep_staff'],
    visitorCookieNames: VISITOR_COOKIES,
    needsOwnPage: visitorNeedsOwnPage(getDb),
    sharedScriptSources: () => {
      analyticsSources ??= getAnalyticsCode(getDb())
        .then((code) => snippetScriptSources(`${code.head_analytics_code}\n${code.analytics_code}`))
        .catch((error: unknown) => {
          analyticsSources = null;
          throw error;
        });
      return analyticsSources;
    },
  });
}

/**
 * On PostgreSQL, several instances share the database: each LISTENs on one dedicated connection and announces its
 * changes with pg_notify. A lost listening connection could miss a notice, so every page is dropped when it comes
 * back. With embedded PGlite there is one server process, and the in-process bus is enough.
 */
export async function connectPageCacheAcrossInstances(env: Env, logger: Logger): Promise<() => Promise<void>> {
  const url = env.DATABASE_URL;
  if (!url) return () => Promise.resolve();
  let client: pg.Client | null = null;
  let closed = false;
  const connect = async (isReconnect: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('error', (error) => {
      logger.warn({ err: error }, 'page cache notice connection lost; reconnecting');
      void next.end().catch(() => undefined);
      if (!closed) setTimeout(() => void connect(true).catch(() => undefined), RECONNECT_MS);
    });
    try {
      await next.connect();
      await listenForPageChanges(next);
      client = next;
      if (isReconnect) dropAllSharedPagesHere();
    } catch (error) {
      logger.warn({ err: error }, 'page cache notice connection failed; retrying');
      await next.end().catch(() => undefined);
      if (!closed) setTimeout(() => void connect(true).catch(() => undefined), RECONNECT_MS);
    }
  };
  await connect(false);
  return async () => {
    closed = true;
    await client?.end().catch(() => undefined);
  };
}
