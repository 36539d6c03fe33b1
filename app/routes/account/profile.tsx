import { data } from 'react-router';
import type { Route } from './+types/profile';
import { NO_STORE } from '../../features/account/account-http.server.ts';
import { AccountHome } from '../../features/account/account-home.tsx';

/** /user: the profile when signed in, otherwise the register form (spec point 2). */
export async function loader({ context }: Route.LoaderArgs) {
  return data({ isSignedIn: (await context.session.getUserId()) !== null }, { headers: NO_STORE });
}

export function headers() {
  return NO_STORE;
}

export default function ProfileRoute({ loaderData }: Route.ComponentProps) {
  return <AccountHome isSignedIn={loaderData.isSignedIn} />;
}
