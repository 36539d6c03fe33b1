import type { Route } from './+types/privacy-export';
import { respondingToHttpErrors } from '../../lib/http/http-error.ts';
import { privacyExportAction } from '../../features/privacy/privacy-routes.server.ts';

/** POST /admin/privacy/export: everything held about the posted address, as one zip download. */
export async function action({ request, context }: Route.ActionArgs) {
  return respondingToHttpErrors(request, () => privacyExportAction(request, context));
}
