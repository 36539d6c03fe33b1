/**
 * A local stand-in for Reapit Connect's token endpoint and the Foundations REST API, written from Reapit's public
 * documentation: client-credentials tokens (HTTP Basic, form body, `expires_in`), the `api-version` and
 * `reapit-customer` headers, paged collections (`pageSize`/`pageNumber`, `_embedded`, `pageCount`,
 * `totalPageCount`, `totalCount`), repeated query parameters for lists, `modifiedFrom`, `fromArchive`, and Reapit's
 * error body (`statusCode`, `dateTime`, `description`). Tests change its data and queue faults (429 with
 * Retry-After, 5xx, an expired token) to see how the import copes.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Platform } from '@reapit/foundations-ts-definitions';
import sharp from 'sharp';

type Property = Platform.PropertyModel;
type PropertyImage = Platform.PropertyImageModel;
type Fault = { status: number; retryAfter?: string };

export type ReapitStub = {
  url: string;
  tokenUrl: string;
  credentials: { clientId: string; clientSecret: string; customerId: string };
  properties: Property[];
  images: PropertyImage[];
  /** The largest page the stub answers (Reapit's is 100): small, so a handful of properties spans several pages. */
  maxPageSize: number;
  /** Faults answered, in order, to the next requests for this path ('/token', '/properties', '/propertyImages'). */
  fail(path: string, faults: Fault[]): void;
  /** Every token issued so far stops working once this many more requests for the path have been answered. */
  expireTokensAfter(path: string, answered: number): void;
  requests: { path: string; query: URLSearchParams; status: number }[];
  tokensIssued: number;
  close(): Promise<void>;
};

const API_VERSION = '2020-01-31';

function reapitError(
  response: ServerResponse,
  status: number,
  description: string,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify({ statusCode: status, dateTime: new Date().toISOString(), description }));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startReapitStub(): Promise<ReapitStub> {
  const credentials = { clientId: 'doorstep-client', clientSecret: 'stub-secret-0123456789', customerId: 'SBOX' };
  const faults = new Map<string, Fault[]>();
  const liveTokens = new Set<string>();
  const expiries: { path: string; answered: number }[] = [];
  const photoCache = new Map<string, Buffer>();
  let tokenCount = 0;

  const stub: ReapitStub = {
    url: '',
    tokenUrl: '',
    credentials,
    properties: [],
    images: [],
    maxPageSize: 3,
    fail: (path, list) => faults.set(path, [...(faults.get(path) ?? []), ...list]),
    expireTokensAfter: (path, answered) => expiries.push({ path, answered }),
    requests: [],
    tokensIssued: 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  function paged<T>(response: ServerResponse, query: URLSearchParams, items: T[]) {
    const pageSize = Math.min(stub.maxPageSize, Math.max(1, Number(query.get('pageSize') ?? 25) || 25));
    const pageNumber = Math.max(1, Number(query.get('pageNumber') ?? 1) || 1);
    const page = items.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        _embedded: page,
        pageNumber,
        pageSize,
        pageCount: page.length,
        totalPageCount: Math.ceil(items.length / pageSize),
        totalCount: items.length,
        _links: { self: { href: `?pageNumber=${pageNumber}&pageSize=${pageSize}` } },
      }),
    );
  }

  const isModifiedSince = (modified: string | undefined, from: string | null) =>
    !from || (modified !== undefined && Date.parse(modified) >= Date.parse(from));

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stub');
    const query = url.searchParams;
    const record = (status: number) => {
      stub.requests.push({ path: url.pathname, query, status });
      for (const expiry of expiries) {
        if (expiry.path === url.pathname && status === 200 && --expiry.answered === 0) liveTokens.clear();
      }
    };
    const fault = faults.get(url.pathname)?.shift();
    if (fault) {
      record(fault.status);
      return reapitError(
        response,
        fault.status,
        fault.status === 429 ? 'Too many requests' : 'An unexpected error occurred',
        fault.retryAfter ? { 'retry-after': fault.retryAfter } : {},
      );
    }

    if (url.pathname.startsWith('/images/')) {
      const name = url.pathname.slice('/images/'.length);
      let bytes = photoCache.get(name);
      if (!bytes) {
        // Each image its own colour, so each is its own file once stored by content hash.
        const seed = [...name].reduce((sum, character) => (sum * 31 + character.charCodeAt(0)) % 65_536, 7);
        bytes = await sharp({
          create: { width: 48, height: 32, channels: 3, background: { r: seed % 256, g: (seed >> 8) % 256, b: 90 } },
        })
          .jpeg()
          .toBuffer();
        photoCache.set(name, bytes);
      }
      record(200);
      response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(bytes.length) });
      return response.end(bytes);
    }

    if (url.pathname === '/token') {
      const body = new URLSearchParams(await readBody(request));
      const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      const [id, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':');
      if (request.method !== 'POST' || body.get('grant_type') !== 'client_credentials') {
        record(400);
        response.writeHead(400, { 'content-type': 'application/json' });
        return response.end(JSON.stringify({ error: 'unsupported_grant_type' }));
      }
      if (id !== credentials.clientId || secret !== credentials.clientSecret) {
        record(401);
        response.writeHead(401, { 'content-type': 'application/json' });
        return response.end(JSON.stringify({ error: 'access_denied', error_description: 'Unauthorized' }));
      }
      tokenCount++;
      stub.tokensIssued = tokenCount;
      const token = `stub-token-${tokenCount}`;
      liveTokens.add(token);
      record(200);
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(JSON.stringify({ access_token: token, expires_in: 3600, token_type: 'Bearer' }));
    }

    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || !liveTokens.has(bearer)) {
      record(401);
      return reapitError(response, 401, 'The provided authentication credentials are incorrect or not present');
    }
    if (request.headers['api-version'] !== API_VERSION) {
      record(400);
      return reapitError(response, 400, 'The api-version header is missing or not a supported version');
    }
    if (request.headers['reapit-customer'] !== credentials.customerId) {
      record(403);
      return reapitError(
        response,
        403,
        'The request could not be fulfilled as the reapit customer specified by the provided credentials does not have the application installed',
      );
    }

    if (url.pathname === '/properties') {
      const modes = query.getAll('marketingMode');
      const ids = query.getAll('id');
      const archive = query.get('fromArchive');
      const modifiedFrom = query.get('modifiedFrom');
      const found = stub.properties.filter(
        (property) =>
          (modes.length === 0 || modes.includes(property.marketingMode ?? '')) &&
          (ids.length === 0 || ids.includes(property.id ?? '')) &&
          (archive === null || String(property.fromArchive ?? false) === archive) &&
          isModifiedSince(property.modified, modifiedFrom),
      );
      record(200);
      return paged(response, query, found);
    }
    if (url.pathname === '/propertyImages') {
      const ids = query.getAll('propertyId');
      const archive = query.get('fromArchive');
      const modifiedFrom = query.get('modifiedFrom');
      const found = stub.images.filter(
        (image) =>
          (ids.length === 0 || ids.includes(image.propertyId ?? '')) &&
          (archive === null || String(image.fromArchive ?? false) === archive) &&
          isModifiedSince(image.modified, modifiedFrom),
      );
      record(200);
      return paged(response, query, found);
    }
    record(404);
    return reapitError(response, 404, 'The requested resource was not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  stub.url = `http://127.0.0.1:${port}`;
  stub.tokenUrl = `${stub.url}/token`;
  return stub;
}

const CREATED = '2026-09-01T09:00:00Z';

/** A property as Reapit's documentation shows one, in Bath (the test world's branch BAT and district BA1). */
export function reapitProperty(id: string, overrides: Partial<Property> = {}): Property {
  return {
    id,
    created: CREATED,
    modified: CREATED,
    marketingMode: 'selling',
    currency: 'GBP',
    address: {
      buildingName: '',
      buildingNumber: '12',
      line1: 'Orchard Road',
      line2: 'Widcombe',
      line3: 'Bath',
      line4: 'Somerset',
      postcode: 'BA1 2AB',
      countryId: 'GB',
      geolocation: { latitude: 51.385, longitude: -2.361 },
    },
    strapline: 'A bright family home near the park',
    description: 'A semi-detached house with a south-facing garden, close to the park and the station.',
    longDescription: '<p>A <b>semi-detached</b> house.</p><p>South-facing garden.</p>',
    summary: 'Three bedrooms\nSouth-facing garden\nOff-street parking',
    departmentId: 'G',
    negotiatorId: 'JAS',
    bedrooms: 3,
    receptions: 1,
    bathrooms: 1,
    councilTax: 'D',
    internetAdvertising: true,
    fromArchive: false,
    type: ['house'],
    style: ['semiDetached'],
    situation: ['garden'],
    parking: ['offStreet'],
    age: ['period'],
    officeIds: ['BAT'],
    internalArea: { type: 'squareFeet', min: 1100, max: 1100 },
    epc: { exempt: false, eer: 68, eerRating: 'D', eerPotential: 81, eerPotentialRating: 'B' },
    selling: {
      instructed: '2026-09-01',
      price: 450_000,
      qualifier: 'guidePrice',
      status: 'forSale',
      disposal: 'privateTreaty',
      tenure: { type: 'freehold' },
    },
    _eTag: '"10109C0209C684789B72FFC53730E31C"',
    ...overrides,
  };
}

/** A lettings property: the letting block instead of the selling one. */
export function reapitLetting(
  id: string,
  letting: Property['letting'] = {},
  overrides: Partial<Property> = {},
): Property {
  return reapitProperty(id, {
    marketingMode: 'letting',
    type: ['flatApartment'],
    style: ['groundFloor'],
    bedrooms: 2,
    selling: undefined,
    letting: {
      instructed: '2026-09-02',
      availableFrom: '2026-10-01',
      rent: 1200,
      rentFrequency: 'monthly',
      furnishing: ['furnished'],
      term: 'long',
      status: 'toLet',
      minimumTerm: 12,
      deposit: { type: 'weeks', amount: 5 },
      ...letting,
    },
    ...overrides,
  });
}

export function reapitImage(
  stub: Pick<ReapitStub, 'url'>,
  propertyId: string,
  id: string,
  overrides: Partial<PropertyImage> = {},
): PropertyImage {
  return {
    id,
    created: CREATED,
    modified: CREATED,
    propertyId,
    url: `${stub.url}/images/${id}.jpg`,
    thumbnailUrl: `${stub.url}/images/${id}.jpg`,
    caption: 'Front elevation',
    type: 'photograph',
    order: 1,
    fromArchive: false,
    _eTag: '"E4B5ABBE1A6B4B0A9B4E2B2C8A2F3D11"',
    ...overrides,
  };
}
