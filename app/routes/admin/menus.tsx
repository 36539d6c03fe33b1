import type { Route } from './+types/menus';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { MenusEditor } from '../../features/navigation-editor/menus-view.tsx';
import { menusAction, menusLoader } from '../../features/navigation-editor/navigation-routes.server.ts';

/** /admin/menus (owners and editors): the header and home page menus as trees. */
export async function loader({ request }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => menusLoader(request));
}

export async function action({ request, context }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => menusAction(request, context));
}

export const meta: Route.MetaFunction = () => [{ title: 'Menus | Back office' }];

export default function AdminMenusRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1>Menus</h1>
      <MenusEditor
        menus={loaderData.menus}
        pages={loaderData.pages}
        notice={loaderData.notice}
        focus={loaderData.focus}
      />
    </>
  );
}
