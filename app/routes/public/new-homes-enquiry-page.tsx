import { data, Form } from 'react-router';
import type { Route } from './+types/new-homes-enquiry-page';
import { SelectField } from '../../components/form-fields.tsx';
import { openGraphMeta } from '../../features/content/open-graph.ts';
import { getCustomForm } from '../../features/forms/form-submissions.server.ts';
import { NewHomesForm } from '../../features/forms/new-homes-form.tsx';
import { NEW_HOMES_FORM_SLUG } from '../../features/forms/new-homes.ts';
import { getNewHomesDevelopment, listNewHomesDevelopments } from '../../features/forms/new-homes.server.ts';
import { newHomesFormAction } from '../../features/forms/new-homes-form-action.server.ts';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { propertyPath } from '../../features/properties/property-links.ts';
import { getBotCheckConfig } from '../../features/spam/spam-protection.server.ts';
import { getDb } from '../../lib/db.server.ts';

const NEW_HOMES_PAGE_PATH = `/forms/${NEW_HOMES_FORM_SLUG}`;
const PAGE_TITLE = 'Register your interest in a new home';
const CHOOSE_MESSAGE = 'Please choose a development';

/**
 * /forms/new-homes-enquiry: the new-homes enquiry as a page of its own. The form needs a development (the lead is
 * routed by it), so the page first offers the developments (a GET form, so it works without JavaScript) and then
 * shows the same form as the property pages' 'Register your interest' modal for the one chosen (?development=slug).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = getDb();
  const slug = new URL(request.url).searchParams.get('development');
  const [form, developments, chosen] = await Promise.all([
    getCustomForm(db, { slug: NEW_HOMES_FORM_SLUG }),
    listNewHomesDevelopments(db),
    slug && slug.length <= 200 ? getNewHomesDevelopment(db, slug) : null,
  ]);
  if (!form) throw data('Form not found', { status: 404 });
  return {
    form,
    developments,
    chosen,
    chooseError: slug !== null && !chosen ? CHOOSE_MESSAGE : null,
    botCheck: await getBotCheckConfig(),
    canonical: `${context.origin}${NEW_HOMES_PAGE_PATH}`,
  };
}

/** The enquiry posted without JavaScript: errors come back on this page, success goes to the development. */
export async function action({ request, context }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => newHomesFormAction(request, context));
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: 'Form not found' }];
  const title = loaderData.chosen ? `${PAGE_TITLE}: ${loaderData.chosen.developmentName}` : PAGE_TITLE;
  return [
    { title },
    { name: 'description', content: loaderData.form.para || PAGE_TITLE },
    ...openGraphMeta({ title, url: loaderData.canonical }),
    { tagName: 'link', rel: 'canonical', href: loaderData.canonical },
  ];
}

export default function NewHomesEnquiryPage({ loaderData }: Route.ComponentProps) {
  const { form, developments, chosen, chooseError, botCheck } = loaderData;
  return (
    <div className="container form-page">
      <nav aria-label="Breadcrumb" className="breadcrumbs">
        <ol>
          <li>
            <a href="/">Home</a>
          </li>
          <li aria-current="page">{PAGE_TITLE}</li>
        </ol>
      </nav>
      <h1>{PAGE_TITLE}</h1>
      <p className="form-page__intro">
        Choose a development and tell us how to reach you: our new homes team will send you details, prices and release
        dates as plots become available.
      </p>
      {chosen ? (
        <>
          <p>
            Development: <a href={propertyPath(chosen.propertySlug)}>{chosen.developmentName}</a>{' '}
            <a href={NEW_HOMES_PAGE_PATH}>Choose another development</a>
          </p>
          <h2 className="visually-hidden">{PAGE_TITLE} form</h2>
          <NewHomesForm
            form={form}
            development={chosen}
            redirectTo={propertyPath(chosen.propertySlug)}
            formAction={`${NEW_HOMES_PAGE_PATH}?development=${encodeURIComponent(chosen.propertySlug)}`}
            botCheckConfig={botCheck}
          />
        </>
      ) : developments.length > 0 ? (
        <Form method="get" action={NEW_HOMES_PAGE_PATH} className="custom-form">
          <SelectField
            name="development"
            label="Development"
            error={chooseError ?? undefined}
            options={developments.map((development) => ({
              value: development.propertySlug,
              label: development.displayAddress,
            }))}
          />
          <button type="submit" className="button button--primary">
            Continue
          </button>
        </Form>
      ) : (
        <p>There are no new developments on sale just now. Please check back soon.</p>
      )}
    </div>
  );
}
