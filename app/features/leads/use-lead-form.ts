/**
 * The lead forms' hook on the one form layer (useSchemaForm), the summary's order of errors, and the analytics
 * event pushed after a submission.
 */
import { useState } from 'react';
import type { z } from 'zod';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import { formPayload, type FormResult } from '../../lib/http/form-submission.ts';
import type { FieldErrors } from './lead-schemas.ts';

export type LeadVariant = 'viewing' | 'contact';

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/** The form-submission analytics event (spec point 4), only when the site's analytics has set up a data layer. */
export function pushFormSubmissionEvent(formName: string, details: Record<string, unknown> = {}): void {
  if (typeof window === 'undefined' || !Array.isArray(window.dataLayer)) return;
  window.dataLayer.push({ event: 'form_submission', formName, ...details });
}

function entriesOf(formData: FormData): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const [key, value] of formData.entries()) {
    if (typeof value === 'string') entries[key] = value;
  }
  return entries;
}

/** What a post without JavaScript left in the session (errors by schema key), as Conform's last result. */
function sessionResult(errors: FieldErrors | undefined): FormResult | null {
  const error: Record<string, string[]> = {};
  for (const [key, message] of Object.entries(errors ?? {})) if (message) error[key === 'form' ? '' : key] = [message];
  return Object.keys(error).length > 0 ? { status: 'error', initialValue: {}, error } : null;
}

/**
 * The lead forms on the shared form hook. Their Rails-style names (`lead_client[first_name]`) are read into the
 * schema's keys the way the server reads them, so errors are keyed like the server's 422 answer (`first_name`).
 */
export function useLeadForm<Schema extends z.ZodType>(options: {
  id: string;
  schema: Schema;
  /** The schema's input from the form's entries, as the server builds it. */
  toInput: (entries: Record<string, string>) => Record<string, unknown>;
  /** Errors kept in the session by a post without JavaScript. */
  initialErrors?: FieldErrors;
  onValid: (entries: Record<string, string>) => Promise<void>;
}) {
  const [lastResult] = useState(() => sessionResult(options.initialErrors));
  const form = useSchemaForm({
    id: options.id,
    schema: options.schema,
    toPayload: (formData) => formPayload(options.toInput(entriesOf(formData))),
    lastResult,
    onValid: ({ fields }) => options.onValid(fields),
  });
  const errors: FieldErrors = {};
  for (const { field, message } of form.errors) errors[field] ??= message;
  return {
    ...form,
    errors,
    /** The server's 422 answer (messages by schema key) shown through the form. */
    showFieldErrors(found: FieldErrors) {
      form.showErrors(Object.entries(found).flatMap(([field, message]) => (message ? [{ field, message }] : [])));
    },
  };
}

/** Errors for the summary, in the order of the form, linked to their fields. */
export function summaryErrors(
  errors: FieldErrors,
  order: readonly string[],
  nameOf: (key: string) => string,
): { field: string; message: string }[] {
  return order.flatMap((key) => {
    const message = errors[key];
    return message ? [{ field: nameOf(key), message }] : [];
  });
}
