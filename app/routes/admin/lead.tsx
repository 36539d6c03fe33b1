import { data } from 'react-router';
import type { Route } from './+types/lead';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { useRootData } from '../../features/site/index.ts';
import { LeadDetailView } from '../../features/lead-inbox/lead-detail-view.tsx';
import { leadAction, leadLoader } from '../../features/lead-inbox/lead-inbox-routes.server.ts';
import { LeadAppointmentPanel } from '../../features/diary/diary-entry-view.tsx';
import { leadAppointmentFor } from '../../features/diary/diary-routes.server.ts';

/**
 * /admin/leads/:id: one lead, and the status, assignment and note forms, which post here. A viewing or valuation
 * also shows its appointment from the diary (the diary builds on the inbox, so the page composes the two).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return answeringHttpErrors(request, async () => {
    const page = await leadLoader(request, params.id);
    const appointment = await leadAppointmentFor(request, params.id);
    return data({ ...page.data, appointment }, page.init ?? undefined);
  });
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
      appointment={loaderData.appointment ? <LeadAppointmentPanel appointment={loaderData.appointment} /> : null}
    />
  );
}
