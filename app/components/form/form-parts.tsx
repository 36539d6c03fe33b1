/**
 * The pieces every form uses (docs/decisions/012): the authenticity token as a hidden field (so the same <form>
 * posts without JavaScript), the reply of a no-JS post, the GOV.UK 'Error: ' title prefix, and a guard that
 * ignores a second submit while the first is pending.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useActionData, useRouteLoaderData } from 'react-router';
import type { FieldError } from '../form-fields.tsx';
import { formReplyOf, type FormReply } from '../../lib/http/form-reply.ts';

type RootData = { csrfToken?: string };

function useCsrfToken(): string {
  return (useRouteLoaderData('root') as RootData | undefined)?.csrfToken ?? '';
}

/** The authenticity token the server checks on every post (as a field, so a plain form post carries it). */
export function CsrfInput({ token }: { token: string }) {
  return <input type="hidden" name="authenticity_token" value={token} />;
}

/** The same, with the token of the current page (root loader data). */
export function CsrfField() {
  return <CsrfInput token={useCsrfToken()} />;
}

/** The reply to the post this page renders after, when it was a form posted without JavaScript. */
export function useFormReply(): FormReply | null {
  return formReplyOf(useActionData());
}

/** GOV.UK pattern: the page title starts with 'Error: ' while errors are shown. */
export function useErrorTitle(hasErrors: boolean): void {
  useEffect(() => {
    if (!hasErrors || document.title.startsWith('Error: ')) return;
    document.title = `Error: ${document.title}`;
    return () => {
      document.title = document.title.replace(/^Error: /, '');
    };
  }, [hasErrors]);
}

/**
 * Errors and pending state of a form whose script path sends its own call. `submit` runs the handler at most
 * once at a time: a double click, or Enter pressed twice, sends one request.
 */
export function useFormState(initialErrors: readonly FieldError[] = []) {
  const [errors, setErrors] = useState<FieldError[]>([...initialErrors]);
  const [isPending, setPending] = useState(false);
  const isRunning = useRef(false);
  useErrorTitle(errors.length > 0);
  const guard = useCallback(async (run: () => Promise<void>) => {
    if (isRunning.current) return;
    isRunning.current = true;
    setPending(true);
    try {
      await run();
    } finally {
      isRunning.current = false;
      setPending(false);
    }
  }, []);
  return {
    errors,
    setErrors,
    isPending,
    setPending,
    guard,
    errorFor: (field: string) => errors.find((error) => error.field === field)?.message,
  };
}
