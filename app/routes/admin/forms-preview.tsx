import { data } from 'react-router';
import type { Route } from './+types/forms-preview';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { formPreviewLoader } from '../../features/form-builder/form-builder-routes.server.ts';
import { CustomFormFields } from '../../features/forms/custom-form-view.tsx';
import { getBotCheckConfig } from '../../features/spam/spam-protection.server.ts';

/**
 * /admin/forms/:id/preview (owners, editors): the saved form drawn by the public page's own component, published or
 * not; its send button is disabled, so nothing is sent from here.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return answeringHttpErrors(request, async () => {
    const form = await formPreviewLoader(request, params.id);
    return data(
      {
        form: {
          id: form.id,
          slug: form.slug,
          title: form.title,
          para: form.para,
          gaName: form.gaName,
          submitButtonText: form.submitButtonText,
          htmlFormId: form.htmlFormId,
          formElements: form.formElements,
          thankYouText: form.thankYouText,
        },
        isPublished: form.isPublished,
        botCheck: await getBotCheckConfig(),
      },
      { headers: { 'Cache-Control': 'no-store' } },
    );
  });
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Preview: ${data?.form.title ?? 'Form'} | Forms | Back office` },
];

export default function AdminFormPreviewRoute({ loaderData }: Route.ComponentProps) {
  const { form, isPublished, botCheck } = loaderData;
  return (
    <>
      <p>
        <a href={`/admin/forms/${form.id}`}>Back to the form</a>
      </p>
      <p className="admin-notice" role="status">
        Preview:{' '}
        {isPublished
          ? `this is what visitors see now at /forms/${form.slug}.`
          : 'visitors cannot see this form until it is published.'}{' '}
        The send button is disabled here.
      </p>
      <div className="form-page">
        <h1>{form.title}</h1>
        {form.para ? <p className="form-page__intro">{form.para}</p> : null}
        <CustomFormFields form={form} botCheckConfig={botCheck} isPreview />
      </div>
    </>
  );
}
