import { data } from 'react-router';
import type { Route } from './+types/leads';
import { readLeadRequest, safeReturnPath, UnreadableLeadBodyError } from '../../features/leads/lead-request.ts';
import { leadJsonResponse, leadRedirectResponse, wantsJson } from '../../features/leads/lead-responses.server.ts';
import { dispatchLead } from '../../features/leads/lead-dispatch.server.ts';
import { getDb } from '../../lib/db.server.ts';

/**
 * POST /leads (JSON, accepts JSON; form-encoded also works): valuation requests, staff leads and branch or
 * department leads (spec point 7). 200 means success; clients read only the status.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') throw data('Method not allowed', { status: 405, headers: { Allow: 'POST' } });
  const isJson = wantsJson(request);
  let groups;
  try {
    groups = await readLeadRequest(request);
  } catch (error) {
    if (!(error instanceof UnreadableLeadBodyError)) throw error;
    return isJson
      ? Response.json({ error: 'Unreadable request' }, { status: 400 })
      : new Response('Bad request', { status: 400 });
  }
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

export function loader() {
  throw data('Method not allowed', { status: 405, headers: { Allow: 'POST' } });
}
