import { createServer } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { applyServerLimits } from './start.ts';
import { FailureBackoff, MAX_BACKOFF_MS } from './job-backoff.ts';

describe('HTTP server limits', () => {
  it('sets header, request and keep-alive timeouts and a connection cap', () => {
    const server = createServer();
    applyServerLimits(server, {
      SERVER_HEADERS_TIMEOUT_MS: 15_000,
      SERVER_REQUEST_TIMEOUT_MS: 45_000,
      SERVER_KEEP_ALIVE_TIMEOUT_MS: 4_000,
      SERVER_MAX_CONNECTIONS: 500,
    });
    expect(server.headersTimeout).toBe(15_000);
    expect(server.requestTimeout).toBe(45_000);
    expect(server.keepAliveTimeout).toBe(4_000);
    expect(server.maxConnections).toBe(500);
  });

  it('never lets the header timeout exceed the request timeout (Node refuses that)', () => {
    const server = createServer();
    applyServerLimits(server, {
      SERVER_HEADERS_TIMEOUT_MS: 90_000,
      SERVER_REQUEST_TIMEOUT_MS: 30_000,
      SERVER_KEEP_ALIVE_TIMEOUT_MS: 5_000,
      SERVER_MAX_CONNECTIONS: 10,
    });
    expect(server.headersTimeout).toBe(30_000);
  });
});

describe('job back-off while a dependency is away', () => {
  it('doubles the wait up to a minute and logs the failure once, then the recovery once', () => {
    const logger = pino({ level: 'silent' });
    const error = vi.spyOn(logger, 'error');
    const info = vi.spyOn(logger, 'info');
    const backoff = new FailureBackoff(logger, 'email delivery');
    const waits = Array.from({ length: 12 }, () => backoff.failed(new Error('ECONNREFUSED'), 1000));
    expect(waits.slice(0, 3)).toEqual([2000, 4000, 8000]);
    expect(waits.at(-1)).toBe(MAX_BACKOFF_MS);
    expect(error).toHaveBeenCalledTimes(1);
    backoff.succeeded();
    backoff.succeeded();
    expect(info).toHaveBeenCalledTimes(1);
    expect(backoff.failed(new Error('again'), 1000)).toBe(2000);
    expect(error).toHaveBeenCalledTimes(2);
  });
});
