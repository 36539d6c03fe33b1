import type { Route } from './+types/settings-analytics';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { AnalyticsForm, SettingsNav } from '../../features/site-settings/settings-forms-view.tsx';
import {
  analyticsSettingsAction,
  analyticsSettingsLoader,
} from '../../features/site-settings/settings-routes.server.ts';

/** /admin/settings/analytics (owners): the analytics snippets, run only after a visitor's consent. */
export async function loader({ request }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => analyticsSettingsLoader(request));
}

export async function action({ request, context }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => analyticsSettingsAction(request, context));
}

export const meta: Route.MetaFunction = () => [{ title: 'Analytics | Settings | Back office' }];

export default function AdminSettingsAnalyticsFormRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1>Settings</h1>
      <SettingsNav current="/admin/settings/analytics" />
      <AnalyticsForm {...loaderData} />
    </>
  );
}
