import type { Route } from './+types/reset';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { ResetPasswordForm } from '../../features/staff/staff-forms.tsx';
import { resetAction, resetLoader } from '../../features/staff/staff-form-actions.server.ts';
import { STAFF_MESSAGES } from '../../features/staff/staff-schemas.ts';

/** /admin/reset/:token: the emailed link (one hour, single use). */
export function loader({ params }: Route.LoaderArgs) {
  return resetLoader(params.token);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => resetAction(request, context, params.token));
}

/** The token is in the address: it must not leave the site in a Referer. */
export function headers() {
  return { 'Referrer-Policy': 'same-origin', 'Cache-Control': 'no-store' };
}

export const meta: Route.MetaFunction = () => [{ title: 'Choose a new password | Back office' }];

export default function AdminResetRoute({ loaderData }: Route.ComponentProps) {
  if (!loaderData.isLive) {
    return (
      <div className="admin-narrow">
        <h1>This link cannot be used</h1>
        <p>{STAFF_MESSAGES.resetLinkInvalid}</p>
        <p>
          <a href="/admin/forgot-password">Ask for a new link</a>
        </p>
      </div>
    );
  }
  return <ResetPasswordForm />;
}
