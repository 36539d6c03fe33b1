import { defineConfig } from 'vitest/config';
import { getEnv } from './app/lib/env.server.ts';

/** End-to-end journeys: a production build on a freshly seeded database, driven in Debian's Chromium. */
export default defineConfig({
  test: {
    // *.pg-e2e.ts journeys need write access to the server's PostgreSQL database: they run in the PostgreSQL pass.
    include: ['tests/e2e/**/*.e2e.ts', ...(getEnv().DATABASE_URL ? ['tests/e2e/**/*.pg-e2e.ts'] : [])],
    globalSetup: ['tests/e2e/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A journey polls for what a full page load shows: a plain form post, its redirect and the next render on a
    // production server shared by two workers and a browser. Vitest's one-second default is shorter than that on a
    // loaded two-core machine; a poll that never sees its value still fails, after this long.
    expect: { poll: { timeout: 15_000 } },
  },
});
