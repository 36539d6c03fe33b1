import { and, asc, eq, like, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { addresses } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { getEnv } from '../../lib/env.server.ts';
import { MAX_SUGGESTIONS, type AddressDetail, type AddressSuggestion } from './address-lookup.ts';

/**
 * Where addresses come from. The default is the local `addresses` table (seeded from the demo data, filled from a
 * CSV by `npm run addresses:import`). ADDRESS_LOOKUP_PROVIDER=getaddress switches to getAddress.io (a UK address API
 * built on Royal Mail PAF) with ADDRESS_LOOKUP_API_KEY; ADDRESS_LOOKUP_URL changes its base URL (tests use a stub):
 *   GET {url}/autocomplete/{text}?api-key={key} → { suggestions: [{ address, url, id }] }
 *   GET {url}/get/{id}?api-key={key}          → { building_number, building_name, line_1..line_4, town_or_city, county, postcode, ... }
 */
export type AddressProvider = {
  name: string;
  autocomplete(text: string): Promise<AddressSuggestion[]>;
  /** Null when there is no address with that id. */
  getAddress(id: string): Promise<AddressDetail | null>;
};

/** The provider could not answer (network, timeout, bad key): the visitor can still type the address in. */
export class AddressProviderError extends Error {}

const LIKE_SPECIALS = /[\\%_]/g;

export function localAddressProvider(db: Database): AddressProvider {
  const toDetail = (row: typeof addresses.$inferSelect): AddressDetail => ({
    building_number: row.buildingNumber ?? '',
    building_name: row.buildingName ?? '',
    line_1: row.line1,
    line_2: row.line2,
    line_3: row.line3,
    line_4: row.line4,
    town_or_city: row.townOrCity,
    county: row.county,
    postcode: row.postcode,
  });
  return {
    name: 'local',
    async autocomplete(text) {
      const words = text.toLowerCase().split(' ').filter(Boolean).slice(0, 8);
      if (words.length === 0) return [];
      // Every word must appear somewhere in the address ('orchard ba2' finds 12 Orchard Road, BA2 4AB).
      const conditions: SQL[] = words.map((word) =>
        like(addresses.searchText, `%${word.replace(LIKE_SPECIALS, '\\$&')}%`),
      );
      const rows = await db
        .select()
        .from(addresses)
        .where(and(...conditions))
        .orderBy(asc(addresses.postcode), asc(addresses.line1), asc(addresses.id))
        .limit(MAX_SUGGESTIONS);
      return rows.map((row) => ({
        id: String(row.id),
        address: [row.line1, row.line2, row.line3, row.line4, row.townOrCity, row.postcode].filter(Boolean).join(', '),
      }));
    },
    async getAddress(id) {
      if (!/^\d{1,9}$/.test(id)) return null;
      const [row] = await db
        .select()
        .from(addresses)
        .where(eq(addresses.id, Number(id)))
        .limit(1);
      return row ? toDetail(row) : null;
    },
  };
}

const getAddressSuggestions = z.object({
  suggestions: z.array(z.object({ address: z.string(), id: z.string() })).default([]),
});
const text = z
  .string()
  .nullish()
  .transform((value) => value ?? '');
const getAddressDetail = z.object({
  building_number: text,
  building_name: text,
  sub_building_name: text,
  line_1: text,
  line_2: text,
  line_3: text,
  line_4: text,
  town_or_city: text,
  county: text,
  postcode: text,
});

const PROVIDER_TIMEOUT_MS = 5_000;

export function getAddressIoProvider(options: { baseUrl: string; apiKey: string }): AddressProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  async function call(path: string): Promise<unknown | null> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}?api-key=${encodeURIComponent(options.apiKey)}`, {
        headers: { Accept: 'application/json' },
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
    } catch (error) {
      throw new AddressProviderError(`address provider unreachable: ${String(error)}`);
    }
    if (response.status === 404) return null;
    if (!response.ok) throw new AddressProviderError(`address provider answered ${response.status}`);
    try {
      return await response.json();
    } catch {
      throw new AddressProviderError('address provider answered something that is not JSON');
    }
  }
  return {
    name: 'getaddress',
    async autocomplete(value) {
      const body = await call(`/autocomplete/${encodeURIComponent(value)}`);
      if (body === null) return [];
      const parsed = getAddressSuggestions.safeParse(body);
      if (!parsed.success) throw new AddressProviderError('unexpected autocomplete answer');
      return parsed.data.suggestions.slice(0, MAX_SUGGESTIONS).map(({ address, id }) => ({ address, id }));
    },
    async getAddress(id) {
      const body = await call(`/get/${encodeURIComponent(id)}`);
      if (body === null) return null;
      const parsed = getAddressDetail.safeParse(body);
      if (!parsed.success) throw new AddressProviderError('unexpected address answer');
      const { sub_building_name: subBuilding, ...detail } = parsed.data;
      return { ...detail, building_name: detail.building_name || subBuilding };
    },
  };
}

/** The provider chosen by the environment; getaddress without a key falls back to the local table. */
export function addressProviderFromEnv(db: Database): AddressProvider {
  const env = getEnv();
  if (env.ADDRESS_LOOKUP_PROVIDER === 'getaddress' && env.ADDRESS_LOOKUP_API_KEY) {
    return getAddressIoProvider({ baseUrl: env.ADDRESS_LOOKUP_URL, apiKey: env.ADDRESS_LOOKUP_API_KEY });
  }
  return localAddressProvider(db);
}
