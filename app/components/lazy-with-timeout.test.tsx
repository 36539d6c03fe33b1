import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadTimeoutError, CHUNK_LOAD_TIMEOUT_MS, importWithTimeout } from './lazy-with-timeout.tsx';

afterEach(() => {
  vi.useRealTimers();
});

describe('importWithTimeout', () => {
  it('uses the spec chunk timeout of 120 s by default', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('resolves with the module when it arrives in time', async () => {
    vi.useFakeTimers();
    const loading = importWithTimeout(
      () => new Promise<{ default: string }>((resolve) => setTimeout(() => resolve({ default: 'map' }), 1000)),
    );
    await vi.advanceTimersByTimeAsync(1000);
    await expect(loading).resolves.toEqual({ default: 'map' });
  });

  it('fails with a clear error after the timeout', async () => {
    vi.useFakeTimers();
    const loading = importWithTimeout(() => new Promise<never>(() => undefined));
    const settled = loading.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    await vi.advanceTimersByTimeAsync(1);
    const error = await settled;
    expect(error).toBeInstanceOf(ChunkLoadTimeoutError);
    expect((error as Error).message).toBe('This part of the page did not load within 120 seconds.');
  });

  it('passes on an import failure', async () => {
    await expect(importWithTimeout(() => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
  });
});
