import type { Route } from './+types/settings-legal';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { LegalSettingsForm, SettingsNav } from '../../features/site-settings/settings-forms-view.tsx';
import { legalSettingsAction, legalSettingsLoader } from '../../features/site-settings/settings-routes.server.ts';

/** /admin/settings/legal (owners): the company, redress, client money and membership details the footer shows. */
export async function loader({ request }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => legalSettingsLoader(request));
}

export async function action({ request, context }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => legalSettingsAction(request, context));
}

export const meta: Route.MetaFunction = () => [{ title: 'Company and legal details | Settings | Back office' }];

export default function AdminSettingsLegalSettingsFormRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1>Settings</h1>
      <SettingsNav current="/admin/settings/legal" />
      <LegalSettingsForm {...loaderData} />
    </>
  );
}
