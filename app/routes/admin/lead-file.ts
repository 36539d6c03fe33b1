import type { Route } from './+types/lead-file';
import { respondingToHttpErrors } from '../../lib/http/http-error.ts';
import { leadFileLoader } from '../../features/lead-inbox/lead-inbox-routes.server.ts';

/** /admin/leads/:id/files/:uploadId: a file sent with the lead's form, as a download for staff. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return respondingToHttpErrors(request, () => leadFileLoader(request, params.id, params.uploadId));
}
