import type { Route } from './+types/settings-branding';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { BrandingForms, SettingsNav } from '../../features/site-settings/settings-forms-view.tsx';
import { brandingAction, brandingLoader } from '../../features/site-settings/settings-routes.server.ts';

/** /admin/settings/branding (owners): the logo and the favicon, uploaded as images checked by their bytes. */
export async function loader({ request }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => brandingLoader(request));
}

export async function action({ request, context }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => brandingAction(request, context));
}

export const meta: Route.MetaFunction = () => [{ title: 'Logo and favicon | Settings | Back office' }];

export default function AdminSettingsBrandingRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <h1>Settings</h1>
      <SettingsNav current="/admin/settings/branding" />
      <BrandingForms
        version={loaderData.version}
        logoUrl={loaderData.logoUrl}
        faviconUrl={loaderData.faviconUrl}
        isSaved={loaderData.isSaved}
        uploadError={actionData && 'uploadError' in actionData ? actionData.uploadError : null}
      />
    </>
  );
}
