import type { Route } from './+types/privacy';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { useRootData } from '../../features/site/index.ts';
import { PrivacyView } from '../../features/privacy/privacy-view.tsx';
import { privacyAction, privacyLoader } from '../../features/privacy/privacy-routes.server.ts';

/** /admin/privacy (owners): find, export and erase what is held about an address; the retention setting. */
export async function loader({ request }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => privacyLoader(request));
}

export async function action({ request, context }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => privacyAction(request, context));
}

export const meta: Route.MetaFunction = () => [{ title: 'Privacy | Back office' }];

export default function AdminPrivacyRoute({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRootData();
  return (
    <>
      <h1>Privacy</h1>
      <PrivacyView
        csrfToken={root?.csrfToken ?? ''}
        retentionMonths={loaderData.retentionMonths}
        isSaved={loaderData.isSaved}
        result={actionData ?? null}
      />
    </>
  );
}
