import { describe, expect, it } from 'vitest';
import { workerCount } from './cluster.ts';

describe('workerCount', () => {
  it('runs one process on embedded PGlite, whatever WEB_CONCURRENCY asks', () => {
    expect(workerCount({ DATABASE_URL: undefined, WEB_CONCURRENCY: undefined }, 8)).toBe(1);
    expect(workerCount({ DATABASE_URL: undefined, WEB_CONCURRENCY: 4 }, 8)).toBe(1);
  });

  it('runs one worker per core on PostgreSQL unless WEB_CONCURRENCY says otherwise', () => {
    expect(workerCount({ DATABASE_URL: 'postgres://db/app', WEB_CONCURRENCY: undefined }, 8)).toBe(8);
    expect(workerCount({ DATABASE_URL: 'postgres://db/app', WEB_CONCURRENCY: 2 }, 8)).toBe(2);
    expect(workerCount({ DATABASE_URL: 'postgres://db/app', WEB_CONCURRENCY: 1 }, 8)).toBe(1);
  });
});
