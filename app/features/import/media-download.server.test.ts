import type { lookup as dnsLookup, LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { downloadMedia, MediaProblem, type DownloadOptions } from './media-download.server.ts';
import { classifyAddress } from './public-address.ts';

/**
 * Two local servers: "outside" on 127.0.0.2, which these tests treat as a public address, and "inside" on
 * 127.0.0.1, which stays what it is (loopback). Every request either receives is counted.
 */
const hits = { outside: [] as string[], inside: [] as string[] };
let outside: Server;
let inside: Server;
let outsideBase: string;
let insideBase: string;

function listen(server: Server, host: string): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, host, () => resolve(`http://${host}:${(server.address() as AddressInfo).port}`)),
  );
}

beforeAll(async () => {
  inside = createServer((request, response) => {
    hits.inside.push(request.url ?? '');
    response.end('secret');
  });
  outside = createServer((request, response) => {
    hits.outside.push(request.url ?? '');
    if (request.url === '/photo.jpg') response.end('photo bytes');
    else if (request.url === '/to-inside') {
      response.writeHead(302, { location: `${insideBase}/latest/meta-data/` });
      response.end();
    } else if (request.url === '/to-name') {
      response.writeHead(301, { location: '/via-name' });
      response.end();
    } else if (request.url === '/to-file') {
      response.writeHead(302, { location: 'file:///etc/passwd' });
      response.end();
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  insideBase = await listen(inside, '127.0.0.1');
  outsideBase = await listen(outside, '127.0.0.2');
});

afterAll(async () => {
  for (const server of [inside, outside]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

beforeEach(() => {
  hits.outside = [];
  hits.inside = [];
});

const options: DownloadOptions = {
  timeoutMs: 2_000,
  maxRedirects: 3,
  retries: 0,
  retryDelayMs: 10,
  allowPrivateHosts: false,
  classify: (address) => (address === '127.0.0.2' ? null : classifyAddress(address)),
};

/** A resolver that answers `address` for every name, as a hostile or rebinding DNS server could. */
function resolvingTo(...addresses: string[]): typeof dnsLookup {
  let call = 0;
  return ((_hostname: string, _options: unknown, callback: (error: null, entries: LookupAddress[]) => void) => {
    const address = addresses[Math.min(call++, addresses.length - 1)] as string;
    callback(null, [{ address, family: 4 }]);
  }) as unknown as typeof dnsLookup;
}

async function problemOf(url: string, extra: Partial<DownloadOptions> = {}): Promise<string> {
  try {
    await downloadMedia(url, 1024 * 1024, { ...options, ...extra });
  } catch (error) {
    if (error instanceof MediaProblem) return error.message;
    throw error;
  }
  throw new Error(`${url} was downloaded`);
}

describe('downloadMedia address checks', () => {
  it('downloads from an address the policy calls public', async () => {
    const bytes = await downloadMedia(`${outsideBase}/photo.jpg`, 1024, options);
    expect(bytes.toString()).toBe('photo bytes');
  });

  it('refuses loopback, private and link-local literals before connecting', async () => {
    expect(await problemOf(`${insideBase}/photo.jpg`)).toBe(
      'points to 127.0.0.1, a loopback address on this server, and imports download only from public internet addresses',
    );
    expect(await problemOf('http://10.20.30.40/photo.jpg')).toMatch(/^points to 10\.20\.30\.40, a private network/);
    expect(await problemOf('http://169.254.169.254/latest/meta-data/')).toMatch(
      /^points to 169\.254\.169\.254, a link-local address/,
    );
    expect(await problemOf(`http://[::1]:${new URL(insideBase).port}/`)).toMatch(/^points to ::1, a loopback/);
    // The URL parser turns a decimal or hexadecimal host into the dotted address it means.
    expect(await problemOf('http://2130706433/')).toMatch(/^points to 127\.0\.0\.1, a loopback/);
    expect(await problemOf('http://0x7f.1/')).toMatch(/^points to 127\.0\.0\.1, a loopback/);
    expect(hits.inside).toEqual([]);
  });

  it('checks the address a name resolves to when the connection is made', async () => {
    const port = new URL(insideBase).port;
    expect(
      await problemOf(`http://media.agency.example:${port}/photo.jpg`, { resolve: resolvingTo('127.0.0.1') }),
    ).toBe(
      'points to 127.0.0.1, a loopback address on this server, and imports download only from public internet addresses',
    );
    expect(hits.inside).toEqual([]);
  });

  it('refuses a name that resolves to a public address first and to loopback on the next lookup (DNS rebinding)', async () => {
    const resolve = resolvingTo('127.0.0.2', '127.0.0.1');
    const port = new URL(outsideBase).port;
    // The same port on both addresses would be needed for a real rebinding; what matters is that the second
    // connection is checked against its own lookup and never made.
    expect(
      (await downloadMedia(`http://media.agency.example:${port}/photo.jpg`, 1024, { ...options, resolve })).toString(),
    ).toBe('photo bytes');
    expect(await problemOf(`http://media.agency.example:${port}/photo.jpg`, { resolve })).toMatch(
      /^points to 127\.0\.0\.1, a loopback/,
    );
    expect(hits.outside).toEqual(['/photo.jpg']);
  });

  it('checks every redirect hop again', async () => {
    expect(await problemOf(`${outsideBase}/to-inside`)).toBe(
      `redirects to "${insideBase}/latest/meta-data/", which points to 127.0.0.1, a loopback address on this server, and imports download only from public internet addresses`,
    );
    expect(hits.outside).toEqual(['/to-inside']);
    expect(hits.inside).toEqual([]);
  });

  it('checks a redirect to a name at its own lookup', async () => {
    const port = new URL(outsideBase).port;
    const resolve = resolvingTo('127.0.0.2', '169.254.169.254');
    expect(await problemOf(`http://cdn.agency.example:${port}/to-name`, { resolve })).toBe(
      `redirects to "http://cdn.agency.example:${port}/via-name", which points to 169.254.169.254, a link-local address such as a cloud metadata service, and imports download only from public internet addresses`,
    );
  });

  it('follows only http and https', async () => {
    expect(await problemOf(`${outsideBase}/to-file`)).toBe('redirects to "file:///etc/passwd", not an http(s) URL');
    expect(await problemOf('ftp://ftp.agency.example/photo.jpg')).toBe('is not an http(s) URL');
  });

  it('reaches local addresses only when private hosts are allowed', async () => {
    const bytes = await downloadMedia(`${insideBase}/anything`, 1024, {
      ...options,
      classify: undefined,
      allowPrivateHosts: true,
    });
    expect(bytes.toString()).toBe('secret');
    expect(hits.inside).toEqual(['/anything']);
  });
});
