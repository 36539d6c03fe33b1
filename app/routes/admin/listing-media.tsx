import type { Route } from './+types/listing-media';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { ListingMediaView } from '../../features/listing-editor/listing-media-view.tsx';
import { listingMediaAction, listingMediaLoader } from '../../features/listing-editor/listing-media-routes.server.ts';

/**
 * /admin/listings/:id/media (owners, managers of its branch): the listing's photos, floor plans, EPC charts,
 * brochures and tour links — upload, order, captions, main photo, delete — and the site's own choices (featured,
 * hidden) for an imported listing.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => listingMediaLoader(request, params.id));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => listingMediaAction(request, context, params.id));
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Photos and files: ${data?.listing.displayAddress ?? 'Listing'} | Listings | Back office` },
];

export default function AdminListingMediaRoute({ loaderData, actionData }: Route.ComponentProps) {
  const errors = (actionData as { errors?: { field: string; message: string }[] } | undefined)?.errors ?? [];
  return <ListingMediaView {...loaderData} actionErrors={errors} />;
}
