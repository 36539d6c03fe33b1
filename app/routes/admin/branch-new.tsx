import type { Route } from './+types/branch-new';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { NewBranchForm } from '../../features/branch-editor/branch-editor-view.tsx';
import { newBranchAction, newBranchLoader } from '../../features/branch-editor/branch-editor-routes.server.ts';

/** /admin/branches/new (owners): a new branch, with sales and lettings departments on its number. */
export async function loader({ request }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => newBranchLoader(request));
}

export async function action({ request, context }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => newBranchAction(request, context));
}

export const meta: Route.MetaFunction = () => [{ title: 'Add a branch | Back office' }];

export default function AdminNewBranchRoute() {
  return (
    <>
      <p>
        <a href="/admin/branches">All branches</a>
      </p>
      <h1>Add a branch</h1>
      <NewBranchForm />
    </>
  );
}
