import type { Route } from './+types/branch-staff-photo';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { StaffPhotoForm } from '../../features/branch-editor/staff-profile-view.tsx';
import { staffPhotoAction, staffPhotoLoader } from '../../features/branch-editor/branch-editor-routes.server.ts';

/** /admin/branches/:id/staff/:staffId/photo: the photo the site shows of a staff profile; upload or remove it. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => staffPhotoLoader(request, params.id, params.staffId));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => staffPhotoAction(request, context, params.id, params.staffId));
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Photo of ${data ? `${data.profile.firstName} ${data.profile.surname}` : 'a staff profile'} | Back office` },
];

const NOTICES = {
  saved: 'The photo has been saved. The site shows it now.',
  removed: 'The photo has been removed. The site shows their initials now.',
} as const;

export default function AdminStaffPhotoRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { branch, profile, notice } = loaderData;
  const refused = actionData && 'refused' in actionData ? actionData.refused : null;
  return (
    <>
      <p>
        <a href={`/admin/branches/${branch.id}/staff/${profile.id}`}>
          {profile.firstName} {profile.surname}’s profile
        </a>
      </p>
      <h1>
        Photo of {profile.firstName} {profile.surname}
      </h1>
      {notice && !actionData ? (
        <p className="admin-notice" role="status">
          {NOTICES[notice]}
        </p>
      ) : null}
      <StaffPhotoForm key={profile.version} profile={profile} refused={refused} />
    </>
  );
}
