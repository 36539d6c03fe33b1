import type { Route } from './+types/setup';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { getDb } from '../../lib/db.server.ts';
import { getSiteChrome } from '../../features/site/index.server.ts';
import { EnrolForm, RecoveryCodes, SetupForm } from '../../features/staff/staff-forms.tsx';
import { setupAction, setupLoader } from '../../features/staff/staff-form-actions.server.ts';
import { STAFF_MESSAGES } from '../../features/staff/staff-schemas.ts';

/** /admin/setup/:token: the one-time set-up link (password, authenticator, recovery codes). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const chrome = await getSiteChrome(getDb());
  return setupLoader(request, context, params.token, chrome.agencyName);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => setupAction(request, context, params.token));
}

/** The token is in the address: it must not leave the site in a Referer. */
export function headers() {
  return { 'Referrer-Policy': 'same-origin', 'Cache-Control': 'no-store' };
}

export const meta: Route.MetaFunction = () => [{ title: 'Set up your account | Back office' }];

export default function AdminSetupRoute({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData && 'recoveryCodes' in actionData && actionData.recoveryCodes) {
    return <RecoveryCodes codes={actionData.recoveryCodes} />;
  }
  const { screen } = loaderData;
  if (!screen) {
    return (
      <div className="admin-narrow">
        <h1>This set-up link cannot be used</h1>
        <p>{STAFF_MESSAGES.linkInvalid}</p>
      </div>
    );
  }
  if (screen.mode === 'enrol') {
    return <EnrolForm email={screen.email} secret={screen.secret} qrDataUrl={screen.qrDataUrl} />;
  }
  return <SetupForm email={screen.email} secret={screen.secret} qrDataUrl={screen.qrDataUrl} />;
}
