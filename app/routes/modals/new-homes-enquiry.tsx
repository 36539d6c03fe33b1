import { data } from 'react-router';
import type { Route } from './+types/new-homes-enquiry';
import { Modal } from '../../components/modal.tsx';
import { getCustomForm } from '../../features/forms/form-submissions.server.ts';
import { NewHomesForm } from '../../features/forms/new-homes-form.tsx';
import { NEW_HOMES_FORM_SLUG, NEW_HOMES_TITLE } from '../../features/forms/new-homes.ts';
import { getNewHomesDevelopment } from '../../features/forms/new-homes.server.ts';
import { newHomesFormAction } from '../../features/forms/new-homes-form-action.server.ts';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { propertyPath } from '../../features/properties/property-links.ts';
import { getBotCheckConfig } from '../../features/spam/spam-protection.server.ts';
import { getDb } from '../../lib/db.server.ts';
import { modalMeta } from './property-modal-meta.ts';

/** /properties/:slug/new-homes-enquiry: 'Register your interest' in a new-homes development (spec point 2). */
export async function loader({ params }: Route.LoaderArgs) {
  const db = getDb();
  const [development, form] = await Promise.all([
    getNewHomesDevelopment(db, params.slug),
    getCustomForm(db, { slug: NEW_HOMES_FORM_SLUG }),
  ]);
  if (!development || !form) throw data('This property is not a new home', { status: 404 });
  return { development, form, botCheck: await getBotCheckConfig() };
}

/** The enquiry posted without JavaScript (with a script it sends POST /form_submissions instead). */
export async function action({ request, context }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => newHomesFormAction(request, context));
}

export const meta = modalMeta<Route.MetaArgs>((loaderData) =>
  loaderData ? `${NEW_HOMES_TITLE} | ${loaderData.development.displayAddress}` : undefined,
);

export default function NewHomesEnquiryModal({ loaderData, params }: Route.ComponentProps) {
  return (
    <Modal title={NEW_HOMES_TITLE} closeTo={propertyPath(params.slug)} size="medium">
      <NewHomesForm
        form={loaderData.form}
        development={loaderData.development}
        redirectTo={propertyPath(params.slug)}
        formAction={`${propertyPath(params.slug)}/new-homes-enquiry`}
        botCheckConfig={loaderData.botCheck}
      />
    </Modal>
  );
}
