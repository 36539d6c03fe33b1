import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { FieldError } from '../../components/form-fields.tsx';
import { fieldErrors } from './account-schemas.ts';

/**
 * State shared by the account forms: the errors shown next to fields and in the summary, a pending flag, and the
 * GOV.UK "Error: " prefix on the page title while errors show.
 */
export function useAccountForm() {
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [isPending, setPending] = useState(false);
  const hasErrors = errors.length > 0;
  useEffect(() => {
    if (!hasErrors || document.title.startsWith('Error: ')) return;
    document.title = `Error: ${document.title}`;
    return () => {
      document.title = document.title.replace(/^Error: /, '');
    };
  }, [hasErrors]);
  return {
    errors,
    setErrors,
    isPending,
    setPending,
    errorFor: (field: string) => errors.find((error) => error.field === field)?.message,
    /** Runs the shared schema; shows its errors and answers null when the input is not valid. */
    check<T>(schema: z.ZodType<T>, fields: Record<string, unknown>): T | null {
      const parsed = schema.safeParse(fields);
      if (parsed.success) {
        setErrors([]);
        return parsed.data;
      }
      setErrors(fieldErrors(parsed.error));
      return null;
    },
  };
}

/** Where an error summary link for a whole-form problem goes. */
export const FORM_ERROR_TARGET = { form: 'account-form-start' };
