import type { Route } from './+types/menus-item';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { MenuLinkForm } from '../../features/navigation-editor/menus-view.tsx';
import { MENU_LABELS } from '../../features/navigation-editor/menu-model.ts';
import { menuItemAction, menuItemLoader } from '../../features/navigation-editor/navigation-routes.server.ts';

/** /admin/menus/items/:id (owners and editors): one menu link's text, address and new-tab choice. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => menuItemLoader(request, params));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => menuItemAction(request, params, context));
}

export const meta: Route.MetaFunction = () => [{ title: 'Edit a menu link | Back office' }];

export default function AdminMenuItemRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1>Edit “{loaderData.item.name}”</h1>
      <p>In the {MENU_LABELS[loaderData.menu].title.toLowerCase()}.</p>
      <MenuLinkForm
        menu={loaderData.menu}
        version={loaderData.version}
        item={loaderData.item}
        pages={loaderData.pages}
      />
    </>
  );
}
