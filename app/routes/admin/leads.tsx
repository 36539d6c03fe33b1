import type { Route } from './+types/leads';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { LeadInboxView } from '../../features/lead-inbox/lead-inbox-view.tsx';
import { leadListLoader } from '../../features/lead-inbox/lead-inbox-routes.server.ts';

/** /admin/leads (owners, managers, negotiators): the inbox within the staff member's branches. */
export async function loader({ request }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => leadListLoader(request));
}

export const meta: Route.MetaFunction = () => [{ title: 'Leads | Back office' }];

export default function AdminLeadsRoute({ loaderData }: Route.ComponentProps) {
  const { list, filters, branches, staff, forms, errors } = loaderData;
  return (
    <>
      <h1>Leads</h1>
      <LeadInboxView list={list} filters={filters} branches={branches} staff={staff} forms={forms} errors={errors} />
    </>
  );
}
