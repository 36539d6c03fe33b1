import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '../../lib/env.server.ts';
import { verifyRecaptcha } from './spam-protection.server.ts';

/** A stand-in for Google's siteverify: answers by the token it is sent, and records what it received. */
let server: Server;
const received: URLSearchParams[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const fields = new URLSearchParams(body);
      received.push(fields);
      const token = fields.get('response');
      const answer =
        token === 'good'
          ? { success: true, score: 0.9 }
          : token === 'doubtful'
            ? { success: true, score: 0.2 }
            : { success: false };
      response.writeHead(token === 'broken' ? 500 : 200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.RECAPTCHA_SITE_KEY = 'site-key';
  process.env.RECAPTCHA_SECRET_KEY = 'secret-key';
  process.env.RECAPTCHA_VERIFY_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
  resetEnvForTests();
});

afterAll(async () => {
  delete process.env.RECAPTCHA_SITE_KEY;
  delete process.env.RECAPTCHA_SECRET_KEY;
  delete process.env.RECAPTCHA_VERIFY_URL;
  resetEnvForTests();
  await new Promise((resolve) => server.close(resolve));
});

describe('reCAPTCHA verification', () => {
  it('sends the secret, the token and the visitor address, and accepts a passed v2 check', async () => {
    expect(await verifyRecaptcha('good', '203.0.113.7', 'recaptcha-v2')).toBe(true);
    const last = received.at(-1)!;
    expect(last.get('secret')).toBe('secret-key');
    expect(last.get('response')).toBe('good');
    expect(last.get('remoteip')).toBe('203.0.113.7');
  });

  it('needs a v3 score of at least RECAPTCHA_MIN_SCORE (0.5 by default)', async () => {
    expect(await verifyRecaptcha('good', '203.0.113.7', 'recaptcha-v3')).toBe(true);
    expect(await verifyRecaptcha('doubtful', '203.0.113.7', 'recaptcha-v3')).toBe(false);
    process.env.RECAPTCHA_MIN_SCORE = '0.1';
    resetEnvForTests();
    try {
      expect(await verifyRecaptcha('doubtful', '203.0.113.7', 'recaptcha-v3')).toBe(true);
    } finally {
      delete process.env.RECAPTCHA_MIN_SCORE;
      resetEnvForTests();
    }
  });

  it('fails closed: a refused token, an empty token, a provider error or an unreachable provider', async () => {
    expect(await verifyRecaptcha('bad', '203.0.113.7', 'recaptcha-v2')).toBe(false);
    expect(await verifyRecaptcha('', '203.0.113.7', 'recaptcha-v2')).toBe(false);
    expect(await verifyRecaptcha(undefined, '203.0.113.7', 'recaptcha-v2')).toBe(false);
    expect(await verifyRecaptcha('broken', '203.0.113.7', 'recaptcha-v2')).toBe(false);
    const url = process.env.RECAPTCHA_VERIFY_URL;
    process.env.RECAPTCHA_VERIFY_URL = 'http://127.0.0.1:9/siteverify';
    resetEnvForTests();
    try {
      expect(await verifyRecaptcha('good', '203.0.113.7', 'recaptcha-v2')).toBe(false);
    } finally {
      process.env.RECAPTCHA_VERIFY_URL = url;
      resetEnvForTests();
    }
  });
});
