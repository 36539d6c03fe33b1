import type { Route } from './+types/leads-export';
import { respondingToHttpErrors } from '../../lib/http/http-error.ts';
import { leadExportLoader } from '../../features/lead-inbox/lead-inbox-routes.server.ts';

/** /admin/leads/export.csv: the filtered inbox as a CSV download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return respondingToHttpErrors(request, () => leadExportLoader(request, context));
}
