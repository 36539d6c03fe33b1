/**
 * zod's own English ('Invalid input', 'Expected string, received undefined', 'Too small: …') is written for
 * developers. Every visitor-facing rule names its message (spec point 5), but a rule can miss a case (a field sent
 * as an array, a missing object), so the fallback for any issue without a message is a plain one. Set once for the
 * process (server) or page (browser): importing this module configures zod. Parses read by developers or
 * operators (the environment check) pass DEVELOPER_MESSAGES to keep zod's detail.
 */
import { z } from 'zod';

export const FALLBACK_FIELD_MESSAGE = 'Please enter a valid value';

/** zod's default English messages, for a parse whose reader is a developer: `schema.safeParse(x, DEVELOPER_MESSAGES)`. */
export const DEVELOPER_MESSAGES = { error: z.locales.en().localeError };

z.config({ customError: () => FALLBACK_FIELD_MESSAGE });
