/**
 * What every write to a listing does besides the write itself, shared by the import pipeline and the back office's
 * listing editor so a listing changes the same way whoever changes it: asking-price and status changes appended to
 * the listing's histories (in SQL, so histories are never read into memory), the public pages that show it dropped
 * from the shared page cache, and the alert job run for new listings and price or status changes.
 */
import { sql, type SQL } from 'drizzle-orm';
import { properties, type PriceChange, type PropertyStatus, type StatusChange } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { announcePageChange } from '../../lib/page-cache-bus.server.ts';
import { alertOrigin, matchNewListings, runAlertJobIfDue } from '../alerts/index.server.ts';
import { getEnv } from '../../lib/env.server.ts';

/** The history columns to set when a listing's price or status moves on `today` (yyyy-mm-dd); empty when neither did. */
export function historyAppends(
  before: { priceValue: number | null; status: string },
  after: { priceValue: number | null; status: PropertyStatus },
  today: string,
): { priceHistory?: SQL; statusHistory?: SQL } {
  const priceChange: PriceChange[] =
    after.priceValue !== null && after.priceValue !== before.priceValue
      ? [{ date: today, price: after.priceValue }]
      : [];
  const statusChange: StatusChange[] = after.status !== before.status ? [{ date: today, status: after.status }] : [];
  return {
    ...(priceChange.length > 0
      ? { priceHistory: sql`${properties.priceHistory} || ${JSON.stringify(priceChange)}::jsonb` }
      : {}),
    ...(statusChange.length > 0
      ? { statusHistory: sql`${properties.statusHistory} || ${JSON.stringify(statusChange)}::jsonb` }
      : {}),
  };
}

/** After the commit: every page showing these listings (and the lists of listings) is rendered afresh. */
export function announceListingChanges(db: Database, slugs: Iterable<string>): void {
  const tags = [...new Set(slugs)].map((slug) => `listing:${slug}`);
  if (tags.length > 0) announcePageChange(db, ['listings', ...tags]);
}

/**
 * After the commit: listings launched from `launchedSince` are matched against saved searches (idempotent, so a
 * concurrent alert run that moved its watermark past them cannot make them miss), then what is due is sent, price
 * drops and status changes of saved properties included.
 */
export async function alertAfterListingChanges(
  db: Database,
  options: { launchedSince?: Date; origin?: string },
): Promise<void> {
  if (options.launchedSince) await matchNewListings(db, { since: options.launchedSince, until: new Date() });
  await runAlertJobIfDue(db, { origin: options.origin ?? alertOrigin(getEnv()), force: true });
}
