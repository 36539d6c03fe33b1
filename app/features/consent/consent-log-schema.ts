import { z } from 'zod';
import { consentStatuses } from './consent.ts';

/** The body of POST /ajax-events/logs. Kept apart from consent.ts so the page's script does not pull in zod. */
export const consentLogSchema = z.object({
  status: z.enum(consentStatuses),
  /** The page the choice was made on, for the log. */
  path: z
    .string()
    .max(500)
    .regex(/^\/[^\s]*$/)
    .optional()
    .catch(undefined),
});
