import type { Route } from './+types/branch-staff-new';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { NewStaffProfileForm } from '../../features/branch-editor/staff-profile-view.tsx';
import {
  newStaffProfileAction,
  newStaffProfileLoader,
} from '../../features/branch-editor/branch-editor-routes.server.ts';

/** /admin/branches/:id/staff/new: a new staff profile of the branch, last on its page. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => newStaffProfileLoader(request, params.id));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => newStaffProfileAction(request, context, params.id));
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Add a staff profile | ${data?.branch.name ?? 'Branch'} | Back office` },
];

export default function AdminNewStaffProfileRoute({ loaderData }: Route.ComponentProps) {
  const { branch } = loaderData;
  return (
    <>
      <p>
        <a href={`/admin/branches/${branch.id}/staff`}>Staff profiles of {branch.name}</a>
      </p>
      <h1>Add a staff profile: {branch.name}</h1>
      <NewStaffProfileForm branchId={branch.id} />
    </>
  );
}
