import { data } from 'react-router';
import { answeringHttpErrors, methodNotAllowed as answerMethodNotAllowed } from '../../lib/http/http-error.ts';
import { isRateLimited, rateLimitedResponse } from '../../lib/rate-limit.server.ts';
import type { CallResult } from './account-calls.server.ts';
import { readRequestFields, type RequestFields } from './request-fields.ts';

/** Account answers are personal: never cached (ASVS 14.3.2). */
export const NO_STORE = { 'Cache-Control': 'no-store' } as const;

export function toResponse(result: CallResult) {
  if ('location' in result) {
    return new Response(null, { status: 302, headers: { Location: result.location, ...NO_STORE } });
  }
  return data(result.body, { status: result.status, headers: NO_STORE });
}

/**
 * Runs an account call and answers its result. The call's rate limits throw (app/lib/rate-limit.server.ts); their
 * 429 is answered here, the same way as every JSON call's: `{ "error": message }` with Retry-After.
 */
export async function answerCall(run: () => Promise<CallResult>) {
  try {
    return toResponse(await run());
  } catch (error) {
    if (isRateLimited(error)) return rateLimitedResponse(error, { json: true });
    throw error;
  }
}

/** The body as flat fields; an unreadable one is answered by the request layer (400/413/415 JSON), never a 500. */
export async function readFieldsOrThrow(request: Request): Promise<RequestFields> {
  return answeringHttpErrors(request, () => readRequestFields(request), { json: true });
}

/** The account calls are JSON calls: a wrong method is a JSON 405 with `Allow`. */
export function methodNotAllowed(request: Request, allow: readonly string[]): never {
  answerMethodNotAllowed(request, allow, { json: true });
}
