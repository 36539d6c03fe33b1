import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createServerApp } from './app.ts';

describe('a request that failed while the database was away', () => {
  it('is answered 503 even when its own probe finds the database back', async () => {
    let isReachable = true;
    let releaseSlow: () => void = () => {};
    const slowFailed = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    const app = createServerApp({
      getDb: () => {
        throw new Error('no database in this test');
      },
      logger: pino({ level: 'silent' }),
      sessionSecret: 'test-secret-test-secret-test-secret-00',
      cookie: { secure: false, idleMinutes: 30, absoluteDays: 30 },
      isDevelopment: false,
      maxBodyBytes: 4096,
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      multipartPaths: [],
      isDatabaseReachable: () => Promise.resolve(isReachable),
      // Every page fails, as pages do while their queries cannot reach the database; /slow only after a while.
      handleDocument: async (request) => {
        if (request.url.includes('/slow')) await slowFailed;
        return new Response('failed', { status: 500 });
      },
    });
    const slow = app.request('/slow');
    // While the slow one is under way the database goes away: another request fails and its probe sees it.
    isReachable = false;
    expect((await app.request('/other')).status).toBe(503);
    // The database is back by the time the slow request fails and probes.
    isReachable = true;
    releaseSlow();
    expect((await slow).status).toBe(503);
    // A failure starting after the database came back is a failure of the app: 500.
    expect((await app.request('/after')).status).toBe(500);
  });
});
