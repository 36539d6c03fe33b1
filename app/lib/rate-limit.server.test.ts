import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/integration/test-database.ts';
import {
  consumeRateLimit,
  enforceRateLimit,
  rateLimitRule,
  RATE_LIMIT_MESSAGE,
  setRateLimitRuleForTests,
} from './rate-limit.server.ts';
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

describe('consumeRateLimit', () => {
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
    expect((await consumeRateLimit(database.db, 'leads', '10.0.0.1', start)).allowed).toBe(true);
    expect((await consumeRateLimit(database.db, 'leads', '10.0.0.1', start)).allowed).toBe(true);
    const third = await consumeRateLimit(database.db, 'leads', '10.0.0.1', new Date(start.getTime() + 10_000));
    expect(third).toEqual({ allowed: false, retryAfterSeconds: 50 });
    // Another subject has its own count.
    expect((await consumeRateLimit(database.db, 'leads', '10.0.0.2', start)).allowed).toBe(true);
    // After the window a fresh count starts.
    const later = await consumeRateLimit(database.db, 'leads', '10.0.0.1', new Date(start.getTime() + 61_000));
    expect(later.allowed).toBe(true);
  });

  it('enforceRateLimit throws a 429 with Retry-After and the message', async () => {
    await enforceRateLimit(database.db, 'leads', '10.0.0.9', { json: true });
    await enforceRateLimit(database.db, 'leads', '10.0.0.9', { json: true });
    const thrown = await enforceRateLimit(database.db, 'leads', '10.0.0.9', { json: true }).catch(
      (error: unknown) => error,
    );
    expect(thrown).toMatchObject({ init: { status: 429 }, data: { error: RATE_LIMIT_MESSAGE } });
    const text = await enforceRateLimit(database.db, 'leads', '10.0.0.9').catch((error: unknown) => error);
    expect(text).toBeInstanceOf(Response);
    expect((text as Response).status).toBe(429);
    expect((text as Response).headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(await (text as Response).text()).toBe(RATE_LIMIT_MESSAGE);
  });
});
