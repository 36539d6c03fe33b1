import { describe, expect, it } from 'vitest';
import { HttpError } from './http-error.ts';
import { fieldRecord, readFields, toPlainObject } from './request-body.ts';

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
