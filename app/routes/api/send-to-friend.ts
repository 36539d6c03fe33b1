import type { Route } from './+types/send-to-friend';
import { safeReturnPath } from '../../features/leads/lead-request.ts';
import {
  leadJsonResponse,
  leadMethodNotAllowed,
  leadRedirectResponse,
  readLeadPost,
} from '../../features/leads/lead-responses.server.ts';
import { submitSendToFriend } from '../../features/leads/leads.server.ts';
import { propertyPath } from '../../features/properties/property-links.ts';
import { getDb } from '../../lib/db.server.ts';

/** POST /user/send_to_friend (form post, spam-protected): emails a property link to a friend. */
export async function action({ request, context }: Route.ActionArgs) {
  const read = await readLeadPost(request);
  if (read instanceof Response) return read;
  const { isJson, groups } = read;
  const outcome = await submitSendToFriend({ db: getDb(), groups, context });
  if (isJson) return leadJsonResponse(outcome);
  const propertyHref = outcome.property ? propertyPath(outcome.property.slug) : '/';
  return leadRedirectResponse(outcome, {
    form: 'send-to-friend',
    groups,
    session: context.session,
    successPath: propertyHref,
    successFlash: 'send-property-sent',
    formPath: safeReturnPath(groups.top.return_to, `${propertyHref}/send-to-friend`),
    errorFlash: 'send-property-invalid',
  });
}

export const loader = leadMethodNotAllowed;
