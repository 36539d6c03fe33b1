import type { Route } from './+types/forms';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { FormList } from '../../features/form-builder/form-builder-view.tsx';
import { formListLoader } from '../../features/form-builder/form-builder-routes.server.ts';

/** /admin/forms (owners, editors): the custom forms, published or not, with their submission counts. */
export async function loader({ request }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => formListLoader(request));
}

export const meta: Route.MetaFunction = () => [{ title: 'Forms | Back office' }];

export default function AdminFormsRoute({ loaderData }: Route.ComponentProps) {
  return <FormList forms={loaderData.forms} isDeleted={loaderData.isDeleted} />;
}
