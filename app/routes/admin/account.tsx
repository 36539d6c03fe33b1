import type { Route } from './+types/account';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { ChangePasswordForm, SignOutEverywhereForm } from '../../features/staff/staff-forms.tsx';
import { accountAction, accountLoader } from '../../features/staff/staff-form-actions.server.ts';
import { STAFF_ROLE_LABELS } from '../../features/staff/staff-roles.ts';

/** /admin/account: the signed-in person's password and sessions. */
export function loader({ request }: Route.LoaderArgs) {
  return accountLoader(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => accountAction(request, context));
}

export const meta: Route.MetaFunction = () => [{ title: 'Your account | Back office' }];

export default function AdminAccountRoute({ loaderData }: Route.ComponentProps) {
  const { principal, isChanged } = loaderData;
  return (
    <>
      <h1>Your account</h1>
      {isChanged ? (
        <p className="admin-notice" role="status">
          Your password has been changed. Every other session has been signed out.
        </p>
      ) : null}
      <p>
        {principal.name}, {principal.email} ({STAFF_ROLE_LABELS[principal.role]})
      </p>
      <h2>Change your password</h2>
      <ChangePasswordForm />
      <h2>Sessions</h2>
      <p>Signs you out of the back office on every computer and phone, this one included.</p>
      <SignOutEverywhereForm />
    </>
  );
}
