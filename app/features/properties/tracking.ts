/**
 * Views and exposures (spec point 7: POST /property_views and POST {exposures host}/create_many). The schemas
 * take the fields of a JSON or form-encoded body as the request layer reads them (repeated `property_ids[]` form
 * fields arrive as a list); the browser side sends after the page has loaded, with keepalive, so
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
