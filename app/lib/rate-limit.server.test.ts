import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/integration/test-database.ts';
import {
  isRateLimited,
  limit,
  rateLimitedResponse,
  rateLimitRule,
  RATE_LIMIT_MESSAGE,
  setRateLimitRuleForTests,
} from './rate-limit.server.ts';
import { HttpError } from './http/http-error.ts';
import { parseRateLimitRule, resetEnvForTests } from './env.server.ts';

describe('parseRateLimitRule', () => {
  it('reads count/seconds and rejects anything else', () => {
    expect(parseRateLimitRule('20/600')).toEqual({ limit: 20, windowSeconds: 600 });
    expect(parseRateLimitRule(' 3 / 60 ')).toEqual({ limit: 3, windowSeconds: 60 });
    expect(parseRateLimitRule('0/60')).toBeNull();
    expect(parseRateLimitRule('ten/60')).toBeNull();
    expect(parseRateLimitRule(undefined)).toBeNull();
  });

  it('takes a rule from the environment', () => {
    process.env.RATE_LIMIT_SIGN_IN_ACCOUNT = '7/70';
    resetEnvForTests();
    try {
      expect(rateLimitRule('signInAccount')).toEqual({ limit: 7, windowSeconds: 70 });
    } finally {
      delete process.env.RATE_LIMIT_SIGN_IN_ACCOUNT;
      resetEnvForTests();
    }
  });
});

describe('limit', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    setRateLimitRuleForTests('leads', { limit: 2, windowSeconds: 60 });
  });
  afterAll(async () => {
    setRateLimitRuleForTests();
    await database.dispose();
  });

  it('allows the limit, refuses the next, and opens a new window later', async () => {
    const start = new Date('2026-11-23T10:00:00Z');
    await expect(limit(database.db, 'leads', '10.0.0.1', start)).resolves.toBeUndefined();
    await expect(limit(database.db, 'leads', '10.0.0.1', start)).resolves.toBeUndefined();
    const third = await limit(database.db, 'leads', '10.0.0.1', new Date(start.getTime() + 10_000)).catch(
      (error: unknown) => error,
    );
    expect(isRateLimited(third)).toBe(true);
    expect(third).toMatchObject({ status: 429, retryAfterSeconds: 50, headers: { 'Retry-After': '50' } });
    // Another subject has its own count.
    await expect(limit(database.db, 'leads', '10.0.0.2', start)).resolves.toBeUndefined();
    // After the window a fresh count starts.
    await expect(limit(database.db, 'leads', '10.0.0.1', new Date(start.getTime() + 61_000))).resolves.toBeUndefined();
  });

  it('throws an HttpError 429 with Retry-After and the message, answered as JSON or text', async () => {
    await limit(database.db, 'leads', '10.0.0.9');
    await limit(database.db, 'leads', '10.0.0.9');
    const thrown = await limit(database.db, 'leads', '10.0.0.9').catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(HttpError);
    expect(thrown).toMatchObject({ status: 429, message: RATE_LIMIT_MESSAGE });
    if (!isRateLimited(thrown)) throw new Error('expected a rate-limit error');
    const json = rateLimitedResponse(thrown, { json: true });
    expect(json.status).toBe(429);
    expect(json.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(await json.json()).toEqual({ error: RATE_LIMIT_MESSAGE });
    const text = rateLimitedResponse(thrown, { json: false });
    expect(text).toBeInstanceOf(Response);
    expect(text.status).toBe(429);
    expect(text.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(await text.text()).toBe(RATE_LIMIT_MESSAGE);
  });
});
