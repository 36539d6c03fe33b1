import type { ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/pages-edit';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import {
  DeletePageForm,
  ImageUploadForm,
  PageEditorForm,
  RevisionHistory,
  SavedNotice,
} from '../../features/article-editor/article-editor-view.tsx';
import { pageEditAction, pageEditLoader } from '../../features/article-editor/article-editor-routes.server.ts';

/** /admin/pages/:id (owners and editors): a page's words and history, and deleting it. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => pageEditLoader(request, params.id));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => pageEditAction(request, context, params.id));
}

/** A preview or an image upload changes nothing on this page: there is nothing to load again. */
export function shouldRevalidate({ formData, formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get('intent') === 'preview' || formAction === '/admin/articles/images') return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data ? data.page.title : 'Page'} | Back office` }];

export default function AdminPageRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { page, revisions, deletionRefusal, preview, notice } = loaderData;
  const conflict = actionData && 'conflict' in actionData ? actionData.conflict : null;
  const postedPreview =
    actionData && 'preview' in actionData && typeof actionData.preview === 'string' ? actionData.preview : null;
  return (
    <>
      <p>
        <a href="/admin/pages">All pages</a>
      </p>
      <h1>{page.title}</h1>
      <p>
        <a href={`/${page.slug}`}>See it on the site</a>
      </p>
      {actionData ? null : <SavedNotice notice={notice} what="page" />}
      <PageEditorForm
        key={page.version}
        page={page}
        initialPreview={preview}
        conflict={conflict}
        preview={postedPreview}
      />
      <ImageUploadForm />
      <RevisionHistory revisions={revisions} currentVersion={page.version} />
      <DeletePageForm page={page} refusal={deletionRefusal} />
    </>
  );
}
