import type { Route } from './+types/pages';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { PageList } from '../../features/article-editor/article-editor-view.tsx';
import { pageListLoader } from '../../features/article-editor/article-editor-routes.server.ts';

/** /admin/pages (owners and editors): the site's pages (terms, privacy, fees, complaints, about us…). */
export async function loader({ request }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => pageListLoader(request));
}

export const meta: Route.MetaFunction = () => [{ title: 'Pages | Back office' }];

export default function AdminPagesRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1>Pages</h1>
      <PageList pages={loaderData.pages} deleted={loaderData.deleted} />
    </>
  );
}
