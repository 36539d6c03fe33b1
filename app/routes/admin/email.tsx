import type { Route } from './+types/email';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { EmailHealthView } from '../../features/back-office/email-health-view.tsx';
import { emailHealthAction, emailHealthLoader } from '../../features/back-office/back-office-routes.server.ts';

/** /admin/email (owners, managers): the outbox by state, resending failed emails, and the transport's state. */
export function loader({ request }: Route.LoaderArgs) {
  return emailHealthLoader(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => emailHealthAction(request, context));
}

export const meta: Route.MetaFunction = () => [{ title: 'Email | Back office' }];

export default function AdminEmailRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1>Email</h1>
      <EmailHealthView health={loaderData} />
    </>
  );
}
