import type { Route } from './+types/settings-lead-routing';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { LeadRoutingForm, SettingsNav } from '../../features/site-settings/settings-forms-view.tsx';
import { leadRoutingAction, leadRoutingLoader } from '../../features/site-settings/settings-routes.server.ts';

/** /admin/settings/lead-routing (owners): which branch and which person each kind of lead goes to. */
export async function loader({ request }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => leadRoutingLoader(request));
}

export async function action({ request, context }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => leadRoutingAction(request, context));
}

export const meta: Route.MetaFunction = () => [{ title: 'Lead routing | Settings | Back office' }];

export default function AdminSettingsLeadRoutingFormRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1>Settings</h1>
      <SettingsNav current="/admin/settings/lead-routing" />
      <LeadRoutingForm {...loaderData} />
    </>
  );
}
