import { PassThrough } from 'node:stream';
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router';
import { ServerRouter, isRouteErrorResponse } from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { NonceContext } from './lib/nonce.ts';
// zod's fallback message for visitors, set once for the process before any request is parsed. The browser gets it
// with the form layer (app/lib/http/form-submission.ts), so pages without a form do not load zod.
import './lib/validation-messages.ts';

export const streamTimeout = 5_000;

/**
 * Pages render in full before the first byte (loaders hold all data), which keeps status codes exact and
 * HTML complete for crawlers. The CSP nonce reaches React Router's inline scripts.
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
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', 'private, no-cache');
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
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
