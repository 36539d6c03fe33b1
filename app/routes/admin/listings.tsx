import type { Route } from './+types/listings';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { ListingListView } from '../../features/listing-editor/listing-list-view.tsx';
import { listingListLoader } from '../../features/listing-editor/listing-editor-routes.server.ts';

/** /admin/listings (owners, managers): the listings of the staff member's branches, filtered and searched. */
export async function loader({ request }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => listingListLoader(request));
}

export const meta: Route.MetaFunction = () => [{ title: 'Listings | Back office' }];

export default function AdminListingsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1>Listings</h1>
      <ListingListView {...loaderData} />
    </>
  );
}
