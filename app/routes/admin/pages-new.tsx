import type { ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/pages-new';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { ImageUploadForm, PageEditorForm } from '../../features/article-editor/article-editor-view.tsx';
import { newPageAction, newPageLoader } from '../../features/article-editor/article-editor-routes.server.ts';

/** /admin/pages/new (owners and editors): a new page of the site, like About us, at an address of its own. */
export async function loader({ request }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => newPageLoader(request));
}

export async function action({ request, context }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => newPageAction(request, context));
}

/** A preview or an image upload changes nothing on this page: there is nothing to load again. */
export function shouldRevalidate({ formData, formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get('intent') === 'preview' || formAction === '/admin/articles/images') return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = () => [{ title: 'New page | Back office' }];

export default function AdminNewPageRoute({ actionData }: Route.ComponentProps) {
  const preview =
    actionData && 'preview' in actionData && typeof actionData.preview === 'string' ? actionData.preview : null;
  return (
    <>
      <p>
        <a href="/admin/pages">All pages</a>
      </p>
      <h1>New page</h1>
      <PageEditorForm page={null} initialPreview="" conflict={null} preview={preview} />
      <ImageUploadForm />
    </>
  );
}
