/** Minimal pages for errors raised before React Router renders (bad bodies, CSRF, crashes). No stack traces. */
const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  404: 'Page not found',
  405: 'Method not allowed',
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
  headers: Record<string, string> = {},
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
