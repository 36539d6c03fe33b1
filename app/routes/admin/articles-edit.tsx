import type { ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/articles-edit';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import {
  ArticleEditorForm,
  ImageUploadForm,
  RevisionHistory,
  SavedNotice,
} from '../../features/article-editor/article-editor-view.tsx';
import { STATUS_LABELS, articleStatusOf } from '../../features/article-editor/article-editor-model.ts';
import { articleEditAction, articleEditLoader } from '../../features/article-editor/article-editor-routes.server.ts';

/** /admin/articles/:id (owners and editors): the article's words, publication and history. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => articleEditLoader(request, params.id));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => articleEditAction(request, context, params.id));
}

/** A preview or an image upload changes nothing on this page: there is nothing to load again. */
export function shouldRevalidate({ formData, formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get('intent') === 'preview' || formAction === '/admin/articles/images') return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data ? data.article.title : 'Article'} | Back office` },
];

export default function AdminArticleRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { article, revisions, preview, notice } = loaderData;
  const conflict = actionData && 'conflict' in actionData ? actionData.conflict : null;
  const postedPreview =
    actionData && 'preview' in actionData && typeof actionData.preview === 'string' ? actionData.preview : null;
  const status = articleStatusOf(
    { isPublished: article.isPublished, publishedAt: new Date(article.publishedAt) },
    new Date(),
  );
  return (
    <>
      <p>
        <a href="/admin/articles">All articles</a>
      </p>
      <h1>{article.title}</h1>
      <p>
        {STATUS_LABELS[status]}.{' '}
        {status === 'published' ? <a href={`/articles/${article.slug}`}>See it on the site</a> : null}
      </p>
      {actionData ? null : <SavedNotice notice={notice} what="article" />}
      <ArticleEditorForm
        key={article.version}
        article={article}
        initialPreview={preview}
        conflict={conflict}
        preview={postedPreview}
      />
      <ImageUploadForm offersPicture />
      <RevisionHistory revisions={revisions} currentVersion={article.version} />
    </>
  );
}
