import './context-variables.ts';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { compress } from 'hono/compress';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Logger } from 'pino';
import proxyaddr from 'proxy-addr';
import type { RequestContext } from '../app/lib/context.ts';
import { recaptchaScriptHosts } from '../app/features/spam/spam-protection.server.ts';
import {
  ANONYMOUS_CSRF_COOKIE,
  CSRF_PARAM,
  anonymousCsrfToken,
  assertAuthentic,
  maskedCsrfToken,
} from '../app/lib/csrf.server.ts';
import type { Database } from '../app/lib/db.server.ts';
import { isDatabaseUnavailableError } from '../app/lib/db-errors.server.ts';
import type { TrustProxy } from '../app/lib/env.server.ts';
import {
  VisitorSession,
  isWellFormedSessionId,
  newSessionId,
  readNamedCookie,
  readSessionCookie,
  type SessionCookieOptions,
} from '../app/lib/session.server.ts';
import { errorResponse } from './error-pages.ts';
import { HttpError, httpErrorResponse, methodNotAllowedError } from '../app/lib/http/http-error.ts';
import {
  UNREADABLE_CHARACTERS_MESSAGE as UNREADABLE_CHARACTERS,
  bodyKindOf,
  hasNulCharacter,
  readBodyBytes,
  readControlFields,
} from '../app/lib/http/request-body.ts';
import { rebuildRequest, resolveMethod } from './method-override.ts';
import { newNonce, securityHeaders, tileOriginOf } from './security-headers.ts';
import { checkReadiness } from './readiness.ts';
import { CLIENT_CLOSED_STATUS, admitInTurn, type AdmissionQueue } from './admission.ts';
import type { PageCache } from './page-cache.ts';
import { acceptsMultipart } from './multipart-paths.ts';

export type DocumentHandler = (request: Request, context: RequestContext) => Promise<Response>;

export type ServerAppOptions = {
  handleDocument: DocumentHandler;
  getDb: () => Database;
  logger: Logger;
  sessionSecret: string;
  cookie: SessionCookieOptions;
  isDevelopment: boolean;
  maxBodyBytes: number;
  tileUrl: string;
  /** Addresses whose multipart bodies are streamed by the route, which checks the token itself (multipart-paths.ts). */
  multipartPaths: readonly RegExp[];
  /** Folder of the client build (production); assets under /assets are content-hashed. */
  staticRoot?: string;
  /**
   * The site's one public origin (PUBLIC_URL): every absolute URL (canonical, og:url, sitemaps, emails) is built
   * from it, never from the request's Host header. Tests default to http://localhost.
   */
  publicUrl?: string;
  /**
   * Host names (no port) this server answers for; any other Host header gets a 421. Unset, every host is served
   * (development and in-process tests). Production passes the public host plus localhost for health checks.
   */
  allowedHosts?: ReadonlySet<string>;
  extraRoutes?: (app: Hono) => void;
  /**
   * Reverse proxies in front of the server (TRUST_PROXY, app/lib/env.server.ts): a hop count or the proxies'
   * addresses/CIDRs. 0 (the default) ignores X-Forwarded-For.
   */
  trustProxy?: TrustProxy;
  /** Asked when a request failed: is the database reachable? A failure while it is not is answered 503. */
  isDatabaseReachable?: () => Promise<boolean>;
  /** Pages and calls wait their turn here (server/admission.ts); static files, media and health checks do not. */
  admission?: AdmissionQueue;
  /** The shared cache of anonymous public pages (server/page-cache.ts, decision 026); none in development. */
  pageCache?: PageCache;
};

/** Seconds a client is asked to wait before retrying while the database is unreachable. */
const DATABASE_RETRY_AFTER_SECONDS = 30;
const DATABASE_UNAVAILABLE_MESSAGE =
  'Sorry, the site is temporarily unavailable while we fix a problem. Please try again in a few minutes.';

function socketAddressOf(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

type TrustFunction = (address: string, index: number) => boolean;

/** TRUST_PROXY as proxy-addr's test: a hop count trusts that many addresses from the socket leftwards. */
function compileTrust(trust: TrustProxy): TrustFunction {
  if (typeof trust === 'number') return (_address, index) => index < trust;
  return proxyaddr.compile([...trust]);
}

/**
 * The visitor's address for rate limits and lead records. Each trusted proxy appends the address it received the
 * request from to X-Forwarded-For, so only entries written by proxies we run can be believed; everything to their
 * left came from the client and can be forged. Walking from the socket's peer leftwards, the visitor is the first
 * address that is not a trusted proxy (the rightmost untrusted entry), or the leftmost entry when all are trusted.
 */
export function clientIpFrom(
  forwardedFor: string | undefined,
  socketAddress: string,
  trust: TrustProxy | TrustFunction,
): string {
  const isTrusted = typeof trust === 'function' ? trust : compileTrust(trust);
  const peer = { remoteAddress: socketAddress };
  const request = { headers: { 'x-forwarded-for': forwardedFor }, socket: peer, connection: peer };
  return proxyaddr(request as unknown as IncomingMessage, isTrusted) ?? socketAddress;
}

/** The host name of a Host header, lower case and without its port ('[::1]:3000' → '[::1]'). */
function hostNameOf(hostHeader: string | undefined): string {
  const value = (hostHeader ?? '').trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  return value.split(':')[0] ?? '';
}

/** Loaders of a `.data` request return the root data too (the CSRF token, the user id): never cache them. */
const DATA_REQUEST = /\.data$/;

/** The staff back office's pages and their data requests (`/admin.data`, `/admin/staff.data`). */
const BACK_OFFICE = /^\/admin(?:[/.]|$)/;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Turned away here, once, with a 400 rather than by every route (file uploads are binary and not checked). */
const NUL_IN_URL = /%00/i;

/**
 * POSTs that carry their own credential and need no authenticity token: the RFC 8058 one-click unsubscribe that a
 * mail client sends to the List-Unsubscribe URL (no session, no token). The random token in the path is the
 * credential, and the only effect is switching that one saved search's alerts off.
 */
const CSRF_EXEMPT_POST = /^\/unsubscribe\/[A-Za-z0-9_-]{16,200}$/;

/**
 * Every 405 answers alike (decision 012): `{ "error": "Method not allowed", "status": 405 }` or the small HTML page,
 * with `Allow`. React Router answers a write to a route without an action itself (its error page, no `Allow`),
 * and renders a page action's thrown 405 as the site's error page (root.tsx passes its `Allow` on): both are
 * replaced here. A JSON 405 of the request layer is already right. `.data` answers are React Router's own protocol.
 */
async function sameMethodNotAllowed(request: Request, response: Response): Promise<Response> {
  const allow = response.headers.get('allow');
  const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
  if (DATA_REQUEST.test(new URL(request.url).pathname) || (allow && isJson)) return response;
  await response.body?.cancel().catch(() => undefined);
  const methods = allow ? allow.split(',').map((method) => method.trim()) : ['GET', 'HEAD'];
  const answer = httpErrorResponse(request, methodNotAllowedError(methods));
  // Cookies the route set (a renewed session) still go out.
  for (const cookie of response.headers.getSetCookie()) answer.headers.append('Set-Cookie', cookie);
  return answer;
}

function startedAt(c: Context): number {
  return c.get('startedAt') ?? performance.now();
}

export function createServerApp(options: ServerAppOptions): Hono {
  const app = new Hono();
  const tileOrigin = tileOriginOf(options.tileUrl);
  const publicOrigin = new URL(options.publicUrl ?? 'http://localhost').origin;
  const isPublicHttps = publicOrigin.startsWith('https:');
  const isTrustedProxy = compileTrust(options.trustProxy ?? 0);

  /**
   * When a probe last found the database unreachable. A request that failed while the database was away may only
   * get to its own probe once it is back; any failed probe during its lifetime still makes its answer the 503.
   */
  let lastUnreachableAt = Number.NEGATIVE_INFINITY;

  const databaseUnavailable = (request: Request) =>
    errorResponse(request, 503, DATABASE_UNAVAILABLE_MESSAGE, {
      'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
    });

  /**
   * One place where a failure caused by the database being away becomes a 503 with Retry-After. The failure's own
   * error decides first: a refused or cut connection is the database's doing whether or not it answers again by
   * now. Otherwise (an error the request turned into a 5xx itself) a probe decides.
   */
  async function unavailableIfDatabaseDown(
    request: Request,
    since: number,
    errors: readonly unknown[],
  ): Promise<Response | null> {
    if (errors.some(isDatabaseUnavailableError)) return databaseUnavailable(request);
    if (!options.isDatabaseReachable) return null;
    if (await options.isDatabaseReachable().catch(() => false)) {
      if (lastUnreachableAt < since) return null;
    } else {
      lastUnreachableAt = performance.now();
    }
    return databaseUnavailable(request);
  }

  app.onError(async (error, c) => {
    // The client went away mid-request: whatever failed after that is no server error (logged below as such).
    if (c.req.raw.signal.aborted) return new Response(null, { status: CLIENT_CLOSED_STATUS });
    if (error instanceof HttpError) return errorResponse(c.req.raw, error.status, error.message, error.headers);
    const unavailable = await unavailableIfDatabaseDown(c.req.raw, startedAt(c), [error]);
    if (unavailable) {
      options.logger.warn({ err: error, url: c.req.url }, 'request failed while the database is unreachable');
      return unavailable;
    }
    options.logger.error({ err: error, url: c.req.url }, 'unhandled server error');
    return errorResponse(c.req.raw, 500, 'Sorry, something went wrong on our side. Please try again in a moment.');
  });

  app.use('*', async (c, next) => {
    const started = performance.now();
    c.set('startedAt', started);
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && /^[A-Za-z0-9-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    c.set('requestId', requestId);
    await next();
    c.header('X-Request-Id', requestId);
    const isClosedByClient = c.req.raw.signal.aborted;
    const status = isClosedByClient ? CLIENT_CLOSED_STATUS : c.res.status;
    // 503s are expected answers (load shed, database away), each explained by its own warn line.
    options.logger[status === 503 ? 'warn' : status >= 500 ? 'error' : 'info'](
      {
        requestId,
        method: c.req.method,
        path: new URL(c.req.url).pathname,
        status,
        ms: Math.round(performance.now() - started),
      },
      isClosedByClient ? 'client closed request' : 'request',
    );
  });

  // Security headers on every answer, including static files, media, health checks and the early 4xx answers
  // below; the document's own CSP nonce is made here so the page and its header agree.
  app.use('*', async (c, next) => {
    const nonce = newNonce();
    c.set('nonce', nonce);
    await next();
    const requestUrl = new URL(c.req.url);
    const isBackOffice = BACK_OFFICE.test(requestUrl.pathname);
    const security = securityHeaders({
      nonce,
      tileOrigin,
      extraScriptSrc: recaptchaScriptHosts(),
      isDevelopment: options.isDevelopment,
      isHttps: isPublicHttps || requestUrl.protocol === 'https:',
      isBackOffice,
    });
    // Copied into a new Response: some answers (Response.redirect, fetched bodies) have immutable headers.
    const headers = new Headers(c.res.headers);
    for (const [name, value] of Object.entries(security)) if (!headers.has(name)) headers.set(name, value);
    if (DATA_REQUEST.test(requestUrl.pathname)) headers.set('Cache-Control', 'private, no-store');
    if (isBackOffice) {
      // Whatever a back-office route or error answered: staff data is never cached, framed or indexed.
      headers.set('Cache-Control', 'no-store');
      for (const name of ['Content-Security-Policy', 'X-Frame-Options', 'X-Robots-Tag'])
        headers.set(name, security[name]!);
    }
    const answer = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers });
    // Hono's setter would merge the old answer's headers back over these; clearing it first replaces the answer.
    c.res = undefined as unknown as Response;
    c.res = answer;
  });

  if (options.allowedHosts) {
    const allowed = options.allowedHosts;
    app.use('*', async (c, next) => {
      if (!allowed.has(hostNameOf(c.req.header('host')))) {
        return errorResponse(c.req.raw, 421, 'This server does not answer for that host name.');
      }
      await next();
    });
  }

  app.use('*', compress());

  // Liveness: the process is up and serving. Load balancers that should stop sending traffic while the database
  // is away use /readyz (server/routes.ts).
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' }));
  // Readiness: the database answers and its migrations are current; 503 otherwise, so traffic goes elsewhere.
  app.get('/readyz', async (c) => {
    const readiness = await checkReadiness(options.getDb());
    if (readiness.ready) return c.json({ status: 'ready' }, 200, { 'Cache-Control': 'no-store' });
    return c.json({ status: readiness.reason }, 503, {
      'Cache-Control': 'no-store',
      'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
    });
  });

  if (options.staticRoot) {
    const root = path.relative(process.cwd(), options.staticRoot) || '.';
    app.use(
      '/assets/*',
      serveStatic({
        root,
        // Brotli/gzip copies made at build time (scripts/compress-assets.ts) are sent when the browser accepts them.
        precompressed: true,
        onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
      }),
    );
    app.use(
      '*',
      serveStatic({
        root,
        onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=3600'),
      }),
    );
  }

  options.extraRoutes?.(app);
  if (options.pageCache) {
    app.use(
      '*',
      options.pageCache.middleware(
        (hashes, url) =>
          securityHeaders({
            nonce: '',
            hashes,
            tileOrigin,
            extraScriptSrc: recaptchaScriptHosts(),
            isDevelopment: options.isDevelopment,
            isHttps: isPublicHttps || url.protocol === 'https:',
          })['Content-Security-Policy']!,
      ),
    );
  }
  if (options.admission) app.use('*', admitInTurn(options.admission, options.logger));

  app.all('*', async (c) => {
    let request = c.req.raw;
    const url = new URL(request.url);
    if (NUL_IN_URL.test(url.pathname + url.search)) return errorResponse(request, 400, UNREADABLE_CHARACTERS);
    const secure = options.cookie.secure;
    const cookieId = readSessionCookie(request.headers.get('cookie'), secure);
    // A page rendered for the shared cache carries nothing of one visitor's: no nonce, no token, and not even the
    // requester's session, signed in or not (decision 026).
    const isSharedPage = c.get('sharedPage') === true;
    const hasSessionCookie = isWellFormedSessionId(cookieId);
    const hasSession = hasSessionCookie && !isSharedPage;
    const session = new VisitorSession(
      hasSession ? cookieId : newSessionId(),
      !hasSession,
      options.getDb,
      options.cookie,
    );

    // Visitors without a session write with a token bound to a cookie of its own (decision 026).
    const anonymousCookie = (options.cookie.secure ? '__Host-' : '') + ANONYMOUS_CSRF_COOKIE;
    const storedAnonymousId = readNamedCookie(request.headers.get('cookie'), anonymousCookie);
    let anonymousId = isWellFormedSessionId(storedAnonymousId) ? storedAnonymousId : null;
    let anonymousIdIsNew = false;

    let isCsrfDeferred = false;
    if (STATE_CHANGING.has(request.method)) {
      const kind = bodyKindOf(request.headers.get('content-type'));
      if (kind === 'multipart') {
        if (!acceptsMultipart(url.pathname, options.multipartPaths)) {
          throw new HttpError(415, 'File uploads are not accepted at this address.');
        }
        isCsrfDeferred = true;
        const method = resolveMethod(request, undefined);
        if (method !== request.method) request = new Request(request, { method });
      } else {
        const body = await readBodyBytes(request, options.maxBodyBytes);
        if (hasNulCharacter(body)) return errorResponse(request, 400, UNREADABLE_CHARACTERS);
        const fields = readControlFields(kind, body);
        const method = resolveMethod(request, fields.method);
        const isExempt = method === 'POST' && CSRF_EXEMPT_POST.test(url.pathname);
        if (!isExempt) {
          assertAuthentic(
            request,
            { [CSRF_PARAM]: fields.token },
            { sessionId: hasSession ? session.id : null, secret: options.sessionSecret, publicOrigin, anonymousId },
          );
        }
        request = rebuildRequest(request, method, body);
      }
    } else if (request.method === 'POST') {
      resolveMethod(request, undefined);
    }

    const nonce = isSharedPage ? '' : (c.get('nonce') ?? '');
    const thrown: unknown[] = [];
    const context: RequestContext = {
      requestId: c.get('requestId') ?? randomUUID(),
      nonce,
      // A getter: after sign-in or sign-out the session id changes and so must the token.
      get csrfToken() {
        session.keep();
        return maskedCsrfToken(session.id, options.sessionSecret);
      },
      isSharedPage,
      get anonymousCsrfId() {
        return anonymousId;
      },
      get scriptCsrfToken() {
        if (session.isKept) return this.csrfToken;
        if (!anonymousId) {
          anonymousId = newSessionId();
          anonymousIdIsNew = true;
        }
        return anonymousCsrfToken(anonymousId, options.sessionSecret);
      },
      isCsrfDeferred,
      session,
      logger: options.logger,
      clientIp: clientIpFrom(c.req.header('x-forwarded-for'), socketAddressOf(c), isTrustedProxy),
      origin: publicOrigin,
      noteError: (error) => thrown.push(error),
    };

    let response = await options.handleDocument(request, context);
    if (c.req.raw.signal.aborted) return new Response(null, { status: CLIENT_CLOSED_STATUS });
    if (response.status === 405) response = await sameMethodNotAllowed(request, response);
    if (response.status >= 500) {
      const unavailable = await unavailableIfDatabaseDown(c.req.raw, startedAt(c), thrown);
      if (unavailable) {
        await response.body?.cancel().catch(() => undefined);
        options.logger.warn({ status: response.status, path: url.pathname }, 'answered 503: database unreachable');
        return unavailable;
      }
    }
    const headers = new Headers(response.headers);
    if (session.cookieNeedsWrite && isSharedPage && hasSessionCookie) {
      // The stand-in session must not replace the visitor's own; this answer is theirs alone and never stored.
      c.set('sharedPageSpoiled', true);
      headers.set('Cache-Control', 'private, no-store');
    } else if (session.cookieNeedsWrite) headers.append('Set-Cookie', session.setCookieHeader());
    if (anonymousIdIsNew && anonymousId) {
      const secureFlag = options.cookie.secure ? '; Secure' : '';
      headers.append('Set-Cookie', `${anonymousCookie}=${anonymousId}; Path=/; HttpOnly; SameSite=Lax${secureFlag}`);
    }
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  });

  return app;
}
