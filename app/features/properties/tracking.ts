/**
 * Views and exposures (spec point 7: POST /property_views and POST {exposures host}/create_many). The schemas
 * accept JSON or form-encoded bodies; the browser side sends after the page has loaded, with keepalive, so
 * recording never delays what the visitor sees.
 */
import { z } from 'zod';

const MAX_EXPOSURE_IDS = 200;

const propertyId = z.coerce.number().int().positive().max(2_147_483_647);
const domain = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(253)
  .regex(/^[a-z0-9.-]+(:\d{1,5})?$/, 'Give the host name the page was shown on');

export const propertyViewSchema = z.object({ property_id: propertyId, domain });
export type PropertyViewInput = z.infer<typeof propertyViewSchema>;

/** property_ids as a list or the comma-separated text the spec's other calls use. */
const propertyIds = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').filter((part) => part.trim() !== '') : value),
  z.array(propertyId).min(1).max(MAX_EXPOSURE_IDS),
);

export const exposuresSchema = z.object({
  property_ids: propertyIds,
  domain,
  event_type: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .regex(/^[a-z0-9_-]+$/i, 'Use letters, digits, hyphens or underscores'),
});
export type ExposuresInput = z.infer<typeof exposuresSchema>;

/** A JSON body as it is; a form body as an object (repeated property_ids[] fields become a list). */
export function bodyToObject(contentType: string | null, body: string): unknown {
  if ((contentType ?? '').includes('application/json')) {
    try {
      return JSON.parse(body) as unknown;
    } catch {
      return null;
    }
  }
  const params = new URLSearchParams(body);
  const result: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    const name = key.endsWith('[]') ? key.slice(0, -2) : key;
    result[name] = key.endsWith('[]') ? values : values[values.length - 1];
  }
  return result;
}
