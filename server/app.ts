import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { compress } from 'hono/compress';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Logger } from 'pino';
import type { RequestContext } from '../app/lib/context.ts';
import { recaptchaScriptHosts } from '../app/features/spam/spam-protection.server.ts';
import { CSRF_HEADER, maskedCsrfToken, verifyCsrfToken } from '../app/lib/csrf.server.ts';
import type { Database } from '../app/lib/db.server.ts';
import {
  VisitorSession,
  isWellFormedSessionId,
  newSessionId,
  readSessionCookie,
  type SessionCookieOptions,
} from '../app/lib/session.server.ts';
import { errorResponse } from './error-pages.ts';
import {
  UNREADABLE_CHARACTERS_MESSAGE as UNREADABLE_CHARACTERS,
  hasNulCharacter,
} from '../app/lib/http/request-body.ts';
import {
  HttpError,
  bodyKindOf,
  readBodyWithLimit,
  readControlFields,
  rebuildRequest,
  resolveMethod,
} from './request-body.ts';
import { newNonce, securityHeaders, tileOriginOf } from './security-headers.ts';
import { checkReadiness } from './readiness.ts';
import { CLIENT_CLOSED_STATUS, admitInTurn, type AdmissionQueue } from './admission.ts';

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
  /** Paths whose multipart bodies are streamed by the route, which checks the token itself. */
  multipartPaths: ReadonlySet<string>;
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
   * Reverse proxies in front of the server (TRUST_PROXY): the visitor's address is the X-Forwarded-For entry this
   * many hops from the right. 0 (the default) ignores the header. `true` is read as 1 by the environment.
   */
  trustProxy?: number | boolean;
  /** Asked when a request failed: is the database reachable? A failure while it is not is answered 503. */
  isDatabaseReachable?: () => Promise<boolean>;
  /** Pages and calls wait their turn here (server/admission.ts); static files, media and health checks do not. */
  admission?: AdmissionQueue;
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

/**
 * The visitor's address for rate limits and lead records. Each trusted proxy appends the address it received the
 * request from to X-Forwarded-For, so only the rightmost `hops` entries are written by proxies we run; everything
 * to their left came from the client and can be forged. With the socket's peer as the last hop, the visitor is the
 * entry `hops` places from the right (or the leftmost entry, when there are fewer).
 */
export function clientIpFrom(forwardedFor: string | undefined, socketAddress: string, hops: number): string {
  if (hops <= 0 || !forwardedFor) return socketAddress;
  const chain = [
    ...forwardedFor
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    socketAddress,
  ];
  return chain[Math.max(0, chain.length - 1 - hops)] ?? socketAddress;
}

/** The host name of a Host header, lower case and without its port ('[::1]:3000' → '[::1]'). */
function hostNameOf(hostHeader: string | undefined): string {
  const value = (hostHeader ?? '').trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  return value.split(':')[0] ?? '';
}

/** Loaders of a `.data` request return the root data too (the CSRF token, the user id): never cache them. */
const DATA_REQUEST = /\.data$/;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Turned away here, once, with a 400 rather than by every route (file uploads are binary and not checked). */
const NUL_IN_URL = /%00/i;

/**
 * POSTs that carry their own credential and need no authenticity token: the RFC 8058 one-click unsubscribe that a
 * mail client sends to the List-Unsubscribe URL (no session, no token). The random token in the path is the
 * credential, and the only effect is switching that one saved search's alerts off.
 */
const CSRF_EXEMPT_POST = /^\/unsubscribe\/[A-Za-z0-9_-]{16,200}$/;

function startedAt(c: Context): number {
  return (c.get('startedAt' as never) as number | undefined) ?? performance.now();
}

export function createServerApp(options: ServerAppOptions): Hono {
  const app = new Hono();
  const tileOrigin = tileOriginOf(options.tileUrl);
  const publicOrigin = new URL(options.publicUrl ?? 'http://localhost').origin;
  const isPublicHttps = publicOrigin.startsWith('https:');
  const hops = options.trustProxy === true ? 1 : options.trustProxy === false ? 0 : (options.trustProxy ?? 0);

  /**
   * When a probe last found the database unreachable. A request that failed while the database was away may only
   * get to its own probe once it is back; any failed probe during its lifetime still makes its answer the 503.
   */
  let lastUnreachableAt = Number.NEGATIVE_INFINITY;

  /** One place where a failure caused by the database being away becomes a 503 with Retry-After. */
  async function unavailableIfDatabaseDown(request: Request, since: number): Promise<Response | null> {
    if (!options.isDatabaseReachable) return null;
    if (await options.isDatabaseReachable().catch(() => false)) {
      if (lastUnreachableAt < since) return null;
    } else {
      lastUnreachableAt = performance.now();
    }
    return errorResponse(request, 503, DATABASE_UNAVAILABLE_MESSAGE, {
      'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
    });
  }

  app.onError(async (error, c) => {
    // The client went away mid-request: whatever failed after that is no server error (logged below as such).
    if (c.req.raw.signal.aborted) return new Response(null, { status: CLIENT_CLOSED_STATUS });
    if (error instanceof HttpError) return errorResponse(c.req.raw, error.status, error.message, error.headers);
    const unavailable = await unavailableIfDatabaseDown(c.req.raw, startedAt(c));
    if (unavailable) {
      options.logger.warn({ err: error, url: c.req.url }, 'request failed while the database is unreachable');
      return unavailable;
    }
    options.logger.error({ err: error, url: c.req.url }, 'unhandled server error');
    return errorResponse(c.req.raw, 500, 'Sorry, something went wrong on our side. Please try again in a moment.');
  });

  app.use('*', async (c, next) => {
    const started = performance.now();
    c.set('startedAt' as never, started as never);
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && /^[A-Za-z0-9-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    c.set('requestId' as never, requestId as never);
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
    c.set('nonce' as never, nonce as never);
    await next();
    const requestUrl = new URL(c.req.url);
    const security = securityHeaders({
      nonce,
      tileOrigin,
      extraScriptSrc: recaptchaScriptHosts(),
      isDevelopment: options.isDevelopment,
      isHttps: isPublicHttps || requestUrl.protocol === 'https:',
    });
    // Copied into a new Response: some answers (Response.redirect, fetched bodies) have immutable headers.
    const headers = new Headers(c.res.headers);
    for (const [name, value] of Object.entries(security)) if (!headers.has(name)) headers.set(name, value);
    if (DATA_REQUEST.test(requestUrl.pathname)) headers.set('Cache-Control', 'private, no-store');
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
        // Brotli/gzip copies made at build time (scripts/compress-assets.mjs) are sent when the browser accepts them.
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
  if (options.admission) app.use('*', admitInTurn(options.admission, options.logger));

  app.all('*', async (c) => {
    let request = c.req.raw;
    const url = new URL(request.url);
    if (NUL_IN_URL.test(url.pathname + url.search)) return errorResponse(request, 400, UNREADABLE_CHARACTERS);
    const secure = options.cookie.secure;
    const cookieId = readSessionCookie(request.headers.get('cookie'), secure);
    const hasSession = isWellFormedSessionId(cookieId);
    const session = new VisitorSession(
      hasSession ? cookieId : newSessionId(),
      !hasSession,
      options.getDb,
      options.cookie,
    );

    let isCsrfDeferred = false;
    if (STATE_CHANGING.has(request.method)) {
      const kind = bodyKindOf(request.headers.get('content-type'));
      if (kind === 'multipart') {
        if (!options.multipartPaths.has(url.pathname)) {
          throw new HttpError(415, 'File uploads are not accepted at this address.');
        }
        isCsrfDeferred = true;
        const method = resolveMethod(request, undefined);
        if (method !== request.method) request = new Request(request, { method });
      } else {
        const body = await readBodyWithLimit(request, options.maxBodyBytes);
        if (hasNulCharacter(body)) return errorResponse(request, 400, UNREADABLE_CHARACTERS);
        const fields = readControlFields(kind, body);
        const method = resolveMethod(request, fields.method);
        const token = request.headers.get(CSRF_HEADER) ?? fields.token;
        const isExempt = method === 'POST' && CSRF_EXEMPT_POST.test(url.pathname);
        if (!isExempt && (!hasSession || !verifyCsrfToken(token, session.id, options.sessionSecret))) {
          return errorResponse(
            request,
            422,
            'Your session has expired or this form was sent from another site. Please reload the page and try again.',
          );
        }
        request = rebuildRequest(request, method, body);
      }
    } else if (request.method === 'POST') {
      resolveMethod(request, undefined);
    }

    const nonce = c.get('nonce' as never) as string;
    const context: RequestContext = {
      requestId: (c.get('requestId' as never) as string) ?? randomUUID(),
      nonce,
      // A getter: after sign-in or sign-out the session id changes and so must the token.
      get csrfToken() {
        return maskedCsrfToken(session.id, options.sessionSecret);
      },
      isCsrfDeferred,
      session,
      logger: options.logger,
      clientIp: clientIpFrom(c.req.header('x-forwarded-for'), socketAddressOf(c), hops),
      origin: publicOrigin,
    };

    const response = await options.handleDocument(request, context);
    if (c.req.raw.signal.aborted) return new Response(null, { status: CLIENT_CLOSED_STATUS });
    if (response.status >= 500) {
      const unavailable = await unavailableIfDatabaseDown(c.req.raw, startedAt(c));
      if (unavailable) {
        options.logger.warn({ status: response.status, path: url.pathname }, 'answered 503: database unreachable');
        return unavailable;
      }
    }
    const headers = new Headers(response.headers);
    if (session.cookieNeedsWrite) headers.append('Set-Cookie', session.setCookieHeader());
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  });

  return app;
}
