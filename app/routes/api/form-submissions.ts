import path from 'node:path';
import type { Route } from './+types/form-submissions';
import { methodNotAllowed } from '../../lib/http/http-error.ts';
import {
  formSubmissionResponse,
  keepForFormPage,
  receiveFormSubmission,
  wantsJson,
} from '../../features/forms/form-submissions.server.ts';
import { verifyBotCheck } from '../../features/spam/spam-protection.server.ts';
import { getDb } from '../../lib/db.server.ts';
import { getEnv } from '../../lib/env.server.ts';
import { getSessionSecret } from '../../lib/secret.server.ts';
import { getStorage, StorageUnavailableError } from '../../lib/storage/storage.server.ts';

/** POST /form_submissions (spec point 7): custom forms, with one streamed file upload. */
export async function action({ request, context }: Route.ActionArgs) {
  const result = await receiveFormSubmission(request, {
    db: getDb(),
    uploadDir: path.resolve(getEnv().UPLOAD_DIR),
    storage: getStorage(),
    sessionSecret: getSessionSecret(),
    // A visitor without a session writes with the anonymous token, or as a plain form post (decision 026).
    sessionId: context.session.isKept === false ? null : context.session.id,
    anonymousId: context.anonymousCsrfId ?? null,
    isCsrfDeferred: context.isCsrfDeferred,
    clientIp: context.clientIp,
    origin: context.origin,
    verifyBotCheck,
  }).catch((error: unknown) => {
    if (error instanceof StorageUnavailableError) return error;
    throw error;
  });
  if (result instanceof StorageUnavailableError) {
    // The file could not be kept (bucket unreachable): nothing was stored, and trying again later can work.
    context.logger.warn({ err: result }, 'form upload storage unavailable');
    return storageUnavailableResponse(wantsJson(request));
  }
  if (result.outcome === 'ignored') context.logger.info({ ip: context.clientIp }, 'form submission honeypot filled');
  await keepForFormPage(context.session, result, wantsJson(request));
  return formSubmissionResponse(result, wantsJson(request));
}

const STORAGE_UNAVAILABLE_MESSAGE =
  'Sorry, the site is temporarily unavailable while we fix a problem. Please try again in a few minutes.';

function storageUnavailableResponse(asJson: boolean): Response {
  const headers = { 'Cache-Control': 'no-store', 'Retry-After': '30' };
  if (asJson)
    return Response.json({ ok: false, message: STORAGE_UNAVAILABLE_MESSAGE, errors: {} }, { status: 503, headers });
  return new Response(STORAGE_UNAVAILABLE_MESSAGE, {
    status: 503,
    headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
  });
}

export function loader({ request }: Route.LoaderArgs) {
  methodNotAllowed(request, ['POST']);
}
