import { data } from 'react-router';
import type { Route } from './+types/home';
import { requireStaff } from '../../features/staff/index.server.ts';
import { AdminHome } from '../../features/staff/admin-shell.tsx';

/** /admin: what the signed-in role can do here. */
export async function loader({ request }: Route.LoaderArgs) {
  const principal = await requireStaff(request);
  return data({ principal }, { headers: { 'Cache-Control': 'no-store' } });
}

export const meta: Route.MetaFunction = () => [{ title: 'Back office' }];

export default function AdminHomeRoute({ loaderData }: Route.ComponentProps) {
  return <AdminHome principal={loaderData.principal} />;
}
