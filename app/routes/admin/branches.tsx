import type { Route } from './+types/branches';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { BranchList } from '../../features/branch-editor/branch-editor-view.tsx';
import { branchListLoader } from '../../features/branch-editor/branch-editor-routes.server.ts';

/** /admin/branches (owners: every branch; managers: their own): the branches to edit and their staff profiles. */
export async function loader({ request }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => branchListLoader(request));
}

export const meta: Route.MetaFunction = () => [{ title: 'Branches | Back office' }];

export default function AdminBranchesRoute({ loaderData }: Route.ComponentProps) {
  return <BranchList branches={loaderData.branches} canAddBranch={loaderData.canAddBranch} />;
}
