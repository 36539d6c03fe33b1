/**
 * No zod default text ever reaches a visitor: every public schema, fed malformed values of every shape, answers
 * only with its own messages (spec point 5) or the fallback of app/lib/validation-messages.ts.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FALLBACK_FIELD_MESSAGE } from '../../app/lib/validation-messages.ts';
import {
  forgottenPasswordSchema,
  marketingPreferencesSchema,
  profileSchema,
  registrationSchema,
  resetPasswordSchema,
  signInSchema,
} from '../../app/features/account/account-schemas.ts';
import { consentLogSchema } from '../../app/features/consent/consent-log-schema.ts';
import { contactLeadSchema, sendToFriendSchema, viewingLeadSchema } from '../../app/features/leads/lead-schemas.ts';
import { exposuresSchema, propertyViewSchema } from '../../app/features/properties/tracking.ts';
import {
  alertFrequencySchema,
  idSchema,
  propertyIdsSchema,
  savedSearchUpdateSchema,
} from '../../app/features/saved/saved-schemas.ts';
import {
  valuationConfirmSchema,
  valuationDetailsSchema,
  valuationLeadSchema,
} from '../../app/features/valuation/valuation-schema.ts';

/** zod's English (locales/en): none of these may be shown to a visitor. */
const ZOD_DEFAULT_TEXT =
  /Invalid input|Invalid (string|email|enum|option|type|key|element|union|date|number)|Expected|Required|Too (small|big)|received|Unrecognized key|Invalid$/;

const SCHEMAS: Record<string, z.ZodType> = {
  registrationSchema,
  signInSchema,
  profileSchema,
  resetPasswordSchema,
  forgottenPasswordSchema,
  marketingPreferencesSchema,
  consentLogSchema,
  viewingLeadSchema,
  contactLeadSchema,
  sendToFriendSchema,
  propertyViewSchema,
  exposuresSchema,
  idSchema,
  propertyIdsSchema,
  alertFrequencySchema,
  savedSearchUpdateSchema,
  valuationDetailsSchema,
  valuationConfirmSchema,
  valuationLeadSchema: valuationLeadSchema(),
};

/** Values of every shape a hand-made request can carry. */
const ODD_VALUES: unknown[] = [
  undefined,
  null,
  '',
  '   ',
  'x'.repeat(5000),
  0,
  -1,
  1.5,
  Number.NaN,
  true,
  [],
  ['a', 'b'],
  {},
  { nested: { deeper: 1 } },
  '<script>',
];

/** The keys a schema reads, found from its object shape (or those of the objects inside it). */
function keysOf(schema: z.ZodType): string[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { properties?: Record<string, unknown> }>;
  };
  return Object.keys(json.properties ?? {});
}

function nestedKeysOf(schema: z.ZodType, key: string): string[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { properties?: Record<string, unknown> }>;
  };
  return Object.keys(json.properties?.[key]?.properties ?? {});
}

/** Every malformed input tried on a schema: whole-value oddities, and each field (and nested field) set to each. */
function malformedInputs(schema: z.ZodType): unknown[] {
  const inputs: unknown[] = [...ODD_VALUES];
  for (const key of keysOf(schema)) {
    for (const value of ODD_VALUES) inputs.push({ [key]: value });
    for (const nested of nestedKeysOf(schema, key)) {
      for (const value of ODD_VALUES) inputs.push({ [key]: { [nested]: value } });
    }
  }
  return inputs;
}

describe('visitor-facing validation messages', () => {
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    it(`${name} never answers with zod's default text`, () => {
      const leaks = new Set<string>();
      let failures = 0;
      for (const input of malformedInputs(schema)) {
        const result = schema.safeParse(input);
        if (result.success) continue;
        failures += 1;
        for (const issue of result.error.issues) {
          if (issue.message === '' || ZOD_DEFAULT_TEXT.test(issue.message)) {
            leaks.add(`${issue.path.join('.')}: ${issue.message}`);
          }
        }
      }
      expect(failures).toBeGreaterThan(0);
      expect([...leaks]).toEqual([]);
    });
  }

  it('answers an issue that no rule names with the fallback message', () => {
    const result = z.object({ name: z.string(), count: z.number().min(1) }).safeParse({ name: 3, count: 0 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      FALLBACK_FIELD_MESSAGE,
      FALLBACK_FIELD_MESSAGE,
    ]);
  });
});
