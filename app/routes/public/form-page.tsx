import { data } from 'react-router';
import type { Route } from './+types/form-page';
import { CustomFormFields } from '../../features/forms/custom-form-view.tsx';
import { getCustomForm, takeFormPageResult } from '../../features/forms/form-submissions.server.ts';
import { openGraphMeta } from '../../features/content/open-graph.ts';
import { getBotCheckConfig } from '../../features/spam/spam-protection.server.ts';
import { getDb } from '../../lib/db.server.ts';

/** /forms/:slug: a custom form from the database (e.g. landlord enquiry, careers with a CV upload). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const form = await getCustomForm(getDb(), { slug: params.slug });
  if (!form) throw data('Form not found', { status: 404 });
  const lastResult = await takeFormPageResult(context.session, form.id);
  return {
    form,
    botCheck: await getBotCheckConfig(),
    canonical: `${context.origin}/forms/${form.slug}`,
    lastResult,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: 'Form not found' }];
  return [
    { title: loaderData.form.title },
    { name: 'description', content: loaderData.form.para },
    ...openGraphMeta({ title: loaderData.form.title, url: loaderData.canonical }),
    { tagName: 'link', rel: 'canonical', href: loaderData.canonical },
  ];
}

export default function FormPage({ loaderData }: Route.ComponentProps) {
  const { form, botCheck, lastResult } = loaderData;
  return (
    <div className="container form-page">
      <nav aria-label="Breadcrumb" className="breadcrumbs">
        <ol>
          <li>
            <a href="/">Home</a>
          </li>
          <li aria-current="page">{form.title}</li>
        </ol>
      </nav>
      <h1>{form.title}</h1>
      {form.para ? <p className="form-page__intro">{form.para}</p> : null}
      <h2 className="visually-hidden">{form.title} form</h2>
      <CustomFormFields form={form} botCheckConfig={botCheck} lastResult={lastResult} />
    </div>
  );
}
