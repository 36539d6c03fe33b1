import type { Route } from './+types/articles';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { ArticleList } from '../../features/article-editor/article-editor-view.tsx';
import { articleListLoader } from '../../features/article-editor/article-editor-routes.server.ts';

/** /admin/articles (owners and editors): every article, draft, scheduled or published. */
export async function loader({ request }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => articleListLoader(request));
}

export const meta: Route.MetaFunction = () => [{ title: 'Articles | Back office' }];

export default function AdminArticlesRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1>Articles</h1>
      <ArticleList articles={loaderData.articles} />
    </>
  );
}
