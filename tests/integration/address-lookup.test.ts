import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../db/schema/index.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { setRateLimitRuleForTests } from '../../app/lib/rate-limit.server.ts';
import { answerAddressLookup } from '../../app/features/address/address-lookup.server.ts';
import { importAddressesCsv } from '../../app/features/address/address-import.server.ts';
import {
  getAddressIoProvider,
  localAddressProvider,
  type AddressProvider,
} from '../../app/features/address/address-provider.server.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { insertValuationFixtures } from './valuation-fixtures.ts';

let database: TestDatabase;
let stub: Server;
let stubUrl: string;
const stubRequests: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
  await insertValuationFixtures(database.db);
  // A stand-in for getAddress.io: the same paths, query and answers.
  stub = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stub');
    stubRequests.push(`${url.pathname}${url.search}`);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.searchParams.get('api-key') !== 'test-key') return send(401, { Message: 'Invalid api-key' });
    if (url.pathname === '/autocomplete/10%20downing' || url.pathname === '/autocomplete/10 downing') {
      return send(200, {
        suggestions: [{ address: '10 Downing Street, London, SW1A 2AA', url: '/get/ZmFrZS0x', id: 'ZmFrZS0x' }],
      });
    }
    if (url.pathname.startsWith('/autocomplete/')) return send(200, { suggestions: [] });
    if (url.pathname === '/get/ZmFrZS0x') {
      return send(200, {
        postcode: 'SW1A 2AA',
        latitude: 51.5,
        longitude: -0.12,
        formatted_address: ['10 Downing Street', '', '', 'London', ''],
        thoroughfare: 'Downing Street',
        building_name: '',
        sub_building_name: '',
        sub_building_number: '',
        building_number: '10',
        line_1: '10 Downing Street',
        line_2: '',
        line_3: '',
        line_4: '',
        locality: '',
        town_or_city: 'London',
        county: 'London',
        district: 'City of Westminster',
        country: 'England',
        residential: true,
      });
    }
    if (url.pathname === '/get/broken') return send(500, { Message: 'boom' });
    return send(404, { Message: 'Not found' });
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
});

afterAll(async () => {
  setDatabaseHandle(undefined);
  await new Promise((resolve) => stub?.close(resolve));
  await database?.dispose();
});

afterEach(() => setRateLimitRuleForTests());

async function lookUp(query: string, provider: AddressProvider, clientIp = '192.0.2.10') {
  const response = await answerAddressLookup({
    db: database.db,
    url: new URL(`http://localhost/address_lookup?${query}`),
    clientIp,
    provider,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('GET /address_lookup with the local address table', () => {
  const local = () => localAddressProvider(database.db);

  it('suggests addresses containing every typed word', async () => {
    const result = await lookUp('autocomplete=orchard', local());
    expect(result.status).toBe(200);
    const suggestions = result.json.suggestions as { address: string; id: string }[];
    expect(suggestions.map((suggestion) => suggestion.address)).toEqual([
      '12 Orchard Road, Widcombe, Bath, BA2 4AB',
      '3 Orchard Close, York, YO24 1AA',
    ]);
    const narrowed = await lookUp('autocomplete=Orchard%20%20BA2', local());
    expect((narrowed.json.suggestions as unknown[]).length).toBe(1);
  });

  it('answers the detail of a suggestion by id', async () => {
    const { json } = await lookUp('autocomplete=rose%20cottage', local());
    const [suggestion] = json.suggestions as { id: string }[];
    const detail = await lookUp(`id=${suggestion?.id}`, local());
    expect(detail).toEqual({
      status: 200,
      json: {
        building_number: '',
        building_name: 'Rose Cottage',
        line_1: 'Rose Cottage',
        line_2: 'Mill Lane',
        line_3: '',
        line_4: '',
        town_or_city: 'Bath',
        county: 'Somerset',
        postcode: 'BA2 9XY',
      },
    });
  });

  it('answers no suggestions for unknown or too-short text, and treats LIKE wildcards as text', async () => {
    expect((await lookUp('autocomplete=zzzz', local())).json).toEqual({ suggestions: [] });
    expect((await lookUp('autocomplete=or', local())).json).toEqual({ suggestions: [] });
    expect((await lookUp('autocomplete=%25%25%25', local())).json).toEqual({ suggestions: [] });
    expect((await lookUp('autocomplete=___', local())).json).toEqual({ suggestions: [] });
  });

  it('answers 404 to an unknown or malformed id and 400 to no question', async () => {
    expect((await lookUp('id=999999', local())).status).toBe(404);
    expect((await lookUp('id=abc', local())).status).toBe(404);
    expect((await lookUp('id=%3Cscript%3E', local())).status).toBe(404);
    expect((await lookUp('', local())).status).toBe(400);
  });

  it('finds addresses imported from a CSV (npm run addresses:import)', async () => {
    const csv = 'building_number,line_1,town_or_city,county,postcode\n7,7 Quarry Lane,Bath,Somerset,BA2 5QQ\n';
    expect(await importAddressesCsv(database.db, csv)).toEqual({ imported: 1, skipped: [] });
    const result = await lookUp('autocomplete=quarry%20lane', local());
    expect(result.json.suggestions).toEqual([{ id: expect.any(String), address: '7 Quarry Lane, Bath, BA2 5QQ' }]);
  });

  it("rate-limits by IP address ('addressLookup')", async () => {
    setRateLimitRuleForTests('addressLookup', { limit: 2, windowSeconds: 60 });
    await database.db.delete(rateLimits);
    expect((await lookUp('autocomplete=orchard', local(), '192.0.2.99')).status).toBe(200);
    expect((await lookUp('autocomplete=orchard', local(), '192.0.2.99')).status).toBe(200);
    const limited = await lookUp('autocomplete=orchard', local(), '192.0.2.99');
    expect(limited.status).toBe(429);
    expect(limited.json.error).toBe('Too many requests. Please wait a few minutes and try again.');
    expect((await lookUp('autocomplete=orchard', local(), '192.0.2.100')).status).toBe(200);
  });
});

describe('GET /address_lookup with the getAddress.io provider (stub server)', () => {
  const remote = (apiKey = 'test-key') => getAddressIoProvider({ baseUrl: `${stubUrl}/`, apiKey });

  it('passes the text and key on and relays the suggestions', async () => {
    stubRequests.length = 0;
    const result = await lookUp('autocomplete=10%20downing', remote());
    expect(result).toEqual({
      status: 200,
      json: { suggestions: [{ address: '10 Downing Street, London, SW1A 2AA', id: 'ZmFrZS0x' }] },
    });
    expect(stubRequests).toEqual(['/autocomplete/10%20downing?api-key=test-key']);
  });

  it('relays the address detail in the spec shape', async () => {
    const result = await lookUp('id=ZmFrZS0x', remote());
    expect(result).toEqual({
      status: 200,
      json: {
        building_number: '10',
        building_name: '',
        line_1: '10 Downing Street',
        line_2: '',
        line_3: '',
        line_4: '',
        town_or_city: 'London',
        county: 'London',
        postcode: 'SW1A 2AA',
      },
    });
  });

  it('answers 404 for an unknown id and 503 (not 500) when the provider fails', async () => {
    expect((await lookUp('id=unknown', remote())).status).toBe(404);
    expect((await lookUp('id=broken', remote())).status).toBe(503);
    expect((await lookUp('autocomplete=10%20downing', remote('wrong-key'))).status).toBe(503);
    const unreachable = getAddressIoProvider({ baseUrl: 'http://127.0.0.1:9', apiKey: 'test-key' });
    expect((await lookUp('autocomplete=anything', unreachable)).status).toBe(503);
  });
});
