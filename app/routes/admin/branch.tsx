import type { Route } from './+types/branch';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { BranchEditForm } from '../../features/branch-editor/branch-editor-view.tsx';
import { branchEditAction, branchEditLoader } from '../../features/branch-editor/branch-editor-routes.server.ts';

/**
 * /admin/branches/:id: a branch's details, departments, opening hours, map position and valuation postcodes. The
 * change shows on the public site at once; a save from an outdated form is refused with a message.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => branchEditLoader(request, params.id));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => branchEditAction(request, context, params.id));
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.branch.name ?? 'Branch'} | Branches | Back office` },
];

export default function AdminBranchRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { branch, isSaved, tileUrl } = loaderData;
  const conflict = actionData && 'conflict' in actionData ? actionData.conflict : null;
  return (
    <>
      <p>
        <a href="/admin/branches">All branches</a>
      </p>
      <h1>{branch.name}</h1>
      {isSaved && !actionData ? (
        <p className="admin-notice" role="status">
          The branch has been saved. The public pages show the change now.
        </p>
      ) : null}
      <p>
        <a href={`/branches/${branch.slug}`}>See the branch page</a> ·{' '}
        <a href={`/admin/branches/${branch.id}/staff`}>Staff profiles</a> ·{' '}
        <a href={`/admin/branches/${branch.id}/departments`}>Add or remove departments</a>
      </p>
      {/* A new version (after a save or someone else's) starts the form afresh from it. */}
      <BranchEditForm key={branch.version} branch={branch} conflict={conflict} tileUrl={tileUrl} />
    </>
  );
}
