import { describe, expect, it } from 'vitest';
import { HttpError, bodyKindOf, readBodyWithLimit, readControlFields, resolveMethod } from './request-body.ts';

const post = (url: string, init: RequestInit = {}) => new Request(url, { method: 'POST', ...init });

describe('method override', () => {
  it('turns a POST with _method put/patch/delete into that method', () => {
    expect(resolveMethod(post('http://x/user.ljson'), 'put')).toBe('PUT');
    expect(resolveMethod(post('http://x/saved_properties/3'), 'delete')).toBe('DELETE');
    expect(resolveMethod(post('http://x/a?_method=patch'), undefined)).toBe('PATCH');
    expect(resolveMethod(post('http://x/a?_method=delete'), 'put')).toBe('PUT');
  });

  it('keeps POST without an override and never overrides other methods', () => {
    expect(resolveMethod(post('http://x/a'), undefined)).toBe('POST');
    expect(resolveMethod(new Request('http://x/a?_method=delete'), undefined)).toBe('GET');
  });

  it('answers 400 for any other override value', () => {
    for (const value of ['get', 'head', 'options', 'trace', 'connect', 'foo', '']) {
      expect(() => resolveMethod(post('http://x/a'), value)).toThrowError(HttpError);
    }
  });
});

describe('request bodies', () => {
  it('classifies content types', () => {
    expect(bodyKindOf('application/x-www-form-urlencoded; charset=UTF-8')).toBe('form');
    expect(bodyKindOf('application/json')).toBe('json');
    expect(bodyKindOf('multipart/form-data; boundary=x')).toBe('multipart');
    expect(bodyKindOf('text/plain')).toBe('other');
    expect(bodyKindOf(null)).toBe('none');
  });

  it('reads _method and the token from form and JSON bodies', () => {
    const form = new TextEncoder().encode('_method=delete&authenticity_token=abc');
    expect(readControlFields('form', form)).toEqual({ method: 'delete', token: 'abc' });
    const json = new TextEncoder().encode(JSON.stringify({ _method: 'put', authenticity_token: 'def' }));
    expect(readControlFields('json', json)).toEqual({ method: 'put', token: 'def' });
    expect(readControlFields('json', new TextEncoder().encode('[1,2]'))).toEqual({});
  });

  it('rejects malformed JSON with 400', () => {
    expect(() => readControlFields('json', new TextEncoder().encode('{nope'))).toThrowError(
      expect.objectContaining({ status: 400 }),
    );
  });

  it('refuses oversized bodies while streaming, declared or not', async () => {
    await expect(
      readBodyWithLimit(post('http://x', { body: 'x'.repeat(11), headers: { 'content-length': '11' } }), 10),
    ).rejects.toMatchObject({ status: 413 });
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
        if (pulled > 1000) controller.close();
      },
    });
    const request = new Request('http://x', { method: 'POST', body: stream, duplex: 'half' } as RequestInit);
    await expect(readBodyWithLimit(request, 4096)).rejects.toMatchObject({ status: 413 });
    expect(pulled).toBeLessThan(20);
  });
});
