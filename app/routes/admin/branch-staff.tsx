import type { Route } from './+types/branch-staff';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { StaffProfileList } from '../../features/branch-editor/staff-profile-view.tsx';
import { STAFF_PROFILE_MESSAGES } from '../../features/branch-editor/staff-profile-schemas.ts';
import {
  staffProfileListAction,
  staffProfileListLoader,
} from '../../features/branch-editor/branch-editor-routes.server.ts';

/** /admin/branches/:id/staff: the branch's staff profiles in the site's order; move, show or hide them. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => staffProfileListLoader(request, params.id));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => staffProfileListAction(request, context, params.id));
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Staff profiles | ${data?.branch.name ?? 'Branch'} | Back office` },
];

const NOTICES = {
  saved: 'Saved. The branch page shows the change now.',
  conflict: 'Someone else changed that profile a moment ago, so nothing was changed. The list shows it as it is now.',
  added: 'The profile has been added. The branch page shows it now.',
  removed: 'The profile has been removed. The branch page shows the change now.',
  'in-use': STAFF_PROFILE_MESSAGES.inUse,
} as const;

export default function AdminBranchStaffRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { branch, profiles } = loaderData;
  const refused = actionData && 'notice' in actionData ? actionData.notice : null;
  const notice = refused ?? loaderData.notice;
  return (
    <>
      <p>
        <a href={`/admin/branches/${branch.id}`}>{branch.name} branch details</a>
      </p>
      <h1>Staff profiles: {branch.name}</h1>
      {notice ? (
        <p className="admin-notice" role="status">
          {NOTICES[notice]}
        </p>
      ) : null}
      <p>
        <a className="admin-button" href={`/admin/branches/${branch.id}/staff/new`}>
          Add a staff profile
        </a>
      </p>
      <StaffProfileList branch={branch} profiles={profiles} />
    </>
  );
}
