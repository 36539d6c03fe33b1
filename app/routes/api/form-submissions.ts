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

/** POST /form_submissions (spec point 7): custom forms, with one streamed file upload. */
export async function action({ request, context }: Route.ActionArgs) {
  const result = await receiveFormSubmission(request, {
    db: getDb(),
    uploadDir: path.resolve(getEnv().UPLOAD_DIR),
    sessionSecret: getSessionSecret(),
    sessionId: context.session.id,
    isCsrfDeferred: context.isCsrfDeferred,
    clientIp: context.clientIp,
    origin: context.origin,
    verifyBotCheck,
  });
  if (result.outcome === 'ignored') context.logger.info({ ip: context.clientIp }, 'form submission honeypot filled');
  await keepForFormPage(context.session, result, wantsJson(request));
  return formSubmissionResponse(result, wantsJson(request));
}

export function loader({ request }: Route.LoaderArgs) {
  methodNotAllowed(request, ['POST']);
}
