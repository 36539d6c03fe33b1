/**
 * The form layer's pure helpers (docs/decisions/012), shared by the browser hook (app/components/form) and the
 * route actions: Conform's `parseWithZod` with the form's own zod schema, and the conversions between Conform's
 * error record and the { field, message } list the GOV.UK error summary shows.
 */
import { parseWithZod } from '@conform-to/zod/v4';
import type { Submission, SubmissionResult } from '@conform-to/react';
import type { z } from 'zod';
import type { $ZodIssue } from 'zod/v4/core';
// Every form checked in the browser comes through here, so zod's fallback message is set before the first check.
import '../validation-messages.ts';
import { fieldRecord } from './request-body.ts';

/** One problem with a submitted form: the field's name (or 'form' for the whole form) and the message. */
export type FieldError = { field: string; message: string };

export type FormSubmission<Output = unknown> = Submission<Record<string, unknown>, string[], Output>;
export type FormResult = SubmissionResult<string[]>;

/** Conform keeps whole-form errors under the empty name; the summary and the pages call them 'form'. */
const FORM_KEY = 'form';

/** Passwords, tokens and bot-check proofs: never rendered back into a page. */
const SECRET_FIELD = /password|token|altcha|recaptcha|^_method$/i;

/**
 * The schema's verdict on a posted form. The values stay the strings the browser sent (no automatic coercion):
 * the schemas are written for form strings, so the messages are the spec's whatever the input. One message per
 * field, the first the schema reports, as the summary lists it.
 */
export function parseForm<Schema extends z.ZodType>(
  payload: FormData | URLSearchParams,
  schema: Schema,
): FormSubmission<z.output<Schema>> {
  return parseWithZod(payload, {
    schema,
    disableAutoCoercion: true,
    formatError: (issues: readonly $ZodIssue[]) => issues.slice(0, 1).map((issue) => issue.message),
  }) as FormSubmission<z.output<Schema>>;
}

/** Fields read by the request layer (a record of strings and string lists) as the payload Conform parses. */
export function formPayload(fields: Record<string, unknown>): URLSearchParams {
  const payload = new URLSearchParams();
  const text = (item: unknown): string | null =>
    typeof item === 'string' ? item : typeof item === 'number' || typeof item === 'boolean' ? String(item) : null;
  for (const [name, value] of Object.entries(fields)) {
    if (!Array.isArray(value)) {
      const item = text(value);
      if (item !== null) payload.append(name, item);
      continue;
    }
    // A list keeps its items' places (`name[0]`, `name[1]`): a list of one is still a list to Conform, where a name
    // given once would be read as a single value.
    value.forEach((entry, index) => {
      const item = text(entry);
      if (item !== null) payload.append(`${name}[${index}]`, item);
    });
  }
  return payload;
}

/** The names in a submission's payload that must not be echoed back (nested names included). */
export function secretFieldNames(payload: unknown, prefix = ''): string[] {
  if (!payload || typeof payload !== 'object') return [];
  const names: string[] = [];
  for (const [key, value] of Object.entries(payload)) {
    const name = Array.isArray(payload) ? `${prefix}[${key}]` : prefix ? `${prefix}.${key}` : key;
    if (SECRET_FIELD.test(key)) names.push(name);
    else names.push(...secretFieldNames(value, name));
  }
  return names;
}

/** A { field, message } list as Conform's reply options (whole-form errors under `formErrors`). */
function replyErrors(errors: readonly FieldError[]): {
  formErrors: string[];
  fieldErrors: Record<string, string[]>;
} {
  const formErrors: string[] = [];
  const fieldErrors = fieldRecord<string[]>();
  for (const { field, message } of errors) {
    if (field === FORM_KEY) formErrors.push(message);
    else (fieldErrors[field] ??= []).push(message);
  }
  return { formErrors, fieldErrors };
}

/**
 * The answer to a submission: its errors (the schema's, plus any the caller adds, e.g. the server's refusal)
 * and the submitted values minus every secret.
 */
export function replyTo(submission: FormSubmission, errors: readonly FieldError[] = []): FormResult {
  return submission.reply({
    ...(errors.length > 0 ? replyErrors(errors) : {}),
    hideFields: secretFieldNames(submission.payload),
  });
}

/** Conform's error record as the summary's list: whole-form errors first, then each field's messages. */
export function errorList(
  error: Record<string, readonly string[] | null | undefined> | null | undefined,
): FieldError[] {
  if (!error) return [];
  const list: FieldError[] = [];
  for (const message of error[''] ?? []) list.push({ field: FORM_KEY, message });
  for (const [name, messages] of Object.entries(error)) {
    if (name === '') continue;
    for (const message of messages ?? []) list.push({ field: name, message });
  }
  return list;
}

/** The submitted values a result carries, as the strings a field shows again. */
export function resultValues(result: FormResult | null | undefined): Record<string, string> {
  // Without a prototype: a form reads its own field names here, which staff may have named 'constructor'.
  const values = fieldRecord<string>();
  for (const [name, value] of Object.entries(result?.initialValue ?? {})) {
    if (typeof value === 'string') values[name] = value;
  }
  return values;
}

/** What a route action answered to a form posted without JavaScript, read from its action data. */
export type FormReply = { formResult?: FormResult | null; isDone?: boolean };

export function formReplyOf(actionData: unknown): { result: FormResult | null; isDone: boolean } {
  if (!actionData || typeof actionData !== 'object') return { result: null, isDone: false };
  const { formResult, isDone } = actionData as FormReply;
  return { result: formResult && typeof formResult === 'object' ? formResult : null, isDone: isDone === true };
}
