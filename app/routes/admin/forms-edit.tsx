import type { Route } from './+types/forms-edit';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { DeleteFormButton, FormBuilderForm } from '../../features/form-builder/form-builder-view.tsx';
import { formEditAction, formEditLoader } from '../../features/form-builder/form-builder-routes.server.ts';

/** /admin/forms/:id (owners, editors): one custom form's editor, its preview and its submissions. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => formEditLoader(request, context, params.id));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => formEditAction(request, context, params.id));
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.form.title ?? 'Form'} | Forms | Back office` },
];

export default function AdminFormRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { form, siteOrigin, isSaved, moved, canOpenInbox } = loaderData;
  const conflict = actionData && 'conflict' in actionData ? actionData.conflict : null;
  const movedLabel = moved
    ? form.formElements.find((element) => element.fieldName === moved.fieldName)?.friendlyName
    : undefined;
  return (
    <>
      <p>
        <a href="/admin/forms">All forms</a>
      </p>
      <h1>{form.title}</h1>
      {isSaved && !actionData ? (
        <p className="admin-notice" role="status">
          The form has been saved. The site shows the change now.
        </p>
      ) : null}
      {movedLabel && !actionData ? (
        <p className="admin-notice" role="status">
          “{movedLabel}” moved {moved?.direction}. The form has been saved.
        </p>
      ) : null}
      <ul className="form-builder__links">
        <li>
          <a href={`/admin/forms/${form.id}/preview`}>Preview the form</a>
        </li>
        {form.isPublished ? (
          <li>
            <a href={`/forms/${form.slug}`}>Open its page on the site</a>
          </li>
        ) : (
          <li>Not published: visitors cannot open it.</li>
        )}
        <li>
          {canOpenInbox ? (
            <a href={`/admin/leads?form=${form.id}`}>Its submissions in the leads inbox ({form.submissionCount})</a>
          ) : (
            `${form.submissionCount} ${form.submissionCount === 1 ? 'submission' : 'submissions'} (read in the leads inbox)`
          )}
        </li>
      </ul>
      <FormBuilderForm key={form.version} form={form} siteOrigin={siteOrigin} conflict={conflict} moved={moved} />
      <DeleteFormButton form={form} />
    </>
  );
}
