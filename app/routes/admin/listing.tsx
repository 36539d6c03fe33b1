import type { Route } from './+types/listing';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { formReplyOf } from '../../lib/http/form-submission.ts';
import { ListingEditorView } from '../../features/listing-editor/listing-editor-view.tsx';
import { listingAction, listingLoader } from '../../features/listing-editor/listing-editor-routes.server.ts';

/**
 * /admin/listings/:id (owners, managers of its branch): the editor of a manual listing — its form, publish, status
 * and price — or the read-only view of an imported one.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => listingLoader(request, params.id));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => listingAction(request, context, params.id));
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.listing.displayAddress ?? 'Listing'} | Listings | Back office` },
];

type SmallFormReply = { errors?: { field: string; message: string }[]; warning?: string | null };

export default function AdminListingRoute({ loaderData, actionData }: Route.ComponentProps) {
  const reply = (actionData ?? {}) as SmallFormReply;
  const submitted = formReplyOf(actionData).result?.initialValue ?? null;
  return (
    <ListingEditorView
      {...loaderData}
      actionErrors={reply.errors ?? []}
      warning={reply.warning ?? null}
      submitted={submitted as Record<string, unknown> | null}
    />
  );
}
