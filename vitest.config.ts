import { defineConfig } from 'vitest/config';
import path from 'node:path';

// Unit and integration tests only; the React Router plugin is not needed here.
export default defineConfig({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  test: {
    include: [
      'app/**/*.test.{ts,tsx}',
      'server/**/*.test.ts',
      'db/**/*.test.ts',
      'scripts/**/*.test.ts',
      'tests/integration/**/*.test.ts',
      'tests/lint/**/*.test.ts',
    ],
    environment: 'node',
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: a single worker on a two-core CI machine, where most of
    // a test's time is the embedded database's start and queries, not the CPU the other core would take.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    setupFiles: ['tests/setup-env.ts'],
    globalSetup: ['tests/global-setup.ts'],
  },
});
