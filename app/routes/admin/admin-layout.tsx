import { isRouteErrorResponse, Outlet, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/admin-layout';
import { useRootData } from '../../features/site/index.ts';
import { AdminShell } from '../../features/staff/admin-shell.tsx';
import { loadShellPrincipal } from '../../features/staff/staff-form-actions.server.ts';

/**
 * The back office's frame (agency logo, navigation for the signed-in role). It only decides what the frame shows:
 * every page's own loader checks access (loaders run in parallel, so a layout's check would protect nothing).
 * The server adds noindex, no-store and frame-ancestors 'none' to every /admin answer (server/app.ts).
 */
export async function loader({ request }: Route.LoaderArgs) {
  return { principal: await loadShellPrincipal(request) };
}

export function headers() {
  return { 'Cache-Control': 'no-store' };
}

export const meta: Route.MetaFunction = () => [{ name: 'robots', content: 'noindex, nofollow' }];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  return (
    <AdminShell
      agencyName={root?.chrome.agencyName ?? 'Doorstep'}
      logo={root?.chrome.logo ?? ''}
      principal={loaderData.principal}
    >
      <Outlet />
    </AdminShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRootData();
  const layout = useRouteLoaderData<typeof loader>('routes/admin/admin-layout');
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title =
    status === 403 ? 'You do not have access to this page' : status === 404 ? 'Page not found' : 'Something went wrong';
  const message =
    status === 403
      ? 'Your role does not include this part of the back office. Ask an owner if you need it.'
      : status === 404
        ? 'This page does not exist, or the link has expired.'
        : 'Please try again in a moment.';
  return (
    <AdminShell
      agencyName={root?.chrome.agencyName ?? 'Doorstep'}
      logo={root?.chrome.logo ?? ''}
      principal={layout?.principal ?? null}
    >
      <title>{`${title} | Back office`}</title>
      <h1>{title}</h1>
      <p>{message}</p>
      <p>
        <a href="/admin">Back office home</a>
      </p>
    </AdminShell>
  );
}
