import { describe, expect, it } from 'vitest';
import {
  HttpError,
  answeringHttpErrors,
  assertMethod,
  httpErrorResponse,
  methodNotAllowed,
  methodNotAllowedError,
} from './http-error.ts';

const request = (headers: Record<string, string> = {}, path = '/somewhere') =>
  new Request(`http://x${path}`, { method: 'GET', headers });

async function thrownResponse(run: () => unknown): Promise<Response> {
  try {
    await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error('nothing was thrown');
}

describe('HttpError answers', () => {
  it('answers JSON callers with { error, status } and browsers with a page, same status', async () => {
    for (const status of [400, 403, 404, 405, 409, 413, 415, 422, 429] as const) {
      const error = new HttpError(status, 'Something is wrong');
      const json = httpErrorResponse(request({ accept: 'application/json' }), error);
      expect(json.status).toBe(status);
      expect(await json.json()).toEqual({ error: 'Something is wrong', status });
      const page = httpErrorResponse(request({ accept: 'text/html' }), error);
      expect(page.status).toBe(status);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toContain('Something is wrong');
    }
  });

  it('answers JSON when the call is a JSON call, whatever the Accept header', async () => {
    const answer = httpErrorResponse(request({ accept: 'text/html' }), new HttpError(400, 'Bad'), { json: true });
    expect(await answer.json()).toEqual({ error: 'Bad', status: 400 });
    expect(
      httpErrorResponse(request({}, '/user.ljson'), new HttpError(400, 'Bad')).headers.get('content-type'),
    ).toContain('json');
  });

  it('answers 405 the same way everywhere, with Allow', async () => {
    const answer = await thrownResponse(() =>
      methodNotAllowed(request({ accept: 'application/json' }), ['POST', 'DELETE']),
    );
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST, DELETE');
    expect(await answer.json()).toEqual({ error: 'Method not allowed', status: 405 });
    const page = await thrownResponse(() => methodNotAllowed(request({ accept: 'text/html' }), ['POST']));
    expect(page.status).toBe(405);
    expect(page.headers.get('allow')).toBe('POST');
    expect(() => assertMethod(new Request('http://x/', { method: 'PUT' }), ['POST'])).toThrowError(
      expect.objectContaining({ status: 405, headers: { Allow: 'POST' } }),
    );
    expect(() => assertMethod(new Request('http://x/', { method: 'POST' }), ['POST'])).not.toThrow();
  });

  it('turns a thrown HttpError into its answer and lets other errors through', async () => {
    const answer = await thrownResponse(() =>
      answeringHttpErrors(request({ accept: 'application/json' }), () => {
        throw methodNotAllowedError(['PUT']);
      }),
    );
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('PUT');
    await expect(
      answeringHttpErrors(request(), () => {
        throw new TypeError('bug');
      }),
    ).rejects.toBeInstanceOf(TypeError);
    expect(await answeringHttpErrors(request(), () => 'fine')).toBe('fine');
  });
});
