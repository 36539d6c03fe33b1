/**
 * Browser side of the account calls (spec point 7): JSON posts with the authenticity token, and what happens after
 * the signed-in state changes (the root loader is revalidated and other features hear a 'doorstep:auth' event).
 */
import { useCallback } from 'react';
import { useRevalidator, useRouteLoaderData } from 'react-router';
import { fetchWithCsrf } from '../../lib/http/csrf-fetch.ts';
import { ACCOUNT_MESSAGES, AUTH_EVENT, type AuthEventDetail } from './account-messages.ts';
import { emptyUser, type UserView } from './user-view.ts';
import type { BotCheckConfig } from '../spam/index.ts';

export type AccountCallAnswer = {
  status: number;
  body: Record<string, unknown>;
  /** Set when the server answered a redirect (fetch follows it): the path it led to. */
  redirectedTo: string | null;
};

export async function sendAccountCall(
  url: string,
  options: { csrfToken: string; fields?: Record<string, unknown>; method?: 'put' | 'delete' },
): Promise<AccountCallAnswer> {
  const response = await fetchWithCsrf(url, options.csrfToken, (token) => {
    const payload: Record<string, unknown> = { ...options.fields, authenticity_token: token };
    if (options.method) payload._method = options.method;
    return {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(payload),
    };
  });
  if (response.redirected) {
    const target = new URL(response.url);
    return { status: 302, body: {}, redirectedTo: `${target.pathname}${target.search}` };
  }
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = await response.json();
    if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
  } catch {
    // A non-JSON answer (a proxy error page): the status says enough.
  }
  return { status: response.status, body, redirectedTo: null };
}

/** The errors list of a 422 answer as text lines. */
export function errorLines(body: Record<string, unknown>): string[] {
  const errors = body.errors;
  return Array.isArray(errors) ? errors.filter((line): line is string => typeof line === 'string') : [];
}

export function fieldErrorsOf(body: Record<string, unknown>): { field: string; message: string }[] {
  const list = body.field_errors;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    const record = entry as { field?: unknown; message?: unknown };
    return typeof record.field === 'string' && typeof record.message === 'string'
      ? [{ field: record.field, message: record.message }]
      : [];
  });
}

/**
 * What to tell the visitor about a failed call that named no field: the server's own message for a refusal
 * (4xx: too many attempts, a stale session), the generic failure for a fault (5xx, an unreadable answer). Never a
 * field's validation message: the visitor's input was not the problem.
 */
export function failureMessageOf(answer: AccountCallAnswer): string {
  const message = answer.body.error;
  return answer.status < 500 && typeof message === 'string' && message !== ''
    ? message
    : ACCOUNT_MESSAGES.requestFailed;
}

export { useCsrfToken } from '../site/index.ts';

/** After sign-in, registration or sign-out: fresh root data (user, token) and an event for saved items. */
export function useAuthChanged(): (userId: number | null) => Promise<void> {
  const revalidator = useRevalidator();
  return useCallback(
    async (userId: number | null) => {
      window.dispatchEvent(new CustomEvent<AuthEventDetail>(AUTH_EVENT, { detail: { userId } }));
      await revalidator.revalidate();
    },
    [revalidator],
  );
}

export type AccountLayoutData = { user: UserView; botCheck: BotCheckConfig };

const NO_BOT_CHECK: BotCheckConfig = { version: 'off', siteKey: null };

/** The sidebar's loader data (route id 'account'): the current user and the bot-check settings. */
export function useAccountData(): AccountLayoutData {
  const layout = useRouteLoaderData<AccountLayoutData>('account');
  return layout ?? { user: emptyUser(), botCheck: NO_BOT_CHECK };
}

/** Where an error summary link for a whole-form problem goes. */
export const FORM_ERROR_TARGET = { form: 'account-form-start' };
