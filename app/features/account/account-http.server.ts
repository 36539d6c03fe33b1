import { data } from 'react-router';
import type { CallResult } from './account-calls.server.ts';
import { UnreadableBodyError, readRequestFields, type RequestFields } from './request-fields.ts';

/** Account answers are personal: never cached (ASVS 14.3.2). */
export const NO_STORE = { 'Cache-Control': 'no-store' } as const;

export function toResponse(result: CallResult) {
  if ('location' in result) {
    return new Response(null, { status: 302, headers: { Location: result.location, ...NO_STORE } });
  }
  return data(result.body, { status: result.status, headers: NO_STORE });
}

/** The body as flat fields, or a 400 answer for an unreadable one (never a 500). */
export async function readFieldsOrThrow(request: Request): Promise<RequestFields> {
  try {
    return await readRequestFields(request);
  } catch (error) {
    if (error instanceof UnreadableBodyError) {
      throw data({ error: 'The request could not be read.' }, { status: 400, headers: NO_STORE });
    }
    throw error;
  }
}

export function methodNotAllowed(allow: string): never {
  throw data({ error: 'Method not allowed' }, { status: 405, headers: { Allow: allow, ...NO_STORE } });
}
