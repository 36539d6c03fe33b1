import type { Route } from './+types/branch-staff-profile';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { StaffProfileForm } from '../../features/branch-editor/staff-profile-view.tsx';
import { staffProfileAction, staffProfileLoader } from '../../features/branch-editor/branch-editor-routes.server.ts';

/** /admin/branches/:id/staff/:staffId: one staff profile as the site shows it. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => staffProfileLoader(request, params.id, params.staffId));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => staffProfileAction(request, context, params.id, params.staffId));
}

export const meta: Route.MetaFunction = ({ data }) => [
  {
    title: `${data ? `${data.profile.firstName} ${data.profile.surname}` : 'Staff profile'} | Back office`,
  },
];

export default function AdminStaffProfileRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { branch, profile, branchChoices, isSaved } = loaderData;
  const conflict = actionData && 'conflict' in actionData ? actionData.conflict : null;
  return (
    <>
      <p>
        <a href={`/admin/branches/${branch.id}/staff`}>Staff profiles of {branch.name}</a> ·{' '}
        <a href={`/admin/branches/${branch.id}/staff/${profile.id}/photo`}>
          {profile.photoUrl ? 'Change or remove the photo' : 'Add a photo'}
        </a>
      </p>
      <h1>
        {profile.firstName} {profile.surname}
      </h1>
      {isSaved && !actionData ? (
        <p className="admin-notice" role="status">
          The profile has been saved. The site shows the change now.
        </p>
      ) : null}
      <StaffProfileForm key={profile.version} profile={profile} branchChoices={branchChoices} conflict={conflict} />
    </>
  );
}
