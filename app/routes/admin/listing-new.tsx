import type { Route } from './+types/listing-new';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { formReplyOf } from '../../lib/http/form-submission.ts';
import { EMPTY_LISTING_VALUES, ListingForm } from '../../features/listing-editor/listing-form.tsx';
import { newListingAction, newListingLoader } from '../../features/listing-editor/listing-editor-routes.server.ts';

/** /admin/listings/new (owners, managers): a manual listing, saved as a draft. */
export async function loader({ request }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => newListingLoader(request));
}

export async function action({ request, context }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => newListingAction(request, context));
}

export const meta: Route.MetaFunction = () => [{ title: 'Create a listing | Listings | Back office' }];

export default function AdminNewListingRoute({ loaderData, actionData }: Route.ComponentProps) {
  const submitted = formReplyOf(actionData).result?.initialValue ?? null;
  return (
    <>
      <p>
        <a href="/admin/listings">All listings</a>
      </p>
      <h1>Create a listing</h1>
      <p>It is saved as a draft: nobody outside the office sees it until it is published.</p>
      <ListingForm
        id="listing-new"
        initial={{
          ...EMPTY_LISTING_VALUES,
          ...(loaderData.branches.length === 1 ? { branch_id: String(loaderData.branches[0]!.id) } : {}),
        }}
        submitted={submitted as Record<string, unknown> | null}
        branches={loaderData.branches}
        contacts={loaderData.contacts}
        submitLabel="Create the listing"
      />
    </>
  );
}
