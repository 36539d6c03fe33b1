/**
 * The method override applied before React Router sees a request. The server reads no body itself: it uses the
 * request layer shared with the routes (app/lib/http/request-body.ts).
 */
import { HttpError } from '../app/lib/http/http-error.ts';

const OVERRIDABLE_METHODS = ['PUT', 'PATCH', 'DELETE'] as const;

/**
 * Rails-style override: a POST carrying `_method` (query or body) of put/patch/delete is handled as that method.
 * Anything else in `_method` is a client mistake (400). Other methods are never overridden.
 */
export function resolveMethod(request: Request, bodyMethod: string | undefined): string {
  if (request.method !== 'POST') return request.method;
  const queryMethod = new URL(request.url).searchParams.get('_method') ?? undefined;
  const requested = bodyMethod ?? queryMethod;
  if (requested === undefined) return 'POST';
  const upper = requested.toUpperCase();
  if (upper === 'POST') return 'POST';
  if ((OVERRIDABLE_METHODS as readonly string[]).includes(upper)) return upper;
  throw new HttpError(400, `Unsupported _method override "${requested.slice(0, 20)}"; use put, patch or delete.`);
}

export function rebuildRequest(request: Request, method: string, body: Uint8Array<ArrayBuffer> | null): Request {
  return new Request(request.url, {
    method,
    headers: request.headers,
    body: body && body.byteLength > 0 ? body : method === 'GET' || method === 'HEAD' ? null : body,
    signal: request.signal,
  });
}
