import type { Route } from './+types/forms-new';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { FormBuilderForm } from '../../features/form-builder/form-builder-view.tsx';
import { newFormAction, newFormLoader } from '../../features/form-builder/form-builder-routes.server.ts';

/** /admin/forms/new (owners, editors): a new custom form, saved unpublished unless ticked. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => newFormLoader(request, context));
}

export async function action({ request, context }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => newFormAction(request, context));
}

export const meta: Route.MetaFunction = () => [{ title: 'New form | Forms | Back office' }];

export default function AdminNewFormRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <p>
        <a href="/admin/forms">All forms</a>
      </p>
      <h1>New form</h1>
      <FormBuilderForm form={null} siteOrigin={loaderData.siteOrigin} conflict={null} />
    </>
  );
}
