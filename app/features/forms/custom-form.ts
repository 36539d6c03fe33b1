/**
 * Custom forms (spec points 3, 4, 5 and 7): a form definition from the database rendered as a page and posted to
 * POST /form_submissions. Shared by the browser and the server, so both judge a submission the same way.
 */
import { z } from 'zod';
import type { FormElement } from '../../../db/schema/leads.ts';
import { ownEntry } from '../../lib/own-entry.ts';

export type { FormElement };

/** What the page needs to render a form (no recipient address: that stays on the server). */
export type CustomFormView = {
  id: number;
  slug: string;
  title: string;
  para: string;
  gaName: string;
  submitButtonText: string;
  htmlFormId: string;
  formElements: FormElement[];
  /** Shown once the form is sent ('' for the standard thank-you). */
  thankYouText: string;
};

/** Spec point 9: max upload 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Spec point 5 messages, word for word. */
export const REQUIRED_MESSAGE = '! Please fill in this field.';
export const FILE_TOO_LARGE_MESSAGE = "File size can't be over 10mb";
export const FILE_TYPE_MESSAGE = 'The selected file must be a PDF, Word document, JPG, PNG or WebP';
export const FILE_EMPTY_MESSAGE = 'The selected file is empty';
export const EMAIL_MESSAGE = 'Please enter a valid email';
export const PHONE_MESSAGE = 'Please enter a valid phone number';
const OPTION_MESSAGE = 'Please choose one of the options';
export const TOO_LONG_MESSAGE = 'Please shorten this answer';
export const SENT_MESSAGE = 'Thank you, your form has been sent.';
export const FORM_FAILED_MESSAGE = 'Your form could not be sent. Please check your answers and try again.';

/** Longest answer a text field or textarea keeps. */
const MAX_ANSWER_LENGTH = 5000;

/** Request field names (spec point 7). */
export const FORM_ID_FIELD = 'f_id';
export const REDIRECT_FIELD = 'redirect_url';
export const TERMS_FIELD = 'marketing_preferences[opt_in_terms]';
export const SUBMISSION_DO_NOT_CONTACT_FIELD = 'form_submission[do_not_contact]';
export const LEAD_DO_NOT_CONTACT_FIELD = 'lead_client[do_not_contact]';

export function submissionFieldName(fieldName: string): string {
  return `form_submission[${fieldName}]`;
}

/** `form_submission[cv]` → `cv`; anything else → null. */
export function parseSubmissionFieldName(name: string): string | null {
  const match = /^form_submission\[([A-Za-z0-9_-]{1,80})\]$/.exec(name);
  return match?.[1] ?? null;
}

export const SUCCESS_FLASH_KEY = 'form-submission-sent';
export const FILE_ERROR_FLASH_KEY = 'file-upload-error';
export const VALIDATION_ERROR_FLASH_KEY = 'lead-sending-error-validation';

/** The one file field of a form, if it has one (spec point 3: a custom form has at most one file upload). */
export function fileElementOf(elements: readonly FormElement[]): FormElement | undefined {
  return elements.find((element) => element.inputType === 'file');
}

/** Fields the visitor fills in (hidden and disabled ones carry fixed values). */
function isAnswerable(element: FormElement): boolean {
  return !element.hidden && !element.disabled;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^[0-9+()\-.\s]{6,20}$/;

export type FieldErrors = Record<string, string>;

/**
 * The answers' problems, keyed by fieldName. `fileState` describes the file field: 'missing' (nothing chosen),
 * 'present', or an error message found while receiving it.
 */
export function validateAnswers(
  elements: readonly FormElement[],
  answers: Readonly<Record<string, string>>,
  fileState: 'missing' | 'present' | { error: string } = 'missing',
  requiredMessage: (element: FormElement) => string = () => REQUIRED_MESSAGE,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const element of elements) {
    if (!isAnswerable(element)) continue;
    if (element.inputType === 'file') {
      if (typeof fileState === 'object') errors[element.fieldName] = fileState.error;
      else if (fileState === 'missing' && element.required) errors[element.fieldName] = requiredMessage(element);
      continue;
    }
    const value = (ownEntry(answers, element.fieldName) ?? '').trim();
    if (element.inputType === 'checkbox') {
      if (element.required && value === '') errors[element.fieldName] = requiredMessage(element);
      continue;
    }
    if (value === '') {
      if (element.required) errors[element.fieldName] = requiredMessage(element);
      continue;
    }
    if (value.length > MAX_ANSWER_LENGTH) errors[element.fieldName] = TOO_LONG_MESSAGE;
    else if (element.inputType === 'email' && !EMAIL_PATTERN.test(value)) errors[element.fieldName] = EMAIL_MESSAGE;
    else if (element.inputType === 'tel' && (!PHONE_PATTERN.test(value) || value.replace(/\D/g, '').length < 6)) {
      errors[element.fieldName] = PHONE_MESSAGE;
    } else if (element.inputType === 'select' && element.options && !element.options.includes(value)) {
      errors[element.fieldName] = OPTION_MESSAGE;
    }
  }
  return errors;
}

export type FileState = 'missing' | 'present' | { error: string };

/** The string answers of a parsed payload. */
function stringAnswers(answers: Readonly<Record<string, unknown>>): Record<string, string> {
  const strings: Record<string, string> = {};
  for (const [name, value] of Object.entries(answers)) if (typeof value === 'string') strings[name] = value;
  return strings;
}

/**
 * The form's one schema, built from its definition, for the browser and the server alike (through Conform's
 * `parseWithZod`): each answer keyed by its fieldName, judged by `validateAnswers`. `extraErrors` adds rules of
 * a particular form (the new-homes terms box).
 */
export function answersSchema(
  elements: readonly FormElement[],
  options: {
    fileState?: FileState | (() => FileState);
    requiredMessage?: (element: FormElement) => string;
    extraErrors?: (answers: Readonly<Record<string, unknown>>) => FieldErrors;
  } = {},
) {
  return z.record(z.string(), z.unknown()).superRefine((answers, context) => {
    const fileState = typeof options.fileState === 'function' ? options.fileState() : options.fileState;
    const errors = {
      ...validateAnswers(elements, stringAnswers(answers), fileState ?? 'missing', options.requiredMessage),
      ...options.extraErrors?.(answers),
    };
    for (const [field, message] of Object.entries(errors)) context.addIssue({ code: 'custom', path: [field], message });
  });
}

/**
 * The answers under their fieldNames: Conform reads `a[b]` names as paths it refuses, so the form_submission[…]
 * fields are renamed as the server reads them. `extra` maps other posted names to a key (e.g. the terms box).
 */
export function answersPayload(
  entries: Iterable<readonly [string, unknown]>,
  extra: Readonly<Record<string, string>> = {},
): URLSearchParams {
  const payload = new URLSearchParams();
  for (const [name, value] of entries) {
    const key = parseSubmissionFieldName(name) ?? ownEntry(extra, name);
    if (key && typeof value === 'string') payload.append(key, value);
  }
  return payload;
}

/** The answers to keep: each defined field's trimmed value; hidden/disabled fields keep their configured value. */
export function answersToStore(
  elements: readonly FormElement[],
  answers: Readonly<Record<string, string>>,
): Record<string, string> {
  const stored: Record<string, string> = {};
  for (const element of elements) {
    if (element.inputType === 'file') continue;
    const value = isAnswerable(element) ? (ownEntry(answers, element.fieldName) ?? '') : (element.value ?? '');
    stored[element.fieldName] = value.trim().slice(0, MAX_ANSWER_LENGTH);
  }
  return stored;
}

/** Only a path on this site is followed after a submission (the one redirect check, app/lib/safe-redirect.ts). */
export { safeRedirectPath } from '../../lib/safe-redirect.ts';

/** Client-side check of a chosen file (spec point 5): over 10 MB → the message, and the selection is cleared. */
export function clientFileError(file: { size: number } | null | undefined): string | null {
  if (!file) return null;
  return file.size > MAX_UPLOAD_BYTES ? FILE_TOO_LARGE_MESSAGE : null;
}
