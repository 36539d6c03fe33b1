import type { Route } from './+types/home-page';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { HomePageForm } from '../../features/navigation-editor/home-page-view.tsx';
import { homePageAction, homePageLoader } from '../../features/navigation-editor/navigation-routes.server.ts';

/** /admin/home-page (owners and editors): the public home page's sections, their order and settings. */
export async function loader({ request }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => homePageLoader(request));
}

export async function action({ request, context }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => homePageAction(request, context));
}

export const meta: Route.MetaFunction = () => [{ title: 'Home page | Back office' }];

export default function AdminHomePageRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1>Home page</h1>
      <HomePageForm
        version={loaderData.version}
        sections={loaderData.sections}
        isSaved={loaderData.isSaved}
        moved={loaderData.moved}
      />
    </>
  );
}
