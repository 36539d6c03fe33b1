import type { Route } from './+types/articles-images';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { ImageUploadForm, UploadedImages } from '../../features/article-editor/article-editor-view.tsx';
import {
  contentImagesAction,
  contentImagesLoader,
} from '../../features/article-editor/article-editor-routes.server.ts';

/** /admin/articles/images (owners and editors): images for articles and pages, answered with their Markdown. */
export async function loader({ request }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => contentImagesLoader(request));
}

export async function action({ request, context }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => contentImagesAction(request, context));
}

export const meta: Route.MetaFunction = () => [{ title: 'Images for articles and pages | Back office' }];

export default function AdminContentImagesRoute({ actionData }: Route.ComponentProps) {
  return (
    <>
      <p>
        <a href="/admin/articles">All articles</a> · <a href="/admin/pages">All pages</a>
      </p>
      <h1>Images for articles and pages</h1>
      <UploadedImages images={actionData?.images ?? []} error={actionData?.error ?? null} />
      <ImageUploadForm insertsIntoText={false} />
    </>
  );
}
