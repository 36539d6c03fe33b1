import type { Route } from './+types/address-lookup';
import { answerAddressLookup } from '../../features/address/address-lookup.server.ts';
import { addressProviderFromEnv } from '../../features/address/address-provider.server.ts';
import { getDb } from '../../lib/db.server.ts';

/** GET /address_lookup?autocomplete={text} and ?id={id} (spec point 7). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = getDb();
  return answerAddressLookup({
    db,
    url: new URL(request.url),
    clientIp: context.clientIp,
    provider: addressProviderFromEnv(db),
    logger: context.logger,
  });
}
