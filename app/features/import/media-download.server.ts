/**
 * Downloads a feed's media URL: http(s) only, redirects followed by hand (each hop checked again), a time limit for
 * the whole download, a size cap, retries after network errors, 5xx and 429, and only to public addresses unless
 * IMPORT_ALLOW_PRIVATE_MEDIA_HOSTS is on. The address is checked where the connection is made (the resolver the
 * socket uses), so a name that resolves to a public address when first looked up and to 127.0.0.1 a moment later
 * (DNS rebinding) is still refused.
 */
import { lookup as dnsLookup } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { classifyAddress } from './public-address.ts';

/** A file that cannot be used; its message completes `MEDIA_IMAGE_00 "<source>" …` in the record's warning. */
export class MediaProblem extends Error {
  constructor(
    message: string,
    readonly isRetryable = false,
  ) {
    super(message);
  }
}

/** The connection would reach a non-public address. */
class AddressRefused extends MediaProblem {
  constructor(
    readonly address: string,
    readonly why: string,
  ) {
    super(`points to ${address}, ${why}, and imports download only from public internet addresses`);
  }
}

export type DownloadOptions = {
  timeoutMs: number;
  maxRedirects: number;
  retries: number;
  retryDelayMs: number;
  /** Let URLs reach loopback, private and link-local addresses (tests that serve media locally). */
  allowPrivateHosts: boolean;
  /** Which addresses are refused (classifyAddress) and how names are resolved (the system's); tests replace them. */
  classify?: (address: string) => string | null;
  resolve?: typeof dnsLookup;
};

/** The resolver the socket connects with: any non-public address in the answer refuses the connection. */
function publicLookup(classify: (address: string) => string | null, resolve: typeof dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      for (const entry of addresses) {
        const why = classify(entry.address);
        if (why) return callback(new AddressRefused(entry.address, why), '');
      }
      const [first] = addresses;
      if (options.all) return callback(null, addresses);
      if (!first) return callback(new MediaProblem('has a host name that does not resolve'), '');
      callback(null, first.address, first.family);
    });
  };
}

function requestOnce(target: URL, signal: AbortSignal, options: DownloadOptions): Promise<IncomingMessage> {
  const classify = options.classify ?? classifyAddress;
  if (!options.allowPrivateHosts) {
    // A literal address is connected to without a lookup, so it is checked here.
    const host = target.hostname.replace(/^\[|\]$/g, '');
    const why = isIP(host) ? classify(host) : null;
    if (why) throw new AddressRefused(host, why);
  }
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      target,
      {
        signal,
        // A fresh connection per file: a pooled socket could outlive the check made when it was opened.
        agent: false,
        ...(options.allowPrivateHosts ? {} : { lookup: publicLookup(classify, options.resolve ?? dnsLookup) }),
        headers: { accept: 'image/*, application/pdf;q=0.9, */*;q=0.1', 'user-agent': 'Doorstep listing import' },
      },
      resolve,
    );
    request.on('error', reject);
  });
}

export async function readCapped(stream: AsyncIterable<unknown>, cap: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > cap) throw new MediaProblem(`is larger than ${Math.round(cap / 1024 / 1024)} MB`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, size);
}

const isRetryableStatus = (status: number) => status === 429 || status >= 500;

/** Downloads one URL, retrying what may pass (a network error, a 5xx, a 429) with a growing wait. */
export async function downloadMedia(url: string, cap: number, options: DownloadOptions): Promise<Buffer> {
  for (let attempt = 0; ; attempt++) {
    const signal = AbortSignal.timeout(options.timeoutMs);
    try {
      return await downloadOnce(url, cap, signal, options);
    } catch (error) {
      const isRetryable = !(error instanceof MediaProblem) || error.isRetryable;
      if (!isRetryable || attempt >= options.retries) {
        if (error instanceof MediaProblem) throw error;
        throw new MediaProblem(
          signal.aborted
            ? `could not be downloaded within ${Math.round(options.timeoutMs / 1000)} seconds`
            : 'could not be downloaded',
        );
      }
      await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs * 2 ** attempt));
    }
  }
}

async function downloadOnce(url: string, cap: number, signal: AbortSignal, options: DownloadOptions): Promise<Buffer> {
  let current = new URL(url);
  for (let hop = 0; ; hop++) {
    if (current.protocol !== 'http:' && current.protocol !== 'https:') {
      throw new MediaProblem(hop === 0 ? 'is not an http(s) URL' : `redirects to "${current}", not an http(s) URL`);
    }
    let response: IncomingMessage;
    try {
      response = await requestOnce(current, signal, options);
    } catch (error) {
      if (error instanceof AddressRefused && hop > 0) {
        throw new MediaProblem(`redirects to "${current.toString().slice(0, 200)}", which ${error.message}`);
      }
      throw error;
    }
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) {
      response.destroy();
      if (hop >= options.maxRedirects) throw new MediaProblem(`redirects more than ${options.maxRedirects} times`);
      current = new URL(location, current);
      continue;
    }
    if (status < 200 || status >= 300) {
      response.destroy();
      throw new MediaProblem(`answered HTTP ${status}`, isRetryableStatus(status));
    }
    const length = Number(response.headers['content-length'] ?? 0);
    if (length > cap) {
      response.destroy();
      throw new MediaProblem(`is larger than ${Math.round(cap / 1024 / 1024)} MB`);
    }
    return readCapped(response, cap);
  }
}
