import type { Route } from './+types/property-leads';
import { idOf, safeReturnPath } from '../../features/leads/lead-request.ts';
import {
  leadJsonResponse,
  leadMethodNotAllowed,
  leadRedirectResponse,
  readLeadPost,
} from '../../features/leads/lead-responses.server.ts';
import { submitViewingLead } from '../../features/leads/leads.server.ts';
import { propertyPath } from '../../features/properties/property-links.ts';
import { getDb } from '../../lib/db.server.ts';

/** POST /properties/{property_id}/{channel}/leads (form-encoded lead fields of spec point 3): book a viewing. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const read = await readLeadPost(request);
  if (read instanceof Response) return read;
  const { isJson, groups } = read;
  const outcome = await submitViewingLead({
    db: getDb(),
    groups,
    context,
    propertyId: idOf(params.propertyId),
    channel: params.channel,
  });
  if (isJson) return leadJsonResponse(outcome);
  const propertyHref = outcome.property ? propertyPath(outcome.property.slug) : '/';
  return leadRedirectResponse(outcome, {
    form: 'viewing',
    groups,
    session: context.session,
    successPath: propertyHref,
    successFlash: 'welcome-lead-sent',
    formPath: safeReturnPath(groups.top.return_to, `${propertyHref}/book-a-viewing`),
    errorFlash: 'lead-sending-error-validation',
  });
}

export const loader = leadMethodNotAllowed;
