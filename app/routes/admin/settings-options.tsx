import type { Route } from './+types/settings-options';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { SiteOptionsForm, SettingsNav } from '../../features/site-settings/settings-forms-view.tsx';
import { optionsSettingsAction, optionsSettingsLoader } from '../../features/site-settings/settings-routes.server.ts';

/** /admin/settings/options (owners): the theme settings of the spec (valuation steps, bot check, header, search and calculator defaults). */
export async function loader({ request }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => optionsSettingsLoader(request));
}

export async function action({ request, context }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => optionsSettingsAction(request, context));
}

export const meta: Route.MetaFunction = () => [{ title: 'Site options | Settings | Back office' }];

export default function AdminSettingsSiteOptionsFormRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1>Settings</h1>
      <SettingsNav current="/admin/settings/options" />
      <SiteOptionsForm {...loaderData} />
    </>
  );
}
