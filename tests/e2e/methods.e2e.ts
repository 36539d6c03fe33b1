import { beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * Every kind of address answers a method it does not take the same way (decision 012): 405, an `Allow` header, and
 * `{ "error": "Method not allowed", "status": 405 }` for JSON callers or the small HTML page for browsers. Plain
 * requests, no browser: the production server, with a valid session and token so the authenticity check passes.
 */
const baseURL = inject('baseURL');
let cookie = '';
let token = '';

beforeAll(async () => {
  // Public pages are shared and carry no token (decision 026): a session and its token come from /csrf-token.
  const answer = await fetch(`${baseURL}/csrf-token`);
  cookie = (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  token = ((await answer.json()) as { authenticity_token: string }).authenticity_token;
  expect(cookie).not.toBe('');
  expect(token).not.toBe('');
});

const JSON_ACCEPT = 'application/json';
const HTML_ACCEPT = 'text/html';

const CASES: [method: string, path: string, accept: string, allow: string][] = [
  // A page or a resource route without an action: React Router's own 405, answered by the server.
  ['POST', '/terms-of-use', HTML_ACCEPT, 'GET, HEAD'],
  ['POST', '/terms-of-use', JSON_ACCEPT, 'GET, HEAD'],
  ['POST', '/search.ljson', JSON_ACCEPT, 'GET, HEAD'],
  ['POST', '/robots.txt', HTML_ACCEPT, 'GET, HEAD'],
  // A page action refusing a method: thrown through the error boundary, answered by the server.
  ['PUT', '/user/sign-in', HTML_ACCEPT, 'POST'],
  ['DELETE', '/book-a-valuation', JSON_ACCEPT, 'POST'],
  // The spec's calls, through methodNotAllowed / assertMethod.
  ['GET', '/session', JSON_ACCEPT, 'POST, DELETE'],
  ['GET', '/leads', JSON_ACCEPT, 'POST'],
  ['GET', '/form_submissions', HTML_ACCEPT, 'POST'],
  ['GET', '/ajax-events/logs', JSON_ACCEPT, 'POST'],
  ['GET', '/property_views', JSON_ACCEPT, 'POST'],
  ['DELETE', '/exposures/create_many', JSON_ACCEPT, 'POST'],
  ['GET', '/saved_properties/1', JSON_ACCEPT, 'DELETE'],
  ['PUT', '/saved_properties.ljson', JSON_ACCEPT, 'GET, POST'],
  ['DELETE', '/saved_searches.ljson', JSON_ACCEPT, 'GET, PUT, PATCH'],
];

describe('405 Method Not Allowed', () => {
  it.each(CASES)('%s %s (%s) answers 405 with Allow: %s', async (method, path, accept, allow) => {
    const response = await fetch(`${baseURL}${path}`, {
      method,
      headers: { cookie, accept, ...(method === 'GET' ? {} : { 'x-csrf-token': token }) },
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe(allow);
    if (accept === JSON_ACCEPT) {
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.json()).toEqual({ error: 'Method not allowed', status: 405 });
    } else {
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toContain('<title>Method not allowed</title>');
    }
  });
});
