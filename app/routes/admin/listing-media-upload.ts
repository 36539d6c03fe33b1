import type { Route } from './+types/listing-media-upload';
import { respondingToHttpErrors } from '../../lib/http/http-error.ts';
import { listingMediaUploadAction } from '../../features/listing-editor/listing-media-routes.server.ts';

/**
 * POST /admin/listings/:id/media/upload (owners, managers of its branch): the media manager's upload form. Its
 * address is listed in server/multipart-paths.ts, so a multipart body reaches it.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  return respondingToHttpErrors(request, () => listingMediaUploadAction(request, context, params.id));
}
