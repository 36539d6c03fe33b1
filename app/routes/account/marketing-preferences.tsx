import { data, redirect } from 'react-router';
import type { Route } from './+types/marketing-preferences';
import { NO_STORE } from '../../features/account/account-http.server.ts';
import { MarketingPreferencesForm } from '../../features/account/marketing-preferences-form.tsx';

/** /user/marketing-preferences: signed-in only, else redirect to /user (spec point 2). */
export async function loader({ context }: Route.LoaderArgs) {
  if ((await context.session.getUserId()) === null) throw redirect('/user', { headers: NO_STORE });
  return data(null, { headers: NO_STORE });
}

export function headers() {
  return NO_STORE;
}

export default function MarketingPreferencesRoute() {
  return <MarketingPreferencesForm />;
}
