/**
 * Answers to a form posted without JavaScript (docs/decisions/012): the page again with the errors and the
 * visitor's answers (422), or a 303 redirect once it succeeded.
 */
import { data } from 'react-router';
import { echoableValues, type FieldError, type FormReply } from './form-reply.ts';

const NO_STORE = { 'Cache-Control': 'no-store' } as const;

export function replyWithErrors(errors: FieldError[], fields: Record<string, unknown>, status = 422) {
  return data(
    { formReply: { errors, values: echoableValues(fields) } satisfies FormReply },
    { status, headers: NO_STORE },
  );
}

export function replyDone(fields: Record<string, unknown> = {}) {
  return data(
    { formReply: { errors: [], values: echoableValues(fields), isDone: true } satisfies FormReply },
    {
      headers: NO_STORE,
    },
  );
}

export function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, ...NO_STORE } });
}
