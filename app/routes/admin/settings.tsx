import type { Route } from './+types/settings';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { ThemeColoursForm } from '../../features/site-settings/settings-view.tsx';
import { SettingsNav } from '../../features/site-settings/settings-forms-view.tsx';
import { settingsAction, settingsLoader } from '../../features/site-settings/settings-routes.server.ts';

/** /admin/settings (owners): the site's theme colours, each text/background pair held to WCAG AA. */
export async function loader({ request }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => settingsLoader(request));
}

export async function action({ request, context }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => settingsAction(request, context));
}

export const meta: Route.MetaFunction = () => [{ title: 'Settings | Back office' }];

export default function AdminSettingsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1>Settings</h1>
      <SettingsNav current="/admin/settings" />
      <ThemeColoursForm version={loaderData.version} colours={loaderData.colours} isSaved={loaderData.isSaved} />
    </>
  );
}
