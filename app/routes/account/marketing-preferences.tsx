import { data, redirect } from 'react-router';
import type { Route } from './+types/marketing-preferences';
import { marketingPreferencesFormAction } from '../../features/account/account-form-actions.server.ts';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { NO_STORE } from '../../features/account/account-http.server.ts';
import { MarketingPreferencesForm } from '../../features/account/marketing-preferences-form.tsx';

/** /user/marketing-preferences: signed-in only, else redirect to /user (spec point 2). */
export async function loader({ context }: Route.LoaderArgs) {
  if ((await context.session.getUserId()) === null) throw redirect('/user', { headers: NO_STORE });
  return data(null, { headers: NO_STORE });
}

/** The form posted without JavaScript (with a script it sends the spec's JSON call instead). */
export async function action({ request, context }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => marketingPreferencesFormAction(request, context));
}

export function headers() {
  return NO_STORE;
}

export default function MarketingPreferencesRoute() {
  return <MarketingPreferencesForm />;
}
