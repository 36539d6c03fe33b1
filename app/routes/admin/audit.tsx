import type { Route } from './+types/audit';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { AuditLogView } from '../../features/staff/audit-log-view.tsx';
import { auditLogLoader } from '../../features/staff/audit-log-page.server.ts';

/** /admin/audit (owners): the append-only log of staff actions, newest first, filterable. */
export async function loader({ request }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => auditLogLoader(request));
}

export const meta: Route.MetaFunction = () => [{ title: 'Audit log | Back office' }];

export default function AdminAuditRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1>Audit log</h1>
      <AuditLogView
        log={loaderData.log}
        filters={loaderData.filters}
        actors={loaderData.actors}
        errors={loaderData.errors}
      />
    </>
  );
}
