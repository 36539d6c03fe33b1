import { afterEach, describe, expect, it, vi } from 'vitest';
import { allowedHostNames, getEnv, publicOrigin, resetEnvForTests } from './env.server.ts';

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
});

function envWith(values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
  resetEnvForTests();
  return getEnv();
}

describe('environment: the public origin', () => {
  it('refuses to start in production without PUBLIC_URL, saying what to set', () => {
    expect(() => envWith({ NODE_ENV: 'production', PUBLIC_URL: undefined })).toThrow(/PUBLIC_URL must be set/);
  });

  it('derives http://localhost:PORT in development and tests', () => {
    expect(publicOrigin(envWith({ NODE_ENV: 'development', PUBLIC_URL: undefined, PORT: '4321' }))).toBe(
      'http://localhost:4321',
    );
  });

  it('uses PUBLIC_URL as an origin and allows its host, ALLOWED_HOSTS and loopback names', () => {
    const env = envWith({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://www.agency.example/some/path',
      ALLOWED_HOSTS: 'agency.example, Other.Example',
    });
    expect(publicOrigin(env)).toBe('https://www.agency.example');
    expect([...allowedHostNames(env)].sort()).toEqual(
      ['127.0.0.1', '[::1]', 'agency.example', 'localhost', 'other.example', 'www.agency.example'].sort(),
    );
  });
});

describe('environment: TRUST_PROXY as a hop count or a list of proxies', () => {
  it.each([
    ['false', 0],
    ['true', 1],
    ['2', 2],
  ])('reads %s as %i hops', (value, hops) => {
    expect(envWith({ TRUST_PROXY: value }).TRUST_PROXY).toBe(hops);
  });

  it('reads a comma-separated list as trusted proxy addresses and CIDR ranges', () => {
    expect(envWith({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.0.2.1',
      'loopback',
    ]);
  });

  it('refuses anything else', () => {
    expect(() => envWith({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(() => envWith({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
  });
});
