import { describe, expect, it } from 'vitest';
import { HttpError } from '../app/lib/http/http-error.ts';
import { resolveMethod } from './method-override.ts';

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
