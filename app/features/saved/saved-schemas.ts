/**
 * Saved properties and saved searches (spec points 3, 4, 7 and 9): the shapes and messages shared by the browser
 * and the server. The saved-item constant 200 of point 9 caps both lists per person.
 */
import { z } from 'zod';
import type { AlertFrequency as StoredAlertFrequency } from '../../../db/schema/accounts.ts';

export { SAVED_ITEM_LIMIT, SAVED_PROPERTIES_LIMIT_MESSAGE, SAVED_SEARCHES_LIMIT_MESSAGE } from './saved-messages.ts';

/** The same values as the saved_searches.alert_frequency column (kept here so the browser bundle has no DB code). */
export const alertFrequencies = ['I', 'W', 'M', 'N'] as const satisfies readonly StoredAlertFrequency[];
export type AlertFrequency = (typeof alertFrequencies)[number];

export const SIGN_IN_REQUIRED_MESSAGE = 'Please sign in to keep saved properties and searches in your account.';
export const SAVED_SEARCH_REMOVED_MESSAGE = 'Saved search removed';
export const ALERT_FREQUENCY_UPDATED_MESSAGE = 'Email alert frequency updated.';
export const NOT_FOUND_MESSAGE = 'Not found.';

export const ALERT_FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  I: 'Immediately',
  W: 'Weekly',
  M: 'Monthly',
  N: 'Never',
};

const MAX_DATABASE_ID = 2_147_483_647;

export const idSchema = z.coerce
  .number({ error: 'Not found.' })
  .int({ error: 'Not found.' })
  .min(1, { error: 'Not found.' })
  .max(MAX_DATABASE_ID, { error: 'Not found.' });

/** `property_ids` of POST /saved_properties.ljson: a comma string ("12,15"); duplicates collapse, order is kept. */
export const propertyIdsSchema = z
  .string({ error: 'property_ids must be a comma-separated list of property ids.' })
  .max(5_000, { error: 'property_ids must be a comma-separated list of property ids.' })
  .transform((value, ctx) => {
    const parts = value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    const ids: number[] = [];
    for (const part of parts) {
      const id = /^\d{1,10}$/.test(part) ? Number(part) : NaN;
      if (!Number.isInteger(id) || id < 1 || id > MAX_DATABASE_ID) {
        ctx.addIssue({ code: 'custom', message: 'property_ids must be a comma-separated list of property ids.' });
        return z.NEVER;
      }
      if (!ids.includes(id)) ids.push(id);
    }
    if (ids.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'property_ids must be a comma-separated list of property ids.' });
      return z.NEVER;
    }
    return ids;
  });

export const alertFrequencySchema = z.enum(alertFrequencies, {
  error: 'Alert frequency must be I (immediately), W (weekly), M (monthly) or N (never).',
});

/** POST /saved_searches?{fields} with _method=put. */
export const savedSearchUpdateSchema = z.object({
  search_id: idSchema,
  alert_frequency: alertFrequencySchema,
});

/** One saved search as the calls return it: the Search fields plus search_id and alert_frequency (spec point 3). */
export type SavedSearchView = Record<string, unknown> & {
  search_id: number;
  alert_frequency: AlertFrequency;
  search_url: string;
  description: string;
  created_at: string;
};
