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
  it('starts in production without PUBLIC_URL on http://localhost:PORT, answering loopback host names only', () => {
    const env = envWith({ NODE_ENV: 'production', PUBLIC_URL: undefined, PORT: '3000', ALLOWED_HOSTS: '' });
    expect(publicOrigin(env)).toBe('http://localhost:3000');
    expect([...allowedHostNames(env)].sort()).toEqual(['127.0.0.1', '[::1]', 'localhost'].sort());
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

describe('environment: S3 storage settings', () => {
  const unset = Object.fromEntries(
    [
      'S3_BUCKET',
      'S3_REGION',
      'S3_ENDPOINT',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_PREFIX',
      'S3_FORCE_PATH_STYLE',
    ].map((name) => [name, undefined]),
  );
  /** Each call starts from no S3 setting at all: stubs made earlier in the same test would otherwise remain. */
  const s3EnvWith = (values: Record<string, string | undefined>) => envWith({ ...unset, ...values });

  const complete = {
    S3_BUCKET: 'agency-media',
    S3_REGION: 'eu-west-2',
    S3_ENDPOINT: 'https://s3.example.test',
    S3_ACCESS_KEY_ID: 'key-id',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('accepts a complete set, and a bucket with a region and no keys (the SDK finds its own credentials)', () => {
    expect(s3EnvWith(complete).S3_BUCKET).toBe('agency-media');
    expect(s3EnvWith({ S3_BUCKET: 'agency-media', S3_REGION: 'eu-west-2' }).S3_ACCESS_KEY_ID).toBeUndefined();
  });

  it('refuses S3 settings without S3_BUCKET, naming them', () => {
    expect(() => s3EnvWith({ ...complete, S3_BUCKET: undefined })).toThrow(
      /S3_REGION, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set but S3_BUCKET is not/,
    );
    expect(() => s3EnvWith({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_ENDPOINT is set but S3_BUCKET is not/,
    );
  });

  it('takes empty values (S3_BUCKET= in an env file) as unset', () => {
    const env = s3EnvWith({ S3_BUCKET: '', S3_REGION: '', S3_ENDPOINT: '', S3_PREFIX: '' });
    expect([env.S3_BUCKET, env.S3_REGION, env.S3_ENDPOINT, env.S3_PREFIX]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('refuses a bucket without a region', () => {
    expect(() => s3EnvWith({ ...complete, S3_REGION: undefined })).toThrow(/S3_BUCKET is set but S3_REGION is not/);
  });

  it('refuses half a key pair', () => {
    expect(() => s3EnvWith({ ...complete, S3_SECRET_ACCESS_KEY: undefined })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: S3_SECRET_ACCESS_KEY is missing/,
    );
  });

  it('refuses a malformed bucket, endpoint, prefix or path-style flag', () => {
    expect(() => s3EnvWith({ ...complete, S3_BUCKET: 'Agency_Media' })).toThrow(/S3_BUCKET/);
    expect(() => s3EnvWith({ ...complete, S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
    expect(() => s3EnvWith({ ...complete, S3_PREFIX: '../other-site' })).toThrow(/S3_PREFIX/);
    expect(() => s3EnvWith({ ...complete, S3_PREFIX: '/absolute' })).toThrow(/S3_PREFIX/);
    expect(() => s3EnvWith({ ...complete, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(s3EnvWith({ ...complete, S3_PREFIX: 'doorstep/media/' }).S3_PREFIX).toBe('doorstep/media/');
  });
});
