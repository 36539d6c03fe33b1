/**
 * The one error type of the request layer. Anything a visitor's request can get wrong (an unreadable body, a
 * wrong method, a missing token, too many attempts) is thrown as an HttpError and becomes the same answer
 * everywhere: `{ "error": message, "status": n }` for JSON callers, a small HTML page for browsers.
 */
export type HttpErrorStatus = 400 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429;

export class HttpError extends Error {
  constructor(
    public readonly status: HttpErrorStatus,
    message: string,
    /** Extra answer headers: `Allow` on a 405, `Retry-After` on a 429. */
    public readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const UNREADABLE_BODY_MESSAGE = 'The request could not be read.';
const METHOD_NOT_ALLOWED_MESSAGE = 'Method not allowed';

/** A 405 with the `Allow` header listing what the address does accept. */
export function methodNotAllowedError(allow: readonly string[]): HttpError {
  return new HttpError(405, METHOD_NOT_ALLOWED_MESSAGE, { Allow: allow.join(', ') });
}

/** Throws the 405 unless the request's method (after the `_method` override) is one of `allow`. */
export function assertMethod(request: Request, allow: readonly string[]): void {
  if (!allow.includes(request.method)) throw methodNotAllowedError(allow);
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  403: 'Forbidden',
  404: 'Page not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Request too large',
  415: 'Unsupported content',
  422: 'Request rejected',
  429: 'Too many requests',
  500: 'Something went wrong',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function errorHtml(status: number, message: string): string {
  const title = STATUS_TEXT[status] ?? 'Error';
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1b1b1b}a{color:#0b4f8a}</style></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">Go to the home page</a></p></main></body></html>`;
}

/** A script's call (JSON body, JSON accepted, a .ljson/.json address) rather than a browser navigation. */
function wantsJson(request: Request): boolean {
  const url = new URL(request.url);
  const accept = request.headers.get('accept') ?? '';
  const contentType = request.headers.get('content-type') ?? '';
  return (
    url.pathname.endsWith('.ljson') ||
    url.pathname.endsWith('.json') ||
    (accept.includes('application/json') && !accept.includes('text/html')) ||
    contentType.includes('application/json')
  );
}

export function errorResponse(
  request: Request,
  status: number,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): Response {
  if (wantsJson(request)) {
    return new Response(JSON.stringify({ error: message, status }), {
      status,
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
    });
  }
  return new Response(errorHtml(status, message), {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

/** How an error is answered: `json` for the JSON calls of spec point 7, else chosen from the request. */
export type AnswerFormat = { json?: boolean };

export function httpErrorResponse(request: Request, error: HttpError, format: AnswerFormat = {}): Response {
  if (format.json) {
    return Response.json(
      { error: error.message, status: error.status },
      { status: error.status, headers: { 'Cache-Control': 'no-store', ...error.headers } },
    );
  }
  return errorResponse(request, error.status, error.message, error.headers);
}

/**
 * Runs a loader or action body and turns an HttpError into its answer. React Router returns a thrown Response from
 * a resource route as it is and renders the error boundary with its status for a page, so both audiences get the
 * status they expect instead of a 500.
 */
export async function answeringHttpErrors<T>(
  request: Request,
  run: () => Promise<T> | T,
  format: AnswerFormat = {},
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpError) throw httpErrorResponse(request, error, format);
    throw error;
  }
}

/**
 * `answeringHttpErrors` for a resource route: the error's answer is returned rather than thrown, so a caller of
 * the action (a test, another module) gets an answer either way.
 */
export async function respondingToHttpErrors<T>(
  request: Request,
  run: () => Promise<T>,
  format: AnswerFormat = {},
): Promise<T | Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpError) return httpErrorResponse(request, error, format);
    throw error;
  }
}

/** For a loader or action that only ever answers 405 (e.g. GET on a POST-only call). */
export function methodNotAllowed(request: Request, allow: readonly string[], format: AnswerFormat = {}): never {
  throw httpErrorResponse(request, methodNotAllowedError(allow), format);
}
