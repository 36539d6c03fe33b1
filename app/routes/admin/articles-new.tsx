import type { ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/articles-new';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { ArticleEditorForm, ImageUploadForm } from '../../features/article-editor/article-editor-view.tsx';
import { newArticleAction, newArticleLoader } from '../../features/article-editor/article-editor-routes.server.ts';

/** /admin/articles/new (owners and editors): write an article, saved as a draft, published or scheduled. */
export async function loader({ request }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => newArticleLoader(request));
}

export async function action({ request, context }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => newArticleAction(request, context));
}

/** A preview or an image upload changes nothing on this page: there is nothing to load again. */
export function shouldRevalidate({ formData, formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get('intent') === 'preview' || formAction === '/admin/articles/images') return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = () => [{ title: 'New article | Back office' }];

export default function AdminNewArticleRoute({ actionData }: Route.ComponentProps) {
  const preview =
    actionData && 'preview' in actionData && typeof actionData.preview === 'string' ? actionData.preview : null;
  return (
    <>
      <p>
        <a href="/admin/articles">All articles</a>
      </p>
      <h1>New article</h1>
      <ArticleEditorForm article={null} initialPreview="" conflict={null} preview={preview} />
      <ImageUploadForm offersPicture />
    </>
  );
}
