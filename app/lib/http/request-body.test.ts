import { describe, expect, it } from 'vitest';
import { HttpError } from './http-error.ts';
import {
  bodyKindOf,
  fieldRecord,
  readBodyBytes,
  readControlFields,
  readFields,
  toPlainObject,
} from './request-body.ts';

const post = (body: BodyInit | null, contentType?: string, headers: Record<string, string> = {}) =>
  new Request('http://x/anywhere', {
    method: 'POST',
    headers: { ...(contentType ? { 'content-type': contentType } : {}), ...headers },
    body,
  });

async function statusOf(promise: Promise<unknown>): Promise<number | 'ok'> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof HttpError) return error.status;
    throw error;
  }
}

describe('readFields: one reader for every body', () => {
  it('reads form-encoded, JSON and empty bodies into the same flat record', async () => {
    expect(await readFields(post('a=1&b=two&a=3', 'application/x-www-form-urlencoded'))).toEqual({ a: '3', b: 'two' });
    expect(await readFields(post('ids[]=1&x=y&ids[]=2', 'application/x-www-form-urlencoded'))).toEqual({
      ids: ['1', '2'],
      x: 'y',
    });
    expect(await readFields(post('{"a":"1","nested":{"b":2}}', 'application/json'))).toEqual({
      a: '1',
      nested: { b: 2 },
    });
    expect(await readFields(post('{"a":1}', 'application/vnd.api+json'))).toEqual({ a: 1 });
    expect(await readFields(post(null))).toEqual({});
    expect(await readFields(post('', 'text/plain'))).toEqual({});
  });

  it('answers 400 to broken or non-object JSON and to NUL characters', async () => {
    expect(await statusOf(readFields(post('{"a":', 'application/json')))).toBe(400);
    expect(await statusOf(readFields(post('[1,2]', 'application/json')))).toBe(400);
    expect(await statusOf(readFields(post('"text"', 'application/json')))).toBe(400);
    expect(await statusOf(readFields(post('a=%00', 'application/x-www-form-urlencoded')))).toBe(400);
    expect(await statusOf(readFields(post('{"a":"\\u0000"}', 'application/json')))).toBe(400);
    expect(await statusOf(readFields(post('a=x\u0000y', 'application/x-www-form-urlencoded')))).toBe(400);
  });

  it('answers 415 to multipart and other types, 413 past the limit', async () => {
    expect(await statusOf(readFields(post('--x--', 'multipart/form-data; boundary=x')))).toBe(415);
    expect(await statusOf(readFields(post('hello', 'text/plain')))).toBe(415);
    expect(
      await statusOf(
        readFields(post('a='.padEnd(2000, 'x'), 'application/x-www-form-urlencoded'), { limitBytes: 1000 }),
      ),
    ).toBe(413);
  });

  it('keeps prototype-named fields as plain data, in forms and in JSON', async () => {
    const names = ['__proto__', 'constructor', 'prototype', 'toString[x]', '__proto__[x]', 'hasOwnProperty'];
    const form = await readFields(
      post(new URLSearchParams(names.map((name) => [name, 'v'])).toString(), 'application/x-www-form-urlencoded'),
    );
    expect(Object.keys(form).sort()).toEqual([...names].sort());
    expect(Object.getPrototypeOf(form)).toBeNull();
    const json = await readFields(
      post('{"__proto__":{"polluted":true},"a":{"__proto__":{"polluted":true}}}', 'application/json'),
    );
    expect(Object.keys(json).sort()).toEqual(['__proto__', 'a']);
    expect((json as { polluted?: unknown }).polluted).toBeUndefined();
    expect((json.a as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('turns records into ordinary objects without running the __proto__ setter', () => {
    const record = fieldRecord([
      ['__proto__', { polluted: true }],
      ['a', fieldRecord([['b', 1]])],
    ]);
    const plain = toPlainObject(record) as Record<string, unknown>;
    expect(Object.getPrototypeOf(plain)).toBe(Object.prototype);
    expect((plain as { polluted?: unknown }).polluted).toBeUndefined();
    expect(JSON.parse(JSON.stringify(plain))).toEqual(JSON.parse('{"__proto__":{"polluted":true},"a":{"b":1}}'));
  });
});

describe('what the server reads before the routes', () => {
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
    await expect(readBodyBytes(post('x'.repeat(11), undefined, { 'content-length': '11' }), 10)).rejects.toMatchObject({
      status: 413,
    });
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
        if (pulled > 1000) controller.close();
      },
    });
    const request = new Request('http://x', { method: 'POST', body: stream, duplex: 'half' } as RequestInit);
    await expect(readBodyBytes(request, 4096)).rejects.toMatchObject({ status: 413 });
    expect(pulled).toBeLessThan(20);
  });
});
