import { data, redirect } from 'react-router';
import type { Route } from './+types/register';
import { NO_STORE } from '../../features/account/account-http.server.ts';
import { RegisterForm } from '../../features/account/register-form.tsx';

/** /user/register: the registration form; a signed-in user goes to the profile. */
export async function loader({ context }: Route.LoaderArgs) {
  if ((await context.session.getUserId()) !== null) throw redirect('/user', { headers: NO_STORE });
  return data(null, { headers: NO_STORE });
}

export function headers() {
  return NO_STORE;
}

export default function RegisterRoute() {
  return <RegisterForm />;
}
