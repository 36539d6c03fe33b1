import type { Route } from './+types/home';
import { AdminHome } from '../../features/staff/admin-shell.tsx';
import { DashboardView } from '../../features/back-office/dashboard-view.tsx';
import { dashboardLoader } from '../../features/back-office/back-office-routes.server.ts';

/** /admin: the dashboard's figures for the signed-in role, and what the role can do here. */
export function loader({ request }: Route.LoaderArgs) {
  return dashboardLoader(request);
}

export const meta: Route.MetaFunction = () => [{ title: 'Back office' }];

export default function AdminHomeRoute({ loaderData }: Route.ComponentProps) {
  return (
    <AdminHome principal={loaderData.principal}>
      <DashboardView figures={loaderData.figures} />
    </AdminHome>
  );
}
