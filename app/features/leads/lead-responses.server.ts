/**
 * How a lead call answers. Script clients (Accept: application/json) get a status and JSON: 200, 422 with field
 * messages, 429, 404. A plain form post (no JavaScript yet) gets a redirect: to the page with a '#flash/…' key on
 * success, or back to the form, whose loader shows the visitor's answers and the errors kept in the session.
 */
import type { AppLoadContext } from 'react-router';
import { HttpError, httpErrorResponse, methodNotAllowed } from '../../lib/http/http-error.ts';
import { rateLimitedResponse } from '../../lib/rate-limit.server.ts';
import { BOT_CHECK_FAILED_MESSAGE } from '../spam/index.ts';
import { readLeadRequest, type LeadGroups } from './lead-request.ts';
import type { FieldErrors } from './lead-schemas.ts';
import type { LeadOutcome } from './leads.server.ts';

export type LeadFormKind = 'viewing' | 'staff' | 'department' | 'send-to-friend';

/** What a form without JavaScript needs to show again after a failed post. */
export type LeadFormState = {
  form: LeadFormKind;
  values: Record<string, string>;
  errors: FieldErrors;
};

const SESSION_KEY = 'leadFormState';

function wantsJson(request: Request): boolean {
  const accept = request.headers.get('accept') ?? '';
  const contentType = request.headers.get('content-type') ?? '';
  return accept.includes('application/json') || contentType.includes('json');
}

function visibleValues(groups: LeadGroups): Record<string, string> {
  const values: Record<string, string> = {};
  const keep = (prefix: string, record: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(record)) {
      if (typeof value === 'string' && key !== 'body' && value.length <= 5000) values[`${prefix}[${key}]`] = value;
    }
  };
  keep('lead_client', groups.client);
  keep('send_to_friend', groups.sendToFriend);
  if (typeof groups.lead.message === 'string') values['lead[message]'] = groups.lead.message;
  if (groups.marketing.opt_in_terms === 'on') values.opt_in_terms = 'on';
  return values;
}

/** Read once: the form's loader takes the state for its own form and clears it. */
export async function takeLeadFormState(
  session: AppLoadContext['session'],
  form: LeadFormKind,
): Promise<LeadFormState | null> {
  const state = await session.get<LeadFormState>(SESSION_KEY);
  if (!state || state.form !== form) return null;
  await session.set(SESSION_KEY, null);
  return state;
}

const JSON_HEADERS = { 'Cache-Control': 'no-store' };

export function leadJsonResponse(outcome: LeadOutcome): Response {
  switch (outcome.status) {
    case 'accepted':
      return Response.json({ ok: true }, { status: 200, headers: JSON_HEADERS });
    case 'invalid':
      return Response.json({ errors: outcome.errors }, { status: 422, headers: JSON_HEADERS });
    case 'bot-check-failed':
      return Response.json({ errors: { form: BOT_CHECK_FAILED_MESSAGE } }, { status: 422, headers: JSON_HEADERS });
    case 'rate-limited':
      return rateLimitedResponse(outcome.error, { json: true });
    case 'not-found':
      return Response.json({ error: outcome.message }, { status: 404, headers: JSON_HEADERS });
  }
}

function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
}

/** The answer to a plain form post. */
export async function leadRedirectResponse(
  outcome: LeadOutcome,
  options: {
    form: LeadFormKind;
    groups: LeadGroups;
    session: AppLoadContext['session'];
    /** Where to go once accepted (a '#flash/…' key is added). */
    successPath: string;
    successFlash: string;
    /** The form to show again with the errors. */
    formPath: string;
    errorFlash: string;
  },
): Promise<Response> {
  switch (outcome.status) {
    case 'accepted':
      return seeOther(`${options.successPath}#flash/${options.successFlash}`);
    case 'invalid':
    case 'bot-check-failed': {
      const errors = outcome.status === 'invalid' ? outcome.errors : { form: BOT_CHECK_FAILED_MESSAGE };
      await options.session.set(SESSION_KEY, {
        form: options.form,
        values: visibleValues(options.groups),
        errors,
      } satisfies LeadFormState);
      const flash = outcome.status === 'invalid' ? options.errorFlash : 'recaptcha-invalid';
      return seeOther(`${options.formPath}#flash/${flash}`);
    }
    case 'rate-limited':
      return rateLimitedResponse(outcome.error, { json: false });
    case 'not-found':
      return new Response(outcome.message, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
}

/**
 * The start of every lead call: POST only (405 with Allow otherwise), then the body read into its field groups by
 * the request layer. An unreadable body is answered with the request layer's error (400/413/415; JSON for JSON
 * clients) instead of the groups.
 */
export async function readLeadPost(request: Request): Promise<{ isJson: boolean; groups: LeadGroups } | Response> {
  assertMethodOrAnswer(request);
  const isJson = wantsJson(request);
  try {
    return { isJson, groups: await readLeadRequest(request) };
  } catch (error) {
    if (error instanceof HttpError) return httpErrorResponse(request, error, { json: isJson });
    throw error;
  }
}

function assertMethodOrAnswer(request: Request): void {
  if (request.method !== 'POST') methodNotAllowed(request, ['POST'], { json: wantsJson(request) });
}

/** GET on a lead call. */
export function leadMethodNotAllowed({ request }: { request: Request }): never {
  methodNotAllowed(request, ['POST'], { json: wantsJson(request) });
}
