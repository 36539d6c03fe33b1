import type { Route } from './+types/lead';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { useRootData } from '../../features/site/index.ts';
import { LeadDetailView } from '../../features/lead-inbox/lead-detail-view.tsx';
import { leadAction, leadLoader } from '../../features/lead-inbox/lead-inbox-routes.server.ts';

/** /admin/leads/:id: one lead, and the status, assignment and note forms, which post here. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => leadLoader(request, params.id));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => leadAction(request, context, params.id));
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.lead.kindLabel ?? 'Lead'} | Leads | Back office` },
];

export default function AdminLeadRoute({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRootData();
  return (
    <LeadDetailView
      lead={loaderData.lead}
      staff={loaderData.staff}
      csrfToken={root?.csrfToken ?? ''}
      errors={actionData?.errors ?? []}
    />
  );
}
