/** Reading and inspecting request bodies before React Router sees them (method override, CSRF). */

export class HttpError extends Error {
  constructor(
    public readonly status: 400 | 404 | 405 | 413 | 415 | 422 | 429,
    message: string,
  ) {
    super(message);
  }
}

export const OVERRIDABLE_METHODS = ['PUT', 'PATCH', 'DELETE'] as const;

export type BodyKind = 'form' | 'json' | 'multipart' | 'other' | 'none';

export function bodyKindOf(contentType: string | null): BodyKind {
  if (!contentType) return 'none';
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/x-www-form-urlencoded') return 'form';
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type === 'multipart/form-data') return 'multipart';
  return 'other';
}

/** Reads the whole body, refusing more than `limit` bytes while streaming rather than after buffering. */
export async function readBodyWithLimit(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    throw new HttpError(413, `The request body is too large (limit ${limit} bytes).`);
  }
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw new HttpError(413, `The request body is too large (limit ${limit} bytes).`);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(new ArrayBuffer(total));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** The two fields the server itself reads from a body: `_method` and `authenticity_token`. */
export function readControlFields(kind: BodyKind, body: Uint8Array): { method?: string; token?: string } {
  if (body.byteLength === 0) return {};
  const text = new TextDecoder('utf-8', { fatal: false }).decode(body);
  if (kind === 'form') {
    const params = new URLSearchParams(text);
    return { method: params.get('_method') ?? undefined, token: params.get('authenticity_token') ?? undefined };
  }
  if (kind === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new HttpError(400, 'The request body is not valid JSON.');
    }
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const record = parsed as Record<string, unknown>;
      return {
        method: typeof record._method === 'string' ? record._method : undefined,
        token: typeof record.authenticity_token === 'string' ? record.authenticity_token : undefined,
      };
    }
    return {};
  }
  return {};
}

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
