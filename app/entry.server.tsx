import { Writable } from 'node:stream';
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router';
import { ServerRouter, isRouteErrorResponse } from 'react-router';
import { renderToPipeableStream } from 'react-dom/server';
import { NonceContext } from './lib/nonce.ts';
import { loadScriptsAfterFirstPaint } from './lib/scripts-after-paint.ts';
// zod's fallback message for visitors, set once for the process before any request is parsed. The browser gets it
// with the form layer (app/lib/http/form-submission.ts), so pages without a form do not load zod.
import './lib/validation-messages.ts';

export const streamTimeout = 5_000;

/**
 * Pages render in full before the first byte (loaders hold all data), which keeps status codes exact and
 * HTML complete for crawlers. The CSP nonce reaches React Router's inline scripts. The page's scripts load after its
 * first paint (app/lib/scripts-after-paint.ts).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // A shared page (decision 026) has no nonce: its CSP lists the hashes of its inline code instead.
  const nonce = loadContext.nonce || undefined;
  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>,
      {
        nonce,
        onAllReady() {
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
              if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', 'private, no-cache');
              const html = loadScriptsAfterFirstPaint(Buffer.concat(chunks).toString('utf8'));
              resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          loadContext.logger?.error({ err: error, requestId: loadContext.requestId }, 'render error');
        },
      },
    );
  });
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const ctx = context as AppLoadContext | undefined;
  ctx?.noteError?.(error);
  // A write to an address without an action is the visitor's mistake (answered 405 by server/app.ts), not ours.
  if (isRouteErrorResponse(error) && error.status === 405) {
    ctx?.logger?.info({ url: request.url, requestId: ctx.requestId }, 'method not allowed');
    return;
  }
  ctx?.logger?.error({ err: error, url: request.url, requestId: ctx.requestId }, 'loader or action error');
};
