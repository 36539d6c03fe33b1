import type { Database } from '../../lib/db.server.ts';
import { isRateLimited, limit, rateLimitedResponse } from '../../lib/rate-limit.server.ts';
import { ADDRESS_NOT_FOUND_MESSAGE, MIN_LOOKUP_CHARACTERS, normaliseLookupText } from './address-lookup.ts';
import { AddressProviderError, type AddressProvider } from './address-provider.server.ts';

const ADDRESS_LOOKUP_FAILED_MESSAGE =
  'The address search is not available just now. Please enter the address yourself.';

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'private, no-store', ...headers } });

/**
 * GET /address_lookup (spec point 7): `?autocomplete=` → `{ suggestions: [{ address, id }] }`, `?id=` → the address
 * detail, 404 when unknown. Rate-limited per IP ('addressLookup'): a paid provider is charged per call.
 */
export async function answerAddressLookup(args: {
  db: Database;
  url: URL;
  clientIp: string;
  provider: AddressProvider;
  logger?: { warn: (details: object, message: string) => void };
}): Promise<Response> {
  const { db, url, clientIp, provider } = args;
  const id = url.searchParams.get('id');
  const autocomplete = url.searchParams.get('autocomplete');
  if (id === null && autocomplete === null) {
    return json({ error: 'Send autocomplete or id.' }, 400);
  }

  try {
    await limit(db, 'addressLookup', clientIp);
  } catch (error) {
    if (isRateLimited(error)) return rateLimitedResponse(error, { json: true });
    throw error;
  }

  try {
    if (id !== null) {
      if (!/^[A-Za-z0-9_=:+/.-]{1,200}$/.test(id)) return json({ error: ADDRESS_NOT_FOUND_MESSAGE }, 404);
      const address = await provider.getAddress(id);
      return address ? json(address) : json({ error: ADDRESS_NOT_FOUND_MESSAGE }, 404);
    }
    const text = normaliseLookupText(autocomplete ?? '');
    if (text.length < MIN_LOOKUP_CHARACTERS) return json({ suggestions: [] });
    return json({ suggestions: await provider.autocomplete(text) });
  } catch (error) {
    if (!(error instanceof AddressProviderError)) throw error;
    args.logger?.warn({ err: error, provider: provider.name }, 'address lookup failed');
    return json({ error: ADDRESS_LOOKUP_FAILED_MESSAGE }, 503);
  }
}
