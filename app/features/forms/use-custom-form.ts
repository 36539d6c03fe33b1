/**
 * A custom form's state and its script path, on the shared form hook: the definition's schema checks the answers
 * (with the chosen file's size), the bot check runs, and the same fields go to POST /form_submissions with fetch
 * so the server's errors show next to the fields without losing the answers.
 */
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import { showToast } from '../../components/toast.tsx';
import type { FormResult } from '../../lib/http/form-submission.ts';
import { fetchWithCsrf } from '../../lib/http/csrf-fetch.ts';
import { type BotCheckConfig, FORM_HONEYPOT_FIELD, useBotCheck } from '../spam/index.ts';
import {
  answersPayload,
  answersSchema,
  FILE_TOO_LARGE_MESSAGE,
  fileElementOf,
  FORM_FAILED_MESSAGE,
  FORM_ID_FIELD,
  MAX_UPLOAD_BYTES,
  REDIRECT_FIELD,
  submissionFieldName,
  SUCCESS_FLASH_KEY,
  type CustomFormView,
  type FieldErrors,
  type FileState,
} from './custom-form.ts';
import { ownEntry } from '../../lib/own-entry.ts';

type SubmitResponse = { ok: boolean; redirectTo?: string; message?: string; errors?: FieldErrors };

function fileStateOf(formElement: HTMLFormElement | null, fieldName: string | undefined): FileState {
  if (!formElement || !fieldName) return 'missing';
  const input = formElement.elements.namedItem(submissionFieldName(fieldName));
  const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined;
  if (!file) return 'missing';
  return file.size > MAX_UPLOAD_BYTES ? { error: FILE_TOO_LARGE_MESSAGE } : 'present';
}

/** The token and the other control fields first: the server reads them before any file. */
function submissionBody(formElement: HTMLFormElement, proof: Record<string, string>): FormData {
  const body = new FormData();
  const original = new FormData(formElement);
  for (const name of ['authenticity_token', FORM_ID_FIELD, REDIRECT_FIELD, FORM_HONEYPOT_FIELD]) {
    body.append(name, String(original.get(name) ?? ''));
  }
  for (const [name, value] of Object.entries(proof)) body.append(name, value);
  for (const [name, value] of original) if (!body.has(name)) body.append(name, value);
  return body;
}

function goTo(target: string): void {
  const [path] = target.split('#');
  if (path === window.location.pathname + window.location.search) {
    window.location.hash = target.slice(target.indexOf('#') + 1);
  } else {
    window.location.assign(target);
  }
}

export function useCustomForm(form: CustomFormView, botCheckConfig: BotCheckConfig, lastResult: FormResult | null) {
  const location = useLocation();
  const botCheck = useBotCheck(botCheckConfig);
  const fileElement = fileElementOf(form.formElements);
  const [formError, setFormError] = useState<string | null>(null);
  const [isSent, setSent] = useState(false);
  /**
   * Bumped to empty the form after a submission: the form is drawn again rather than reset, since Conform's
   * reset reads every field name as a path and form_submission[…] names are not paths it accepts.
   */
  const [generation, setGeneration] = useState(0);
  /** A file refused when chosen: shown next to its field only, not in the summary. */
  const [fileError, setFileError] = useState<string | null>(null);
  const formId = form.htmlFormId || `custom-form-${form.id}`;

  const schemaForm = useSchemaForm({
    id: formId,
    schema: answersSchema(form.formElements, {
      fileState: () =>
        fileStateOf(
          typeof document === 'undefined' ? null : (document.forms.namedItem(formId) as HTMLFormElement | null),
          fileElement?.fieldName,
        ),
    }),
    toPayload: (formData) => answersPayload(formData.entries()),
    lastResult,
    async onValid({ formElement }) {
      setFormError(null);
      try {
        const proof = await botCheck.solve();
        const body = submissionBody(formElement, proof);
        const response = await fetchWithCsrf('/form_submissions', String(body.get('authenticity_token')), (token) => {
          body.set('authenticity_token', token);
          return { method: 'POST', body, headers: { Accept: 'application/json' } };
        });
        const result = (await response.json().catch(() => ({ ok: false }))) as SubmitResponse;
        if (response.ok && result.ok) {
          setSent(true);
          setGeneration((count) => count + 1);
          goTo(result.redirectTo ?? `${location.pathname}#flash/${SUCCESS_FLASH_KEY}`);
          return;
        }
        botCheck.reset();
        const fieldErrors = result.errors ?? {};
        const hasFieldErrors = form.formElements.some((field) => ownEntry(fieldErrors, field.fieldName));
        schemaForm.showErrors(
          Object.entries(fieldErrors).flatMap(([field, message]) => (message ? [{ field, message }] : [])),
        );
        const message = hasFieldErrors ? FORM_FAILED_MESSAGE : (result.message ?? FORM_FAILED_MESSAGE);
        setFormError(hasFieldErrors ? null : message);
        showToast(message, { kind: 'error' });
      } catch {
        botCheck.reset();
        setFormError(FORM_FAILED_MESSAGE);
        showToast(FORM_FAILED_MESSAGE, { kind: 'error' });
      }
    },
  });

  const errorOf = (fieldName: string): string | null =>
    schemaForm.errorFor(fieldName) ?? (fieldName === fileElement?.fieldName ? fileError : null);
  // The summary names each field: '{friendly name}: {message}', linked to the field.
  const summary = form.formElements.flatMap((field) => {
    const message = schemaForm.errorFor(field.fieldName);
    return message
      ? [{ field: submissionFieldName(field.fieldName), message: `${field.friendlyName}: ${message}` }]
      : [];
  });
  // A refusal of the whole form (the bot check) from a post without JavaScript.
  const refusal = schemaForm.errorFor('form') ?? formError;

  return { schemaForm, botCheck, summary, errorOf, refusal, isSent, setFileError, generation };
}
