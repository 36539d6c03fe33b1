import type { z } from 'zod';
import { useFormReply, useFormState } from '../../components/form/form-parts.tsx';
import { fieldErrors } from './account-schemas.ts';

/**
 * State shared by the account forms, on the shared form helper (app/components/form): the errors shown next to
 * fields and in the summary (first those of a post made without JavaScript), the values that post sent back, a
 * pending flag with a guard against double submission, and the GOV.UK "Error: " title prefix.
 */
export function useAccountForm() {
  const reply = useFormReply();
  const state = useFormState(reply?.errors ?? []);
  return {
    ...state,
    /** What a post without JavaScript sent, to put back in the fields (never a password). */
    values: reply?.values ?? {},
    isDone: reply?.isDone ?? false,
    /** Runs the shared schema; shows its errors and answers null when the input is not valid. */
    check<T>(schema: z.ZodType<T>, fields: Record<string, unknown>): T | null {
      const parsed = schema.safeParse(fields);
      if (parsed.success) {
        state.setErrors([]);
        return parsed.data;
      }
      state.setErrors(fieldErrors(parsed.error));
      return null;
    },
  };
}

/** Where an error summary link for a whole-form problem goes. */
export const FORM_ERROR_TARGET = { form: 'account-form-start' };
