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
  publicUrl?: string;
  extraRoutes?: (app: Hono) => void;
  /** Behind a reverse proxy: take the visitor's address from X-Forwarded-For (TRUST_PROXY=true). */
  trustProxy?: boolean;
};

/**
 * The visitor's address for rate limits and lead records: the socket's peer, or the first X-Forwarded-For entry
 * when a trusted proxy sets it (otherwise the header could be forged to dodge rate limits).
 */
function clientIpOf(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Turned away here, once, with a 400 rather than by every route (file uploads are binary and not checked). */
const NUL_IN_URL = /%00/i;

/**
 * POSTs that carry their own credential and need no authenticity token: the RFC 8058 one-click unsubscribe that a
 * mail client sends to the List-Unsubscribe URL (no session, no token). The random token in the path is the
 * credential, and the only effect is switching that one saved search's alerts off.
 */
const CSRF_EXEMPT_POST = /^\/unsubscribe\/[A-Za-z0-9_-]{16,200}$/;

export function createServerApp(options: ServerAppOptions): Hono {
  const app = new Hono();
  const tileOrigin = tileOriginOf(options.tileUrl);

  app.onError((error, c) => {
    if (error instanceof HttpError) return errorResponse(c.req.raw, error.status, error.message, error.headers);
    options.logger.error({ err: error, url: c.req.url }, 'unhandled server error');
    return errorResponse(c.req.raw, 500, 'Sorry, something went wrong on our side. Please try again in a moment.');
  });

  app.use('*', async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && /^[A-Za-z0-9-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    c.set('requestId' as never, requestId as never);
    await next();
    c.header('X-Request-Id', requestId);
    const status = c.res.status;
    options.logger[status >= 500 ? 'error' : 'info'](
      {
        requestId,
        method: c.req.method,
        path: new URL(c.req.url).pathname,
        status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  });

  app.use('*', compress());

  app.get('/healthz', async (c) => {
    try {
      await options.getDb().execute('select 1');
      return c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' });
    } catch {
      return c.json({ status: 'database unavailable' }, 503, { 'Cache-Control': 'no-store' });
    }
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

    const nonce = newNonce();
    const origin = options.publicUrl ?? url.origin;
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
      clientIp: clientIpOf(c, options.trustProxy ?? false),
      origin,
    };

    const response = await options.handleDocument(request, context);
    const headers = new Headers(response.headers);
    const security = securityHeaders({
      nonce,
      tileOrigin,
      extraScriptSrc: recaptchaScriptHosts(),
      isDevelopment: options.isDevelopment,
      isHttps: url.protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https',
    });
    for (const [name, value] of Object.entries(security)) if (!headers.has(name)) headers.set(name, value);
    if (session.cookieNeedsWrite) headers.append('Set-Cookie', session.setCookieHeader());
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  });

  return app;
}
