import { describe, expect, it } from 'vitest';
import {
  groupLeadFields,
  honeypotValue,
  idOf,
  leadFormInput,
  leadPayload,
  readLeadRequest,
  safeReturnPath,
} from './lead-request.ts';
import { HttpError } from '../../lib/http/http-error.ts';

describe('lead request bodies', () => {
  it('reads form-encoded Rails-style names and JSON objects into the same groups', async () => {
    const form = new URLSearchParams({
      'lead_client[first_name]': 'Ann',
      'lead[message]': 'Hi',
      'market_preferences[opt_in_terms]': 'on',
      authenticity_token: 't',
    });
    const fromForm = await readLeadRequest(
      new Request('http://x/leads', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      }),
    );
    const fromJson = await readLeadRequest(
      new Request('http://x/leads', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          lead_client: { first_name: 'Ann' },
          lead: { message: 'Hi' },
          market_preferences: { opt_in_terms: 'on' },
          authenticity_token: 't',
        }),
      }),
    );
    expect(fromForm).toEqual(fromJson);
    expect(fromForm.marketing).toEqual({ opt_in_terms: 'on' });
    expect(leadFormInput(fromForm)).toMatchObject({ first_name: 'Ann', message: 'Hi', opt_in_terms: 'on' });
  });

  it('refuses broken JSON and other content types', async () => {
    const post = (body: string, type: string) =>
      readLeadRequest(new Request('http://x', { method: 'POST', headers: { 'content-type': type }, body }));
    await expect(post('{', 'application/json')).rejects.toBeInstanceOf(HttpError);
    await expect(post('[1]', 'application/json')).rejects.toBeInstanceOf(HttpError);
    await expect(post('x', 'text/plain')).rejects.toBeInstanceOf(HttpError);
  });

  it('finds the honeypot and leaves it, the token and the bot-check proof out of the payload', () => {
    const groups = groupLeadFields({
      'lead_client[body]': 'spam',
      'lead_client[email]': 'a@b.co',
      authenticity_token: 'secret',
      altcha: 'proof',
      'lead[message]': 'Hello',
    });
    expect(honeypotValue(groups)).toBe('spam');
    expect(leadPayload(groups)).toEqual({ lead_client: { email: 'a@b.co' }, lead: { message: 'Hello' } });
  });

  it('accepts tel_mobile in place of tel_home', () => {
    expect(leadFormInput(groupLeadFields({ 'lead_client[tel_mobile]': '0123456' })).tel_home).toBe('0123456');
  });

  it('reads ids and same-site return paths safely', () => {
    expect(idOf('12')).toBe(12);
    expect(idOf(7)).toBe(7);
    expect(idOf('0')).toBeNull();
    expect(idOf('1; drop')).toBeNull();
    expect(safeReturnPath('/properties/a#x', '/')).toBe('/properties/a');
    expect(safeReturnPath('//evil.example', '/')).toBe('/');
    expect(safeReturnPath('https://evil.example', '/')).toBe('/');
  });

  it('treats prototype-named fields as ordinary fields (no 500, no prototype change)', async () => {
    const names = ['__proto__', 'constructor', 'prototype', 'toString[x]', '__proto__[x]', 'lead_client[__proto__]'];
    const body = new URLSearchParams(names.map((name) => [name, 'v'])).toString();
    const groups = await readLeadRequest(
      new Request('http://x/leads', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `${body}&lead_client%5Bemail%5D=a%40b.co`,
      }),
    );
    expect(Object.keys(groups.top).sort()).toEqual([
      '__proto__',
      '__proto__[x]',
      'constructor',
      'prototype',
      'toString[x]',
    ]);
    expect(Object.keys(groups.client).sort()).toEqual(['__proto__', 'email']);
    expect(() => leadPayload(groups)).not.toThrow();
    expect(Object.keys(leadPayload(groups))).toContain('__proto__');
    expect(leadFormInput(groups).email).toBe('a@b.co');
    const fromJson = await readLeadRequest(
      new Request('http://x/leads', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"constructor":{"a":1},"lead_client":{"__proto__":{"polluted":true},"email":"a@b.co"}}',
      }),
    );
    expect((fromJson.client as { polluted?: unknown }).polluted).toBeUndefined();
    expect(fromJson.client.email).toBe('a@b.co');
  });
});
