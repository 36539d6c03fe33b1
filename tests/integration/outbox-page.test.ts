/**
 * /outbox shows every stored email, password-reset links included: in production it answers 404 unless the test-only
 * opt-in is set, on a loopback-only server, for a request that did not come through a proxy.
 */
import { describe, expect, it } from 'vitest';
import { canShowOutboxPage } from '../../app/features/email/outbox-page.server.ts';
import { getEnv, type Env } from '../../app/lib/env.server.ts';

const request = (headers: Record<string, string> = {}) => new Request('http://localhost/outbox', { headers });
const env = (overrides: Partial<Env>): Env => ({
  ...getEnv(),
  SMTP_URL: undefined,
  OUTBOX_PAGE: undefined,
  ...overrides,
});

describe('the outbox page', () => {
  it('is off in production by default, with or without SMTP', () => {
    expect(canShowOutboxPage(request(), env({ NODE_ENV: 'production', HOST: '0.0.0.0' }))).toBe(false);
    expect(canShowOutboxPage(request(), env({ NODE_ENV: 'production', HOST: '127.0.0.1' }))).toBe(false);
    expect(canShowOutboxPage(request(), env({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example' }))).toBe(false);
  });

  it('in production, OUTBOX_PAGE=true is honoured only on a loopback server, not behind a proxy', () => {
    const optIn = { NODE_ENV: 'production', OUTBOX_PAGE: 'true' } as const;
    expect(canShowOutboxPage(request(), env({ ...optIn, HOST: '127.0.0.1' }))).toBe(true);
    expect(canShowOutboxPage(request(), env({ ...optIn, HOST: '::1' }))).toBe(true);
    expect(canShowOutboxPage(request(), env({ ...optIn, HOST: '0.0.0.0' }))).toBe(false);
    expect(canShowOutboxPage(request(), env({ ...optIn, HOST: 'agency.example' }))).toBe(false);
    expect(canShowOutboxPage(request(), env({ ...optIn, HOST: '127.0.0.1', TRUST_PROXY: 1 }))).toBe(false);
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host']) {
      expect(canShowOutboxPage(request({ [header]: '203.0.113.9' }), env({ ...optIn, HOST: '127.0.0.1' }))).toBe(false);
    }
  });

  it('in development and tests, follows SMTP_URL unless OUTBOX_PAGE says otherwise', () => {
    expect(canShowOutboxPage(request(), env({ NODE_ENV: 'development' }))).toBe(true);
    expect(canShowOutboxPage(request(), env({ NODE_ENV: 'development', SMTP_URL: 'smtp://mail.example' }))).toBe(false);
    expect(canShowOutboxPage(request(), env({ NODE_ENV: 'test', OUTBOX_PAGE: 'false' }))).toBe(false);
    expect(canShowOutboxPage(request(), env({ NODE_ENV: 'test', SMTP_URL: 'smtp://x', OUTBOX_PAGE: 'true' }))).toBe(
      true,
    );
  });
});
