import type { Route } from './+types/leads';
import { safeReturnPath } from '../../features/leads/lead-request.ts';
import {
  leadJsonResponse,
  leadMethodNotAllowed,
  leadRedirectResponse,
  readLeadPost,
} from '../../features/leads/lead-responses.server.ts';
import { dispatchLead } from '../../features/leads/lead-dispatch.server.ts';
import { getDb } from '../../lib/db.server.ts';

/**
 * POST /leads (JSON, accepts JSON; form-encoded also works): valuation requests, staff leads and branch or
 * department leads (spec point 7). 200 means success; clients read only the status.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const read = await readLeadPost(request);
  if (read instanceof Response) return read;
  const { isJson, groups } = read;
  const result = await dispatchLead({ db: getDb(), groups, context });
  if (result.kind === 'response') return result.response;
  if (isJson) return leadJsonResponse(result.outcome);
  const formPath = safeReturnPath(groups.top.return_to, '/');
  return leadRedirectResponse(result.outcome, {
    form: result.kind,
    groups,
    session: context.session,
    successPath: safeReturnPath(groups.top.success_to, '/'),
    successFlash: 'welcome-lead-sent',
    formPath,
    errorFlash: 'lead-sending-error-validation',
  });
}

export const loader = leadMethodNotAllowed;
