/**
 * Answers to a form posted without JavaScript (docs/decisions/012): the page again with Conform's result (the
 * errors and the answers minus secrets, 422), the page's own confirmation, or a 303 redirect.
 */
import { data } from 'react-router';
import {
  formPayload,
  parseForm,
  replyTo,
  type FieldError,
  type FormReply,
  type FormSubmission,
} from './form-submission.ts';
import type { z } from 'zod';

const NO_STORE = { 'Cache-Control': 'no-store' } as const;

/** Parses fields read by the request layer with the form's schema, as the browser's hook does. */
export function parseFields<Schema extends z.ZodType>(fields: Record<string, unknown>, schema: Schema) {
  return parseForm(formPayload(fields), schema);
}

/** The page again with the submission's errors (and any the server adds), nothing secret echoed. */
export function replyInvalid(submission: FormSubmission, errors: readonly FieldError[] = [], status = 422) {
  return data({ formResult: replyTo(submission, errors) } satisfies FormReply, { status, headers: NO_STORE });
}

/** The post succeeded and the page shows its own confirmation. */
export function replyDone() {
  return data({ formResult: null, isDone: true } satisfies FormReply, { headers: NO_STORE });
}

export function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, ...NO_STORE } });
}
