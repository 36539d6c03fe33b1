/**
 * The one form hook (docs/decisions/012), on Conform's `useForm`: the form's zod schema checks it in the browser
 * (errors shown on submit, then live as the visitor corrects them), the reply of a post made without JavaScript
 * comes back through `lastResult`, and the server's answer to a script call is shown the same way. A guard set at
 * once (a ref, not state) makes a second submit while one is pending do nothing.
 */
import { useForm } from '@conform-to/react';
import { useRef, useState, type FormEvent } from 'react';
import { useActionData } from 'react-router';
import type { z } from 'zod';
import {
  errorList,
  formReplyOf,
  parseForm,
  replyTo,
  resultValues,
  type FieldError,
  type FormResult,
  type FormSubmission,
} from '../../lib/http/form-submission.ts';
import { useErrorTitle } from './form-parts.tsx';

type ValidSubmit<Output> = {
  /** What the schema made of the answers. */
  value: Output;
  /** The submitted strings as the browser sent them (what the spec's JSON calls carry). */
  fields: Record<string, string>;
  formElement: HTMLFormElement;
};

type Options<Schema extends z.ZodType> = {
  /** The form element's id (Conform finds the form by it). */
  id: string;
  /** The same schema the route action parses with. */
  schema: Schema;
  /**
   * The script path: runs instead of the browser's post once the schema accepts the answers. Without it the
   * valid form posts to its action like a form without JavaScript.
   */
  onValid?: (submit: ValidSubmit<z.output<Schema>>) => Promise<void>;
  /**
   * For forms whose field names are Rails-style (`lead_client[first_name]`), which Conform does not read as
   * paths: the answers under the names the schema knows. Errors are then keyed by those names.
   */
  toPayload?: (formData: FormData) => URLSearchParams;
  /** The result of a post without JavaScript when it does not come as this route's action data. */
  lastResult?: FormResult | null;
};

/** The name of the hidden button Conform submits with for a live check (not a visitor's submit). */
const INTENT_NAME = '__intent__';

/**
 * The renamed answers, plus every posted name as it is: Conform keeps its own entries (the intent of a live
 * check), drops the names it cannot read as paths, but still counts them as fields of the form, so a field
 * flagged on submit is checked again as the visitor corrects it.
 */
function payloadOf(formData: FormData, toPayload: Options<z.ZodType>['toPayload']): FormData | URLSearchParams {
  if (!toPayload) return formData;
  const payload = toPayload(formData);
  for (const [name, value] of formData) {
    if (!payload.has(name)) payload.append(name, typeof value === 'string' ? value : '');
  }
  return payload;
}

function stringFields(formData: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of formData) if (typeof value === 'string') fields[name] = value;
  return fields;
}

export function useSchemaForm<Schema extends z.ZodType>(options: Options<Schema>) {
  const fromAction = formReplyOf(useActionData());
  const served = options.lastResult === undefined ? fromAction : { result: options.lastResult, isDone: false };
  return useConformForm(options, served);
}

/**
 * The same hook for a form whose no-JS result never comes as the route's action data but is handed over by its
 * owner (a flow of several forms that share one action). It reads nothing from the router, so it also renders
 * outside one.
 */
export function useSchemaFormWithResult<Schema extends z.ZodType>(
  options: Options<Schema> & { lastResult: FormResult | null },
) {
  return useConformForm(options, { result: options.lastResult, isDone: false });
}

function useConformForm<Schema extends z.ZodType>(
  { id, schema, onValid, toPayload }: Options<Schema>,
  served: { result: FormResult | null; isDone: boolean },
) {
  const [clientResult, setClientResult] = useState<FormResult | null>(null);
  const [isPending, setPending] = useState(false);
  /** Changes on every submit that shows errors, so the summary takes focus then and not while typing. */
  const [attempt, setAttempt] = useState(0);
  const isRunning = useRef(false);
  const lastSubmission = useRef<FormSubmission | null>(null);

  const [form, fields] = useForm<Record<string, unknown>, z.output<Schema>, string[]>({
    id,
    lastResult: clientResult ?? served.result,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(payloadOf(formData, toPayload), schema),
    onSubmit(event, { formData, submission }) {
      if (isRunning.current) {
        event.preventDefault();
        return;
      }
      if (!onValid) {
        // A plain post leaves the page: the guard stays set until the next page replaces this one.
        isRunning.current = true;
        setPending(true);
        return;
      }
      event.preventDefault();
      if (submission?.status !== 'success') return;
      isRunning.current = true;
      setPending(true);
      lastSubmission.current = submission as FormSubmission;
      const formElement = event.currentTarget;
      void onValid({ value: submission.value, fields: stringFields(formData), formElement }).finally(() => {
        isRunning.current = false;
        setPending(false);
      });
    },
  });

  const errors = errorList(form.allErrors);
  useErrorTitle(errors.length > 0);

  return {
    form,
    fields,
    /** Spread on the <form>: its id, Conform's submit handler and no browser-native bubbles. */
    formProps: {
      id: form.id,
      noValidate: true,
      onSubmit(event: FormEvent<HTMLFormElement>) {
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        if (submitter?.name !== INTENT_NAME) setAttempt((count) => count + 1);
        form.onSubmit(event);
      },
    },
    errors,
    /** For <ErrorSummary focusKey>: focus moves to the summary on submit, not on every keystroke. */
    focusKey: attempt,
    errorFor: (name: string): string | undefined => errors.find((error) => error.field === name)?.message,
    /** What a post without JavaScript sent, to put back in the fields (never a secret). */
    values: resultValues(clientResult ?? served.result),
    /** A post without JavaScript succeeded and the page shows its confirmation. */
    isDone: served.isDone,
    isPending,
    /** Shows the server's answer to the script call (its errors by field, or 'form' for the whole form). */
    showErrors(list: readonly FieldError[]) {
      const submission = lastSubmission.current;
      if (!submission) return;
      setAttempt((count) => count + 1);
      setClientResult(replyTo(submission, list));
    },
  };
}
