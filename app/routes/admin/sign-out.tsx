import { data } from 'react-router';
import type { Route } from './+types/sign-out';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { CsrfField, usePostOnce } from '../../components/form/form-parts.tsx';
import { requireStaff } from '../../features/staff/index.server.ts';
import { signOutAction } from '../../features/staff/staff-form-actions.server.ts';

/** /admin/sign-out: a GET only shows the button (signing out changes state, so it is a post). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  return data({}, { headers: { 'Cache-Control': 'no-store' } });
}

export async function action({ request, context }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => signOutAction(request, context));
}

export const meta: Route.MetaFunction = () => [{ title: 'Sign out | Back office' }];

export default function AdminSignOutRoute() {
  const postOnce = usePostOnce();
  return (
    <div className="admin-narrow">
      <h1>Sign out</h1>
      <form method="post" onSubmit={postOnce}>
        <CsrfField />
        <button type="submit" className="admin-button">
          Sign out
        </button>
      </form>
    </div>
  );
}
