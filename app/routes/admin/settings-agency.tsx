import type { Route } from './+types/settings-agency';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { AgencyDetailsForm, SettingsNav } from '../../features/site-settings/settings-forms-view.tsx';
import { agencySettingsAction, agencySettingsLoader } from '../../features/site-settings/settings-routes.server.ts';

/** /admin/settings/agency (owners): the agency's name, email and telephone, and the sender of the site's emails. */
export async function loader({ request }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => agencySettingsLoader(request));
}

export async function action({ request, context }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => agencySettingsAction(request, context));
}

export const meta: Route.MetaFunction = () => [{ title: 'Agency and email sender | Settings | Back office' }];

export default function AdminSettingsAgencyDetailsFormRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1>Settings</h1>
      <SettingsNav current="/admin/settings/agency" />
      <AgencyDetailsForm {...loaderData} />
    </>
  );
}
